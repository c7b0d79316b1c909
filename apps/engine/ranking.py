"""Hand values for high hands (with the joker, ``wild`` or ``bug``) and 2-7 low hands (RULES.md §2-3).

:func:`evaluate` maps five cards to a shared, prebuilt :class:`HandValue`, so the hot path allocates nothing.
Every distinct hand class (7,462 without the joker, plus the 13 five-of-a-kinds) is built once at import
(about 0.2 s for the three rankings) and keyed by the product of one prime per rank, which is the same for
any order and any suits (Cactus Kev's idea). A hand is then one dict lookup, plus a suit check when its five
ranks differ (a flush?) or a duplicate-card check when a rank repeats. Hands with the joker use a table over
the four other cards' ranks and whether they share a suit (2,535 entries), built on first use.

>>> best, worst = evaluate("7c 5d 4h 3s 2c", "low27"), evaluate("As Ks Qs Js Ts", "low27")
>>> best > worst, str(best), str(evaluate("As Ks Qs Js Ts", "high"))
(True, '7-5-4-3-2 low', 'Royal Flush')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any, Final

from apps.engine.cards import JOKER, RANKS, Card, parse_cards
from apps.engine.errors import RankingError
from apps.engine.ranking_names import ENGLISH_RANK_NAMES as ENGLISH_RANK_NAMES
from apps.engine.ranking_names import ENGLISH_TEMPLATES as ENGLISH_TEMPLATES
from apps.engine.ranking_names import describe as describe

CATEGORIES: Final = (
    "five-of-a-kind",
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush",
    "straight",
    "three-of-a-kind",
    "two-pair",
    "one-pair",
    "high-card",
)
RANKINGS: Final = ("high", "high-bug", "low27")

_ACE: Final = 12
_STRAIGHT_FAMILY: Final = frozenset({"straight-flush", "flush", "straight"})


class HandValue:
    """The value of a five-card hand under one ranking; greater is better, equal is a tie.

    Values of different rankings are never equal and refuse ``<``/``>`` with ``TypeError``.
    ``ranks`` holds the deciding ranks in comparison order (``("K", "9")`` for kings full of nines),
    ``strength`` an int that orders values of one ranking, and ``description_key`` with
    ``description_args`` feed :func:`describe`, which ``str()`` uses with the English templates.

    >>> v = evaluate("Kd Kh Ks 9c 9d", "high")
    >>> v.category, v.ranks, str(v), v > evaluate("Ah Kh Qh Jh 9h", "high")
    ('full-house', ('K', '9'), 'Full House, Kings over Nines', True)
    """

    __slots__ = ("category", "description_args", "description_key", "ranking", "ranks", "strength")

    def __init__(
        self,
        *,
        ranking: str,
        category: str,
        ranks: tuple[str, ...],
        strength: int,
        description_key: str,
        description_args: Mapping[str, str],
    ) -> None:
        # One instance per hand class is shared by every caller, so it is read-only.
        init = object.__setattr__
        init(self, "ranking", ranking)
        init(self, "category", category)
        init(self, "ranks", ranks)
        init(self, "strength", strength)
        init(self, "description_key", description_key)
        init(self, "description_args", MappingProxyType(dict(description_args)))

    ranking: str
    category: str
    ranks: tuple[str, ...]
    strength: int
    description_key: str
    description_args: Mapping[str, str]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"HandValue is read-only (shared by every hand of its class): {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"HandValue is read-only (shared by every hand of its class): {name}")

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # copy, deepcopy and pickle hand back the shared instance of the class
        return _shared_value, (self.ranking, self.strength)

    def _other_strength(self, other: HandValue) -> int:
        if other.ranking != self.ranking:
            raise TypeError(f"cannot order a {self.ranking!r} hand value against a {other.ranking!r} one")
        return other.strength

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength < self._other_strength(other)

    def __le__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength <= self._other_strength(other)

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength > self._other_strength(other)

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength >= self._other_strength(other)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.ranking == other.ranking and self.strength == other.strength

    def __hash__(self) -> int:
        return hash((self.ranking, self.strength))

    def __str__(self) -> str:
        return describe(self.description_key, self.description_args)

    def __repr__(self) -> str:
        return f"HandValue({self.ranking!r}, {str(self)!r}, strength={self.strength})"


# --- building the hand classes ------------------------------------------------------------------------------


def _classify(ranks: tuple[int, ...], flush: bool, wheel: bool) -> tuple[int, tuple[int, ...]]:
    """(category index in CATEGORIES, deciding ranks) of five ranks sorted high to low."""
    groups = sorted({r: ranks.count(r) for r in ranks}.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    if shape == (5,):
        return 0, order
    if len(shape) == 5:
        straight = ranks[0] - ranks[4] == 4
        if wheel and ranks == (_ACE, 3, 2, 1, 0):
            straight, order = True, (3, 2, 1, 0, _ACE)
        if straight:
            return (1 if flush else 5), order
        return (4 if flush else 9), order
    return {(4, 1): 2, (3, 2): 3, (3, 1, 1): 6, (2, 2, 1): 7, (2, 1, 1, 1): 8}[shape], order


def _describe_args(category: str, order: tuple[int, ...], low: bool) -> tuple[str, dict[str, str]]:
    text = tuple(RANKS[r] for r in order)
    if category == "straight-flush":
        return ("royal_flush", {}) if text[0] == "A" else ("straight_flush", {"high": text[0]})
    if category == "straight":
        return "straight", {"high": text[0]}
    if category == "flush":
        return "flush", {"ranks": "".join(text)}
    if category == "full-house":
        return "full_house", {"trips": text[0], "pair": text[1]}
    if category == "two-pair":
        return "two_pair", {"high": text[0], "low": text[1]}
    if category == "high-card":
        return ("low", {"ranks": "".join(text)}) if low else ("high_card", {"high": text[0]})
    return category.replace("-", "_"), {"rank": text[0]}


def _rank_key(ranks: Sequence[int]) -> int:
    """The product of one prime per rank: equal for equal rank multisets, whatever the order or suits."""
    key = 1
    for r in ranks:
        key *= _PRIMES[r]
    return key


_PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # 2..A
_JOKER_PRIME: Final = 43
_UNKNOWN_PRIME: Final = 47
_NO_CARD_PRIME: Final = 53  # no table key is a multiple of 43, 47 or 53

_Classes = list[tuple[tuple[int, tuple[int, ...]], tuple[int, ...], bool]]  # (order key, ranks, flush)


def _all_classes(wheel: bool, five_of_a_kind: bool) -> _Classes:
    classes: _Classes = []
    for combo in combinations_with_replacement(range(12, -1, -1), 5):
        if combo[0] == combo[4] and not five_of_a_kind:
            continue
        for flush in (False, True) if len(set(combo)) == 5 else (False,):
            cat, order = _classify(combo, flush, wheel)
            classes.append(((len(CATEGORIES) - cat, order), combo, flush))
    return classes


# (flushes, five distinct ranks not of one suit, hands with a repeated rank), all keyed by _rank_key
_Tables = tuple[dict[int, HandValue], dict[int, HandValue], dict[int, HandValue]]


def _build_tables(ranking: str) -> _Tables:
    low = ranking == "low27"
    classes = _all_classes(wheel=not low, five_of_a_kind=not low)
    classes.sort(reverse=low)  # low27 is the no-wheel high order upside down
    tables: _Tables = ({}, {}, {})
    for strength, ((cat_level, order), combo, flush) in enumerate(classes, start=1):
        category = CATEGORIES[len(CATEGORIES) - cat_level]
        key, args = _describe_args(category, order, low)
        value = HandValue(
            ranking=ranking,
            category=category,
            ranks=tuple(RANKS[r] for r in order),
            strength=strength,
            description_key=key,
            description_args=args,
        )
        table = 0 if flush else 1 if len(set(combo)) == 5 else 2
        tables[table][_rank_key(combo)] = value
    return tables


_TABLES: Final[dict[str, _Tables]] = {ranking: _build_tables(ranking) for ranking in RANKINGS}
_BY_STRENGTH: Final = {
    (value.ranking, value.strength): value
    for tables in _TABLES.values()
    for table in tables
    for value in table.values()
}


def _shared_value(ranking: str, strength: int) -> HandValue:
    return _BY_STRENGTH[ranking, strength]


# Per-card lookups indexed by the card int (lists index faster than dicts). The padding maps any int that
# is not a card, including negative ones down to -970, to a prime no key contains, so it misses every
# table and the checked path rejects it. The joker's suit bits are all ones: it never spoils a flush.
_PAD: Final = 1024
_PRIME_OF: Final[list[int]] = [
    *(_PRIMES[c >> 2] for c in range(52)),
    _JOKER_PRIME,
    _UNKNOWN_PRIME,
    *[_NO_CARD_PRIME] * (_PAD - 54),
]
_SUIT_BIT_OF: Final[list[int]] = [*(1 << (c & 3) for c in range(52)), *[0b1111] * (_PAD - 52)]


def evaluate(cards: str | Sequence[Card | str], ranking: str) -> HandValue:
    """Value of exactly five cards under ``ranking`` (``"high"``, ``"high-bug"`` or ``"low27"``).

    ``cards`` is text (``"AsKsQsJsTs"``, spaces allowed) or a sequence of cards or tokens. Greater values win.

    >>> str(evaluate("As Ah Ad Ac Xx", "high")), str(evaluate("9h Th Jd Qc Xx", "high"))
    ('Five of a Kind, Aces', 'Straight, King high')
    >>> evaluate("Ac 2d 3h 4s 5c", "high").category, str(evaluate("Ac 2d 3h 4s 5c", "low27"))
    ('straight', 'A-5-4-3-2 low')
    """
    # The hot path: five distinct real cards as ints. Anything else (text, tokens, unknown cards,
    # duplicates, a wrong count, an unknown ranking) misses a table and takes the checked path.
    try:
        a, b, c, d, e = cards  # type: ignore[str-unpack]  # text fails here, on purpose
        key = _PRIME_OF[a] * _PRIME_OF[b] * _PRIME_OF[c] * _PRIME_OF[d] * _PRIME_OF[e]  # type: ignore[index]
        flushes, distinct, paired = _TABLES[ranking]
    except (ValueError, IndexError, TypeError, KeyError):
        return _evaluate_checked(cards, ranking)
    # A bool indexes the table as 0 or 1 (a deuce): with a deuce in the key, make sure no card is a bool.
    if not key & 1 and bool in (type(a), type(b), type(c), type(d), type(e)):  # type: ignore[comparison-overlap]
        return _evaluate_checked(cards, ranking)
    value = distinct.get(key)
    if value is not None:
        if _SUIT_BIT_OF[a] & _SUIT_BIT_OF[b] & _SUIT_BIT_OF[c] & _SUIT_BIT_OF[d] & _SUIT_BIT_OF[e]:  # type: ignore[index]
            return flushes[key]
        return value
    value = paired.get(key)
    if value is not None and len({a, b, c, d, e}) == 5:  # a repeated rank: make sure no card repeats
        return value
    if key % _JOKER_PRIME == 0 and ranking != "low27" and len({a, b, c, d, e}) == 5:
        suited = _SUIT_BIT_OF[a] & _SUIT_BIT_OF[b] & _SUIT_BIT_OF[c] & _SUIT_BIT_OF[d] & _SUIT_BIT_OF[e]  # type: ignore[index]
        value = _joker_table(ranking).get(key // _JOKER_PRIME * 2 + (suited != 0))
        if value is not None:
            return value
    return _evaluate_checked(cards, ranking)


def _evaluate_checked(cards: str | Sequence[Card | str], ranking: str) -> HandValue:
    if not isinstance(ranking, str) or ranking not in _TABLES:
        raise RankingError(
            f"unknown ranking {ranking!r}",
            code="ranking_unknown",
            detail={"ranking": ranking, "known": list(RANKINGS)},
        )
    parsed = parse_cards(cards, count=5, allow_unknown=False)
    if JOKER not in parsed:
        return evaluate(parsed, ranking)  # five distinct real cards: the hot path answers
    if ranking == "low27":
        raise RankingError(
            "no joker in 2-7 lowball: a joker in the deck is a misdeal",
            code="joker_not_allowed",
            rule="RULES.md §3; TDA 35-A",
            detail={"ranking": ranking},
        )
    four = [card for card in parsed if card != JOKER]
    suited = len({card & 3 for card in four}) == 1
    return _joker_table(ranking)[_rank_key([card >> 2 for card in four]) * 2 + suited]


# --- the joker: four real cards plus the joker, tabled by their ranks and whether they share a suit -------

_JOKER_TABLES: dict[str, dict[int, HandValue]] = {}


def _joker_table(ranking: str) -> dict[int, HandValue]:
    table = _JOKER_TABLES.get(ranking)
    if table is None:
        table = _JOKER_TABLES[ranking] = _build_joker_table(ranking)
    return table


def _joker_candidates(four: tuple[int, ...], suited: bool, ranking: str) -> list[HandValue]:
    """Every value the joker can give four real cards: ``wild`` substitutes any card not in the hand,
    ``bug`` an ace or a card that makes a straight, flush or straight flush (RULES.md §2)."""
    flushes, distinct, paired = _TABLES[ranking]
    key4 = _rank_key(four)
    quads = [r for r in set(four) if four.count(r) == 4]
    # four of a kind + joker = five of a kind (in bug mode only four aces)
    if quads and (ranking == "high" or quads[0] == _ACE):
        return [paired[key4 * _PRIMES[quads[0]]]]
    candidates: list[HandValue] = []
    for r in range(13):
        key = key4 * _PRIMES[r]
        if four.count(r) < 4:  # an off-suit card of rank r is free
            value = distinct[key] if r not in four and len(set(four)) == 4 else paired[key]
            if ranking == "high" or r == _ACE or value.category in _STRAIGHT_FAMILY:
                candidates.append(value)
        if suited and r not in four:  # the missing card of the four cards' suit
            candidates.append(flushes[key])
    return candidates


def _build_joker_table(ranking: str) -> dict[int, HandValue]:
    table: dict[int, HandValue] = {}
    for four in combinations_with_replacement(range(13), 4):
        for suited in (False, True) if len(set(four)) == 4 else (False,):
            best = max(_joker_candidates(four, suited, ranking), key=lambda v: v.strength)
            table[_rank_key(four) * 2 + suited] = best
    return table


__all__ = [
    "CATEGORIES",
    "ENGLISH_RANK_NAMES",
    "ENGLISH_TEMPLATES",
    "RANKINGS",
    "HandValue",
    "describe",
    "evaluate",
]
