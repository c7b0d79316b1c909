"""Live streams under the production server: dealers' latency and event delivery with thousands of viewers.

    .venv/bin/python bench/live.py [--streams 200,1000,2000] [--tables 50] [--seconds 20] [--faults]

1. (Re)creates the database ``floor_live_bench`` (``--database``) on the local PostgreSQL, migrates it, and
   starts a ``redis-server`` of its own on a free loopback port (so the faults below touch nobody else's).
2. Starts the web server exactly as docker-compose's ``web`` service does (its command line, run locally on
   127.0.0.1: gunicorn with uvicorn workers, ``WEB_CONCURRENCY`` processes), a Celery worker and beat.
3. Seeds ``--tables`` published tables (six players, Five-Card Draw with a 30 s turn clock), one device
   token per table, a published tournament with its level clock running, and five "idle" tables whose
   2 s turn clocks fire on their own (to measure the clocks).
4. For each stream count: that many asyncio SSE clients (raw sockets, one thread), a third following the
   level clock, a third the tournament, a third the tables (spread over all of them), each resuming from
   the channel's current id as a page does. Then one dealer thread per table plays random legal hands at
   a dealer's pace (one action a second on average) for ``--seconds``.
5. Reports dealer request p50/p99/max, delivery lateness (the event's row written -> the client read it)
   p50/p99, events lost and doubled (every event of a followed channel written during the run must reach
   every follower of it once), the web processes' memory per stream and CPU, and the turn clocks'
   lateness (fired - deadline) with any fired twice.
6. ``--faults`` (on by default): the largest stream count again with Redis hung (SIGSTOP) for 10 s, and
   with the worker killed for 10 s (then started again, as docker-compose's restart policy does); also
   when /healthz named the dead worker.

Loopback only, bounded in time (about ``(len(streams) + 2) * (seconds + 25)`` s); stops what it started.
Prints ``uptime``'s load with the figures: the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import api_load  # noqa: E402  (the dealers' client: random legal hands over keep-alive connections)

PG = "postgres://postgres@127.0.0.1:5432"


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--streams", default="200,1000,2000", help="comma-separated stream counts")
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--warmup", type=float, default=2.0)
    p.add_argument("--pace", type=float, default=1.0, help="mean seconds between a table's actions")
    p.add_argument("--web-processes", type=int, default=2)
    p.add_argument("--database", default="floor_live_bench")
    p.add_argument("--no-faults", dest="faults", action="store_false")
    p.add_argument("--faults-only", action="store_true", help="only the fault scenarios")
    p.add_argument("--json", type=Path, default=None, help="also write the results here")
    return p.parse_args()


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def pct(values: list[float], q: float) -> float:
    return api_load.pct(values, q)


def web_cpu(web: Any) -> float:
    """CPU seconds (user + system) used so far by the web server's worker processes."""
    total = 0
    for pid in web.worker_pids():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


# --- set-up -----------------------------------------------------------------------------------------------
def setup_django(database_url: str, redis_url: str) -> None:
    os.environ.update(
        DATABASE_URL=database_url, REDIS_URL=redis_url, DJANGO_SETTINGS_MODULE="director.settings"
    )
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()


def seed(tables: int) -> dict[str, Any]:
    from django.contrib.auth import get_user_model

    from apps.accounts.models import Club, Membership, Player, Role
    from apps.accounts.permissions import Actor
    from apps.accounts.services import device_issue
    from apps.clocks import levelclock
    from apps.engine.games import five_card_draw
    from apps.tables.models import Seat, Table
    from apps.tournaments import services as tournaments

    director = get_user_model().objects.create_user("bench-director", password="bench-director")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=director, role=Role.DIRECTOR)
    actor = Actor(user=director)

    def table(name: str, game: dict[str, Any]) -> Table:
        t = Table.objects.create(club=club, name=name, game=game, seats_count=6, published=True)
        for seat in range(1, 7):
            player = Player.objects.create(club=club, name=f"{name}-{seat}")
            Seat.objects.create(table=t, number=seat, player=player, stack=1_000_000)
        return t

    played = []
    for i in range(tables):
        t = table(f"T{i + 1}", five_card_draw(turn_time_limit=30).to_json())
        _, token = device_issue(actor=actor, club=club, name=f"tablet {i + 1}", table_ids=[t.pk])
        played.append({"table": t.pk, "token": token})
    tournament = tournaments.tournament_create(
        actor=actor,
        club=club,
        name="Bench night",
        game={"kind": "five-card-draw"},
        starting_stack=10000,
        structure=[{"minutes": 1, "ante": 10 * (n + 1)} for n in range(60)],
    )
    tournaments.tournament_publish(actor=actor, tournament=tournament, published=True)
    levelclock.level_clock_control(actor=actor, clock_id=tournament.level_clock_id, action="start")
    return {
        "director": director.pk,
        "played": played,
        "club": club.pk,
        "tournament": tournament.pk,
        "clock": tournament.level_clock_id,
    }


