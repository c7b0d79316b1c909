"""Server-Sent Events streams: one per table (``/api/live/tables/<id>/``) and one per level clock, i.e. per
tournament (``/api/live/level-clocks/<id>/``).

Each stream replays the channel's :class:`~apps.clocks.models.LiveEvent` rows with an id above the
client's ``Last-Event-ID`` header (or ``?last_event_id=``), then waits: on Redis pub/sub when Redis is
configured and answers (a publish wakes it at once), else by polling the table every second (the embedded
default, or Redis down). The database is always the truth and pub/sub only a wake-up, so nothing is lost
across reconnects or outages. Level-clock streams also send a ``tick`` (no id) every second with the
clock's reading; every stream sends a heartbeat comment, and closes after a bounded lifetime (the browser
reconnects with ``Last-Event-ID``; ``retry`` asks it to wait one second).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase

from apps.accounts.authentication import DeviceTokenAuthentication
from apps.accounts.permissions import Actor, can_read_level_clock, can_read_table
from apps.clocks.live import PUBSUB_PREFIX, levelclock_channel, live_events_after, redis_client, table_channel
from apps.clocks.models import LevelClock
from apps.core.errors import error_body
from apps.tables.models import Table

POLL_SECONDS = 1.0
HEARTBEAT_SECONDS = 15.0


def _lifetime() -> float:
    return float(getattr(settings, "FLOOR_SSE_LIFETIME", 300))


def _format(event_id: int | None, type: str, data: Any) -> str:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {type}\ndata: {json.dumps(data, separators=(',', ':'), default=str)}\n\n"


def _last_event_id(request: HttpRequest) -> int:
    raw = request.headers.get("Last-Event-ID") or request.GET.get("last_event_id") or "0"
    try:
        return max(0, int(raw))
    except ValueError:
        return 0


def _subscribe(channel: str) -> Any | None:
    client = redis_client()
    if client is None:
        return None
    try:
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        pubsub.subscribe(PUBSUB_PREFIX + channel)
        return pubsub
    except Exception:  # Redis down: poll instead
        return None


def _wait(pubsub: Any | None, seconds: float) -> Any | None:
    """Sleep up to ``seconds``, returning early on a pub/sub wake-up. Drops pub/sub if Redis fails."""
    if pubsub is not None:
        try:
            pubsub.get_message(timeout=seconds)
            return pubsub
        except Exception:
            with contextlib.suppress(Exception):
                pubsub.close()
            return None
    time.sleep(seconds)
    return None


def stream(
    channel: str, after: int, *, lifetime: float, tick: Callable[[], dict[str, Any]] | None = None
) -> Iterator[str]:
    """The SSE text of ``channel`` from the event after ``after``, for ``lifetime`` seconds."""
    yield f"retry: {int(POLL_SECONDS * 1000)}\n\n"
    pubsub = _subscribe(channel)
    end = time.monotonic() + lifetime
    last_write = last_tick = 0.0
    try:
        while True:
            for event in live_events_after(channel, after):
                after = event.event_id
                last_write = time.monotonic()
                yield _format(event.event_id, event.type, event.data)
            now = time.monotonic()
            if tick is not None and now - last_tick >= POLL_SECONDS:
                last_tick = last_write = now
                yield _format(None, "tick", tick())
            elif now - last_write >= HEARTBEAT_SECONDS:
                last_write = now
                yield ": heartbeat\n\n"
            if now >= end:
                return
            pubsub = _wait(pubsub, min(POLL_SECONDS, max(0.0, end - now)))
            if pubsub is None and redis_client() is not None and int(now) % 10 == 0:
                pubsub = _subscribe(channel)  # Redis may be back
    finally:
        if pubsub is not None:
            with contextlib.suppress(Exception):
                pubsub.close()


def _response(body: Iterator[str]) -> StreamingHttpResponse:
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # no proxy buffering
    return response


def _actor(request: HttpRequest) -> Actor:
    device = None
    try:
        found = DeviceTokenAuthentication().authenticate(request)
        device = found[1] if found else None
    except Exception:
        device = None
    user = request.user if getattr(request, "user", None) and request.user.is_authenticated else None
    return Actor(user=user, device=device)


@transaction.non_atomic_requests
def table_stream(request: HttpRequest, table_id: int) -> HttpResponseBase:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return JsonResponse(error_body("table_not_found", f"no table {table_id}"), status=404)
    if not can_read_table(_actor(request), table):
        return JsonResponse(error_body("not_published", "this table is not published"), status=403)
    return _response(stream(table_channel(table.pk), _last_event_id(request), lifetime=_lifetime()))


@transaction.non_atomic_requests
def level_clock_stream(request: HttpRequest, clock_id: int) -> HttpResponseBase:
    # A published tournament's clock is shown on public screens: anyone may follow it.
    found = LevelClock.objects.filter(pk=clock_id).first()
    if found is None:
        return JsonResponse(error_body("level_clock_not_found", f"no level clock {clock_id}"), status=404)
    if not can_read_level_clock(_actor(request), found):
        return JsonResponse(
            error_body("not_published", "this level clock's tournament is not published"), status=403
        )

    def tick() -> dict[str, Any]:
        from apps.clocks.levelclock import level_clock_view

        clock = LevelClock.objects.get(pk=clock_id)
        view = level_clock_view(clock)
        return {k: view[k] for k in ("level", "remaining", "running", "paused", "hand_for_hand", "now")}

    return _response(
        stream(levelclock_channel(clock_id), _last_event_id(request), lifetime=_lifetime(), tick=tick)
    )
