"""The drainer: one scheduler for every clock's deadline (see :mod:`apps.clocks.services`). The beat task
runs :func:`clocks_drain` every second; one drainer at a time holds a PostgreSQL advisory lock, watches the
earliest deadlines (index lookups) and applies each turn clock and level clock as it comes due, a few at once
on a thread pool. Each application is the one idempotent service (``turn_clock_expire``,
``level_clocks_sweep``): a drainer that dies, or a second one, never acts twice.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone

from apps.clocks.models import LevelClock, TableClock
from apps.clocks.services import FIRED, turn_clock_expire

log = logging.getLogger(__name__)

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


def drain_lock_connection_drop() -> None:
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
            drain_lock_connection_drop()
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
        drain_lock_connection_drop()


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