def channel_of(path: str) -> str:
    kind, pk = path.split("/")[3:5]
    return {"tables": "table", "tournaments": "tournament", "level-clocks": "levelclock"}[kind] + f":{pk}"


def stream_paths(world: dict[str, Any], count: int) -> list[str]:
    from apps.clocks.models import LiveChannel

    last = dict(LiveChannel.objects.values_list("name", "last_id"))
    tables = [t["table"] for t in world["played"]]
    paths = []
    for n in range(count):
        kind = n % 3
        if kind == 0:
            path = f"/api/live/level-clocks/{world['clock']}/"
        elif kind == 1:
            path = f"/api/live/tournaments/{world['tournament']}/"
        else:
            path = f"/api/live/tables/{tables[(n // 3) % len(tables)]}/"
        paths.append(f"{path}?last_event_id={last.get(channel_of(path), 0)}")
    return paths


SCENARIOS: list[str] = []


class ChildCrowd:
    """The stream clients in a process of their own (``--crowd``), so that reading thousands of streams does
    not slow the dealers' threads here (one interpreter lock each). ``followers`` is filled on close."""

    def __init__(self, port: int, paths: list[str]) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="floor-crowd-"))
        (self.folder / "paths.json").write_text(json.dumps(paths))
        self.port = port
        self.followers: list[Any] = []
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> ChildCrowd:
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--crowd", str(self.port), str(self.folder)], cwd=ROOT
        )
        return self

    def status(self) -> tuple[int, int]:
        try:
            connected, ok = (self.folder / "status").read_text().split()
            return int(connected), int(ok)
        except (OSError, ValueError):
            return 0, 0

    def connected(self) -> int:
        return self.status()[0]

    def __exit__(self, *exc: object) -> None:
        from tests.clocks.server import Follower

        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=60)
        data = json.loads((self.folder / "followers.json").read_text())
        self.followers = [Follower(**d) for d in data]


def crowd_child(port: int, folder: Path) -> None:
    from dataclasses import asdict

    from tests.clocks.server import StreamCrowd

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    crowd = StreamCrowd(port, json.loads((folder / "paths.json").read_text()), 1)
    with crowd:
        while not stop.wait(0.3):
            ok = sum(1 for f in crowd.followers if f.status == 200)
            (folder / "status.tmp").write_text(f"{crowd.connected()} {ok}")
            (folder / "status.tmp").replace(folder / "status")
    (folder / "followers.json").write_text(json.dumps([asdict(f) for f in crowd.followers]))


