"""Benchmark: 200 tables with 2-second turn clocks running at once, played out by the clock alone.

    .venv/bin/python bench/timers.py [--tables 200] [--limit 2] [--concurrency 4]

Needs PostgreSQL (``BENCH_DATABASE_URL``, default ``postgres://postgres@127.0.0.1:5432/floor_bench_timers``;
the database is dropped and re-created) and ``redis-server`` (a private one is started on a free port, so
nothing else's queues are touched). Starts a real Celery worker (prefork) and beat, deals one heads-up
Five-Card Draw hand at every table with ``turn_time_limit`` seconds, and lets nobody act: every seat times
out (check, check, stand pat, stand pat, check, check: six clock actions per hand, then the showdown, which
has no clock). Prints how late each automatic action landed after its deadline (the by-clock event's
``created_at`` minus the deadline: p50, p99, max), how many were missed (a hand short of its six clock
actions) and doubled (more than one clock action for one hand state), and how many came from the sweep.
Also prints the worker's CPU per clock action. Goal: p99 under 500 ms, none missed, none doubled, under
3 ms of worker CPU per clock action. Run ``bench/api_load.py`` beside it for the busy case.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(check, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise SystemExit(f"timed out waiting for {what}")
        time.sleep(0.1)


def _recreate_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--limit", type=int, default=2, help="turn time limit, seconds")
    parser.add_argument("--concurrency", type=int, default=3, help="worker processes (or threads)")
    parser.add_argument("--pool", default="prefork", choices=["prefork", "threads"])
    args = parser.parse_args()

    db_url = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/floor_bench_timers")
    if shutil.which("redis-server") is None:
        raise SystemExit("bench/timers.py needs redis-server")
    folder = Path(tempfile.mkdtemp(prefix="floor-bench-timers-"))
    port = _free_port()
    redis_url = f"redis://127.0.0.1:{port}/0"
    _recreate_database(db_url)
    env = {k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"}
    env.update(DATABASE_URL=db_url, REDIS_URL=redis_url, LOG_LEVEL="WARNING", PYTHONUNBUFFERED="1")
    os.environ.update(DATABASE_URL=db_url, REDIS_URL=redis_url, LOG_LEVEL="WARNING")
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")

    procs: list[subprocess.Popen[bytes]] = []

    def spawn(cmd: list[str], log: str) -> subprocess.Popen[bytes]:
        p = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            stdout=(folder / log).open("wb"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        procs.append(p)
        return p

    celery = str(Path(sys.executable).with_name("celery"))
    try:
        spawn(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            "redis.log",
        )
        _wait_for(lambda: b"Ready to accept" in (folder / "redis.log").read_bytes(), 10, "redis-server")
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        spawn(
            [
                celery,
                "-A",
                "director",
                "worker",
                f"--pool={args.pool}",
                f"--concurrency={args.concurrency}",
                "--loglevel=WARNING",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                "bench@%h",
            ],
            "worker.log",
        )
        spawn(
            [celery, "-A", "director", "beat", "--loglevel=WARNING", f"--schedule={folder / 'beat'}"],
            "beat.log",
        )
        time.sleep(4)  # the worker's processes and beat are up

        import django

        django.setup()
        worker = procs[1].pid
        run(args.tables, args.limit, lambda: _group_cpu(worker))
    finally:
        for p in reversed(procs):
            try:
                os.killpg(p.pid, signal.SIGTERM)
                p.wait(timeout=20)
            except Exception:
                os.killpg(p.pid, signal.SIGKILL)
        shutil.rmtree(folder, ignore_errors=True)


def _group_cpu(pgid: int) -> float:
    """CPU seconds (user + system) used so far by the processes of group ``pgid`` (the worker and its
    children, started in their own session)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # pgrp
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def run(n_tables: int, limit: int, worker_cpu) -> None:  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model
    from django.db.models import Count

    from apps.accounts.models import Club, Membership, Player, Role
    from apps.accounts.permissions import Actor
    from apps.clocks.models import ClockFiring
    from apps.engine.games import five_card_draw
    from apps.engine.hand import HandState
    from apps.tables import services
    from apps.tables.models import Hand, HandEvent, Seat, Table

    club = Club.objects.create(name="Bench", slug="bench")
    user = get_user_model().objects.create(username="bench-director")
    Membership.objects.create(club=club, user=user, role=Role.DIRECTOR)
    director = Actor(user=user)
    game = five_card_draw(turn_time_limit=limit, round2_starter="left-of-button").to_json()
    tables = []
    for i in range(n_tables):
        table = Table.objects.create(club=club, name=f"T{i}", game=game, seats_count=2)
        for seat in (1, 2):
            player = Player.objects.create(club=club, name=f"P{i}-{seat}")
            Seat.objects.create(table=table, number=seat, player=player, stack=2000)
        tables.append(table)
    cpu_before = worker_cpu()
    began = time.monotonic()
    hands = [services.hand_start(actor=director, table=t, button=2) for t in tables]
    dealt = time.monotonic() - began
    print(f"{n_tables} tables, {limit} s turn clocks; dealt every hand in {dealt:.1f} s; waiting...")
    expected = 6 * n_tables
    ids = [h.pk for h in hands]
    deadline = time.monotonic() + 6 * limit + dealt + 60
    while time.monotonic() < deadline:
        done = HandEvent.objects.filter(hand_id__in=ids, by_clock=True).count()
        if done >= expected:
            break
        time.sleep(0.5)
    cpu = worker_cpu() - cpu_before  # the clock actions, plus the drainer's polling while it waited
    time.sleep(2 * limit)  # anything doubled or late would land now

    firings = {(f.hand_id, f.seq): f for f in ClockFiring.objects.filter(hand_id__in=ids)}
    events = list(
        HandEvent.objects.filter(hand_id__in=ids, by_clock=True).values_list("hand_id", "seq", "created_at")
    )
    late_ms = []
    for hand_id, seq, created_at in events:
        firing = firings.get((hand_id, seq - 1))
        if firing is not None:
            late_ms.append((created_at - firing.deadline).total_seconds() * 1000)
    per_state = (
        HandEvent.objects.filter(hand_id__in=ids, by_clock=True)
        .values("hand_id", "seq")
        .annotate(n=Count("id"))
    )
    doubled = sum(row["n"] - 1 for row in per_state if row["n"] > 1) + max(0, len(events) - expected)
    showdown = sum(HandState.from_json(h.state).phase == "showdown" for h in Hand.objects.filter(pk__in=ids))
    missed = expected - len(events) if len(events) < expected else 0
    swept = sum(f.source == "sweep" for f in firings.values())
    late_ms.sort()
    p = lambda q: late_ms[min(len(late_ms) - 1, int(q * len(late_ms)))]  # noqa: E731
    print(f"automatic actions: {len(events)} of {expected} expected; at the showdown: {showdown}/{n_tables}")
    print(
        f"lateness after the deadline: p50 {p(0.50):.0f} ms, p99 {p(0.99):.0f} ms, max {late_ms[-1]:.0f} ms "
        f"(mean {statistics.fmean(late_ms):.0f} ms)"
    )
    print(f"missed: {missed}, doubled: {doubled}, applied by the sweep (the drainer): {swept}")
    per_action = 1000 * cpu / max(1, len(events))
    print(
        f"worker CPU: {cpu:.2f} s for {len(events)} clock actions = {per_action:.2f} ms per clock action "
        "(goal < 3 ms)"
    )
    with open("/proc/loadavg") as f:
        print(f"load average: {f.read().split()[:3]}")
    ok = missed == 0 and doubled == 0 and p(0.99) < 500
    print("goal (p99 < 500 ms, none missed, none doubled):", "met" if ok else "NOT met")
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
