"""Level clocks: a tournament's structure runs by itself (RULES.md §8; WSOP 79; TDA RP-8).

The arithmetic is pure (:mod:`apps.engine.clock`); this module stores its state on the
:class:`~apps.clocks.models.LevelClock` row and keeps the row's ``deadline`` at the next level change.
The drainer that applies the turn clocks announces level changes too (:func:`level_clocks_sweep` as each
deadline comes due), through :func:`level_clock_tick`, which re-checks the version and the deadline under
the row lock. Every control (start, pause, resume, add/remove time, jump, hand-for-hand) bumps the version,
so a tick for an older schedule does nothing. A table linked to a level clock
deals each new hand with the blinds, antes and bet units of the level current when the hand starts.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.accounts.permissions import Actor, require_director
from apps.clocks import hooks
from apps.clocks.live import levelclock_channel, live_publish
from apps.clocks.models import LevelClock, TableClock
from apps.core import bounds as b
from apps.core.errors import Conflict, NotFound, ValidationFailed
from apps.engine import clock as lc
from apps.engine.games import Game
from apps.tables.models import Table

log = logging.getLogger(__name__)

ACTIONS = (
    "start",
    "pause",
    "resume",
    "add_time",
    "jump",
    "hand_for_hand_on",
    "hand_for_hand_off",
    "hand_for_hand_hand",
)


def _ts(dt: datetime | None) -> float | None:
    return dt.timestamp() if dt is not None else None


def datetime_from_ts(ts: float | None) -> datetime | None:
    """The engine's timestamp (seconds, UTC) as an aware datetime."""
    return datetime.fromtimestamp(ts, tz=UTC) if ts is not None else None


def clock_levels(clock: LevelClock) -> list[lc.Level]:
    return lc.structure_from_json(clock.structure)


def clock_state(clock: LevelClock) -> lc.ClockState:
    return lc.ClockState(level=clock.level, anchor=_ts(clock.anchor_at), paused_at=_ts(clock.paused_at))


def clock_position(clock: LevelClock, now: datetime) -> lc.Position:
    return lc.position(clock_levels(clock), clock_state(clock), now.timestamp())


