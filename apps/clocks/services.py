"""Turn clocks: the turn time limit, time banks and calling the clock (RULES.md §6, §8; TDA 29).

How a turn clock works:

* Whenever a hand's state changes (:func:`turn_clock_sync`, by the receiver of ``tables.hand_changed``,
  with the hand row locked), the table's :class:`~apps.clocks.models.TableClock` row is re-armed for the
  seat to act:
  ``deadline = now + turn_time_limit`` (the game's setting; none = no clock), and its ``version`` is bumped.
  Any entry therefore cancels the running clock by making its version stale: nothing relies on
  ``revoke()``.
* Nothing is queued per entry: the deadline is in the row, and one drainer
  (``apps.clocks.drain.clocks_drain``, the beat task every second, one at a time under a PostgreSQL
  advisory lock) watches the earliest deadline and applies each clock as it comes due
  (:func:`turn_clocks_sweep`). A dead worker, a lost message or Redis down loses nothing: the next
  drainer finds the overdue rows.
* It calls :func:`turn_clock_expire`, which locks the hand row, then the clock row, and re-checks the
  version, the deadline and the seat to act. Only then does it append the default action as a ``timeout``
  event ``by_clock`` (the engine's rule: check if allowed, else fold; in a draw stand pat, in the no-bet
  mode's draw keep all cards) and a :class:`~apps.clocks.models.ClockFiring` row, unique per hand state,
  so a second attempt is refused by the database even if the checks were wrong.
* An entry that arrives first wins cleanly: it locks the hand row first, bumps the version, and the clock
  finds a stale version (or the ``stale_seq`` refusal goes to whichever of the two came second).
* Time bank: when the turn limit runs out and the player has bank time left (the level clock's setting,
  given once per tournament or refilled every level), the clock moves to the ``bank`` stage instead of
  acting; the time used is charged when the seat acts or the bank runs out.
* Calling the clock (TDA 29): a director or dealer calls it on the seat to act: 25 s plus a 5 s countdown
  (the earlier deadline wins if the turn clock would run out sooner; no time bank after a called clock).
  At its end the same default action applies: facing a bet the hand is dead (folded), otherwise it checks.
"""

from __future__ import annotations

import functools
import json
import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from apps.clocks.banks import (
    BANK,
    CALLED_SECONDS,
    COUNTDOWN_SECONDS,
    EARLY,
    FIRED,
    STALE,
    Stage,
    bank_charge,
    bank_left,
    bank_player_key,
    clock_data,
    clock_lock,
)
from apps.clocks.calling import clock_call, turn_clock_view
from apps.clocks.live import live_publish, live_wake_on_commit, table_channel
from apps.clocks.models import ClockFiring, LiveChannel, LiveEvent, TableClock
from apps.core.errors import ApplicationError, RuleViolation
from apps.core.rows import bound_cursor, execute_first, row_to_instance
from apps.engine.errors import EngineError
from apps.engine.hand import BETTING, DRAWING, FINISHED, HandState
from apps.tables.handlog import NewEvent, hand_event_append
from apps.tables.models import Hand

__all__ = [
    "BANK",
    "CALLED_SECONDS",
    "COUNTDOWN_SECONDS",
    "EARLY",
    "FIRED",
    "STALE",
    "clock_call",
    "turn_clock_view",
]

log = logging.getLogger(__name__)


def turn_clock_sync(*, hand: Hand, state: HandState, kind: str = "hand") -> TableClock:
    """(Re)arm or clear the table's turn clock for ``state`` and push the change to the table's stream.
    Returns the clock as armed, which :func:`turn_clock_view` can show without reading it again.

    Should be called while holding a SELECT FOR UPDATE lock on the hand (or, for a new hand, the table)."""
    now = timezone.now()
    limit = state.game.turn_time_limit
    seat = state.to_act if state.phase in (BETTING, DRAWING) else None
    player_key = bank_player_key(state, seat) if seat is not None else ""
    started = now if seat is not None else None
    stage, deadline = (
        (Stage.TURN, now + timedelta(seconds=limit)) if seat is not None and limit else (Stage.IDLE, None)
    )
    live = {
        "hand": hand.pk,
        "number": hand.number,
        "seq": hand.seq,
        "status": "finished" if state.phase == FINISHED else "in_progress",
        "phase": state.phase,
        "to_act": state.to_act,
        "pot_total": state.pot_total,
    }
    clock = None
    if connection.vendor == "postgresql":
        clock = _arm_and_publish(
            hand=hand, kind=kind, live=live, seat=seat, player_key=player_key, started=started, stage=stage,
            deadline=deadline, now=now,
        )  # fmt: skip
    if clock is None:  # a time bank to charge, or a clock row not made yet
        clock = clock_lock(hand.table_id)
        bank_charge(clock, now)
        clock.version += 1
        clock.hand_id, clock.seq = hand.pk, hand.seq
        clock.seat, clock.player_key = seat, player_key
        clock.turn_started_at = clock.stage_started_at = started
        clock.stage, clock.deadline = stage, deadline
        clock.save()
        live_publish(
            channel=table_channel(hand.table_id), type=kind, data={**live, "clock": clock_data(clock)}
        )
    return clock


