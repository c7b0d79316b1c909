"""Tournament structures: levels and breaks, ready templates and a suggestion from the host's hours.

A structure is a list of :class:`Level` and :class:`Break` (the chips each level needs and the colour-ups are
in :mod:`apps.engine.tournament.chips`). Every game kind is described by one *base*
value ``x`` per level (``x`` is taken from a "nice" ladder: 10, 15, 20, 25, 30, 40, 50, 60, 75, 80 × 10^k and
1-8 below ten):

* ``"blinds"`` (2-7 Single Draw, no-limit blinds games): small blind ``x``, big blind ``2x``, and from level 3
  a big-blind ante of ``2x`` (the modern TDA/WSOP style); the bet unit is the big blind.
* ``"ante"`` (Five-Card Draw, RULES.md §6): ante ``x``, bet unit ``2x`` in both rounds.
* ``"fixed-limit"`` (2-7 Triple Draw, RULES.md §7): small blind ``x``, big blind ``2x``, small bet ``2x`` and
  big bet ``4x`` (bet units ``(2x, 2x, 4x, 4x)``).

>>> levels = template("regular", "ante", starting_stack=2000)
>>> first = levels[0]
>>> (first.ante, first.bet_units, first.minutes)
(5, (10, 10), 20)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from apps.engine import clock
from apps.engine.tournament.errors import StructureError

GAME_KINDS = ("blinds", "ante", "fixed-limit")
_MANTISSAS = (10, 15, 20, 25, 30, 40, 50, 60, 75, 80)
_BBA_FROM_LEVEL = 3


@dataclass(frozen=True)
class Level:
    """One level of play. ``bet_units`` is empty when the bet unit is the big blind (no-limit blinds
    games)."""

    number: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    big_blind_ante: int = 0
    bet_units: tuple[int, ...] = ()
    minutes: int = 20

    def __post_init__(self) -> None:
        amounts = (self.small_blind, self.big_blind, self.ante, self.big_blind_ante, *self.bet_units)
        if min(amounts) < 0 or self.minutes <= 0 or self.number < 1:
            raise StructureError(
                "a level has a positive number and length and no negative amounts",
                detail={"level": self.number},
            )
        if self.small_blind > self.big_blind:
            raise StructureError("the small blind cannot exceed the big blind", detail={"level": self.number})
        if max(amounts) == 0:
            raise StructureError(
                "a level needs a blind, an ante or a bet unit", detail={"level": self.number}
            )

    @property
    def amounts(self) -> tuple[int, ...]:
        """Every non-zero amount a player may have to put in at this level."""
        all_ = (self.small_blind, self.big_blind, self.ante, self.big_blind_ante, *self.bet_units)
        return tuple(a for a in all_ if a > 0)


@dataclass(frozen=True)
class Break:
    """A break of ``minutes``; colour-ups are done at the break before the level that needs them."""

    minutes: int

    def __post_init__(self) -> None:
        if self.minutes <= 0:
            raise StructureError("a break lasts at least a minute")


Structure = list[Level | Break]


def nice_values(limit: int) -> list[int]:
    """The ladder of "nice" amounts up to ``limit``.

    >>> nice_values(100)
    [1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 25, 30, 40, 50, 60, 75, 80, 100]
    """
    out = [1, 2, 3, 4, 5, 6, 8]
    scale = 1
    while True:
        for m in _MANTISSAS:
            v = m * scale
            if v > limit:
                return [x for x in out if x <= limit]
            out.append(v)
        scale *= 10


def snap(value: float) -> int:
    """The nice amount nearest ``value`` (ratio distance; ties go to the smaller).

    >>> snap(130), snap(7), snap(0.2)
    (150, 8, 1)
    """
    if value <= 1:
        return 1
    ladder = nice_values(int(value * 2) + 10)
    return min(ladder, key=lambda v: (abs(math.log(v / value)), v))


def level_for(number: int, x: int, game_kind: str, minutes: int, *, big_blind_ante: bool = True) -> Level:
    """The level of base value ``x`` for a game kind (see the module docstring).

    >>> level_for(4, 100, "fixed-limit", 15).bet_units
    (200, 200, 400, 400)
    """
    if game_kind == "blinds":
        bba = 2 * x if big_blind_ante and number >= _BBA_FROM_LEVEL else 0
        return Level(number, small_blind=x, big_blind=2 * x, big_blind_ante=bba, minutes=minutes)
    if game_kind == "ante":
        return Level(number, ante=x, bet_units=(2 * x, 2 * x), minutes=minutes)
    if game_kind == "fixed-limit":
        return Level(
            number, small_blind=x, big_blind=2 * x, bet_units=(2 * x, 2 * x, 4 * x, 4 * x), minutes=minutes
        )
    raise StructureError(
        f"unknown game kind {game_kind!r}", code="game_kind_unknown", detail={"kinds": GAME_KINDS}
    )


# Ladders of base values for a 10,000-chip starting stack; templates scale them to the stack given.
_TEMPLATES: dict[str, tuple[int, int, tuple[int, ...]]] = {
    # name: (minutes per level, levels between breaks, base values)
    "turbo": (
        10,
        6,
        (50, 75, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 10000),
    ),
    "regular": (
        20,
        4,
        (
            25,
            50,
            75,
            100,
            150,
            200,
            250,
            300,
            400,
            500,
            600,
            800,
            1000,
            1500,
            2000,
            2500,
            3000,
            4000,
            5000,
            6000,
        ),
    ),
    "deep": (
        30,
        4,
        (
            25,
            50,
            75,
            100,
            150,
            200,
            250,
            300,
            400,
            500,
            600,
            800,
            1000,
            1200,
            1500,
            2000,
            2500,
            3000,
            4000,
            5000,
            6000,
            8000,
            10000,
            15000,
        ),
    ),
}
TEMPLATES = tuple(_TEMPLATES)


def template(
    name: str, game_kind: str = "blinds", *, starting_stack: int = 10000, break_minutes: int = 10
) -> Structure:
    """A ready structure ("turbo", "regular", "deep") for a game kind, scaled to the starting stack.

    >>> s = template("turbo", "blinds")
    >>> (s[0].small_blind, s[0].big_blind, s[0].minutes, s[6])
    (50, 100, 10, Break(minutes=10))
    """
    if name not in _TEMPLATES:
        raise StructureError(
            f"unknown template {name!r}", code="template_unknown", detail={"templates": TEMPLATES}
        )
    if starting_stack <= 0:
        raise StructureError("the starting stack must be positive", detail={"starting_stack": starting_stack})
    minutes, every, bases = _TEMPLATES[name]
    values = _increasing(snap(b * starting_stack / 10000) for b in bases)
    return _assemble(values, game_kind, minutes, every, break_minutes)


def _increasing(values: Iterable[int]) -> list[int]:
    out: list[int] = []
    for v in values:
        if out and v <= out[-1]:
            v = next(n for n in nice_values(out[-1] * 2 + 10) if n > out[-1])
        out.append(v)
    return out


def _assemble(
    values: Sequence[int], game_kind: str, minutes: int, every: int, break_minutes: int
) -> Structure:
    out: Structure = []
    for i, x in enumerate(values, start=1):
        out.append(level_for(i, x, game_kind, minutes))
        if every and i % every == 0 and i < len(values):
            out.append(Break(break_minutes))
    return out


_LEVEL_MINUTES = (10, 12, 15, 20, 25, 30, 40, 45, 60)
MAX_PLAYERS = 10_000
MAX_STACK = 10**12
MAX_HOURS = 72
MAX_LEVEL_MINUTES = 240
_RISE = 1.4  # a typical level-to-level rise of the blinds


def suggest_structure(
    players: int,
    starting_stack: int,
    hours: float,
    game_kind: str = "blinds",
    *,
    level_minutes: int | None = None,
    break_every_minutes: int = 120,
    break_minutes: int = 10,
) -> Structure:
    """Levels that should end the tournament near ``hours`` hours.

    The method: the first level's base value is 1/200 of the starting stack (a big blind of 1/100). The last
    level's base value is 1/40 of all the chips in play (a big blind of 1/20 of the total: heads-up each
    player then holds about ten big blinds, so the end comes within a few hands). The playing time is the
    hours less a break of ``break_minutes`` after every ``break_every_minutes`` of play. Unless given, the
    level length is the common length (10-60 minutes) nearest to the playing time divided by the number of
    levels a typical rise of 40% per level needs. Then as many levels as fit in the hours with their breaks
    (at least one). The base values between first and last grow geometrically and are rounded to the nice
    ladder (strictly increasing).

    >>> s = suggest_structure(20, 10000, 4)
    >>> levels = [x for x in s if isinstance(x, Level)]
    >>> (levels[0].big_blind, levels[-1].big_blind, levels[0].minutes, len(levels))
    (100, 10000, 15, 15)
    """
    if players < 2 or starting_stack <= 0 or not hours > 0:
        raise StructureError(
            "a suggestion needs two or more players, a positive stack and positive hours",
            code="suggestion_invalid",
            detail={"players": players, "starting_stack": starting_stack, "hours": hours},
        )
    # A home game's bounds; they also keep the arithmetic finite (a fuzzer asked for 1e300 hours).
    limits = {
        "players": (players, MAX_PLAYERS),
        "starting_stack": (starting_stack, MAX_STACK),
        "hours": (hours, MAX_HOURS),
        "level_minutes": (level_minutes or 1, MAX_LEVEL_MINUTES),
    }
    for name, (value, most) in limits.items():
        if value > most or (name == "level_minutes" and value < 1):
            raise StructureError(
                f"{name} must be at most {most} for a suggestion",
                code="suggestion_out_of_range",
                detail={"field": name, "value": value, "maximum": most},
            )
    total_minutes = int(hours * 60)
    breaks = (
        max(0, (total_minutes - 1) // (break_every_minutes + break_minutes)) if break_every_minutes else 0
    )
    play_minutes = total_minutes - breaks * break_minutes
    first = max(1, snap(starting_stack / 200))
    last = max(first, snap(players * starting_stack / 40))
    needed = max(1, round(math.log(last / first) / math.log(_RISE)) + 1) if last > first else 1
    if level_minutes is None:
        level_minutes = min(_LEVEL_MINUTES, key=lambda m: (abs(m - play_minutes / needed), m))
    every = max(1, break_every_minutes // level_minutes) if break_every_minutes else 0

    def length(n: int) -> int:
        return n * level_minutes + ((n - 1) // every * break_minutes if every else 0)

    count = 1  # at least one level, even when it alone is longer than the hours
    while length(count + 1) <= total_minutes:
        count += 1
    if count == 1:
        values = [first]
    else:
        ratio = last / first
        values = _increasing([snap(first * ratio ** (i / (count - 1))) for i in range(count)])
    return _assemble(values, game_kind, level_minutes, every, break_minutes)


def levels_of(structure: Sequence[Level | Break]) -> list[Level]:
    """The levels of a structure, without the breaks."""
    return [x for x in structure if isinstance(x, Level)]


def verify_structure(structure: Sequence[Level | Break]) -> None:
    """Raise unless the structure has levels numbered 1, 2, ... whose amounts never go down.

    >>> verify_structure([Level(1, 25, 50), Level(2, 20, 40)])
    Traceback (most recent call last):
    ...
    apps.engine.tournament.errors.StructureError: level 2 lowers an amount of level 1
    """
    levels = levels_of(structure)
    if not levels:
        raise StructureError("a structure needs at least one level", code="structure_empty")
    for i, lv in enumerate(levels, start=1):
        if lv.number != i:
            raise StructureError("levels are numbered 1, 2, ...", detail={"expected": i, "got": lv.number})
    for a, b in itertools.pairwise(levels):
        pairs = [(a.small_blind, b.small_blind), (a.big_blind, b.big_blind), (a.ante, b.ante)]
        if any(y < x for x, y in pairs):
            raise StructureError(
                f"level {b.number} lowers an amount of level {a.number}", code="structure_decreasing"
            )


def to_clock_levels(structure: Sequence[Level | Break]) -> list[clock.Level]:
    """The structure in the level clock's terms (seconds).

    >>> to_clock_levels([Level(1, 25, 50, minutes=15), Break(5)])[1].seconds
    300
    """
    out: list[clock.Level] = []
    for item in structure:
        if isinstance(item, Break):
            out.append(clock.Level(seconds=item.minutes * 60, is_break=True))
        else:
            out.append(
                clock.Level(
                    seconds=item.minutes * 60,
                    small_blind=item.small_blind,
                    big_blind=item.big_blind,
                    ante=item.ante,
                    big_blind_ante=item.big_blind_ante,
                    bet_units=item.bet_units or None,
                )
            )
    return out
