"""Turn clocks: the turn time limit, time banks and calling the clock (RULES.md §6, §8; TDA 29).

How a turn clock works:

* Whenever a hand's state changes (:func:`turn_clock_sync`, called by the table service with the hand
  row locked), the table's :class:`~apps.clocks.models.TableClock` row is re-armed for the seat to act:
  ``deadline = now + turn_time_limit`` (the game's setting; none = no clock), and its ``version`` is bumped.
  Any entry therefore cancels the running clock by making its version stale: nothing relies on
  ``revoke()``.
* Nothing is queued per entry: the deadline is in the row, and one drainer (:func:`clocks_drain`, the beat
  task every second, one at a time under a PostgreSQL advisory lock) watches the earliest deadline and
  applies each clock as it comes due (:func:`turn_clocks_sweep`). A dead worker, a lost message or Redis
  down loses nothing: the next drainer finds the overdue rows.
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
import threading
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.utils import timezone

from apps.accounts.permissions import Actor, can_deal
from apps.clocks.live import live_publish, live_wake_on_commit, table_channel
from apps.clocks.models import ClockFiring, LevelClock, LiveChannel, LiveEvent, TableClock
from apps.core.errors import ApplicationError, Conflict, NotFound, PermissionRefused, RuleViolation
from apps.engine.errors import EngineError
from apps.engine.hand import BETTING, DRAWING, FINISHED, HandState
from apps.tables.models import Hand, HandEvent, Table

log = logging.getLogger(__name__)

CALLED_SECONDS = 25  # TDA 29: up to 25 seconds ...
COUNTDOWN_SECONDS = 5  # ... plus a 5-second countdown


def _called_seconds() -> tuple[float, float]:
    """(seconds, countdown) of a called clock; settings may shorten them (tests, house rules)."""
    return (
        float(getattr(settings, "FLOOR_CLOCK_CALLED_SECONDS", CALLED_SECONDS)),
        float(getattr(settings, "FLOOR_CLOCK_COUNTDOWN_SECONDS", COUNTDOWN_SECONDS)),
    )


FIRED, STALE, EARLY, BANK = "fired", "stale", "early", "bank"
Stage = TableClock.Stage


_held = threading.local()  # the clock row turn_clock_expire holds locked, so the hook need not lock it again


def _lock_clock(table_id: int) -> TableClock:
    held: TableClock | None = getattr(_held, "clock", None)
    if held is not None and held.table_id == table_id:
        return held
    clock = TableClock.objects.select_for_update().filter(table_id=table_id).first()
    if clock is None:
        TableClock.objects.bulk_create([TableClock(table_id=table_id)], ignore_conflicts=True)
        clock = TableClock.objects.select_for_update().get(table_id=table_id)
    return clock


def _player_key(state: HandState, seat: int) -> str:
    pid = state.seat(seat).player_id
    return f"p{pid}" if pid is not None else f"s{seat}"


# --- time banks -------------------------------------------------------------------------------------------


def _level_index(level_clock: LevelClock | None, now: datetime) -> int:
    if level_clock is None:
        return 0
    from apps.clocks.levelclock import clock_position

    return clock_position(level_clock, now).level


def _bank_left(clock: TableClock, key: str, now: datetime) -> float:
    """Seconds left in a player's time bank (filled on first use, and again every level if so set)."""
    lvl = clock.level_clock
    if lvl is None or not lvl.time_bank_seconds:
        return 0.0
    entry = clock.banks.get(key)
    level = _level_index(lvl, now)
    refill = (
        lvl.time_bank_per == LevelClock.TimeBankPer.LEVEL and entry is not None and entry["level"] != level
    )
    if entry is None or refill:
        return float(lvl.time_bank_seconds)
    return float(entry["left"])


def _charge_bank(clock: TableClock, now: datetime) -> None:
    """The running bank stage ends now: charge the time it used to its player."""
    if clock.stage != Stage.BANK or clock.stage_started_at is None or not clock.player_key:
        return
    used = (min(now, clock.deadline or now) - clock.stage_started_at).total_seconds()
    left = _bank_left(clock, clock.player_key, clock.stage_started_at)
    clock.banks = {
        **clock.banks,
        clock.player_key: {"left": max(0.0, left - used), "level": _level_index(clock.level_clock, now)},
    }