# --- one scenario -------------------------------------------------------------------------------------------
@dataclass
class Result:
    name: str
    streams: int
    connected: int = 0
    dealer_ms: list[float] = field(default_factory=list)
    dealer_errors: dict[str, int] = field(default_factory=dict)
    lateness_ms: list[float] = field(default_factory=list)
    late_by_kind: dict[str, list[float]] = field(default_factory=dict)
    expected: int = 0
    lost: int = 0
    lost_detail: list[str] = field(default_factory=list)
    doubled: int = 0
    rss_per_stream_kb: float = 0.0
    cpu_percent: float = 0.0
    ticks_per_clock_stream: float = 0.0
    clock_late_ms: list[float] = field(default_factory=list)
    clock_firings: int = 0
    clock_doubled: int = 0
    clocks_overdue: int = 0
    health_dead_after: float | None = None
    health_back_after: float | None = None
    load: str = ""

    def row(self) -> str:
        d, late, clock = self.dealer_ms, self.lateness_ms, self.clock_late_ms
        return (
            f"| {self.name} | {self.connected}/{self.streams} | {pct(d, 0.5):.0f} / {pct(d, 0.99):.0f} / "
            f"{max(d, default=float('nan')):.0f} | {pct(late, 0.5):.0f} / {pct(late, 0.99):.0f} | "
            f"{self.lost} of {self.expected} ({self.doubled} doubled) | {self.rss_per_stream_kb:.1f} KB | "
            f"{self.cpu_percent:.0f} % | {pct(clock, 0.99):.0f} ms ({self.clock_firings} fired, "
            f"{self.clock_doubled} twice, {self.clocks_overdue} overdue) |"
        )


def start_idle_hands(world: dict[str, Any], scenario: int) -> list[int]:
    """Five new tables whose 2 s turn clocks run out on their own, nobody acting: a hand each."""
    from django.contrib.auth import get_user_model

    from apps.accounts.models import Club, Player
    from apps.accounts.permissions import Actor
    from apps.engine.games import five_card_draw
    from apps.tables import services
    from apps.tables.models import Seat, Table

    actor = Actor(user=get_user_model().objects.get(pk=world["director"]))
    club = Club.objects.get(pk=world["club"])
    hands = []
    for i in range(5):
        name = f"I{scenario}-{i + 1}"
        t = Table.objects.create(
            club=club, name=name, game=five_card_draw(turn_time_limit=2).to_json(), seats_count=6
        )
        for seat in (1, 2):
            player = Player.objects.create(club=club, name=f"{name}-{seat}")
            Seat.objects.create(table=t, number=seat, player=player, stack=1_000_000)
        hands.append(services.hand_start(actor=actor, table=t).pk)
    return hands


def clock_figures(result: Result, hands: list[int]) -> None:
    """The idle tables' clocks: how late each firing was, any fired twice, any left overdue."""
    from datetime import timedelta

    from django.utils import timezone

    from apps.clocks.models import ClockFiring, TableClock
    from apps.tables.models import HandEvent

    firings = list(ClockFiring.objects.filter(hand_id__in=hands))
    result.clock_firings = len(firings)
    result.clock_late_ms = [(f.fired_at - f.deadline).total_seconds() * 1000 for f in firings]
    seqs = [(f.hand_id, f.seq) for f in firings]
    events = list(HandEvent.objects.filter(hand_id__in=hands, by_clock=True).values_list("hand_id", "seq"))
    # one firing per hand state, and never two automatic events for one state
    result.clock_doubled = (len(seqs) - len(set(seqs))) + (len(events) - len(set(events)))
    grace = timezone.now() - timedelta(seconds=3)
    result.clocks_overdue = TableClock.objects.filter(hand_id__in=hands, deadline__lt=grace).count()


