"""The production server (docker-compose's ``web`` command, run locally) with its live streams: open
streams cost a dealer nothing, a hung Redis costs a dealer at most a moment, a dead worker shows in
/healthz and every armed clock fires once when it is back, revoked devices and anonymous followers of
unpublished things are shut out, the stream limits answer 429 / 503, and two web processes share pushes.
"""

from __future__ import annotations

import os
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from apps.accounts.models import DeviceToken
from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue, device_revoke
from apps.clocks import levelclock
from apps.engine.games import five_card_draw
from apps.engine.hand import HandState
from apps.tables.models import Hand
from tests.clocks.conftest import CeleryStack, RedisServer, wait_until
from tests.clocks.helpers import assert_fired_once_each, clock_events, start
from tests.clocks.server import FloorServer, StreamCrowd, request
from tests.factories import ClubFactory, SeatFactory, TableFactory, TournamentFactory, director_of

# One xdist worker runs the whole module (make test's `--dist loadgroup`): the production server is a
# module fixture, started once rather than once per worker.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("serving")]


def _test_database_url() -> str:
    from django.conf import settings

    name = settings.DATABASES["default"]["NAME"]
    return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}"))


def _server(redis: RedisServer | None, **extra: str) -> FloorServer:
    folder = Path(tempfile.mkdtemp(prefix="floor-web-"))
    return FloorServer(
        database_url=_test_database_url(), redis_url=redis.url if redis else None, folder=folder, **extra
    )


@pytest.fixture(scope="module")
def web(django_db_setup: None, clock_redis: RedisServer) -> Iterator[FloorServer]:
    server = _server(clock_redis, FLOOR_STREAMS_PER_ADDRESS="0").start()
    yield server
    server.stop()


@pytest.fixture
def live(web: FloorServer, clock_redis: RedisServer, settings: Any, transactional_db: None) -> FloorServer:
    """The server, its Redis running, this test's pushes going there too."""
    settings.REDIS_URL = clock_redis.url
    if clock_redis.proc is None:
        clock_redis.start()
    return web


def _tables(
    n: int, *, turn_time_limit: int | None = None, published: bool = True
) -> tuple[Any, Actor, list[Any], str]:
    """``n`` tables of one club, each with a hand started; a device token assigned to all of them."""
    club = ClubFactory()
    director = Actor(user=director_of(club))
    game = five_card_draw(round2_starter="left-of-button", turn_time_limit=turn_time_limit)
    tables = []
    for _ in range(n):
        table = TableFactory(club=club, game=game.to_json(), published=published)
        for seat in (1, 2):
            SeatFactory(table=table, number=seat, stack=2000)
        tables.append(table)
    _, token = device_issue(actor=director, club=club, name="tablet", table_ids=[t.pk for t in tables])
    return club, director, tables, token


def _check(server: FloorServer, hand: Hand, seat: int, token: str, seq: int) -> tuple[int, Any, float]:
    body = {"expected_seq": seq, "type": "check", "seat": seat}
    return request(server.url, "POST", f"/api/hands/{hand.pk}/events/", body, token=token)


def _phase(hand: Hand) -> str:
    hand.refresh_from_db()
    return HandState.from_json(hand.state).phase


def test_300_open_streams_do_not_slow_a_dealer(live: FloorServer) -> None:
    _, director, tables, token = _tables(10)
    hands = [start(t, director, button=2) for t in tables]
    paths = [f"/api/live/tables/{t.pk}/" for t in tables]
    threads_before = live.threads()
    with StreamCrowd(live.port, paths, 30) as crowd:
        wait_until(lambda: crowd.connected() == 300, timeout=30, every=0.1)
        assert {f.status for f in crowd.followers} == {200}
        wait_until(lambda: all(f.events for f in crowd.followers), timeout=20)  # the hand_started replay
        took = []
        for hand in hands:
            status, body, seconds = _check(live, hand, 1, token, 0)
            assert status == 201, body
            took.append(seconds)
        assert max(took) < 0.2, took
        # every follower got its table's new event
        wait_until(lambda: all(len(f.events) >= 2 for f in crowd.followers), timeout=10)
        for f in crowd.followers:
            assert [e[1] for e in f.events] == ["hand_started", "hand"]
        # a stream is a socket, not a thread: the worker processes kept about the threads they had
        threads = live.threads()
        assert sum(threads.values()) <= sum(threads_before.values()) + 8 * len(threads), (
            threads_before,
            threads,
        )
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [connection.settings_dict["NAME"]]
        )
        assert cursor.fetchone()[0] < 40  # bounded by the pools, not one per stream