# --- the hook the table service calls ----------------------------------------------------------------------


def _clock_data(clock: TableClock) -> dict[str, Any]:
    return {
        "stage": clock.stage,
        "seat": clock.seat,
        "seq": clock.seq,
        "deadline": clock.deadline.isoformat() if clock.deadline else None,
        "countdown_at": (clock.deadline - timedelta(seconds=_called_seconds()[1])).isoformat()
        if clock.deadline and clock.stage == Stage.CALLED
        else None,
        "version": clock.version,
    }


def turn_clock_sync(*, hand: Hand, state: HandState, kind: str = "hand") -> TableClock:
    """(Re)arm or clear the table's turn clock for ``state`` and push the change to the table's stream.
    Returns the clock as armed, which :func:`turn_clock_view` can show without reading it again.

    Should be called while holding a SELECT FOR UPDATE lock on the hand (or, for a new hand, the table)."""
    now = timezone.now()
    limit = state.game.turn_time_limit
    seat = state.to_act if state.phase in (BETTING, DRAWING) else None
    player_key = _player_key(state, seat) if seat is not None else ""
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
    held: TableClock | None = getattr(_held, "clock", None)
    # the one-statement path also serves turn_clock_expire's held row, unless its time bank is to charge
    if (held is None or held.stage != Stage.BANK) and connection.vendor == "postgresql":
        clock = _arm_and_publish(
            hand=hand, kind=kind, live=live, seat=seat, player_key=player_key, started=started, stage=stage,
            deadline=deadline, now=now,
        )  # fmt: skip
    if clock is None:  # a time bank to charge, a clock row not made yet, or the row turn_clock_expire holds
        clock = _lock_clock(hand.table_id)
        _charge_bank(clock, now)
        clock.version += 1
        clock.hand_id, clock.seq = hand.pk, hand.seq
        clock.seat, clock.player_key = seat, player_key
        clock.turn_started_at = clock.stage_started_at = started
        clock.stage, clock.deadline = stage, deadline
        clock.save()
        live_publish(
            channel=table_channel(hand.table_id), type=kind, data={**live, "clock": _clock_data(clock)}
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
    data = {**live, "clock": _clock_data(clock)}
    with connection.cursor() as cursor:
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
    from apps.tables.services import _from_row

    hand_sql, hand_skip_sql, clock_sql, hand_fields, clock_fields = _expiry_lock_sql()
    with connection.cursor() as cursor:
        cursor.execute(hand_skip_sql if skip_locked else hand_sql, [hand_id])
        hand_row = cursor.fetchone()
        if hand_row is None:
            return None
        cursor.execute(clock_sql, [table_id])
        clock_row = cursor.fetchone()
    if clock_row is None:
        raise TableClock.DoesNotExist(f"no clock row for table {table_id}")
    return _from_row(Hand, hand_fields, hand_row), _from_row(TableClock, clock_fields, clock_row)


@transaction.atomic
def _expire_locked(*, table_id: int, hand_id: int, version: int, source: str, now: datetime) -> str:
    from apps.tables.services import _set_state

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
        left = _bank_left(clock, clock.player_key, now)
        if left > 0:
            clock.stage, clock.stage_started_at = Stage.BANK, clock.deadline
            clock.deadline = clock.deadline + timedelta(seconds=left)
            clock.version += 1
            clock.save()
            live_publish(channel=table_channel(table_id), type="clock", data=_clock_data(clock))
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
    # What hand_event_record(by_clock=True) does, minus what a clock does not need (the dealer check, the
    # Idempotency-Key, re-locking the row held here, the answer for a screen): engine, append, _set_state.
    before = HandState.from_json(hand.state)
    try:
        after = before.apply(event)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    seq = hand.seq + 1
    after_json = after.to_json()
    row = HandEvent(hand=hand, seq=seq, payload=event, by_clock=True, state_after=after_json)
    _held.clock = clock
    try:
        _set_state(hand, before, after, seq, after_json=after_json, event=row)  # the append: one statement
    finally:
        _held.clock = None
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


# --- the drainer: one scheduler for every clock's deadline -------------------------------------------------

DRAIN_SECONDS = 0.95  # one drainer's watch: just under beat's period, so the next one starts as it ends
DRAIN_POLL = 0.05  # how often the earliest deadline is read: a new deadline is a turn limit (>= 1 s) away
DRAIN_LOCK = 0x466C6F6F72  # the advisory lock key ("Floor") that keeps the drainers one at a time
# clocks applied at once (each waits on PostgreSQL most of its time); settings.FLOOR_CLOCK_DRAIN_THREADS
DRAIN_THREADS = 4

_NEXT_DEADLINES = f"""
SELECT (SELECT min(deadline) FROM {TableClock._meta.db_table}
           WHERE deadline IS NOT NULL AND hand_id IS NOT NULL),
       (SELECT min(deadline) FROM {LevelClock._meta.db_table} WHERE deadline IS NOT NULL)
"""


def _db_datetime(value: Any) -> datetime | None:
    """A timestamp read by a raw query: PostgreSQL's driver gives a datetime; SQLite gives the text Django
    stored (UTC), which only the ORM would have converted."""
    if value is None or isinstance(value, datetime):
        return value
    from datetime import UTC

    from django.utils.dateparse import parse_datetime

    parsed = parse_datetime(str(value))
    if parsed is not None and timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed, UTC)
    return parsed