def run_scenario(
    name: str,
    count: int,
    world: dict[str, Any],
    args: argparse.Namespace,
    web: Any,
    stack: Any,
    redis: Any,
    fault: str | None = None,
) -> Result:
    from django.db import connections
    from django.utils import timezone

    from apps.clocks.models import LiveEvent

    result = Result(name=name, streams=count)
    paths = stream_paths(world, count)
    rss_before = web.rss_kb()
    crowd = ChildCrowd(web.port, paths)
    began_wall = timezone.now()
    with crowd:
        end = time.monotonic() + 90
        while crowd.connected() < count and time.monotonic() < end:
            time.sleep(0.2)
        result.connected = crowd.status()[1]
        connected_wall = time.time()  # lateness counts events written after every client connected
        time.sleep(2.0)  # let the connects' catch-up settle before measuring memory
        result.rss_per_stream_kb = (web.rss_kb() - rss_before) / max(1, result.connected)
        idle_hands = start_idle_hands(world, len(SCENARIOS))
        SCENARIOS.append(name)
        connections.close_all()
        cpu0, t0 = web_cpu(web), time.monotonic()
        stats = run_dealers(world, args, web, fault, stack, redis, result)
        seconds = time.monotonic() - t0
        result.cpu_percent = 100 * (web_cpu(web) - cpu0) / seconds
        dealt_until = timezone.now()
        time.sleep(3.0 if fault is None else 8.0)  # stragglers (after a fault, the safety poll)
        result.dealer_ms = [v * 1000 for v in stats.latencies]
        result.dealer_errors = stats.errors
    clock_followers = [f for f in crowd.followers if "level-clocks" in f.path]
    result.ticks_per_clock_stream = statistics.mean([f.ticks for f in clock_followers] or [0])
    # what each follower should have received: every event of its channel written during the run
    channels = {channel_of(f.path) for f in crowd.followers}
    rows = LiveEvent.objects.filter(
        channel_id__in=channels, created_at__gte=began_wall, created_at__lte=dealt_until
    ).values_list("channel_id", "event_id", "created_at")
    written: dict[str, dict[int, float]] = {}
    for channel, event_id, created in rows:
        written.setdefault(channel, {})[event_id] = created.timestamp()
    for f in crowd.followers:
        if f.status != 200:
            continue
        mine = written.get(channel_of(f.path), {})
        got = [e[0] for e in f.events]
        result.doubled += len(got) - len(set(got))
        arrivals = {e[0]: e[2] for e in f.events}
        result.expected += len(mine)
        for event_id, created in mine.items():
            if event_id in arrivals:
                if created < connected_wall:
                    continue  # read in the client's catch-up on connect, not pushed
                late = (arrivals[event_id] - created) * 1000
                result.lateness_ms.append(late)
                result.late_by_kind.setdefault(channel_of(f.path).split(":")[0], []).append(late)
            else:
                result.lost += 1
                if len(result.lost_detail) < 10:
                    ended = f"ended {f.ended_at - created:+.1f} s" if f.ended_at else "open"
                    result.lost_detail.append(
                        f"{channel_of(f.path)}#{event_id} (follower {ended}, got {len(got)}, error {f.error})"
                    )
    clock_figures(result, idle_hands)
    result.load = uptime()
    return result


def run_dealers(
    world: dict[str, Any],
    args: argparse.Namespace,
    web: Any,
    fault: str | None,
    stack: Any,
    redis: Any,
    result: Result,
) -> Any:
    start = time.monotonic()
    measure_from, until = start + args.warmup, start + args.warmup + args.seconds
    results: list[Any] = []
    lock = threading.Lock()

    def dealer(i: int, table: dict[str, Any]) -> None:
        time.sleep(random.random() * args.pace)  # the tables do not act in step
        stats = api_load.play(table, web.port, until, (measure_from, until), 7000 + i, pace=args.pace)
        with lock:
            results.append(stats)

    threads = [
        threading.Thread(target=dealer, args=(i, t), daemon=True) for i, t in enumerate(world["played"])
    ]
    for t in threads:
        t.start()
    if fault is not None:
        time.sleep(args.warmup + 3.0)
        hit = time.monotonic()
        if fault == "redis":
            redis.proc.send_signal(signal.SIGSTOP)
            time.sleep(10.0)
            redis.proc.send_signal(signal.SIGCONT)
        else:
            stack.stop_worker(kill=True)
            while time.monotonic() - hit < 10.0:
                found = web.health()
                if (
                    result.health_dead_after is None
                    and found
                    and found[0] == 503
                    and "worker" in found[1].get("detail", {}).get("failed", [])
                ):
                    result.health_dead_after = time.monotonic() - hit
                time.sleep(0.5)
            stack.start_worker()
            back = time.monotonic()
            while time.monotonic() - back < 20.0:
                found = web.health()
                if found and found[0] == 200:
                    result.health_back_after = time.monotonic() - back
                    break
                time.sleep(0.5)
    for t in threads:
        t.join()
    total = api_load.Stats()
    for r in results:
        total.merge(r)
    return total


