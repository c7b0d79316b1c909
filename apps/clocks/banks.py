"""A turn clock's parts the other clock modules share: the called clock's seconds (TDA 29), the clock row's
lock, whose time bank runs and how much is left, and the clock as its pushes and views show it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings

from apps.clocks.models import LevelClock, TableClock
from apps.engine.hand import HandState

CALLED_SECONDS = 25  # TDA 29: up to 25 seconds ...
COUNTDOWN_SECONDS = 5  # ... plus a 5-second countdown


def called_seconds() -> tuple[float, float]:
    """(seconds, countdown) of a called clock; settings may shorten them (tests, house rules)."""
    return (
        float(getattr(settings, "FLOOR_CLOCK_CALLED_SECONDS", CALLED_SECONDS)),
        float(getattr(settings, "FLOOR_CLOCK_COUNTDOWN_SECONDS", COUNTDOWN_SECONDS)),
    )


FIRED, STALE, EARLY, BANK = "fired", "stale", "early", "bank"
Stage = TableClock.Stage


def clock_lock(table_id: int) -> TableClock:
    clock = TableClock.objects.select_for_update().filter(table_id=table_id).first()
    if clock is None:
        TableClock.objects.bulk_create([TableClock(table_id=table_id)], ignore_conflicts=True)
        clock = TableClock.objects.select_for_update().get(table_id=table_id)
    return clock


def bank_player_key(state: HandState, seat: int) -> str:
    pid = state.seat(seat).player_id
    return f"p{pid}" if pid is not None else f"s{seat}"


# --- time banks -------------------------------------------------------------------------------------------


def level_index(level_clock: LevelClock | None, now: datetime) -> int:
    if level_clock is None:
        return 0
    from apps.clocks.levelclock import clock_position

    return clock_position(level_clock, now).level


def bank_left(clock: TableClock, key: str, now: datetime) -> float:
    """Seconds left in a player's time bank (filled on first use, and again every level if so set)."""
    lvl = clock.level_clock
    if lvl is None or not lvl.time_bank_seconds:
        return 0.0
    entry = clock.banks.get(key)
    level = level_index(lvl, now)
    refill = (
        lvl.time_bank_per == LevelClock.TimeBankPer.LEVEL and entry is not None and entry["level"] != level
    )
    if entry is None or refill:
        return float(lvl.time_bank_seconds)
    return float(entry["left"])


def bank_charge(clock: TableClock, now: datetime) -> None:
    """The running bank stage ends now: charge the time it used to its player."""
    if clock.stage != Stage.BANK or clock.stage_started_at is None or not clock.player_key:
        return
    used = (min(now, clock.deadline or now) - clock.stage_started_at).total_seconds()
    left = bank_left(clock, clock.player_key, clock.stage_started_at)
    clock.banks = {
        **clock.banks,
        clock.player_key: {"left": max(0.0, left - used), "level": level_index(clock.level_clock, now)},
    }


def clock_data(clock: TableClock) -> dict[str, Any]:
    return {
        "stage": clock.stage,
        "seat": clock.seat,
        "seq": clock.seq,
        "deadline": clock.deadline.isoformat() if clock.deadline else None,
        "countdown_at": (clock.deadline - timedelta(seconds=called_seconds()[1])).isoformat()
        if clock.deadline and clock.stage == Stage.CALLED
        else None,
        "version": clock.version,
    }
