"""The live hub's parts (:mod:`apps.clocks.hub`): its limits, the small database thread pool every read of
the hub goes through (:func:`db_call`), the SSE text of an event, a follower's bounded queue, a channel's
recent events, the reads the hub makes, and the refusal of a stream over the limits."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.conf import settings

T = TypeVar("T")

BUFFER = 256  # recent events kept per channel: a client resuming within them reads no database
QUEUE = 1000  # a client this far behind is closed (it reconnects with Last-Event-ID and loses nothing)
POLL_SECONDS = 1.0  # the channel table poll while Redis is not known good
SAFETY_POLL = 5.0  # ... and while it is
HEARTBEAT_SECONDS = 15.0
TICK_BATCH = 50  # level-clock ticks woken at once
TICK_PAUSE = 0.003
DEVICE_CHECK_SECONDS = 2.0
REDIS_TIMEOUT = 1.0
REDIS_PING_SECONDS = 2.0
REDIS_STALE_SECONDS = 4.5  # no pong for this long: Redis is hung, poll the database instead

_executor: ThreadPoolExecutor | None = None


def _db_executor() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        threads = int(getattr(settings, "FLOOR_LIVE_DB_THREADS", 4))
        _executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="floor-live-db")
    return _executor


def _closing(fn: Callable[..., T], *args: Any) -> T:
    from django.db import connections

    try:
        return fn(*args)
    finally:
        connections.close_all()


async def db_call(fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn`` on the live streams' small thread pool, then give its database connection back (closed,
    or returned to the connection pool): a stream holds no connection while it waits, and the thread pool
    bounds how many the streams use at once."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_db_executor(), _closing, fn, *args)


def sse_text(event_id: int | None, type: str, data: Any) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    body = json.dumps(data, separators=(",", ":"), default=str)
    return f"{head}event: {type}\ndata: {body}\n\n".encode()


HEARTBEAT = b": heartbeat\n\n"


@dataclass(eq=False)
class Subscriber:
    channel: str
    after: int
    address: str
    device_id: int | None
    ends_at: float
    queue: asyncio.Queue[tuple[int | None, bytes] | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=QUEUE)
    )
    last_sent: float = field(default_factory=time.monotonic)
    created: float = field(default_factory=time.monotonic)
    started: bool = False  # its response began: from then on the stream's own ``finally`` forgets it
    closed: bool = False
    forgotten: bool = False

    def put(self, item: tuple[int | None, bytes] | None) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:  # too slow a reader: close it, it resumes from its last id
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    self.queue.get_nowait()
            self.queue.put_nowait(None)


@dataclass(eq=False)
class Channel:
    name: str
    last_id: int
    events: deque[tuple[int, bytes]] = field(default_factory=lambda: deque(maxlen=BUFFER))
    subscribers: set[Subscriber] = field(default_factory=set)
    clock: Any = None  # a level clock channel's LevelClock row, for the ticks
    clock_read_at: float = 0.0


def events_after_text(channel: str, after: int) -> list[tuple[int, bytes]]:
    from apps.clocks.live import live_events_after

    return [(e.event_id, sse_text(e.event_id, e.type, e.data)) for e in live_events_after(channel, after)]


def channels_last_ids(names: list[str]) -> dict[str, int]:
    from apps.clocks.models import LiveChannel

    return dict(LiveChannel.objects.filter(name__in=names).values_list("name", "last_id"))


def devices_revoked(device_ids: list[int]) -> set[int]:
    from apps.accounts.models import DeviceToken

    return set(
        DeviceToken.objects.filter(pk__in=device_ids, revoked_at__isnull=False).values_list("pk", flat=True)
    )


def level_clock_read(clock_id: int) -> Any:
    from apps.clocks.models import LevelClock

    return LevelClock.objects.filter(pk=clock_id).first()


def tick_text(clock: Any) -> bytes:
    from apps.clocks.levelclock import level_clock_view

    view = level_clock_view(clock)
    return sse_text(
        None,
        "tick",
        {k: view[k] for k in ("level", "remaining", "running", "paused", "hand_for_hand", "now")},
    )


class Refused(Exception):
    """Too many streams: ``status`` 429 (this client address) or 503 (this process)."""

    def __init__(self, status: int, code: str, message: str, retry_after: int, detail: dict[str, int]):
        super().__init__(message)
        self.status, self.code, self.message, self.retry_after, self.detail = (
            status,
            code,
            message,
            retry_after,
            detail,
        )
