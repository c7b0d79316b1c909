"""Live pushes: an append-only event log per channel in PostgreSQL, and a Redis pub/sub wake-up.

:func:`live_publish` appends a :class:`~apps.clocks.models.LiveEvent` in the caller's transaction (so the
event exists exactly when the change it reports does) and, on commit, publishes the channel's new last id
on Redis pub/sub as a wake-up. Redis is best effort: an outage never fails the request (the streams fall
back to polling the table every second), and with no ``REDIS_URL`` (the embedded default) nothing is
published at all. The SSE view replays rows with an id above ``Last-Event-ID``, so a client that
reconnects loses nothing.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from apps.clocks.models import LiveChannel, LiveEvent

log = logging.getLogger(__name__)
PUBSUB_PREFIX = "floor:live:"
REDIS_TIMEOUT = 0.25  # seconds: a dealer's request never waits longer than this on Redis

_clients: dict[str, Any] = {}


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

        client = redis.Redis.from_url(
            url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT, retry_on_timeout=False
        )
        _clients[url] = client
    return client


def _wake(channel: str, event_id: int) -> None:
    client = redis_client()
    if client is None:
        return
    try:
        client.publish(PUBSUB_PREFIX + channel, str(event_id))
    except Exception as exc:  # Redis down: the streams poll the table instead
        log.warning("live: could not publish to Redis (%s); streams fall back to polling", exc)


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
    live_wake_on_commit(channel, last_id)
    return last_id


def live_wake_on_commit(channel: str, event_id: int) -> None:
    """After commit: the Redis wake-up for ``channel``'s new last event (for an event appended in SQL)."""
    transaction.on_commit(lambda: _wake(channel, event_id))


def live_events_after(channel: str, after: int, *, limit: int = 500) -> list[LiveEvent]:
    """The events of ``channel`` with an id above ``after``, oldest first."""
    return list(LiveEvent.objects.filter(channel_id=channel, event_id__gt=after).order_by("event_id")[:limit])