def _next_deadlines() -> tuple[datetime | None, datetime | None]:
    """The earliest deadline of the turn clocks and of the level clocks (index lookups, one round trip)."""
    if connection.vendor != "postgresql":  # SQLite hands timestamps back as text: let the ORM convert them
        from django.db.models import Min

        turn = TableClock.objects.filter(deadline__isnull=False, hand_id__isnull=False).aggregate(
            d=Min("deadline")
        )
        level = LevelClock.objects.filter(deadline__isnull=False).aggregate(d=Min("deadline"))
        return turn["d"], level["d"]
    with connection.cursor() as cursor:
        cursor.execute(_NEXT_DEADLINES)
        row = cursor.fetchone()
    return (_db_datetime(row[0]), _db_datetime(row[1])) if row else (None, None)


_lock_conn: tuple[int, Any] | None = None  # (pid, connection): the drainers' lock, on its own connection


def _lock_connection() -> Any:
    """A connection of this process's own for the drainers' advisory lock, outside Django's pool: a session
    lock must never travel with a pooled connection to other code, and the drainer must hold no
    transaction (its table locks would queue a TRUNCATE or a migration behind it, and everything after
    that behind them). Closing it, or the process dying, releases the lock."""
    global _lock_conn
    import os

    if _lock_conn is None or _lock_conn[0] != os.getpid() or _lock_conn[1].closed:
        import psycopg

        _lock_conn = (os.getpid(), psycopg.connect(**connection.get_connection_params(), autocommit=True))
    return _lock_conn[1]


def _drop_lock_connection() -> None:
    global _lock_conn
    if _lock_conn is not None:
        try:
            _lock_conn[1].close()
        finally:
            _lock_conn = None


def _drain_lock(wait: float) -> bool:
    """Take the drainers' advisory lock, waiting up to ``wait`` seconds for the drainer before to finish.
    Not PostgreSQL (the embedded default, one worker): no lock; a second drainer would only repeat the
    idempotent checks."""
    if connection.vendor != "postgresql":
        return True
    import time

    end = time.monotonic() + wait
    while True:
        try:
            row = _lock_connection().execute("SELECT pg_try_advisory_lock(%s)", [DRAIN_LOCK]).fetchone()
        except Exception:
            log.exception("clocks: the drainers' lock could not be taken")
            _drop_lock_connection()
            return False
        if row and row[0]:
            return True
        if time.monotonic() >= end:
            return False
        time.sleep(0.01)