# The common case of turn_clock_sync in one round trip: re-arm the clock row (unless its time bank is running:
# that is charged in Python, the slow path) and append the live event that reports it, numbered by the
# channel row, with the clock's new version written into it. Nothing is written when the clock row is missing
# or in its bank stage (the channel is bumped only for a row updated), and the caller takes the slow path.
_ARM_AND_PUBLISH = f"""
WITH k AS (
    UPDATE {TableClock._meta.db_table} SET version = version + 1, hand_id = %(hand)s, seq = %(seq)s,
        seat = %(seat)s, player_key = %(player_key)s, turn_started_at = %(started)s,
        stage_started_at = %(started)s, stage = %(stage)s, deadline = %(deadline)s
    WHERE table_id = %(table)s AND stage <> %(bank)s
    RETURNING version, level_clock_id, banks
), c AS (
    INSERT INTO {LiveChannel._meta.db_table} (name, last_id) SELECT %(channel)s, 1 FROM k
    ON CONFLICT (name) DO UPDATE SET last_id = {LiveChannel._meta.db_table}.last_id + 1 RETURNING last_id
), e AS (
    INSERT INTO {LiveEvent._meta.db_table} (channel_id, event_id, type, data, created_at)
    SELECT %(channel)s, c.last_id, %(type)s,
        jsonb_set(%(data)s::jsonb, '{{clock,version}}', to_jsonb(k.version)), %(now)s
    FROM c, k RETURNING event_id
)
SELECT k.version, k.level_clock_id, k.banks::text, e.event_id FROM k, e
"""


def _arm_and_publish(
    *,
    hand: Hand,
    kind: str,
    live: dict[str, Any],
    seat: int | None,
    player_key: str,
    started: datetime | None,
    stage: str,
    deadline: datetime | None,
    now: datetime,
) -> TableClock | None:
    """turn_clock_sync's one-statement path on PostgreSQL; None when it wrote nothing (take the slow path)."""
    clock = TableClock(
        table_id=hand.table_id,
        hand_id=hand.pk,
        seq=hand.seq,
        seat=seat,
        player_key=player_key,
        stage=stage,
        turn_started_at=started,
        stage_started_at=started,
        deadline=deadline,
    )
    channel = table_channel(hand.table_id)
    data = {**live, "clock": clock_data(clock)}
    with bound_cursor() as cursor:
        cursor.execute(
            _ARM_AND_PUBLISH,
            {
                "hand": hand.pk,
                "seq": hand.seq,
                "seat": seat,
                "player_key": player_key,
                "started": started,
                "stage": str(stage),
                "deadline": deadline,
                "table": hand.table_id,
                "bank": str(Stage.BANK),
                "channel": channel,
                "type": kind,
                "data": json.dumps(data, default=str),
                "now": now,
            },
        )
        row = cursor.fetchone()
    if row is None:
        return None
    clock.version, clock.level_clock_id, clock.banks, event_id = (
        int(row[0]),
        row[1],
        json.loads(row[2]),
        row[3],
    )
    live_wake_on_commit(channel, int(event_id))
    return clock


# --- expiry: the one idempotent service both the countdown and the sweep call -------------------------------


def turn_clock_expire(*, table_id: int, version: int, source: str, hand_id: int | None = None) -> str:
    """Act for the seat whose clock ran out, if it still has. Returns ``fired``, ``bank`` (moved into the
    time bank), ``early`` (not due yet) or ``stale`` (someone acted, or it already fired). ``hand_id``: the
    clock row's hand as the caller just read it (the sweep), which saves reading the row first; the
    version, deadline and hand are checked again under the lock either way."""
    now = timezone.now()
    if hand_id is None:
        peek = TableClock.objects.filter(table_id=table_id).values("hand_id", "version", "deadline").first()
        if peek is None or peek["version"] != version or peek["deadline"] is None or peek["hand_id"] is None:
            return STALE
        if peek["deadline"] > now:
            return EARLY
        hand_id = peek["hand_id"]
    try:
        return _expire_locked(table_id=table_id, hand_id=hand_id, version=version, source=source, now=now)
    except (ApplicationError, IntegrityError) as exc:  # refused, or already fired: stop this clock
        log.warning("clocks: table %s clock stopped without acting: %s", table_id, exc)
        TableClock.objects.filter(table_id=table_id, version=version).update(
            stage=Stage.IDLE, deadline=None, version=F("version") + 1
        )
        return STALE


@functools.cache
def _expiry_lock_sql() -> tuple[str, str, str, list[Any], list[Any]]:
    """The two row locks of an expiry (what the ORM queries compile to), built once: the ORM compiled them
    anew for every clock action. (hand SQL, hand SQL skipping a locked row, clock SQL, fields, fields)"""
    hand_fields, clock_fields = list(Hand._meta.concrete_fields), list(TableClock._meta.concrete_fields)
    hand_t, clock_t = Hand._meta.db_table, TableClock._meta.db_table
    hand_pk = Hand._meta.pk.column
    clock_pk = TableClock._meta.pk.column
    hand_sql = (
        f"SELECT {', '.join(f'{hand_t}.{f.column}' for f in hand_fields)} FROM {hand_t} "
        f"WHERE {hand_t}.{hand_pk} = %s FOR UPDATE"
    )
    clock_sql = (
        f"SELECT {', '.join(f'{clock_t}.{f.column}' for f in clock_fields)} FROM {clock_t} "
        f"WHERE {clock_t}.{clock_pk} = %s FOR UPDATE"
    )
    return hand_sql, hand_sql + " SKIP LOCKED", clock_sql, hand_fields, clock_fields