def test_redis_hung_the_dealer_answers_within_two_seconds_and_streams_still_deliver(
    live: FloorServer, clock_redis: RedisServer
) -> None:
    _, director, tables, token = _tables(3, turn_time_limit=30)
    hands = [start(t, director, button=2) for t in tables]
    with StreamCrowd(live.port, [f"/api/live/tables/{tables[0].pk}/"], 5) as crowd:
        wait_until(lambda: all(f.events for f in crowd.followers), timeout=20)
        assert clock_redis.proc is not None
        clock_redis.proc.send_signal(signal.SIGSTOP)
        try:
            for hand in hands:
                status, body, seconds = _check(live, hand, 1, token, 0)
                assert status == 201, body
                assert seconds < 2.0, seconds
            status, pots, seconds = request(
                live.url,
                "POST",
                "/api/pots/resolve",
                {
                    "button": 2,
                    "players": [
                        {"seat": 1, "contributed": 50, "rank": 1},
                        {"seat": 2, "contributed": 50, "rank": 2},
                    ],
                },
            )
            assert status == 200 and seconds < 2.0, (status, pots, seconds)
            assert pots["received"] == {"1": 100, "2": 0}
            # with Redis hung the hub polls the database: the event still arrives
            wait_until(lambda: all(len(f.events) >= 2 for f in crowd.followers), timeout=5)
        finally:
            clock_redis.proc.send_signal(signal.SIGCONT)
    status, _, _ = _check(live, hands[0], 2, token, 1)
    assert status == 201


def test_a_killed_worker_shows_in_healthz_and_every_armed_clock_fires_once_when_it_is_back(
    live: FloorServer, worker: CeleryStack
) -> None:
    wait_until(lambda: (live.health() or (0, {}))[0] == 200, timeout=30, every=0.3)
    _, director, tables, _ = _tables(4, turn_time_limit=1)
    hands = [start(t, director, button=2) for t in tables]
    worker.stop_worker(kill=True)
    killed = time.monotonic()

    def says_worker_dead() -> bool:
        found = live.health()
        return bool(found and found[0] == 503 and "worker" in found[1]["detail"]["failed"])

    wait_until(says_worker_dead, timeout=15, every=0.3)
    assert time.monotonic() - killed <= 15
    _, body = live.health()  # type: ignore[misc]
    assert body["checks"]["beat"]["ok"] is True and body["checks"]["worker"]["ok"] is False
    worker.start_worker()
    wait_until(lambda: all(_phase(h) == "showdown" for h in hands), timeout=40, every=0.3)
    time.sleep(1.5)  # late duplicates would land now
    for hand in hands:
        assert len(clock_events(hand)) == 6
        assert_fired_once_each(hand)
    wait_until(lambda: (live.health() or (0, {}))[0] == 200, timeout=15, every=0.3)


def test_redis_killed_while_clocks_are_armed_every_clock_fires_once(
    live: FloorServer, worker: CeleryStack, clock_redis: RedisServer
) -> None:
    _, director, tables, _ = _tables(4, turn_time_limit=1)
    hands = [start(t, director, button=2) for t in tables]
    time.sleep(0.3)
    clock_redis.stop()
    time.sleep(3.0)
    clock_redis.start()
    wait_until(lambda: all(_phase(h) == "showdown" for h in hands), timeout=60, every=0.3)
    time.sleep(1.5)
    for hand in hands:
        assert len(clock_events(hand)) == 6
        assert_fired_once_each(hand)
    # the worker lived through it, or was restarted (as docker-compose's restart policy does)
    wait_until(lambda: worker.worker is not None and worker.worker.poll() is None, timeout=10)
    wait_until(lambda: (live.health() or (0, {}))[0] == 200, timeout=30, every=0.3)


def test_a_revoked_devices_stream_closes_within_seconds(live: FloorServer) -> None:
    _, director, tables, token = _tables(1, published=False)
    path = f"/api/live/tables/{tables[0].pk}/"
    with StreamCrowd(live.port, [path], 2, headers={"Authorization": f"Device {token}"}) as crowd:
        wait_until(lambda: crowd.connected() == 2, timeout=10)
        assert {f.status for f in crowd.followers} == {200}
        time.sleep(1.0)
        assert all(f.ended_at is None for f in crowd.followers)
        revoked_at = time.time()
        device_revoke(actor=director, device=DeviceToken.objects.get())
        wait_until(lambda: all(f.ended_at is not None for f in crowd.followers), timeout=8)
        assert all(f.ended_at - revoked_at < 6 for f in crowd.followers)  # type: ignore[operator]
    status, body, _ = request(live.url, "GET", path, token=token)
    assert status == 401 and body["code"] == "device_revoked"


