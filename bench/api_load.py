"""Load test of the dealer API under gunicorn on PostgreSQL, against a bare reference endpoint.

    .venv/bin/python bench/api_load.py [--tables 50] [--seconds 20] [--workers 2] [--threads 4]

1. (Re)creates the database ``floor_bench`` (``--database``) on the local PostgreSQL and migrates it.
2. Seeds ``--tables`` tables (Five-Card Draw and 2-7 Triple Draw alternating), six players each with deep
   stacks, and one dealer device token per table; plus one reference counter per table.
3. Starts ``gunicorn director.wsgi -k gthread`` (``--workers`` x ``--threads``) with
   ``FLOOR_BENCH_ENDPOINTS=1``, ``DEBUG=false``.
4. Floor: one client thread per table, each on its own keep-alive connection with its table's device
   token, plays random *legal* hands for ``--seconds``: it reads ``legal_actions`` from every answer and
   sends one of them (check/call mostly, bet/raise at the minimum, a fold now and then, draws of 0-3 cards,
   the finishing order at the showdown), and starts the next hand when one ends.
5. Reference: the same threads, connections and token hit ``POST /api/bench/counters/{id}/append/``
   (one ``SELECT ... FOR UPDATE`` of a counter row and one inserted row per request, apps.core.bench).
6. Prints actions per second and p50/p95/p99 latency for both, the ratio, and the mean latency of the
   events 1-5 of a hand against its events 20+ (an action should cost the same at any point of a hand).

Localhost only; stops the gunicorn it started. The client is ``http.client`` in threads (no extra package).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
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
PY = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
PG = "postgres://postgres@127.0.0.1:5432"


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--warmup", type=float, default=3.0, help="seconds of Floor traffic before measuring")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--threads", type=int, default=4)
    p.add_argument("--port", type=int, default=0, help="default: a free port")
    p.add_argument("--database", default="floor_bench")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--source",
        choices=["head", "worktree"],
        default="head",
        help="serve the last commit (git archive HEAD into a temporary folder; default) or the working tree "
        "as it is (with whatever others have not committed yet)",
    )
    p.add_argument("--skip-reference", action="store_true")
    p.add_argument(
        "--without-clock-hooks",
        action="store_true",
        help="what-if: the workers run with the clocks hooks (turn_clock_sync, the clock in hand_view) "
        "replaced by no-ops, to see what they cost (not a supported configuration)",
    )
    p.add_argument(
        "--pace",
        type=float,
        default=1.0,
        help="a last phase where each table waits this long between its actions (a live dealer's pace), "
        "for the latency at a realistic load; 0 skips it",
    )
    p.add_argument(
        "--profile",
        metavar="FILE",
        help="py-spy record the workers in the Floor phase: a flame graph (.svg) or collapsed stacks (.txt)",
    )
    return p.parse_args()


# --- setup ----------------------------------------------------------------------------------------------


def recreate_database(name: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def source_tree(kind: str) -> Path:
    """The code to serve: the working tree, or HEAD exported to a temporary folder (others' uncommitted
    changes in a shared tree must not break or skew the measurement)."""
    if kind == "worktree":
        return ROOT
    folder = Path(tempfile.mkdtemp(prefix="floor-bench-"))
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def server_env(database: str, source: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"{PG}/{database}",
        REDIS_URL=env.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        FLOOR_BENCH_ENDPOINTS="1",
        DEBUG="false",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(source),
    )
    return env


SEED = """
import json, sys
import django
django.setup()
from apps.accounts.models import Club, Membership, Role
from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
from apps.core.bench import BenchCounter
from apps.engine.games import five_card_draw, triple_draw_27
from apps.tables.models import Seat, Table
from apps.accounts.models import Player
from django.contrib.auth import get_user_model

n = int(sys.argv[1])
director = get_user_model().objects.create_user("bench-director", password="bench-director")
club = Club.objects.create(name="Bench", slug="bench")
Membership.objects.create(club=club, user=director, role=Role.DIRECTOR)
games = [five_card_draw().to_json(), triple_draw_27(small_blind=25, big_blind=50).to_json()]
out = []
for i in range(n):
    table = Table.objects.create(club=club, name=f"T{i + 1}", game=games[i % 2], seats_count=6)
    for seat in range(1, 7):
        player = Player.objects.create(club=club, name=f"P{i + 1}-{seat}")
        Seat.objects.create(table=table, number=seat, player=player, stack=1_000_000)
    _, token = device_issue(
        actor=Actor(user=director), club=club, name=f"tablet {i + 1}", table_ids=[table.pk]
    )
    counter = BenchCounter.objects.create()
    out.append({"table": table.pk, "token": token, "counter": counter.pk, "game": table.game["kind"]})
