"""Celery tasks of the clocks: thin wrappers around the idempotent services.

``clocks_sweep`` runs from beat every second (see ``CELERY_BEAT_SCHEDULE``): it is the drainer
(:func:`apps.clocks.drain.clocks_drain`), which watches the clock rows' deadlines for about a second and
applies each as it comes due, so neither a dealer's entry nor a level clock's change queues anything. The
countdown tasks are no longer queued; they stay for messages queued before an upgrade. Retried or
duplicated tasks are harmless: the services re-check under the row lock.
"""

from __future__ import annotations

import logging
from datetime import datetime

from celery import shared_task

log = logging.getLogger(__name__)


def enqueue(kind: str, pk: int, version: int, deadline: datetime) -> None:
    """Queue the countdown for a deadline. Best effort: if the broker is unreachable the deadline is still
    in the database and the sweep applies it; a dealer's request never fails because of the broker. The
    broker's socket timeouts (settings) bound the wait; after a failure Redis is skipped for a few seconds
    (:func:`apps.clocks.live.redis_backing_off`), so a hung Redis costs one request, not every one."""
    from django.conf import settings

    from apps.clocks.live import redis_backing_off, redis_failed

    redis_broker = not settings.CELERY_BROKER_EMBEDDED
    if redis_broker and redis_backing_off():
        return
    task = turn_clock_countdown if kind == "turn" else level_clock_countdown
    try:
        task.apply_async((pk, version), eta=deadline, retry=False)
    except Exception as exc:
        log.warning(
            "clocks: could not queue the %s countdown for %s (%s); the sweep will apply it", kind, pk, exc
        )
        if redis_broker:
            redis_failed(exc, "queueing a countdown")


@shared_task(ignore_result=True)
def turn_clock_countdown(table_id: int, version: int) -> str:
    from apps.clocks.models import TableClock
    from apps.clocks.services import EARLY, turn_clock_expire

    outcome = turn_clock_expire(table_id=table_id, version=version, source="countdown")
    if outcome == EARLY:  # the broker delivered before the deadline: wait for it again
        deadline = TableClock.objects.filter(table_id=table_id, version=version).values_list(
            "deadline", flat=True
        )
        if deadline and deadline[0] is not None:
            enqueue("turn", table_id, version, deadline[0])
    return outcome


@shared_task(ignore_result=True)
def level_clock_countdown(clock_id: int, version: int) -> bool:
    from apps.clocks.levelclock import level_clock_tick

    return level_clock_tick(clock_id=clock_id, version=version)


@shared_task(ignore_result=True)
def clocks_sweep() -> dict[str, int]:
    """Drain the clocks for about a second: every turn clock and level change as it comes due; first the
    worker's heartbeat (/healthz: a worker that takes no task from the broker is not alive for the clocks)."""
    import os
    import socket

    from apps.clocks.drain import clocks_drain
    from apps.core.heartbeat import WORKER, heartbeat_record

    heartbeat_record(part=WORKER, detail=f"{socket.gethostname()} pid {os.getpid()}")
    return clocks_drain()