def _lock_for_expiry(hand_id: int, table_id: int, *, skip_locked: bool) -> tuple[Hand, TableClock] | None:
    """The hand row locked (None if it is gone, or held and ``skip_locked``), then its table's clock row."""
    hand_sql, hand_skip_sql, clock_sql, hand_fields, clock_fields = _expiry_lock_sql()
    with bound_cursor() as cursor:
        execute_first(cursor, hand_skip_sql if skip_locked else hand_sql, [hand_id])  # with the BEGIN
        hand_row = cursor.fetchone()
        if hand_row is None:
            return None
        cursor.execute(clock_sql, [table_id])
        clock_row = cursor.fetchone()
    if clock_row is None:
        raise TableClock.DoesNotExist(f"no clock row for table {table_id}")
    return row_to_instance(Hand, hand_fields, hand_row), row_to_instance(TableClock, clock_fields, clock_row)


@transaction.atomic
def _expire_locked(*, table_id: int, hand_id: int, version: int, source: str, now: datetime) -> str:
    # Lock order: the hand, then the clock. The sweep skips a hand someone holds (a dealer's entry or the
    # countdown already acting): waiting would only idle a worker, and the row stays due if it still is.
    if connection.vendor == "postgresql":
        locked = _lock_for_expiry(hand_id, table_id, skip_locked=source == "sweep")
    else:
        found = Hand.objects.select_for_update(of=("self",), skip_locked=source == "sweep").filter(pk=hand_id)
        first = found.first()
        locked = (
            None if first is None else (first, TableClock.objects.select_for_update().get(table_id=table_id))
        )
    if locked is None:
        return STALE
    hand, clock = locked
    if clock.version != version or clock.deadline is None or clock.hand_id != hand.pk:
        return STALE
    if clock.deadline > now:
        return EARLY
    to_act, phase = hand.state.get("to_act"), hand.state.get("phase")
    if hand.seq != clock.seq or to_act != clock.seat or phase not in (BETTING, DRAWING):
        clock.stage, clock.deadline = Stage.IDLE, None  # out of step: never act on a guess
        clock.version += 1
        clock.save()
        return STALE
    assert clock.seat is not None
    if clock.stage == Stage.TURN and clock.level_clock_id is not None:
        left = bank_left(clock, clock.player_key, now)
        if left > 0:
            clock.stage, clock.stage_started_at = Stage.BANK, clock.deadline
            clock.deadline = clock.deadline + timedelta(seconds=left)
            clock.version += 1
            clock.save()
            live_publish(channel=table_channel(table_id), type="clock", data=clock_data(clock))
            return BANK
    # The firing row first: unique per hand state, so a second attempt fails here even if a check was wrong.
    ClockFiring.objects.create(
        table_id=table_id,
        hand=hand,
        seq=hand.seq,
        seat=clock.seat,
        stage=clock.stage,
        deadline=clock.deadline,
        fired_at=now,
        source=source,
    )
    by = {"bank": "time_bank", "called": "called_clock"}.get(str(clock.stage), "turn_clock")
    event = {"type": "timeout", "seat": clock.seat, "by": by, "at": clock.deadline.isoformat()}
    if clock.stage == Stage.BANK:
        # the bank ran out: charge it now, so the re-arm that follows is the one-statement one
        bank_charge(clock, now)
        clock.stage = Stage.IDLE
        clock.save(update_fields=["banks", "stage"])
    # The hand log's writer, as for a dealer's entry, minus what a clock does not need (the dealer check,
    # the Idempotency-Key, re-locking the row held here, the answer for a screen).
    before = HandState.from_json(hand.state)
    try:
        after = before.apply(event)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    hand_event_append(
        hand=hand,
        before=before,
        after=after,
        events=[NewEvent(event, after.to_json())],
        actor=None,
        by_clock=True,
        shown=False,
    )
    return FIRED


def turn_clocks_sweep(*, now: datetime | None = None, limit: int = 2000) -> int:
    """Apply every turn clock that is due, earliest first. Returns how many acted."""
    now = now or timezone.now()
    due = list(
        TableClock.objects.filter(deadline__lte=now, hand_id__isnull=False)
        .order_by("deadline")
        .values_list("table_id", "version", "hand_id")[:limit]
    )
    fired = 0
    for table_id, version, hand_id in due:
        try:
            outcome = turn_clock_expire(table_id=table_id, version=version, source="sweep", hand_id=hand_id)
            fired += outcome == FIRED
        except Exception:  # one broken table must not stop the others' clocks
            log.exception("clocks: sweeping table %s failed", table_id)
    return fired