def test_anonymous_streams_of_unpublished_things_are_refused(live: FloorServer) -> None:
    club = ClubFactory()
    director = Actor(user=director_of(club))
    clock = levelclock.level_clock_create(
        actor=director, club_id=club.pk, name="M", structure=[{"minutes": 20, "ante": 10}]
    )
    t = TournamentFactory(club=club, published=False, level_clock=clock)
    table = TableFactory(club=club, published=False)
    _, token = device_issue(actor=director, club=club, name="tablet", table_ids=[table.pk])
    paths = [
        f"/api/live/tournaments/{t.pk}/",
        f"/api/live/level-clocks/{clock.pk}/",
        f"/api/live/tables/{table.pk}/",
    ]
    for path in paths:
        status, body, _ = request(live.url, "GET", path)
        assert status == 403, (path, status)
        assert body["code"] == "not_published" and set(body) == {"code", "message", "rule", "detail"}
    # the club's own device follows them
    with StreamCrowd(live.port, paths, 1, headers={"Authorization": f"Device {token}"}) as crowd:
        wait_until(lambda: crowd.connected() == 3, timeout=10)
        assert {f.status for f in crowd.followers} == {200}
    t.published = True
    t.save()
    with StreamCrowd(live.port, paths[:2], 1) as crowd:
        wait_until(lambda: crowd.connected() == 2, timeout=10)
        assert {f.status for f in crowd.followers} == {200}
        levelclock.level_clock_control(actor=director, clock_id=clock.pk, action="start")
        wait_until(lambda: all(f.events for f in crowd.followers), timeout=10)
        wait_until(lambda: crowd.followers[1].ticks >= 1, timeout=5)  # the level clock's ticks


def test_stream_limits_answer_429_per_address_and_503_in_total(
    django_db_setup: None, transactional_db: None
) -> None:
    server = _server(None, WEB_CONCURRENCY="1", FLOOR_STREAMS_PER_ADDRESS="3", FLOOR_STREAMS_MAX="5").start()
    try:
        _, _, tables, _ = _tables(1)
        path = f"/api/live/tables/{tables[0].pk}/"
        first = StreamCrowd(server.port, [path], 3, headers={"X-Forwarded-For": "10.0.0.1"})
        second = StreamCrowd(server.port, [path], 2, headers={"X-Forwarded-For": "10.0.0.2"})
        with first, second:
            wait_until(lambda: first.connected() == 3 and second.connected() == 2, timeout=10)
            assert {f.status for f in first.followers + second.followers} == {200}
            with StreamCrowd(server.port, [path], 1, headers={"X-Forwarded-For": "10.0.0.1"}) as more:
                wait_until(lambda: more.connected() == 1, timeout=10)
                [f] = more.followers
                # 10.0.0.1 holds 3 already, and the server 5 in all: the total is checked first
                assert f.status == 503 and f.headers["retry-after"] == "10"
        with StreamCrowd(server.port, [path], 4, headers={"X-Forwarded-For": "10.0.0.3"}) as crowd:
            wait_until(lambda: crowd.connected() == 4, timeout=10)
            statuses = sorted(f.status for f in crowd.followers)  # type: ignore[type-var]
            assert statuses == [200, 200, 200, 429]
            [refused] = [f for f in crowd.followers if f.status == 429]
            assert refused.headers["retry-after"] == "5"
    finally:
        server.stop()


def test_a_push_recorded_through_one_server_reaches_a_stream_held_by_another(
    live: FloorServer, clock_redis: RedisServer
) -> None:
    other = _server(clock_redis, FLOOR_STREAMS_PER_ADDRESS="0").start()
    try:
        _, director, tables, token = _tables(1)
        hand = start(tables[0], director, button=2)
        with StreamCrowd(other.port, [f"/api/live/tables/{tables[0].pk}/"], 3) as crowd:
            wait_until(lambda: all(f.events for f in crowd.followers), timeout=20)
            sent = time.time()
            status, body, _ = _check(live, hand, 1, token, 0)
            assert status == 201, body
            wait_until(lambda: all(len(f.events) >= 2 for f in crowd.followers), timeout=5)
            for f in crowd.followers:
                assert f.events[1][1] == "hand" and f.data[1]["seq"] == 1
                assert f.events[1][2] - sent < 1.0  # through Redis pub/sub, not the safety poll
    finally:
        other.stop()