def _drain_unlock() -> None:
    if connection.vendor != "postgresql":
        return
    try:
        _lock_connection().execute("SELECT pg_advisory_unlock(%s)", [DRAIN_LOCK])
    except Exception:  # closing the connection releases the lock
        _drop_lock_connection()


_pool: Any = None


def _drain_pool() -> Any:
    global _pool
    if _pool is None:
        from concurrent.futures import ThreadPoolExecutor

        threads = int(getattr(settings, "FLOOR_CLOCK_DRAIN_THREADS", DRAIN_THREADS))
        if connection.vendor != "postgresql":
            threads = 1  # the embedded SQLite takes one writer at a time anyway
        _pool = ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="clock-drain")
    return _pool


def _expire_in_thread(table_id: int, version: int, hand_id: int) -> str:
    from django.db import close_old_connections

    try:
        return turn_clock_expire(table_id=table_id, version=version, source="sweep", hand_id=hand_id)
    except Exception:  # one broken table must not stop the others' clocks
        log.exception("clocks: applying the clock of table %s failed", table_id)
        return "failed"
    finally:
        close_old_connections()  # the thread's connection goes back to the pool between clocks


def _levels_in_thread(now: datetime) -> str:
    from django.db import close_old_connections

    from apps.clocks.levelclock import level_clocks_sweep

    try:
        return f"level:{level_clocks_sweep(now=now)}"
    except Exception:
        log.exception("clocks: the level clocks' sweep failed")
        return "failed"
    finally:
        close_old_connections()


def clocks_drain(*, seconds: float = DRAIN_SECONDS, wait: float = 1.0) -> dict[str, int]:
    """Watch every clock's deadline for ``seconds`` and apply each as it comes due: turn clocks (the
    default action, or the move into the time bank), a few at once on a thread pool, and level clocks (the
    level change). One drainer at a time: a second one waits up to ``wait`` seconds for the lock (it takes
    over as the first one ends) and otherwise does nothing. Between deadlines it reads only the earliest
    ones (index lookups)."""
    import time
    from concurrent.futures import FIRST_COMPLETED, Future
    from concurrent.futures import wait as wait_for

    end = time.monotonic() + seconds
    done = {"turn": 0, "level": 0, "drained": 0}
    inflight: dict[tuple[int, int], Future[str]] = {}
    failed: set[tuple[int, int]] = set()  # not tried again in this watch (the next drainer will)

    def collect(finished: Any) -> None:
        for key in [k for k, f in inflight.items() if f in finished]:
            outcome = inflight.pop(key).result()
            done["turn"] += outcome == FIRED
            if outcome.startswith("level:"):
                done["level"] += int(outcome[6:])
            elif outcome == "failed":
                failed.add(key)

    if not _drain_lock(wait):
        return done
    done["drained"] = 1
    try:
        while True:
            collect({f for f in inflight.values() if f.done()})
            now = timezone.now()
            turn_due, level_due = _next_deadlines()
            submitted = 0
            if turn_due is not None and turn_due <= now:
                due = (
                    TableClock.objects.filter(deadline__lte=now, hand_id__isnull=False)
                    .order_by("deadline")
                    .values_list("table_id", "version", "hand_id")[:500]
                )
                for table_id, version, hand_id in due:
                    key = (table_id, version)
                    if key not in inflight and key not in failed:
                        inflight[key] = _drain_pool().submit(_expire_in_thread, table_id, version, hand_id)
                        submitted += 1
            # level changes on the pool too, each clock in its own transaction, committed (seen) at once
            if level_due is not None and level_due <= now and (0, 0) not in inflight:
                inflight[(0, 0)] = _drain_pool().submit(_levels_in_thread, now)
                submitted += 1
            left = end - time.monotonic()
            if left <= 0:
                return done
            if inflight:  # wait for one to finish (or for the next poll), then look again
                running = set(inflight.values())
                collect(wait_for(running, timeout=min(DRAIN_POLL, left), return_when=FIRST_COMPLETED).done)
                continue
            if submitted:
                continue
            soonest = min((d for d in (turn_due, level_due) if d is not None), default=None)
            if soonest is not None and soonest <= now:
                pause = 0.005  # still due but held (a dealer is entering there) or failed: look again soon
            else:
                pause = DRAIN_POLL if soonest is None else (soonest - now).total_seconds() + 0.001
            time.sleep(max(0.0, min(pause, DRAIN_POLL, left)))
    finally:
        try:
            # none left running when the lock goes (unless stuck behind a lock: they stay idempotent)
            collect(wait_for(set(inflight.values()), timeout=10).done)
        finally:
            _drain_unlock()