# --- main ---------------------------------------------------------------------------------------------------
def main() -> None:
    if sys.argv[1:2] == ["--crowd"]:
        crowd_child(int(sys.argv[2]), Path(sys.argv[3]))
        return
    args = parse_args()
    # a stopped bench still stops what it started (the finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    counts = [int(c) for c in args.streams.split(",") if c]
    api_load.recreate_database(args.database)
    database_url = f"{PG}/{args.database}"
    from tests.clocks.conftest import CeleryStack, RedisServer
    from tests.clocks.server import FloorServer, StreamCrowd

    folder = Path(tempfile.mkdtemp(prefix="floor-live-bench-"))
    redis = RedisServer(folder)
    redis.start()
    setup_django(database_url, redis.url)
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)
    world = seed(args.tables)
    web = FloorServer(
        database_url=database_url,
        redis_url=redis.url,
        folder=folder,
        WEB_CONCURRENCY=str(args.web_processes),
        FLOOR_STREAMS_PER_ADDRESS="0",
        FLOOR_STREAMS_MAX="10000",
    )
    env = {k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"}
    env.update(DATABASE_URL=database_url, REDIS_URL=redis.url, PYTHONUNBUFFERED="1", LOG_LEVEL="WARNING")
    stack = CeleryStack(env, folder)
    results: list[Result] = []
    try:
        web.start()
        stack.start_worker()
        stack.start_beat()
        print(f"server: {web.url} ({args.web_processes} processes), logs in {folder}")
        # warm the processes up (pools, hubs, first imports) so memory per stream counts streams only
        with StreamCrowd(web.port, stream_paths(world, 30), 1) as warm:
            end = time.monotonic() + 30
            while warm.connected() < 30 and time.monotonic() < end:
                time.sleep(0.2)
            time.sleep(2.0)
        print(f"load before: {uptime()}")
        for count in [] if args.faults_only else counts:
            results.append(run_scenario(f"{count} streams", count, world, args, web, stack, redis))
            print(results[-1].row(), flush=True)
        if args.faults:
            top = max(counts)
            for fault, label in (("redis", "Redis hung 10 s"), ("worker", "worker killed 10 s")):
                r = run_scenario(f"{top} streams, {label}", top, world, args, web, stack, redis, fault=fault)
                results.append(r)
                print(r.row(), flush=True)
                if fault == "worker":
                    print(f"  /healthz named the dead worker after {r.health_dead_after} s; 200 again "
                          f"{r.health_back_after} s after the restart")  # fmt: skip
    finally:
        stack.stop()
        web.stop()
        redis.stop()
    print()
    print(
        f"{args.tables} tables at one action per ~{args.pace:g} s, {args.seconds:.0f} s each, "
        f"{args.web_processes} web processes, {os.cpu_count()} CPUs"
    )
    print(
        "| scenario | streams open | dealer p50 / p99 / max (ms) | delivery p50 / p99 (ms) | events lost "
        "| memory per stream | web CPU | turn clocks late p99 |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        print(r.row())
    for r in results:
        if r.dealer_errors:
            print(f"dealer errors in {r.name}: {r.dealer_errors}")
        if r.lost_detail:
            print(f"lost in {r.name}: {'; '.join(r.lost_detail)}")
        kinds = ", ".join(
            f"{k} {pct(v, 0.99):.0f} ms (n={len(v)})" for k, v in sorted(r.late_by_kind.items())
        )
        print(f"{r.name}: delivery p99 by channel: {kinds}; ticks per level-clock stream "
              f"{r.ticks_per_clock_stream:.1f}; load {r.load}")  # fmt: skip
    top = [r for r in results if r.name == f"{max(counts)} streams"]
    if top:
        r = top[0]
        ok = pct(r.dealer_ms, 0.99) < 100 and pct(r.lateness_ms, 0.99) < 1000 and r.lost == 0
        print(
            "goal (2,000 streams: dealer p99 < 100 ms, delivery p99 < 1 s, nothing lost): "
            + ("met" if ok else "MISSED")
        )
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in results], default=str, indent=1))


if __name__ == "__main__":
    main()
