"""Hand values for high hands (with the joker, ``wild`` or ``bug``) and 2-7 low hands (RULES.md §2-3).

:func:`evaluate` maps five cards to a shared, prebuilt :class:`HandValue`. Every distinct hand class
(7,462 without the joker, plus the 13 five-of-a-kinds) is built once at import; a hand is then one or two
dict lookups: a flush is looked up by its card bitmask, anything else by its rank counts, which a few integer
operations pull out of the same bitmask (one 4-bit count per rank, because a card is ``rank * 4 + suit``).
Hands with the joker use small tables over the four other cards, built on first use.

>>> best, worst = evaluate("7c 5d 4h 3s 2c", "low27"), evaluate("As Ks Qs Js Ts", "low27")
>>> best > worst, str(best), str(evaluate("As Ks Qs Js Ts", "high"))
(True, '7-5-4-3-2 low', 'Royal Flush')
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any, Final

from apps.engine.cards import JOKER, RANKS, Card, parse_cards
from apps.engine.errors import RankingError

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
        self.ranking = ranking
        self.category = category
        self.ranks = ranks
        self.strength = strength
        self.description_key = description_key
        self.description_args = dict(description_args)

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


# --- descriptions: a template key plus named rank arguments; English lives here and only here -------------

ENGLISH_TEMPLATES: Final[Mapping[str, str]] = {
    "five_of_a_kind": "Five of a Kind, {rank:plural}",
    "royal_flush": "Royal Flush",
    "straight_flush": "Straight Flush, {high:name} high",
    "four_of_a_kind": "Four of a Kind, {rank:plural}",
    "full_house": "Full House, {trips:plural} over {pair:plural}",
    "flush": "Flush, {ranks:list}",
    "straight": "Straight, {high:name} high",
    "three_of_a_kind": "Three of a Kind, {rank:plural}",
    "two_pair": "Two Pair, {high:plural} and {low:plural}",
    "one_pair": "One Pair, {rank:plural}",
    "high_card": "High Card, {high:name}",
    "low": "{ranks:list} low",
}
_NAMES: Final = (
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
)
ENGLISH_RANK_NAMES: Final[Mapping[str, tuple[str, str]]] = {
    **{rank: (name, name + "s") for rank, name in zip(RANKS, _NAMES, strict=False)},
    "6": ("Six", "Sixes"),
    "A": ("Ace", "Aces"),
}


class _RankFormatter(string.Formatter):
    """Formats rank arguments: ``{x:name}`` Ace, ``{x:plural}`` Aces, ``{x:list}`` A-J-9-5-2."""

    def __init__(self, names: Mapping[str, tuple[str, str]]) -> None:
        self.names = names

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "name":
            return self.names[value][0]
        if format_spec == "plural":
            return self.names[value][1]
        if format_spec == "list":
            return "-".join(value)
        return str(super().format_field(value, format_spec))


def describe(
    key: str,
    args: Mapping[str, str],
    *,
    templates: Mapping[str, str] = ENGLISH_TEMPLATES,
    rank_names: Mapping[str, tuple[str, str]] = ENGLISH_RANK_NAMES,
) -> str:
    """Render a description key and its rank arguments; pass other tables to translate.

    >>> describe("full_house", {"trips": "K", "pair": "9"})
    'Full House, Kings over Nines'
    """
    return _RankFormatter(rank_names).format(templates[key], **args)


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
    """The rank-count key: one 4-bit count per rank, as :func:`evaluate` computes it from a card bitmask."""
    return sum(1 << (4 * r) for r in ranks)


def _flush_masks(ranks: Sequence[int]) -> list[int]:
    return [sum(1 << (4 * r + s) for r in ranks) for s in range(4)]


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


_Tables = tuple[dict[int, HandValue], dict[int, HandValue]]  # (by flush card mask, by rank-count key)


def _build_tables(ranking: str) -> _Tables:
    low = ranking == "low27"
    classes = _all_classes(wheel=not low, five_of_a_kind=not low)
    classes.sort(reverse=low)  # low27 is the no-wheel high order upside down
    by_flush: dict[int, HandValue] = {}
    by_ranks: dict[int, HandValue] = {}
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
        if flush:
            for mask in _flush_masks(combo):
                by_flush[mask] = value
        else:
            by_ranks[_rank_key(combo)] = value
    return by_flush, by_ranks


_TABLES: Final[dict[str, _Tables]] = {ranking: _build_tables(ranking) for ranking in RANKINGS}
_BIT: Final[dict[object, int]] = {Card(c): 1 << c for c in range(54)}
_JOKER_BIT: Final = 1 << JOKER
_PAIRS: Final = 0x55555555555555  # per 2 bits: keep the low bit
_NIBBLE: Final = 0x33333333333333  # per 4 bits: keep the low 2 bits
_SUIT_MASKS: Final = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))


def _rank_counts(mask: int) -> int:
    """Card bitmask -> rank-count key (popcount of every 4-bit rank group)."""
    x = mask - ((mask >> 1) & _PAIRS)
    return (x & _NIBBLE) + ((x >> 2) & _NIBBLE)


def evaluate(cards: str | Sequence[Card | str], ranking: str) -> HandValue:
    """Value of exactly five cards under ``ranking`` (``"high"``, ``"high-bug"`` or ``"low27"``).

    ``cards`` is text (``"AsKsQsJsTs"``, spaces allowed) or a sequence of cards or tokens. Greater values win.

    >>> str(evaluate("As Ah Ad Ac Xx", "high")), str(evaluate("9h Th Jd Qc Xx", "high"))
    ('Five of a Kind, Aces', 'Straight, King high')
    >>> evaluate("Ac 2d 3h 4s 5c", "high").category, str(evaluate("Ac 2d 3h 4s 5c", "low27"))
    ('straight', 'A-5-4-3-2 low')
    """
    try:
        by_flush, by_ranks = _TABLES[ranking]
    except (KeyError, TypeError):
        raise RankingError(
            f"unknown ranking {ranking!r}",
            code="ranking_unknown",
            detail={"ranking": ranking, "known": list(RANKINGS)},
        ) from None
    if not isinstance(cards, str):
        # The hot path: five distinct real cards. Anything else (tokens, the joker, unknown cards,
        # duplicates, a wrong count) misses a table and takes the checked path below.
        try:
            a, b, c, d, e = cards
            mask = _BIT[a] | _BIT[b] | _BIT[c] | _BIT[d] | _BIT[e]
        except (ValueError, KeyError, TypeError):
            return _evaluate_checked(cards, ranking)
        value = by_flush.get(mask)
        if value is not None:
            return value
        value = by_ranks.get(_rank_counts(mask))
        if value is not None:
            return value
        if mask >> 52 == 1 and mask.bit_count() == 5:
            return _joker_value(mask ^ _JOKER_BIT, ranking)
    return _evaluate_checked(cards, ranking)


def _evaluate_checked(cards: str | Sequence[Card | str], ranking: str) -> HandValue:
    parsed = parse_cards(cards, count=5, allow_unknown=False)
    mask = 0
    for card in parsed:
        mask |= _BIT[card]
    if mask & _JOKER_BIT:
        return _joker_value(mask ^ _JOKER_BIT, ranking)
    by_flush, by_ranks = _TABLES[ranking]
    value = by_flush.get(mask)
    return value if value is not None else by_ranks[_rank_counts(mask)]


# --- the joker: four real cards plus the joker, tabled by their rank counts and whether they share a suit ---

_JOKER_TABLES: dict[str, dict[int, HandValue]] = {}


def _joker_value(mask4: int, ranking: str) -> HandValue:
    if ranking == "low27":
        raise RankingError(
            "no joker in 2-7 lowball: a joker in the deck is a misdeal",
            code="joker_not_allowed",
            rule="RULES.md §3; TDA 35-A",
            detail={"ranking": ranking},
        )
    table = _JOKER_TABLES.get(ranking)
    if table is None:
        table = _JOKER_TABLES[ranking] = _build_joker_table(ranking)
    suited = any(mask4 & suit == mask4 for suit in _SUIT_MASKS)
    return table[_rank_counts(mask4) * 2 + suited]


def _joker_candidates(four: tuple[int, ...], suited: bool, ranking: str) -> list[HandValue]:
    """Every value the joker can give four real cards: ``wild`` substitutes any card not in the hand,
    ``bug`` an ace or a card that makes a straight, flush or straight flush (RULES.md §2)."""
    by_flush, by_ranks = _TABLES[ranking]
    key4 = _rank_key(four)
    quads = [r for r in set(four) if four.count(r) == 4]
    # four of a kind + joker = five of a kind (in bug mode only four aces)
    if quads and (ranking == "high" or quads[0] == _ACE):
        return [by_ranks[key4 + (1 << (4 * quads[0]))]]
    candidates: list[HandValue] = []
    for r in range(13):
        if four.count(r) < 4:  # an off-suit card of rank r is free
            value = by_ranks[key4 + (1 << (4 * r))]
            if ranking == "high" or r == _ACE or value.category == "straight":
                candidates.append(value)
        if suited and r not in four:  # the missing card of the four cards' suit
            candidates.append(by_flush[_flush_masks((*four, r))[0]])
    return candidates


def _build_joker_table(ranking: str) -> dict[int, HandValue]:
    table: dict[int, HandValue] = {}
    for four in combinations_with_replacement(range(13), 4):
        for suited in (False, True) if len(set(four)) == 4 else (False,):
            best = max(_joker_candidates(four, suited, ranking), key=lambda v: v.strength)
            table[_rank_key(four) * 2 + suited] = best
    return table


__all__ = ["CATEGORIES", "ENGLISH_TEMPLATES", "RANKINGS", "HandValue", "describe", "evaluate"]
