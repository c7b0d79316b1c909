"""The live streams' fan-out in one web process (under ASGI): one Redis subscription, every client fed.

A :class:`Hub` lives in the process's event loop. It holds, per channel that someone follows, the recent
events already formatted as SSE text, and each client's bounded queue. Events arrive

- from Redis pub/sub (one ``PSUBSCRIBE floor:live:*`` connection per process, ``redis.asyncio``): the
  message carries the event itself, so fanning it out reads nothing from the database;
- from the channel table, polled once a second while Redis is absent, hung or down (one query per process,
  whatever the number of clients), and every ``SAFETY_POLL`` seconds while it is up, so a publish lost in
  a Redis hiccup still arrives.

Ids are contiguous per channel (:func:`apps.clocks.live.live_publish`): when a message skips ids the hub
reads the missing events from the database once for every client. A client costs a queue and a socket:
no thread, no database connection while it waits. The database is touched only through
:func:`db_call` (a small thread pool that gives its connection back after each call), for the catch-up
read on connect, the polls and the level clocks' rows.

The hub also sends the level clocks' ``tick`` (computed once per clock per second), heartbeats, closes a
stream at the end of its lifetime, and closes the streams of a device as soon as it is revoked. It
counts streams per client address and in total, for the limits (:func:`Hub.admit`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import weakref
from collections.abc import AsyncIterator

from django.conf import settings

from apps.clocks.hubparts import (
    DEVICE_CHECK_SECONDS,
    HEARTBEAT,
    HEARTBEAT_SECONDS,
    POLL_SECONDS,
    REDIS_PING_SECONDS,
    REDIS_STALE_SECONDS,
    REDIS_TIMEOUT,
    SAFETY_POLL,
    TICK_BATCH,
    TICK_PAUSE,
    Channel,
    Refused,
    Subscriber,
    channels_last_ids,
    db_call,
    devices_revoked,
    events_after_text,
    level_clock_read,
    sse_text,
    tick_text,
)

log = logging.getLogger(__name__)


class Hub:
    def __init__(self) -> None:
        self.channels: dict[str, Channel] = {}
        self.per_address: dict[str, int] = {}
        self.total = 0
        self.redis_good_at = 0.0  # the last pong
        self.redis_url: str | None = getattr(settings, "REDIS_URL", None) or None
        self.tasks: list[asyncio.Task[None]] = []
        self.poll_wakeup = asyncio.Event()

    # --- limits ------------------------------------------------------------------------------------------
    def admit(self, address: str) -> None:
        per_address = int(getattr(settings, "FLOOR_STREAMS_PER_ADDRESS", 20))
        total = int(getattr(settings, "FLOOR_STREAMS_MAX", 3000))
        if total and self.total >= total:
            raise Refused(
                503,
                "streams_full",
                "this server follows as many live streams as it can; try again shortly",
                10,
                {"limit": total},
            )
        if per_address and self.per_address.get(address, 0) >= per_address:
            raise Refused(
                429,
                "too_many_streams",
                f"this address already follows {per_address} live streams",
                5,
                {"limit": per_address},
            )

    # --- background tasks --------------------------------------------------------------------------------
    def _start(self) -> None:
        if self.tasks:
            return
        self.tasks = [asyncio.create_task(self._poll_loop()), asyncio.create_task(self._housekeeping())]
        if self.redis_url:
            self.tasks.append(asyncio.create_task(self._redis_loop()))

    def redis_good(self) -> bool:
        return bool(self.redis_url) and time.monotonic() - self.redis_good_at < REDIS_STALE_SECONDS

    async def _redis_loop(self) -> None:
        import redis.asyncio as aioredis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        from apps.clocks.live import PUBSUB_PREFIX

        assert self.redis_url
        while True:
            client = aioredis.Redis.from_url(
                self.redis_url,
                socket_connect_timeout=REDIS_TIMEOUT,
                socket_timeout=None,
                retry=Retry(NoBackoff(), 0),
            )
            pubsub = client.pubsub()
            try:
                await asyncio.wait_for(pubsub.psubscribe(PUBSUB_PREFIX + "*"), REDIS_TIMEOUT)
                self.redis_good_at = time.monotonic()
                self.poll_wakeup.set()  # read what was published while we were away
                next_ping = time.monotonic() + REDIS_PING_SECONDS
                while True:
                    if time.monotonic() >= next_ping:
                        await asyncio.wait_for(pubsub.ping(), REDIS_TIMEOUT)
                        next_ping = time.monotonic() + REDIS_PING_SECONDS
                    message = await pubsub.get_message(timeout=0.5)
                    if message is None:
                        if not self.redis_good():
                            raise TimeoutError("no answer from Redis")
                        continue
                    kind = message.get("type")
                    if kind == "pong":
                        self.redis_good_at = time.monotonic()
                    elif kind == "pmessage":
                        self.redis_good_at = time.monotonic()
                        name = message["channel"].decode()[len(PUBSUB_PREFIX) :]
                        if name in self.channels:
                            try:
                                await self._message(name, message["data"])
                            except Exception as exc:  # the database, not Redis: the poll catches up
                                log.warning("live hub: could not read the events of %s (%s)", name, exc)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.redis_good_at:
                    log.warning("live hub: Redis pub/sub lost (%s); polling the database meanwhile", exc)
                self.redis_good_at = 0.0
                self.poll_wakeup.set()
                await asyncio.sleep(1.0)
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(pubsub.aclose(), 0.5)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(client.aclose(), 0.5)

    async def _message(self, name: str, raw: bytes) -> None:
        channel = self.channels.get(name)
        if channel is None:
            return
        try:
            payload = json.loads(raw)
        except ValueError:
            return
        if isinstance(payload, dict):
            event_id = int(payload["id"])
            if event_id == channel.last_id + 1:
                self._deliver(channel, [(event_id, sse_text(event_id, payload["type"], payload["data"]))])
                return
        else:
            event_id = int(payload)
        if event_id > channel.last_id:  # ids skipped (or an id-only wake-up): read them once for all
            await self._catch_up(channel)

    async def _catch_up(self, channel: Channel) -> None:
        while True:
            events = await db_call(events_after_text, channel.name, channel.last_id)
            if self.channels.get(channel.name) is not channel:
                return
            events = [e for e in events if e[0] > channel.last_id]
            if not events:
                return
            self._deliver(channel, events)
            if len(events) < 500:
                return

    def _deliver(self, channel: Channel, events: list[tuple[int, bytes]]) -> None:
        for event_id, text in events:
            if event_id <= channel.last_id:
                continue
            channel.last_id = event_id
            channel.events.append((event_id, text))
            for sub in list(channel.subscribers):
                if event_id > sub.after:
                    sub.put((event_id, text))
        if channel.clock is not None:
            channel.clock_read_at = 0.0  # a level clock event: read the row again for the ticks

    async def _poll_loop(self) -> None:
        while True:
            interval = SAFETY_POLL if self.redis_good() else POLL_SECONDS
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.poll_wakeup.wait(), interval)
            self.poll_wakeup.clear()
            if not self.channels:
                continue
            try:
                last = await db_call(channels_last_ids, list(self.channels))
                for name, last_id in last.items():
                    channel = self.channels.get(name)
                    if channel is not None and last_id > channel.last_id:
                        await self._catch_up(channel)
            except Exception as exc:
                log.warning("live hub: polling the channels failed (%s)", exc)

    async def _housekeeping(self) -> None:
        """Once a second: ticks, heartbeats, lifetimes; revoked devices every few seconds."""
        next_device_check = 0.0
        while True:
            await asyncio.sleep(1.0 - (time.time() % 1.0) + 0.01)
            now = time.monotonic()
            try:
                await self._ticks(now)
                for channel in list(self.channels.values()):
                    for sub in list(channel.subscribers):
                        if not sub.started and now - sub.created > 10.0:
                            self._forget(sub)  # its client left before the response began
                        elif now >= sub.ends_at:
                            sub.close()
                        elif now - sub.last_sent >= HEARTBEAT_SECONDS:
                            sub.put((None, HEARTBEAT))
                if now >= next_device_check:
                    next_device_check = now + DEVICE_CHECK_SECONDS
                    await self._close_revoked()
            except Exception as exc:
                log.warning("live hub: housekeeping failed (%s)", exc)

    async def _ticks(self, now: float) -> None:
        for channel in list(self.channels.values()):
            if not channel.name.startswith("levelclock:") or not channel.subscribers:
                continue
            if channel.clock is None or now - channel.clock_read_at > 10.0:
                clock = await db_call(level_clock_read, int(channel.name.split(":", 1)[1]))
                channel.clock, channel.clock_read_at = clock, now
            if channel.clock is None:
                continue
            text = tick_text(channel.clock)
            # in small batches with a pause between them: thousands of clients woken at once would hold
            # the event loop, and a dealer's request waiting on it, for the whole burst
            for n, sub in enumerate(list(channel.subscribers), start=1):
                sub.put((None, text))
                if n % TICK_BATCH == 0:
                    await asyncio.sleep(TICK_PAUSE)

    async def _close_revoked(self) -> None:
        devices = {
            sub.device_id
            for channel in self.channels.values()
            for sub in channel.subscribers
            if sub.device_id is not None
        }
        if not devices:
            return
        revoked = await db_call(devices_revoked, sorted(devices))
        for channel in list(self.channels.values()):
            for sub in list(channel.subscribers):
                if sub.device_id in revoked:
                    sub.put((None, sse_text(None, "revoked", {"code": "device_revoked"})))
                    sub.close()

    # --- one client ----------------------------------------------------------------------------------------
    async def join(
        self, *, name: str, after: int, address: str, device_id: int | None, lifetime: float
    ) -> Subscriber:
        self._start()
        self.admit(address)
        sub = Subscriber(
            channel=name,
            after=after,
            address=address,
            device_id=device_id,
            ends_at=time.monotonic() + lifetime,
        )
        self.per_address[address] = self.per_address.get(address, 0) + 1
        self.total += 1
        try:
            channel = self.channels.get(name)
            if channel is None:
                last = (await db_call(channels_last_ids, [name])).get(name, 0)
                channel = self.channels.get(name)  # another client may have opened it meanwhile
                if channel is None:
                    channel = self.channels[name] = Channel(name=name, last_id=last)
            channel.subscribers.add(sub)
        except BaseException:
            self._forget(sub)
            raise
        return sub

    def _forget(self, sub: Subscriber) -> None:
        if sub.forgotten:
            return
        sub.forgotten = sub.closed = True
        self.total -= 1
        left = self.per_address.get(sub.address, 1) - 1
        if left > 0:
            self.per_address[sub.address] = left
        else:
            self.per_address.pop(sub.address, None)
        channel = self.channels.get(sub.channel)
        if channel is not None:
            channel.subscribers.discard(sub)
            if not channel.subscribers:
                del self.channels[sub.channel]

    async def follow(self, sub: Subscriber, *, retry_ms: int) -> AsyncIterator[bytes]:
        """The SSE bytes for one client: what it missed, then what arrives, until closed."""
        sub.started = True
        try:
            yield f"retry: {retry_ms}\n\n".encode()
            channel = self.channels.get(sub.channel)
            if sub.forgotten or channel is None:
                return  # dropped before it began: the client reconnects with its Last-Event-ID
            buffered = [e for e in channel.events if e[0] > sub.after]
            if sub.after >= channel.last_id:
                pass  # up to date: what comes next arrives through the queue
            elif buffered and buffered[0][0] == sub.after + 1:
                sub.after = buffered[-1][0]  # resuming within the recent events: no database
                sub.last_sent = time.monotonic()
                yield b"".join(text for _, text in buffered)
            else:
                while True:
                    backlog = await db_call(events_after_text, sub.channel, sub.after)
                    backlog = [e for e in backlog if e[0] > sub.after]
                    if not backlog:
                        break
                    sub.after = backlog[-1][0]
                    sub.last_sent = time.monotonic()
                    yield b"".join(text for _, text in backlog)
                    if len(backlog) < 500:
                        break
            while True:
                item = await sub.queue.get()
                if item is None:
                    return
                event_id, text = item
                if event_id is not None:
                    if event_id <= sub.after:
                        continue
                    sub.after = event_id
                sub.last_sent = time.monotonic()
                yield text
        finally:
            self._forget(sub)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This event loop's hub (one per web process under uvicorn)."""
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        found = _hubs[loop] = Hub()
    return found
