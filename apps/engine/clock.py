"""Level-clock arithmetic: where a tournament's structure stands at a given moment (RULES.md §8).

Pure functions with the time passed in (seconds since the epoch, any float); nothing here reads a clock.
A structure is a list of :class:`Level` (levels and breaks, each with a length in seconds). The stored
state is a :class:`ClockState`:

* ``level`` and ``anchor``: the *anchor* level began (virtually) at ``anchor``. Pauses and added time move
  the anchor; the current level is found by walking forward from the anchor level through the lengths.
* ``paused_at``: the moment the clock stopped (None while running). A paused clock is read at that moment.

So the remaining time is always *derived* from stored timestamps: a restart, or a clock paused for an hour,
is exact to the second, and nothing has to "tick". After the last level's time runs out the clock stays on
the last level with nothing remaining (``finished``).

>>> levels = [Level(seconds=600, small_blind=25, big_blind=50), Level(seconds=300, is_break=True),
...           Level(seconds=600, small_blind=50, big_blind=100)]
>>> st = start(levels, ClockState(), now=1000.0)
>>> position(levels, st, now=1650.0)
Position(level=1, elapsed=50.0, remaining=250.0, running=True, finished=False)
>>> st = pause(levels, st, now=1700.0)
>>> position(levels, st, now=9999.0).remaining
200.0
>>> st = add_time(levels, resume(levels, st, now=2000.0), 60, now=2000.0)
>>> position(levels, st, now=2000.0).remaining
260.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from apps.engine.games import Game

HAND_FOR_HAND_SECONDS = 120  # TDA RP-8: two minutes come off the clock per hand-for-hand hand
LEVEL_FIELDS = ("small_blind", "big_blind", "ante", "big_blind_ante")
MAX_LEVEL_SECONDS = 7 * 24 * 3600


class ClockError(ValueError):
    """An impossible structure or operation (a clock not started, a level that does not exist)."""


@dataclass(frozen=True)
class Level:
    """One level (blinds, antes, bet units) or a break, lasting ``seconds``."""

    seconds: int
    is_break: bool = False
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    big_blind_ante: int = 0
    bet_units: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= MAX_LEVEL_SECONDS:
            raise ClockError(f"a level lasts from one second to {MAX_LEVEL_SECONDS // 3600} hours")
        if min(self.small_blind, self.big_blind, self.ante, self.big_blind_ante) < 0:
            raise ClockError("no negative blinds or antes")
        if self.small_blind > self.big_blind:
            raise ClockError("the small blind cannot exceed the big blind")
        if self.bet_units is not None and (not self.bet_units or min(self.bet_units) < 1):
            raise ClockError("bet units must be positive")

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"seconds": self.seconds}
        if self.is_break:
            d["is_break"] = True
            return d
        d.update({k: getattr(self, k) for k in LEVEL_FIELDS})
        if self.bet_units is not None:
            d["bet_units"] = list(self.bet_units)
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Level:
        """``{"seconds": 600, "small_blind": 25, "big_blind": 50}`` or ``{"seconds": 300, "is_break": true}``
        (``minutes`` is accepted instead of ``seconds``)."""
        known = {"seconds", "minutes", "is_break", "bet_units", *LEVEL_FIELDS}
        unknown = sorted(set(d) - known)
        if unknown:
            raise ClockError(f"unknown level fields {unknown}")
        seconds = d.get("seconds", 60 * d["minutes"] if "minutes" in d else 0)
        units = d.get("bet_units")
        return cls(
            seconds=int(seconds),
            is_break=bool(d.get("is_break", False)),
            bet_units=tuple(int(u) for u in units) if units is not None else None,
            **{k: int(d.get(k, 0)) for k in LEVEL_FIELDS},
        )


def structure_from_json(items: Sequence[Mapping[str, Any]]) -> list[Level]:
    """A structure from JSON; at least one level that is not a break."""
    levels = [Level.from_json(x) for x in items]
    if not any(not lv.is_break for lv in levels):
        raise ClockError("a structure needs at least one level that is not a break")
    return levels


@dataclass(frozen=True)
class ClockState:
    """What is stored (see the module docstring). ``anchor`` None: not started yet."""

    level: int = 0
    anchor: float | None = None
    paused_at: float | None = None

    @property
    def started(self) -> bool:
        return self.anchor is not None

    @property
    def paused(self) -> bool:
        return self.paused_at is not None


@dataclass(frozen=True)
class Position:
    """Where the clock stands: the current level index, seconds into it (negative while added time is being
    used up) and left in it."""

    level: int
    elapsed: float
    remaining: float
    running: bool
    finished: bool


def _reference(state: ClockState, now: float) -> float:
    """The moment the clock is read at: ``now`` when running, the pause when paused."""
    return state.paused_at if state.paused_at is not None else now


def position(levels: Sequence[Level], state: ClockState, now: float) -> Position:
    """The current level and its elapsed / remaining seconds at ``now``.

    >>> two = [Level(seconds=60), Level(seconds=60)]
    >>> position(two, ClockState(level=0, anchor=0.0), now=150.0)
    Position(level=1, elapsed=90.0, remaining=0.0, running=True, finished=True)
    """
    if not 0 <= state.level < len(levels):
        raise ClockError(f"no level {state.level} in a structure of {len(levels)}")
    if state.anchor is None:
        return Position(state.level, 0.0, float(levels[state.level].seconds), False, False)
    # Negative while added time is being used up: the level then has more than its length left.
    i, elapsed = state.level, _reference(state, now) - state.anchor
    while elapsed >= levels[i].seconds and i + 1 < len(levels):
        elapsed -= levels[i].seconds
        i += 1
    remaining = max(levels[i].seconds - elapsed, 0.0)
    return Position(i, elapsed, remaining, not state.paused, remaining == 0.0)


def _normalized(levels: Sequence[Level], state: ClockState, now: float) -> ClockState:
    """The same clock with the anchor moved to the start of the current level."""
    if state.anchor is None:
        raise ClockError("the clock has not started")
    pos = position(levels, state, now)
    anchor = state.anchor + sum(levels[j].seconds for j in range(state.level, pos.level))
    return replace(state, level=pos.level, anchor=anchor)


def start(levels: Sequence[Level], state: ClockState, now: float) -> ClockState:
    """Start the clock at the beginning of ``state.level``."""
    if state.started:
        raise ClockError("the clock has already started")
    position(levels, state, now)  # the level exists
    return replace(state, anchor=now, paused_at=None)


def pause(levels: Sequence[Level], state: ClockState, now: float) -> ClockState:
    """Stop the clock at ``now``; its reading stays as it was at ``now`` until :func:`resume`."""
    if state.paused:
        raise ClockError("the clock is already paused")
    return replace(_normalized(levels, state, now), paused_at=now)


def resume(levels: Sequence[Level], state: ClockState, now: float) -> ClockState:
    """Run again from where it was paused: the anchor moves forward by the length of the pause."""
    if state.paused_at is None or state.anchor is None:
        raise ClockError("the clock is not paused")
    return replace(state, anchor=state.anchor + (now - state.paused_at), paused_at=None)


def add_time(levels: Sequence[Level], state: ClockState, seconds: float, now: float) -> ClockState:
    """Add ``seconds`` to the current level (negative: remove). Removing more than is left ends the level
    at ``now`` (the next level starts with its full time; nothing carries over).

    >>> one = [Level(seconds=600), Level(seconds=600)]
    >>> st = add_time(one, ClockState(anchor=0.0), -900, now=100.0)
    >>> position(one, st, now=100.0)
    Position(level=1, elapsed=0.0, remaining=600.0, running=True, finished=False)
    """
    st = _normalized(levels, state, now)
    assert st.anchor is not None
    pos = position(levels, st, now)
    shift = max(seconds, -pos.remaining)
    return replace(st, anchor=st.anchor + shift)


def jump(levels: Sequence[Level], state: ClockState, level: int, now: float) -> ClockState:
    """Go to the start of ``level`` (a paused clock stays paused there; an unstarted one stays unstarted)."""
    if not 0 <= level < len(levels):
        raise ClockError(f"no level {level} in a structure of {len(levels)}")
    if state.anchor is None:
        return replace(state, level=level)
    return replace(state, level=level, anchor=_reference(state, now))


def hand_for_hand_hand(levels: Sequence[Level], state: ClockState, now: float) -> ClockState:
    """One hand played hand-for-hand: two minutes off the clock (TDA RP-8), usually while it is paused."""
    return add_time(levels, state, -HAND_FOR_HAND_SECONDS, now)


def next_change_at(levels: Sequence[Level], state: ClockState, now: float) -> float | None:
    """When the level changes next if nobody touches the clock (None: paused, unstarted or finished)."""
    if not state.started or state.paused:
        return None
    pos = position(levels, state, now)
    if pos.level + 1 >= len(levels):
        return None  # the last level runs on
    return now + pos.remaining


def playing_level(levels: Sequence[Level], index: int) -> Level:
    """The level whose blinds a hand started at ``index`` uses: a break uses the level after it (play
    resumes there), and a break at the end the level before it."""
    order: list[int] = [*range(index, len(levels)), *range(index - 1, -1, -1)]
    for j in order:
        if not levels[j].is_break:
            return levels[j]
    raise ClockError("a structure needs at least one level that is not a break")


def _scaled(units: Sequence[int], old: int, new: int) -> tuple[int, ...]:
    return tuple(max(1, u * new // old) for u in units)


def game_for_level(game: Game, level: Level) -> Game:
    """``game`` with the level's blinds and antes. Bet units come from the level, else they keep their
    ratio to the big blind (blind games) or to the ante (ante games); the bet step follows the first unit
    when it was equal to it (amounts in bet units).

    >>> from apps.engine.games import triple_draw_27
    >>> g = game_for_level(triple_draw_27(small_blind=25, big_blind=50), Level(600, small_blind=50,
    ...                    big_blind=100))
    >>> (g.small_blind, g.big_blind, g.bet_units)
    (50, 100, (100, 100, 200, 200))
    """
    if level.is_break:
        raise ClockError("no hand is dealt in a break")
    if level.bet_units is not None:
        units = level.bet_units
    elif game.big_blind and level.big_blind:
        units = _scaled(game.bet_units, game.big_blind, level.big_blind)
    elif game.ante and level.ante:
        units = _scaled(game.bet_units, game.ante, level.ante)
    else:
        units = game.bet_units
    if len(units) != len(game.bet_units):
        raise ClockError(f"{game.kind} needs {len(game.bet_units)} bet units, not {len(units)}")
    step = units[0] if game.bet_step == game.bet_units[0] and game.bet_step > 1 else game.bet_step
    return replace(
        game,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante if game.betting else 0,
        big_blind_ante=level.big_blind_ante,
        bet_units=tuple(units),
        bet_step=step,
    )
