"""Server-Sent Events streams: one per table (``/api/live/tables/<id>/``) and one per level clock, i.e. per
tournament (``/api/live/level-clocks/<id>/``); the tournament's (:mod:`apps.tournaments.views`) is served
the same way.

Under ASGI (the production server, ``make run``) the views are async and each client is fed by its
process's hub (:mod:`apps.clocks.hub`): no thread and no database connection while it waits, limits per
client address and in total (429 / 503 with ``Retry-After``), and a revoked device's stream closes
within seconds. Anonymous clients follow only what is published.

Under WSGI (``manage.py runserver``, Django's test client) the same views fall back to the synchronous
generator below, one thread per stream, which the hub replaces in production. It replays the channel's
:class:`~apps.clocks.models.LiveEvent` rows with an id above the client's ``Last-Event-ID`` header (or
``?last_event_id=``), then waits: on Redis pub/sub when Redis is configured and answers (a publish wakes
it at once), else by polling the table every second (the embedded default, or Redis down). The database
is always the truth and pub/sub only a wake-up, so nothing is lost across reconnects or outages.
Level-clock streams also send a ``tick`` (no id) every second with the clock's reading; every stream
sends a heartbeat comment, and closes after a bounded lifetime (the browser reconnects with
``Last-Event-ID``; ``retry`` asks it to wait one second).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import transaction
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase

from apps.accounts.authentication import DeviceTokenAuthentication
from apps.accounts.permissions import Actor, can_read_level_clock, can_read_table
from apps.clocks.hub import hub
from apps.clocks.hubparts import Refused, db_call
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


def _response(body: Iterator[str] | AsyncIterator[bytes]) -> StreamingHttpResponse:
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # no proxy buffering
    return response


class StreamRefusal(Exception):
    def __init__(self, response: HttpResponseBase) -> None:
        self.response = response


def stream_actor(request: HttpRequest) -> Actor:
    """The stream's follower. A revoked or unknown device token is refused (401), never read as anonymous."""
    device = None
    try:
        found = DeviceTokenAuthentication().authenticate(request)
    except Exception as exc:
        if "revoked" in str(exc):
            body = error_body("device_revoked", "this device token was revoked")
        else:
            body = error_body("not_authenticated", "log in first")
        raise StreamRefusal(JsonResponse(body, status=401)) from exc
    device = found[1] if found else None
    user = request.user if getattr(request, "user", None) and request.user.is_authenticated else None
    return Actor(user=user, device=device)


def stream_device_id(actor: Actor) -> int | None:
    return actor.device.pk if actor.device is not None else None


def _table_access(request: HttpRequest, table_id: int) -> int | None:
    """Who may follow the table: the public if it is published, its club's members and dealers."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise StreamRefusal(JsonResponse(error_body("table_not_found", f"no table {table_id}"), status=404))
    actor = stream_actor(request)
    if not can_read_table(actor, table):
        raise StreamRefusal(
            JsonResponse(error_body("not_published", "this table is not published"), status=403)
        )
    return stream_device_id(actor)


def _level_clock_access(request: HttpRequest, clock_id: int) -> int | None:
    """The REST endpoint's rule (``can_read_level_clock``): a published tournament's clock is public."""
    clock = LevelClock.objects.filter(pk=clock_id).first()
    if clock is None:
        raise StreamRefusal(
            JsonResponse(error_body("level_clock_not_found", f"no level clock {clock_id}"), status=404)
        )
    actor = stream_actor(request)
    if not can_read_level_clock(actor, clock):
        raise StreamRefusal(
            JsonResponse(
                error_body("not_published", "this level clock's tournament is not published"), status=403
            )
        )
    return stream_device_id(actor)


def _level_clock_tick(clock_id: int) -> Callable[[], dict[str, Any]]:
    def tick() -> dict[str, Any]:
        from apps.clocks.levelclock import level_clock_view

        clock = LevelClock.objects.get(pk=clock_id)
        view = level_clock_view(clock)
        return {k: view[k] for k in ("level", "remaining", "running", "paused", "hand_for_hand", "now")}

    return tick


def _refused(refusal: Refused) -> JsonResponse:
    response = JsonResponse(
        error_body(refusal.code, refusal.message, detail=refusal.detail), status=refusal.status
    )
    response["Retry-After"] = str(refusal.retry_after)
    return response


def _checked(check: Callable[[HttpRequest], int | None], request: HttpRequest) -> tuple[Any, int | None]:
    try:
        return None, check(request)
    except StreamRefusal as refusal:
        return refusal.response, None


async def serve(
    request: HttpRequest,
    *,
    channel: str,
    check: Callable[[HttpRequest], int | None],
    tick: Callable[[], dict[str, Any]] | None = None,
) -> HttpResponseBase:
    """Check who follows ``channel`` (``check`` raises the refusal, returns the device's id), then stream
    it: through the process's hub under ASGI, or the synchronous generator under WSGI."""
    after = _last_event_id(request)
    if not isinstance(request, ASGIRequest):
        refusal, _ = await sync_to_async(_checked, thread_sensitive=True)(check, request)
        return refusal or _response(stream(channel, after, lifetime=_lifetime(), tick=tick))
    the_hub = hub()
    address = request.META.get("REMOTE_ADDR") or "unknown"
    try:
        the_hub.admit(address)  # before any database work: a flood costs no query
        refusal, device_id = await db_call(_checked, check, request)
        if refusal is not None:
            return refusal
        sub = await the_hub.join(
            name=channel, after=after, address=address, device_id=device_id, lifetime=_lifetime()
        )
    except Refused as refused:
        return _refused(refused)
    return _response(the_hub.follow(sub, retry_ms=int(POLL_SECONDS * 1000)))


@transaction.non_atomic_requests
async def table_stream(request: HttpRequest, table_id: int) -> HttpResponseBase:
    return await serve(request, channel=table_channel(table_id), check=lambda r: _table_access(r, table_id))


@transaction.non_atomic_requests
async def level_clock_stream(request: HttpRequest, clock_id: int) -> HttpResponseBase:
    return await serve(
        request,
        channel=levelclock_channel(clock_id),
        check=lambda r: _level_clock_access(r, clock_id),
        tick=_level_clock_tick(clock_id),
    )
