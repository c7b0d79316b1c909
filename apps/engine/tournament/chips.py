"""Chips in play per level and colour-ups: which chip a level removes (raced off before it, TDA 24).

A level needs the largest denomination that pays all its amounts exactly; a chip stays in play while this or
any later level needs it. When the smallest chip in play goes up, the chips below leave play at that level (at
the break before it, if there is one) and are raced off (:mod:`apps.engine.tournament.chiprace`).

>>> from apps.engine.tournament.structure import template
>>> [(c.level, c.removed) for c in colour_ups(template("regular"))]
[(8, (25,)), (13, (100,)), (17, (500,))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from apps.engine.tournament.errors import StructureError
from apps.engine.tournament.structure import Break, Level, levels_of

DEFAULT_DENOMINATIONS: tuple[int, ...] = (1, 5, 25, 100, 500, 1000, 5000, 25000, 100000, 500000)


def smallest_chip(level: Level, denominations: Sequence[int] = DEFAULT_DENOMINATIONS) -> int:
    """The largest denomination that still pays every amount of the level exactly.

    >>> smallest_chip(Level(1, small_blind=75, big_blind=150))
    25
    """
    fitting = [d for d in sorted(denominations) if all(a % d == 0 for a in level.amounts)]
    if not fitting:
        raise StructureError(
            "no chip pays this level's amounts", code="no_chip_fits", detail={"level": level.number}
        )
    return fitting[-1]


@dataclass(frozen=True)
class ColourUp:
    """Before ``level`` the chips ``removed`` leave play; ``next_chip`` is the smallest chip still in play."""

    level: int
    removed: tuple[int, ...]
    next_chip: int
    at_break: bool


def chips_in_play(
    structure: Sequence[Level | Break], denominations: Sequence[int] = DEFAULT_DENOMINATIONS
) -> dict[int, tuple[int, ...]]:
    """Per level number, the denominations in play: from the smallest chip this or any later level needs.

    >>> s = [Level(1, 5, 10), Level(2, 25, 50), Level(3, 100, 200)]
    >>> chips_in_play(s, (5, 25, 100))
    {1: (5, 25, 100), 2: (25, 100), 3: (100,)}
    """
    levels = levels_of(structure)
    out: dict[int, tuple[int, ...]] = {}
    floor = max(denominations)
    for lv in reversed(levels):
        floor = min(floor, smallest_chip(lv, denominations))
        out[lv.number] = tuple(d for d in sorted(denominations) if d >= floor)
    return dict(sorted(out.items()))


def colour_ups(
    structure: Sequence[Level | Break], denominations: Sequence[int] = DEFAULT_DENOMINATIONS
) -> list[ColourUp]:
    """The chips each level removes (raced off before it, TDA 24).

    >>> s = [Level(1, 5, 10), Break(10), Level(2, 25, 50), Level(3, 100, 200)]
    >>> [(c.level, c.removed, c.next_chip, c.at_break) for c in colour_ups(s, (5, 25, 100))]
    [(2, (5,), 25, True), (3, (25,), 100, False)]
    """
    in_play = chips_in_play(structure, denominations)
    out: list[ColourUp] = []
    previous: tuple[int, ...] | None = None
    after_break = False
    for item in structure:
        if isinstance(item, Break):
            after_break = True
            continue
        now = in_play[item.number]
        if previous is not None and now != previous:
            removed = tuple(d for d in previous if d not in now)
            out.append(ColourUp(item.number, removed, min(now), after_break))
        previous, after_break = now, False
    return out