print(json.dumps(out))
"""


def seed(env: dict[str, str], source: Path, tables: int) -> list[dict[str, Any]]:
    subprocess.run([str(PY), "manage.py", "migrate", "--noinput", "-v0"], cwd=source, env=env, check=True)
    env = {**env, "DJANGO_SETTINGS_MODULE": "director.settings"}
    out = subprocess.run(
        [str(PY), "-c", SEED, str(tables)], cwd=source, env=env, check=True, capture_output=True, text=True
    )
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """SIGTERM gunicorn (the clients have closed their connections, so it stops at once); if it is still
    there after 30 s, SIGKILL its process group (the master and its workers, all started by us)."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


NO_CLOCK_HOOKS = """
def post_worker_init(worker):
    import apps.clocks.services as clocks
    import apps.tables.selectors as selectors

    clocks.turn_clock_sync = lambda **kwargs: None
    selectors._turn_clock = lambda hand: None
"""


def start_server(env: dict[str, str], source: Path, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    cmd = [
        str(GUNICORN),
        "director.wsgi:application",
        "-k",
        "gthread",
        "--workers",
        str(args.workers),
        "--threads",
        str(args.threads),
        "--bind",
        f"127.0.0.1:{args.port}",
        "--keep-alive",
        "60",
        "--log-level",
        "warning",
    ]
    if args.without_clock_hooks:
        config = Path(tempfile.mkdtemp(prefix="floor-bench-conf-")) / "no_clock_hooks.py"
        config.write_text(NO_CLOCK_HOOKS)
        cmd += ["--config", str(config)]
    server = subprocess.Popen(cmd, cwd=source, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    server.terminate()
    raise SystemExit("gunicorn did not answer /healthz within 30 s")


# --- the clients ----------------------------------------------------------------------------------------


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # seconds, events (Floor) or appends (reference)
    by_index: dict[int, list[float]] = field(default_factory=dict)  # event number in its hand -> latencies
    starts: list[float] = field(default_factory=list)  # POST .../hands/ (not counted as actions)
    errors: dict[str, int] = field(default_factory=dict)
    hands_finished: int = 0
    requests: int = 0  # every request of the phase, warm-up included (for the CPU per request)
    cpu_seconds: float = 0.0  # the gunicorn workers' CPU time over the phase

    def merge(self, other: Stats) -> None:
        self.latencies += other.latencies
        self.starts += other.starts
        self.hands_finished += other.hands_finished
        self.requests += other.requests
        for k, v in other.by_index.items():
            self.by_index.setdefault(k, []).extend(v)
        for k, n in other.errors.items():
            self.errors[k] = self.errors.get(k, 0) + n


class Conn:
    """One keep-alive connection with the table's device token."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.headers = {"Authorization": f"Device {token}", "Content-Type": "application/json"}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.calls = 0

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any, float]:
        self.calls += 1
        data = None if body is None else json.dumps(body)
        t0 = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=self.headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (http.client.HTTPException, OSError):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            raise
        elapsed = time.perf_counter() - t0
        return response.status, json.loads(raw) if raw else None, elapsed


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal event from the hand's ``legal_actions``."""
    legal = {a["type"]: a for a in state["legal_actions"]}
    if "finish_order" in legal:
        seats = list(legal["finish_order"]["seats"])
        rng.shuffle(seats)
        return {"type": "finish_order", "order": [[s] for s in seats]}
    if "draw" in legal:
        draw = legal["draw"]
        usable = draw.get("usable")
        top = min(3, draw["max"], usable if usable is not None else 3)
        if top < 1 and "reshuffle" in legal:
            return {"type": "reshuffle"}
        return {"type": "draw", "seat": draw["seat"], "count": rng.randint(0, max(0, top))}
    passive = legal.get("check") or legal.get("call")
    aggressive = legal.get("bet") or legal.get("raise")
    roll = rng.random()
    if aggressive is not None and roll < 0.25:
        return {"type": aggressive["type"], "seat": aggressive["seat"], "amount": aggressive["min"]}
    if "fold" in legal and "check" not in legal and roll > 0.9:
        return {"type": "fold", "seat": legal["fold"]["seat"]}
    if passive is not None:
        return {"type": passive["type"], "seat": passive["seat"]}
    raise RuntimeError(f"nothing to choose from {state['legal_actions']}")


def play(
    table: dict[str, Any], port: int, until: float, measure_from: float, seed: int, pace: float = 0.0
) -> Stats:
    stats, rng, conn = Stats(), random.Random(seed), Conn(port, table["token"])
    state: dict[str, Any] | None = None
    index = 0
    while time.monotonic() < until:
        measuring = time.monotonic() >= measure_from
        if state is None or state["status"] == "finished":
            status, body, elapsed = conn.call("POST", f"/api/tables/{table['table']}/hands/", {})
            if status == 409 and isinstance(body, dict) and body.get("code") == "hand_in_progress":
                status, state, _ = conn.call("GET", f"/api/hands/{body['detail']['hand']}/")  # carry on
                continue
            if status != 201:
                key = f"start {status} {body.get('code') if isinstance(body, dict) else body}"
                stats.errors[key] = stats.errors.get(key, 0) + 1
                conn.conn.close()
                stats.requests = conn.calls
                return stats
            if measuring:
                stats.starts.append(elapsed)
            state, index = body, 0
            continue
        event = choose(state, rng)
        status, body, elapsed = conn.call(
            "POST", f"/api/hands/{state['id']}/events/", {"expected_seq": state["seq"], **event}
        )
        if status != 201:
            key = f"event {status} {body.get('code') if isinstance(body, dict) else body}"
            stats.errors[key] = stats.errors.get(key, 0) + 1
            status, state, _ = conn.call("GET", f"/api/hands/{state['id']}/")
            continue
        state, index = body, index + 1
        if pace:
            time.sleep(pace * (0.5 + rng.random()))  # the dealer's think time, spread so tables drift apart
        if measuring:
            stats.latencies.append(elapsed)
            stats.by_index.setdefault(index, []).append(elapsed)
            if state["status"] == "finished":
                stats.hands_finished += 1
    conn.conn.close()
    stats.requests = conn.calls
    return stats


def append(table: dict[str, Any], port: int, until: float, measure_from: float, seed: int) -> Stats:
    stats, conn = Stats(), Conn(port, table["token"])
    path = f"/api/bench/counters/{table['counter']}/append/"
    n = 0
    while time.monotonic() < until:
        n += 1
        status, _, elapsed = conn.call("POST", path, {"type": "call", "seat": 1, "n": n})
        if status != 201:
            key = f"append {status}"
            stats.errors[key] = stats.errors.get(key, 0) + 1
        elif time.monotonic() >= measure_from:
            stats.latencies.append(elapsed)
    conn.conn.close()
    stats.requests = conn.calls
    return stats


def workers_cpu(master: int) -> float:
    """CPU seconds (user + system) used so far by gunicorn's workers (the children of ``master``)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:  # ppid
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def run_phase(
    target: Any, tables: list[dict[str, Any]], args: argparse.Namespace, warmup: float, **kwargs: Any
) -> Stats:
    start = time.monotonic()
    measure_from, until = start + warmup, start + warmup + args.seconds
    results: list[Stats] = []
    lock = threading.Lock()

    def worker(i: int, table: dict[str, Any]) -> None:
        stats = target(table, args.port, until, measure_from, args.seed * 1000 + i, **kwargs)
        with lock:
            results.append(stats)

    cpu_before = workers_cpu(args.server_pid)
    threads = [threading.Thread(target=worker, args=(i, t), daemon=True) for i, t in enumerate(tables)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    total = Stats()
    for r in results:
        total.merge(r)
    total.cpu_seconds = workers_cpu(args.server_pid) - cpu_before
    return total


# --- report ---------------------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def line(name: str, stats: Stats, seconds: float) -> str:
    ms = [v * 1000 for v in stats.latencies]
    cpu = 1000 * stats.cpu_seconds / max(1, stats.requests)
    return (
        f"{name:<10} {len(ms) / seconds:6.1f}/s  {cpu:4.1f} ms CPU/req  p50 {pct(ms, 0.50):6.1f} ms  "
        f"p95 {pct(ms, 0.95):6.1f} ms  p99 {pct(ms, 0.99):6.1f} ms  "
        f"max {max(ms, default=float('nan')):6.1f} ms  (n={len(ms)})"
    )


def report(args: argparse.Namespace, floor: Stats, ref: Stats | None, paced: Stats | None) -> None:
    print()
    print(
        f"{args.tables} tables, {args.seconds:.0f} s measured after {args.warmup:.0f} s warm-up, gunicorn "
        f"gthread {args.workers} workers x {args.threads} threads, {os.cpu_count()} CPUs, code: {args.source}"
        + (" WITHOUT the clocks hooks (what-if)" if args.without_clock_hooks else "")
    )
    print(line("Floor", floor, args.seconds))
    if floor.starts:
        starts = [v * 1000 for v in floor.starts]
        print(f"{'  starts':<10} {len(starts)} hands started (p50 {pct(starts, 0.5):.1f} ms), "
              f"{floor.hands_finished} finished")  # fmt: skip
    if ref is not None:
        print(line("reference", ref, args.seconds))
        ratio = len(floor.latencies) / max(1, len(ref.latencies))
        print(f"ratio      Floor / reference throughput = {ratio:.2f}  (goal >= 0.6)")
        cpu_floor = floor.cpu_seconds / max(1, floor.requests)
        cpu_ref = ref.cpu_seconds / max(1, ref.requests)
        if cpu_floor:
            print(
                f"           reference / Floor workers' CPU per request = {cpu_ref / cpu_floor:.2f} "
                "(the same ratio, robust to other load on the machine)"
            )
    for name, stats in (("flat out", floor), ("paced", paced)):
        if stats is None:
            continue
        early = [v for k, vs in stats.by_index.items() if k <= 5 for v in vs]
        late = [v for k, vs in stats.by_index.items() if k >= 20 for v in vs]
        if early and late:
            print(
                f"per event  {name}: events 1-5 {statistics.mean(early) * 1000:.1f} ms (n={len(early)}), "
                f"events 20+ {statistics.mean(late) * 1000:.1f} ms (n={len(late)})"
            )
    if paced is not None:
        print(line("paced", paced, args.seconds) + f"  one action per ~{args.pace:g} s per table")
    p99 = pct([v * 1000 for v in (paced or floor).latencies], 0.99)
    print(f"goal       p99 < 100 ms{' at that pace' if paced else ''}: {'met' if p99 < 100 else 'MISSED'} "
          f"({p99:.1f} ms)")  # fmt: skip
    errors = {**floor.errors, **(ref.errors if ref else {}), **(paced.errors if paced else {})}
    print(f"errors     {errors or 'none'}")


def main() -> None:
    args = parse_args()
    args.port = args.port or free_port()
    source = source_tree(args.source)
    env = server_env(args.database, source)
    print(f"serving {source}; recreating {args.database}, migrating, seeding {args.tables} tables ...")
    recreate_database(args.database)
    tables = seed(env, source, args.tables)
    server = start_server(env, source, args)
    args.server_pid = server.pid
    profiler = None
    try:
        if args.profile:
            profiler = subprocess.Popen(
                [str(ROOT / ".venv" / "bin" / "py-spy"), "record", "--subprocesses", "--pid", str(server.pid),
                 "--output", args.profile, "--duration", str(int(args.warmup + args.seconds)),
                 "--format", "raw" if args.profile.endswith(".txt") else "flamegraph",
                 "--nonblocking"],
            )  # fmt: skip
        print(f"Floor: {args.tables} tables for {args.warmup:.0f}+{args.seconds:.0f} s ...", flush=True)
        floor = run_phase(play, tables, args, args.warmup)
        if profiler is not None:
            profiler.wait()
        ref = None
        if not args.skip_reference:
            print(f"reference: {args.tables} clients appending for 1+{args.seconds:.0f} s ...", flush=True)
            ref = run_phase(append, tables, args, 1.0)
        paced = None
        if args.pace:
            print(f"paced: {args.tables} tables, one action per ~{args.pace:g} s each ...", flush=True)
            paced = run_phase(play, tables, args, args.warmup, pace=args.pace)
    finally:
        stop_server(server)
        if source != ROOT:
            shutil.rmtree(source, ignore_errors=True)
    report(args, floor, ref, paced)


if __name__ == "__main__":
    sys.exit(main())
