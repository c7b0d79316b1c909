"""Live pushes: an append-only event log per channel in PostgreSQL, and a Redis pub/sub wake-up.

:func:`live_publish` appends a :class:`~apps.clocks.models.LiveEvent` in the caller's transaction (so the
event exists exactly when the change it reports does) and, on commit, publishes the event itself on Redis
pub/sub, so each web process's stream hub (:mod:`apps.clocks.hub`) fans it out without reading the
database. Redis is best effort: a publish waits at most ``REDIS_TIMEOUT`` and never fails the request, and
after a failure publishing is skipped for ``REDIS_BACKOFF`` seconds (a hung Redis costs one dealer request a
quarter of a second, not every request); the hubs then find the event by polling the channel table. With no
``REDIS_URL`` (the embedded default) nothing is published at all. A stream replays rows with an id above
``Last-Event-ID``, so a client that reconnects loses nothing.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from apps.clocks.models import LiveChannel, LiveEvent

log = logging.getLogger(__name__)
PUBSUB_PREFIX = "floor:live:"
REDIS_TIMEOUT = 0.25  # seconds: a dealer's request never waits longer than this on Redis
REDIS_BACKOFF = 5.0  # seconds without publishing after a failure

_clients: dict[str, Any] = {}
_down_until = 0.0


def table_channel(table_id: int) -> str:
    return f"table:{table_id}"


def levelclock_channel(clock_id: int) -> str:
    return f"levelclock:{clock_id}"


def redis_client() -> Any | None:
    """A Redis client with short timeouts, or None when no ``REDIS_URL`` is configured."""
    url = getattr(settings, "REDIS_URL", None)
    if not url:
        return None
    client = _clients.get(url)
    if client is None:
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        # No retries: redis-py's default retries a timed-out call three times, four timeouts in all.
        client = redis.Redis.from_url(
            url,
            socket_connect_timeout=REDIS_TIMEOUT,
            socket_timeout=REDIS_TIMEOUT,
            retry=Retry(NoBackoff(), 0),
        )
        _clients[url] = client
    return client


def redis_backing_off() -> bool:
    """True for a few seconds after a Redis call on a request path failed: skip Redis meanwhile."""
    return time.monotonic() < _down_until


def redis_failed(exc: BaseException, what: str) -> None:
    global _down_until
    _down_until = time.monotonic() + REDIS_BACKOFF
    log.warning("live: %s failed (%s); skipping Redis for %.0f s", what, exc, REDIS_BACKOFF)


def _wake(channel: str, message: str) -> None:
    client = redis_client()
    if client is None or redis_backing_off():
        return
    try:
        client.publish(PUBSUB_PREFIX + channel, message)
    except Exception as exc:  # Redis down or hung: the hubs poll the channel table instead
        redis_failed(exc, "publishing a live event")


def live_publish(*, channel: str, type: str, data: dict[str, Any]) -> int:
    """Append an event to ``channel`` (in the current transaction) and wake its streams after commit.
    Returns the event's id. Numbering the event takes the channel row's lock until commit, so ids are
    given in commit order and a stream that has read id n never later finds an id below n."""
    channels, events = LiveChannel._meta.db_table, LiveEvent._meta.db_table
    bump = (
        f"INSERT INTO {channels} (name, last_id) VALUES (%s, 1) "
        f"ON CONFLICT (name) DO UPDATE SET last_id = {channels}.last_id + 1 RETURNING last_id"
    )
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        if connection.vendor == "postgresql":  # one round trip
            cursor.execute(
                f"WITH c AS ({bump}) INSERT INTO {events} (channel_id, event_id, type, data, created_at) "
                "SELECT %s, c.last_id, %s, %s::jsonb, %s FROM c RETURNING event_id",
                [channel, channel, type, json.dumps(data, default=str), timezone.now()],
            )
            last_id = int(cursor.fetchone()[0])
        else:  # SQLite (the embedded default) >= 3.35 speaks ON CONFLICT ... RETURNING
            cursor.execute(bump, [channel])
            last_id = int(cursor.fetchone()[0])
            LiveEvent.objects.create(channel_id=channel, event_id=last_id, type=type, data=data)
    message = json.dumps({"id": last_id, "type": type, "data": data}, separators=(",", ":"), default=str)
    transaction.on_commit(lambda: _wake(channel, message))
    return last_id


def live_wake_on_commit(channel: str, event_id: int) -> None:
    """After commit: the Redis wake-up for ``channel``'s new last event (for an event appended in SQL). It
    carries only the id: the hubs read the event from the database."""
    transaction.on_commit(lambda: _wake(channel, str(event_id)))


def live_events_after(channel: str, after: int, *, limit: int = 500) -> list[LiveEvent]:
    """The events of ``channel`` with an id above ``after``, oldest first."""
    return list(LiveEvent.objects.filter(channel_id=channel, event_id__gt=after).order_by("event_id")[:limit])