def structure_setting_check(items: Any, field: str = "structure") -> None:
    """A structure of the right types and sizes: a list of at most MAX_LEVELS objects, each with whole
    ``seconds`` (or ``minutes``), blinds and antes in chips, ``bet_units`` a short list of chips and
    ``is_break`` true or false (the engine then checks the levels themselves)."""
    if not isinstance(items, list) or not 1 <= len(items) <= b.MAX_LEVELS:
        raise b.refusal(field, f"{field} must be a list of 1 to {b.MAX_LEVELS} levels")
    known = ("seconds", "minutes", "is_break", "bet_units", *lc.LEVEL_FIELDS)
    for i, level in enumerate(items):
        where = f"{field}[{i}]"
        b.mapping(level, where, known=known)
        if "seconds" in level:
            b.whole(level["seconds"], f"{where}.seconds", low=1, high=b.MAX_LEVEL_SECONDS)
        if "minutes" in level:
            b.whole(level["minutes"], f"{where}.minutes", low=1, high=b.MAX_LEVEL_SECONDS // 60)
        if "is_break" in level:
            b.flag(level["is_break"], f"{where}.is_break")
        for name in lc.LEVEL_FIELDS:
            if name in level:
                b.whole(level[name], f"{where}.{name}", low=0, high=b.MAX_CHIPS)
        if level.get("bet_units") is not None:
            b.wholes(
                level["bet_units"], f"{where}.bet_units", low=1, high=b.MAX_CHIPS, max_items=8, min_items=1
            )


def _structure(items: Any) -> list[dict[str, Any]]:
    structure_setting_check(items)
    try:
        return [lv.to_json() for lv in lc.structure_from_json(items)]
    except (lc.ClockError, KeyError, TypeError, ValueError, OverflowError) as exc:
        raise ValidationFailed(
            f"invalid structure: {exc}", code="structure_invalid", detail={"field": "structure"}
        ) from exc


@transaction.atomic
def level_clock_create(
    *,
    actor: Actor,
    club_id: int,
    name: str,
    structure: list[dict[str, Any]],
    time_bank_seconds: int = 0,
    time_bank_per: str = LevelClock.TimeBankPer.TOURNAMENT,
) -> LevelClock:
    require_director(actor, club_id)
    if time_bank_per not in LevelClock.TimeBankPer.values:
        raise ValidationFailed(
            "time_bank_per is tournament or level",
            code="time_bank_per_invalid",
            detail={"field": "time_bank_per"},
        )
    return LevelClock.objects.create(
        club_id=club_id,
        name=name,
        structure=_structure(structure),
        time_bank_seconds=time_bank_seconds,
        time_bank_per=time_bank_per,
    )


def level_clock_view(clock: LevelClock, *, now: datetime | None = None) -> dict[str, Any]:
    """Where the clock stands, with the timestamps a page needs to count down by itself."""
    now = now or timezone.now()
    levels = clock_levels(clock)
    pos = lc.position(levels, clock_state(clock), now.timestamp())
    nxt = levels[pos.level + 1].to_json() if pos.level + 1 < len(levels) else None
    return {
        "id": clock.pk,
        "club": clock.club_id,
        "name": clock.name,
        "structure": clock.structure,
        "started": clock.anchor_at is not None,
        "running": pos.running,
        "paused": clock.paused_at is not None,
        "hand_for_hand": clock.hand_for_hand,
        "level": pos.level,
        "current": levels[pos.level].to_json(),
        "next": nxt,
        "elapsed": round(pos.elapsed, 3),
        "remaining": round(pos.remaining, 3),
        "finished": pos.finished,
        "level_ends_at": (now.timestamp() + pos.remaining) if pos.running else None,
        "next_change_at": clock.deadline.isoformat() if clock.deadline else None,
        "time_bank_seconds": clock.time_bank_seconds,
        "time_bank_per": clock.time_bank_per,
        "version": clock.version,
        "now": now.isoformat(),
    }


def level_clock_reschedule(clock: LevelClock, now: datetime, *, kind: str) -> None:
    """Bump the version, set the next deadline, queue its countdown, announce a level change; push."""
    levels = clock_levels(clock)
    state = clock_state(clock)
    pos = lc.position(levels, state, now.timestamp())
    clock.deadline = datetime_from_ts(lc.next_change_at(levels, state, now.timestamp()))
    clock.version += 1
    previous = clock.announced_level
    changed = pos.level != previous
    clock.announced_level = pos.level
    clock.save()  # the drainer (apps.clocks.drain.clocks_drain) applies the new deadline when it comes
    view = level_clock_view(clock, now=now)
    channel = levelclock_channel(clock.pk)
    if changed:
        live_publish(channel=channel, type="level", data=view)
    if kind != "tick" or changed:
        live_publish(channel=channel, type="clock", data={**view, "action": kind})
    # the tournaments mirror the change on their streams and colour up a chip the level removes
    hooks.level_clock_changed.send(
        hooks.LevelClockChanged(clock=clock, view=view, kind=kind, previous=previous)
    )


def level_clock_control(
    *, actor: Actor, clock_id: int, action: str, seconds: int | None = None, level: int | None = None
) -> LevelClock:
    """Start, pause, resume, add (or remove: negative) time, jump to a level, hand-for-hand on/off and one
    hand-for-hand hand (two minutes off, TDA RP-8). Hand-for-hand pauses the clock while it lasts."""
    with transaction.atomic():
        clock = LevelClock.objects.select_for_update().filter(pk=clock_id).first()
        if clock is None:
            raise NotFound(
                f"no level clock {clock_id}", code="level_clock_not_found", detail={"clock": clock_id}
            )
        require_director(actor, clock.club_id)
        now = timezone.now()
        t = now.timestamp()
        levels, state = clock_levels(clock), clock_state(clock)
        try:
            if action == "start":
                state = lc.start(levels, state, t)
            elif action == "pause":
                state = lc.pause(levels, state, t)
            elif action == "resume":
                if clock.hand_for_hand:
                    raise lc.ClockError("hand-for-hand is on: turn it off to resume the clock")
                state = lc.resume(levels, state, t)
            elif action == "add_time":
                if seconds is None:
                    raise ValidationFailed(
                        "add_time needs seconds", code="seconds_required", detail={"field": "seconds"}
                    )
                state = lc.add_time(levels, state, seconds, t)
            elif action == "jump":
                if level is None:
                    raise ValidationFailed(
                        "jump needs a level", code="level_required", detail={"field": "level"}
                    )
                state = lc.jump(levels, state, level, t)
            elif action == "hand_for_hand_on":
                if clock.hand_for_hand:
                    raise lc.ClockError("hand-for-hand is already on")
                clock.hand_for_hand = True
                if state.started and not state.paused:
                    state = lc.pause(levels, state, t)
            elif action == "hand_for_hand_off":
                if not clock.hand_for_hand:
                    raise lc.ClockError("hand-for-hand is not on")
                clock.hand_for_hand = False
                if state.paused:
                    state = lc.resume(levels, state, t)
            elif action == "hand_for_hand_hand":
                if not clock.hand_for_hand:
                    raise lc.ClockError("hand-for-hand is not on")
                state = lc.hand_for_hand_hand(levels, state, t)
            else:
                raise ValidationFailed(
                    f"action is one of {', '.join(ACTIONS)}",
                    code="action_invalid",
                    detail={"field": "action"},
                )
        except lc.ClockError as exc:
            raise Conflict(str(exc), code="clock_refused", detail={"action": action}) from exc
        clock.level, clock.anchor_at, clock.paused_at = (
            state.level,
            datetime_from_ts(state.anchor),
            datetime_from_ts(state.paused_at),
        )
        level_clock_reschedule(clock, now, kind=action)
        return clock


def level_clock_tick(*, clock_id: int, version: int) -> bool:
    """Announce the level change that is due (countdown task or sweep). Idempotent: a stale version or a
    deadline not reached does nothing. Returns whether it announced."""
    now = timezone.now()
    with transaction.atomic():
        clock = LevelClock.objects.select_for_update().filter(pk=clock_id).first()
        if clock is None or clock.version != version or clock.deadline is None or clock.deadline > now:
            return False
        level_clock_reschedule(clock, now, kind="tick")
        return True


def level_clocks_sweep(*, now: datetime | None = None) -> int:
    now = now or timezone.now()
    due = list(LevelClock.objects.filter(deadline__lte=now).values_list("pk", "version")[:500])
    done = 0
    for pk, version in due:
        try:
            done += level_clock_tick(clock_id=pk, version=version)
        except Exception:
            log.exception("clocks: level clock %s tick failed", pk)
    return done


@transaction.atomic
def table_level_clock_set(*, actor: Actor, table: Table, level_clock: LevelClock | None) -> TableClock:
    """Link a table to a level clock (None: unlink); the next hand deals at the clock's current level."""
    require_director(actor, table.club_id)
    if level_clock is not None and level_clock.club_id != table.club_id:
        raise ValidationFailed(
            "that level clock belongs to another club",
            code="level_clock_invalid",
            detail={"field": "level_clock"},
        )
    TableClock.objects.bulk_create([TableClock(table=table)], ignore_conflicts=True)
    clock = TableClock.objects.select_for_update().get(table=table)
    clock.level_clock = level_clock
    clock.save(update_fields=["level_clock"])
    return clock


def game_for_next_hand(table: Table, *, now: datetime | None = None) -> dict[str, Any]:
    """The game a new hand at ``table`` is dealt with: the table's game with the blinds, antes and bet
    units of its level clock's current level (WSOP 79: a new level applies from the next hand)."""
    level_clock = (
        LevelClock.objects.filter(tables__table=table, anchor_at__isnull=False).first() if table.pk else None
    )
    return game_at_level_clock(table, level_clock, now=now)


def game_at_level_clock(
    table: Table, level_clock: LevelClock | None, *, now: datetime | None = None
) -> dict[str, Any]:
    """:func:`game_for_next_hand` with the table's running level clock (None: none) already read."""
    if level_clock is None:
        return table.game
    pos = clock_position(level_clock, now or timezone.now())
    level = lc.playing_level(clock_levels(level_clock), pos.level)
    try:
        return lc.game_for_level(Game.from_json(table.game), level).to_json()
    except Exception as exc:  # a structure that does not fit this game: refuse the deal, say why
        raise ValidationFailed(
            f"the level clock's level {pos.level} does not fit this table's game: {exc}",
            code="level_does_not_fit_game",
            detail={"level": pos.level, "clock": level_clock.pk},
        ) from exc
