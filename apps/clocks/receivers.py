"""The clocks' receivers of the hooks ``tables`` sends (connected in ``ClocksConfig.ready()``)."""

from __future__ import annotations

import functools
from typing import Any

from apps.clocks.calling import turn_clock_view
from apps.clocks.levelclock import clock_levels, clock_position, game_at_level_clock, game_for_next_hand
from apps.clocks.models import LevelClock, TableClock
from apps.clocks.services import turn_clock_sync
from apps.engine import clock as lc
from apps.engine.games import Game
from apps.tables.hooks import HandChanged, HandDealing, HandReading, TableRead

LEVEL_CLOCK = "clocks.level_clock"


def level_clock_read(_: None) -> tuple[TableRead, ...]:
    """``tables.hand_dealing_reads``: the table's running level clock, read with the table (the query of
    :func:`~apps.clocks.levelclock.game_for_next_hand`), for :func:`hand_game_for_level`."""
    return _level_clock_read()


@functools.cache
def _level_clock_read() -> tuple[TableRead, ...]:
    fields = tuple(LevelClock._meta.concrete_fields)
    clock = {f.name: f.column for f in TableClock._meta.concrete_fields}
    level = {f.name: f.column for f in fields}
    sql = (
        f"SELECT {', '.join(f'l.{f.column}' for f in fields)} FROM {LevelClock._meta.db_table} l "
        f"JOIN {TableClock._meta.db_table} k ON k.{clock['level_clock']} = l.{level['id']} "
        f"WHERE k.{clock['table']} = {{table}} AND l.{level['anchor_at']} IS NOT NULL "
        f"ORDER BY l.{level['id']} LIMIT 1"
    )
    return (TableRead(LEVEL_CLOCK, LevelClock, fields, sql),)


def hand_game_for_level(dealing: HandDealing) -> dict[str, Any]:
    """``tables.hand_game_choosing``: the table's game at its level clock's current level (WSOP 79)."""
    if LEVEL_CLOCK in dealing.reads:
        return game_at_level_clock(dealing.table, dealing.reads[LEVEL_CLOCK])
    return game_for_next_hand(dealing.table)


def turn_clock_rearm(changed: HandChanged) -> dict[str, Any] | None:
    """``tables.hand_changed``: re-arm or clear the turn clock for the new state and push it live; the clock
    as armed, for the answer that shows the hand (no second read)."""
    clock = turn_clock_sync(hand=changed.hand, state=changed.state, kind=changed.kind)
    if not changed.shown:
        return None
    return {"clock": turn_clock_view(changed.hand, clock=clock)}


def turn_clock_part(reading: HandReading) -> dict[str, Any]:
    """``tables.hand_view_reading``: the turn clock of the seat to act (deadline, stage, seconds and time bank
    left, a called clock's countdown), None when no clock runs."""
    return {"clock": turn_clock_view(reading.hand)}


def hand_level(reading: HandReading) -> int | None:
    """``tables.hand_level_reading``: the level (1, 2, ... in the structure) a hand was dealt at, by its level
    clock; None when the table has no clock, or when the clock's schedule no longer gives the blinds the hand
    was dealt with (paused or moved since): then PHH's ``level`` is left out rather than guessed."""
    hand = reading.hand
    clock = LevelClock.objects.filter(tables__table=hand.table, anchor_at__isnull=False).first()
    if clock is None:
        return None
    levels = clock_levels(clock)
    played = lc.playing_level(levels, clock_position(clock, hand.started_at).level)
    dealt = Game.from_json(hand.game)
    expected = lc.game_for_level(Game.from_json(hand.table.game), played)
    if (expected.small_blind, expected.big_blind, expected.ante, expected.bet_units) != (
        dealt.small_blind,
        dealt.big_blind,
        dealt.ante,
        dealt.bet_units,
    ):
        return None
    return levels.index(played) + 1
