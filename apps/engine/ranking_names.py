"""How a hand value is said: a template key with named rank arguments, and its English (the only
English of hand names in the engine; translations render the same key and arguments).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any, Final

from apps.engine.cards import RANKS

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


__all__ = [
    "ENGLISH_RANK_NAMES",
    "ENGLISH_TEMPLATES",
    "describe",
]