# --- calling the clock --------------------------------------------------------------------------------------


def clock_call(*, actor: Actor, hand_id: int, expected_seq: int) -> TableClock:
    """Call the clock on the seat to act (TDA 29): 25 s plus a 5 s countdown, then the default action."""
    with transaction.atomic():
        hand = Hand.objects.select_for_update(of=("self",)).select_related("table").filter(pk=hand_id).first()
        if hand is None:
            raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id})
        if not can_deal(actor, hand.table):
            raise PermissionRefused(
                f"{actor.describe()} may not call the clock at this table",
                code="not_dealer_of_table",
                detail={"table": hand.table_id},
            )
        if expected_seq != hand.seq:
            raise Conflict(
                f"the hand moved on: expected_seq {expected_seq} but the hand is at {hand.seq}",
                code="stale_seq",
                detail={"expected_seq": expected_seq, "current_seq": hand.seq},
            )
        state = HandState.from_json(hand.state)
        if state.to_act is None or state.phase not in (BETTING, DRAWING):
            raise Conflict(
                "nobody is to act: the clock is called on the seat to act",
                code="nobody_to_act",
                rule="TDA 29",
                detail={"phase": state.phase},
            )
        clock = _lock_clock(hand.table_id)
        if clock.stage == Stage.CALLED and clock.seq == hand.seq and clock.hand_id == hand.pk:
            raise Conflict(
                "the clock is already called on this seat",
                code="clock_already_called",
                rule="TDA 29",
                detail={
                    "seat": clock.seat,
                    "deadline": clock.deadline.isoformat() if clock.deadline else None,
                },
            )
        now = timezone.now()
        _charge_bank(clock, now)
        called = now + timedelta(seconds=sum(_called_seconds()))
        running = clock.deadline if clock.hand_id == hand.pk and clock.seq == hand.seq else None
        clock.hand_id, clock.seq, clock.seat = hand.pk, hand.seq, state.to_act
        clock.player_key = _player_key(state, state.to_act)
        clock.stage, clock.stage_started_at = Stage.CALLED, now
        clock.deadline = min(called, running) if running is not None else called
        clock.version += 1
        clock.save()
        live_publish(channel=table_channel(hand.table_id), type="clock", data=_clock_data(clock))
        return clock


# --- reads --------------------------------------------------------------------------------------------------


def turn_clock_view(
    hand: Hand, *, now: datetime | None = None, clock: TableClock | None = None
) -> dict[str, Any] | None:
    """The turn clock of ``hand`` for the hand state: deadline, stage, seconds left, the seat's time bank.
    None when no clock runs for this hand's current state. ``clock``: the row as just armed, if at hand."""
    if clock is None or clock.table_id != hand.table_id:
        clock = TableClock.objects.filter(table_id=hand.table_id).first()
    if clock is None or clock.hand_id != hand.pk or clock.seq != hand.seq or clock.seat is None:
        return None
    now = now or timezone.now()
    data = _clock_data(clock)
    data["seconds_left"] = max(0.0, (clock.deadline - now).total_seconds()) if clock.deadline else None
    bank = _bank_left(clock, clock.player_key, now) if clock.player_key else 0.0
    if clock.stage == Stage.BANK and clock.stage_started_at is not None:
        bank = max(0.0, bank - (now - clock.stage_started_at).total_seconds())
    data["time_bank_left"] = round(bank, 3)
    return data


def table_clock_for(table: Table) -> TableClock:
    TableClock.objects.bulk_create([TableClock(table=table)], ignore_conflicts=True)
    return TableClock.objects.get(table=table)
