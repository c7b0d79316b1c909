"""Cards as small integers: parsing, printing, the joker and unknown cards (RULES.md §1).

A card is a plain ``int`` (typed as :data:`Card`): ``rank * 4 + suit`` for the 52 real cards, with ranks
``0..12`` for ``2..A`` and suits ``0..3`` for ``c d h s``; the joker is ``52`` and an unknown card (``??`` in
PHH files) is ``53``. Ints are hashable, cheap to compare and index lookup tables directly, which is what the
hand evaluator in :mod:`apps.engine.ranking` relies on.

>>> format_cards(parse_cards("AsKd, 7c Xx ??"))
'As Kd 7c Xx ??'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NewType

from apps.engine.errors import CardError

Card = NewType("Card", int)

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"

JOKER: Final = Card(52)
UNKNOWN: Final = Card(53)

JOKER_TEXT: Final = "Xx"
UNKNOWN_TEXT: Final = "??"

_RULE: Final = "RULES.md §1"
_CARD_COUNT: Final = 54  # 52 real cards, the joker, the unknown card

_TEXT: Final[tuple[str, ...]] = (
    *(rank + suit for rank in RANKS for suit in SUITS),
    JOKER_TEXT,
    UNKNOWN_TEXT,
)


def _build_token_table() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for r, rank in enumerate(RANKS):
        for s, suit in enumerate(SUITS):
            for rank_text in {rank, rank.lower()}:
                for suit_text in (suit, suit.upper()):
                    table[rank_text + suit_text] = Card(r * 4 + s)
    for joker_text in ("Xx", "XX", "xx", "xX"):
        table[joker_text] = JOKER
    table[UNKNOWN_TEXT] = UNKNOWN
    return table


_BY_TOKEN: Final = _build_token_table()


def _invalid(token: object) -> CardError:
    return CardError(f"{token!r} is not a card", code="card_invalid", rule=_RULE, detail={"token": token})


def parse_card(token: str) -> Card:
    """Parse one card token: rank ``2-9 T J Q K A`` and suit ``c d h s`` (any case), ``Xx`` or ``??``.

    >>> parse_card("As") == parse_card("aS") == 51
    True
    """
    try:
        return _BY_TOKEN[token]
    except (KeyError, TypeError):
        raise _invalid(token) from None


def _split_text(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in text.replace(",", " ").split():
        if len(chunk) % 2:
            raise _invalid(chunk)
        tokens.extend(chunk[i : i + 2] for i in range(0, len(chunk), 2))
    return tokens


def _coerce(item: object) -> Card:
    if isinstance(item, str):
        return parse_card(item)
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < _CARD_COUNT:
        return Card(item)
    raise _invalid(item)


def parse_cards(
    text_or_sequence: str | Iterable[str | Card],
    *,
    count: int | None = None,
    allow_joker: bool = True,
    allow_unknown: bool = True,
) -> tuple[Card, ...]:
    """Parse cards from text (``"AsKsQsJsTs"``, ``"As Ks, Qs"``) or a sequence of tokens or cards.

    Checks, in this order: every token is a card (``card_invalid``), the number of cards (``card_count``),
    the joker and unknown cards are allowed (``joker_not_allowed``, ``card_unknown``), and no real card or
    joker appears twice (``card_duplicate``). Unknown cards ``??`` may repeat.

    >>> format_cards(parse_cards("as kd", count=2))
    'As Kd'
    """
    if isinstance(text_or_sequence, str):
        try:
            cards = tuple([_BY_TOKEN[token] for token in _split_text(text_or_sequence)])
        except KeyError:
            cards = tuple(parse_card(token) for token in _split_text(text_or_sequence))
    elif isinstance(text_or_sequence, Sequence) and not isinstance(text_or_sequence, bytes | bytearray):
        cards = tuple(_coerce(item) for item in text_or_sequence)
    else:  # None, a number, a mapping...: not card text nor a sequence of cards
        raise _invalid(text_or_sequence)
    if count is not None and len(cards) != count:
        raise CardError(
            f"expected {count} cards, got {len(cards)}",
            code="card_count",
            rule=_RULE,
            detail={"expected": count, "got": len(cards)},
        )
    if not allow_joker and JOKER in cards:
        raise CardError(
            "the joker is not allowed here",
            code="joker_not_allowed",
            rule=_RULE,
            detail={"token": JOKER_TEXT},
        )
    if not allow_unknown and UNKNOWN in cards:
        raise CardError(
            "an unknown card ?? is not allowed here",
            code="card_unknown",
            rule=_RULE,
            detail={"token": UNKNOWN_TEXT},
        )
    if len(set(cards)) == len(cards):
        return cards
    seen: set[Card] = set()
    for card in cards:
        if card in seen and card != UNKNOWN:
            raise CardError(
                f"{_TEXT[card]} appears twice",
                code="card_duplicate",
                rule=_RULE,
                detail={"token": _TEXT[card]},
            )
        seen.add(card)
    return cards


def format_card(card: Card) -> str:
    """Print a card canonically (upper-case rank, lower-case suit).

    >>> format_card(parse_card("tD")), format_card(JOKER), format_card(UNKNOWN)
    ('Td', 'Xx', '??')
    """
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < _CARD_COUNT:
        return _TEXT[card]
    raise _invalid(card)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    """Print cards canonically, joined by ``sep``.

    >>> format_cards(parse_cards("AsKsQs"), sep="")
    'AsKsQs'
    """
    return sep.join(format_card(card) for card in cards)


def full_deck(joker: bool = False) -> tuple[Card, ...]:
    """The 52 cards (``2c 2d 2h 2s 3c ... As``), plus the joker at the end when ``joker`` is true.

    >>> len(full_deck()), len(full_deck(joker=True)), format_card(full_deck()[-1])
    (52, 53, 'As')
    """
    deck = tuple(Card(i) for i in range(52))
    return (*deck, JOKER) if joker else deck


def is_joker(card: Card) -> bool:
    """True for the joker ``Xx``.

    >>> is_joker(parse_card("Xx")), is_joker(parse_card("As"))
    (True, False)
    """
    return card == JOKER


def is_unknown(card: Card) -> bool:
    """True for an unknown card ``??``.

    >>> is_unknown(parse_card("??"))
    True
    """
    return card == UNKNOWN


def rank_of(card: Card) -> str | None:
    """The rank character (``"2"``..``"A"``) of a real card; ``None`` for the joker and unknown cards.

    >>> rank_of(parse_card("Td")), rank_of(JOKER)
    ('T', None)
    """
    return RANKS[card >> 2] if 0 <= card < 52 else None


def suit_of(card: Card) -> str | None:
    """The suit character (``"c" "d" "h" "s"``) of a real card; ``None`` for the joker and unknown cards.

    >>> suit_of(parse_card("Td")), suit_of(UNKNOWN)
    ('d', None)
    """
    return SUITS[card & 3] if 0 <= card < 52 else None
