"""Load test of the dealer API under gunicorn on PostgreSQL, against a bare endpoint outside Floor.

    .venv/bin/python bench/api_load.py [--tables 50,200] [--rounds 3] [--seconds 10] [--workers 2]

1. (Re)creates the database ``perf_bench`` (``--database``) on the local PostgreSQL and migrates it.
2. Seeds the largest ``--tables`` count of tables (Five-Card Draw and 2-7 Triple Draw alternating), six
   players each with deep stacks, one dealer device token per table.
3. Generates, in a temporary folder, a bare Django + DRF project that is not Floor: its own settings (the
   default middleware of ``startproject``, no session read: the token check touches no session), its own
   URL conf, a token authentication that reads one indexed row, and one view that takes a hand row with
   ``SELECT ... FOR UPDATE`` and inserts one event row in a transaction. Its tables live in the same
   database (``bare_*``), reached with the same connection settings as Floor (psycopg's pool).
4. Serves both with the same gunicorn settings (``--worker-class``, ``--workers``, ``--threads``) at once:
   Floor from the working tree with its compiled engine (``make engine``; the bench says which engine
   the workers run), the bare project from its folder.
5. Floor: one client thread per table, each on its own keep-alive connection with its table's device
   token, plays random *legal* hands: it reads ``legal_actions`` from every answer and sends one of them
   (check/call mostly, bet/raise at the minimum, a fold now and then, draws of 0-3 cards, the finishing
   order at the showdown), and starts the next hand when one ends. Bare: the same threads append events.
6. Phases: for each table count, flat out (no pause) and at a dealer's pace (``--pace`` s between a
   table's actions), Floor and bare alternately, ``--rounds`` times (interleaved, so a busy moment of the
   machine hits both alike). Prints, per phase, throughput, the servers' worker CPU per request, p50/p99,
   and the ratios Floor/bare by throughput and by CPU per request: min and median over the rounds.

Localhost only; stops the servers it started. Redis: ``REDIS_URL`` (db 7 by default here, never 0).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
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
PY = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
PG = "postgres://postgres@127.0.0.1:5432"


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", default="50,200", help="table counts, comma-separated")
    p.add_argument("--rounds", type=int, default=3, help="interleaved rounds of every phase")
    p.add_argument("--seconds", type=float, default=10.0, help="measured seconds of each phase")
    p.add_argument("--warmup", type=float, default=2.0, help="seconds of traffic before measuring")
    p.add_argument(
        "--pace", type=float, default=1.0, help="a dealer's pace: seconds between a table's actions"
    )
    p.add_argument("--worker-class", default="gthread", help="gunicorn -k for both servers")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--threads", type=int, default=4)
    p.add_argument("--port", type=int, default=8171, help="Floor's port; the bare endpoint's is the next one")
    p.add_argument("--database", default="perf_bench")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", choices=["floor", "bare"], help="run one side only")
    p.add_argument("--modes", default="flat,paced", help="flat (no pause), paced (--pace), or both")
    p.add_argument(
        "--without-clock-hooks",
        action="store_true",
        help="what-if: the workers run with the clocks hooks (turn_clock_sync, the clock in hand_view) "
        "replaced by no-ops, to see what they cost (not a supported configuration)",
    )
    p.add_argument(
        "--profile",
        metavar="FILE",
        help="py-spy record Floor's workers in its first phase (flat out, or paced with --modes paced): "
        "a flame graph (.svg) or .txt",
    )
    p.add_argument(
        "--profile-gil",
        action="store_true",
        help="with --profile: sample only the thread holding the GIL (where the workers' CPU goes, without "
        "the threads that wait for the GIL or for PostgreSQL)",
    )
    return p.parse_args()


# --- setup ----------------------------------------------------------------------------------------------


def recreate_database(name: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def server_env(database: str, source: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("FLOOR_ENGINE_PURE", None)
    env.update(
        DATABASE_URL=f"{PG}/{database}",
        REDIS_URL=env.get("REDIS_URL", "redis://127.0.0.1:6379/7"),
        DEBUG="false",
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(source),
    )
    return env


SEED = """
import json, sys
import django
django.setup()
import apps.engine
from apps.accounts.models import Club, Membership, Role
from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
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
    out.append({"table": table.pk, "token": token, "game": table.game["kind"]})
print(json.dumps({"engine": apps.engine.ENGINE_BUILD, "tables": out}))
"""


def seed(env: dict[str, str], tables: int) -> tuple[str, list[dict[str, Any]]]:
    subprocess.run([str(PY), "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    env = {**env, "DJANGO_SETTINGS_MODULE": "director.settings"}
    out = subprocess.run(
        [str(PY), "-c", SEED, str(tables)], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return str(data["engine"]), list(data["tables"])


# --- the bare endpoint: a minimal Django + DRF project, not Floor ------------------------------------------

BARE_SETTINGS = """
import os
SECRET_KEY = "bare-bench-not-a-secret-0123456789abcdefghijklmnopqrstuvwxyz"
DEBUG = False
ALLOWED_HOSTS = ["*"]
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "rest_framework",
    "bare",
]
# startproject's default middleware
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
ROOT_URLCONF = "bare.urls"
WSGI_APPLICATION = "bare.wsgi.application"
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
DATABASES = {"default": {
    "ENGINE": "django.db.backends.postgresql",
    "NAME": os.environ["BARE_DATABASE"], "HOST": "127.0.0.1", "PORT": 5432, "USER": "postgres",
    # the same connection settings as Floor's (director/config.py): psycopg's pool
    "CONN_MAX_AGE": 0, "CONN_HEALTH_CHECKS": False,
    "OPTIONS": {"pool": {"min_size": 1, "max_size": 8, "timeout": 10.0}},
}}
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["bare.auth.TokenCheck"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "UNAUTHENTICATED_USER": None,
}
LOGGING = {"version": 1, "root": {"level": "WARNING"}}
"""

BARE_MODELS = """
from django.db import models


class Token(models.Model):
    key = models.CharField(max_length=64, unique=True)


class Hand(models.Model):
    seq = models.PositiveIntegerField(default=0)


class Event(models.Model):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE)
    seq = models.PositiveIntegerField()
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
"""

BARE_AUTH = """
import hashlib

from rest_framework import authentication, exceptions

from bare.models import Token


class Device:
    is_authenticated = True


class TokenCheck(authentication.BaseAuthentication):
    # session-less: one indexed row by the token's hash
    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if len(header) != 2 or header[0] != b"Device":
            return None
        digest = hashlib.sha256(header[1]).hexdigest()
        if not Token.objects.filter(key=digest).exists():
            raise exceptions.AuthenticationFailed("unknown token")
        return Device(), digest
"""

BARE_VIEWS = """
from django.db import transaction
from rest_framework.response import Response
from rest_framework.views import APIView

from bare.models import Event, Hand


class Append(APIView):
    def post(self, request, hand_id):
        with transaction.atomic():
            hand = Hand.objects.select_for_update().get(pk=hand_id)
            seq = hand.seq + 1
            Event.objects.create(hand=hand, seq=seq, payload=request.data)
            Hand.objects.filter(pk=hand.pk).update(seq=seq)
        return Response({"hand": hand.pk, "seq": seq}, status=201)
"""

BARE_URLS = """
from django.urls import path

from bare.views import Append

urlpatterns = [path("events/<int:hand_id>/", Append.as_view())]
"""

BARE_WSGI = """
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bare.settings")
application = get_wsgi_application()
"""

BARE_SEED = """
import hashlib, json, sys
import django
django.setup()
from bare.models import Hand, Token
tokens = json.loads(sys.stdin.read())
Token.objects.bulk_create([Token(key=hashlib.sha256(t.encode()).hexdigest()) for t in tokens])
print(json.dumps([Hand.objects.create().pk for _ in tokens]))
"""


def bare_project(database: str, tables: list[dict[str, Any]]) -> tuple[Path, dict[str, str]]:
    """Write the bare project into a temporary folder, create its tables and rows (one hand row per
    table, the tables' device tokens), and return the folder and its environment."""
    folder = Path(tempfile.mkdtemp(prefix="perf-bare-"))
    app = folder / "bare"
    app.mkdir()
    for name, text in {
        "__init__.py": "",
        "settings.py": BARE_SETTINGS,
        "models.py": BARE_MODELS,
        "auth.py": BARE_AUTH,
        "views.py": BARE_VIEWS,
        "urls.py": BARE_URLS,
        "wsgi.py": BARE_WSGI,
    }.items():
        (app / name).write_text(text)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "FLOOR_"))}
    env.update(BARE_DATABASE=database, DJANGO_SETTINGS_MODULE="bare.settings", PYTHONPATH=str(folder))
    subprocess.run(
        [str(PY), "-m", "django", "migrate", "--run-syncdb", "--noinput", "-v0"],
        cwd=folder,
        env=env,
        check=True,
    )
    out = subprocess.run(
        [str(PY), "-c", BARE_SEED],
        cwd=folder,
        env=env,
        input=json.dumps([t["token"] for t in tables]),
        check=True,
        capture_output=True,
        text=True,
    )
    for t, hand in zip(tables, json.loads(out.stdout.strip().splitlines()[-1]), strict=True):
        t["bare_hand"] = hand
    return folder, env


# --- the servers ----------------------------------------------------------------------------------------


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


def start_server(
    app: str, cwd: Path, env: dict[str, str], port: int, args: argparse.Namespace, probe: str
) -> subprocess.Popen[bytes]:
    cmd = [
        str(GUNICORN),
        app,
        "-k",
        args.worker_class,
        "--workers",
        str(args.workers),
        "--bind",
        f"127.0.0.1:{port}",
        "--keep-alive",
        "60",
        "--log-level",
        "warning",
    ]
    if args.worker_class == "gthread":
        cmd += ["--threads", str(args.threads)]
    if args.without_clock_hooks and app.startswith("director"):
        config = Path(tempfile.mkdtemp(prefix="perf-bench-conf-")) / "no_clock_hooks.py"
        config.write_text(NO_CLOCK_HOOKS)
        cmd += ["--config", str(config)]
    server = subprocess.Popen(cmd, cwd=cwd, env=env, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn {app} exited with {server.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", probe)
            conn.getresponse().read()
            return server
        except OSError:
            pass
        time.sleep(0.2)
    server.terminate()
    raise SystemExit(f"gunicorn {app} did not answer within 30 s")


# --- the clients ----------------------------------------------------------------------------------------


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # seconds, events (Floor) or appends (bare)
    errors: dict[str, int] = field(default_factory=dict)
    requests: int = 0  # every request of the phase, warm-up included (for the CPU per request)
    measured_requests: int = 0  # every request in the measured window (starts and reads included)
    cpu_seconds: float = 0.0  # the server's workers' CPU time over the measured window

    def merge(self, other: Stats) -> None:
        self.latencies += other.latencies
        self.requests += other.requests
        self.measured_requests += other.measured_requests
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


def _pause(pace: float, rng: random.Random) -> None:
    if pace:
        time.sleep(pace * (0.5 + rng.random()))  # the dealer's think time, spread so tables drift apart


def play(
    table: dict[str, Any], port: int, until: float, window: tuple[float, float], seed: int, pace: float
) -> Stats:
    """Floor: play random legal hands at ``table``; latencies of the actions (events) in the window."""
    stats, rng, conn = Stats(), random.Random(seed), Conn(port, table["token"])
    state: dict[str, Any] | None = None
    while time.monotonic() < until:
        now = time.monotonic()
        measuring = window[0] <= now < window[1]
        stats.measured_requests += measuring
        if state is None or state["status"] == "finished":
            status, body, elapsed = conn.call("POST", f"/api/tables/{table['table']}/hands/", {})
            if status == 409 and isinstance(body, dict) and body.get("code") == "hand_in_progress":
                status, state, _ = conn.call("GET", f"/api/hands/{body['detail']['hand']}/")  # carry on
                continue
            if status != 201:
                key = f"start {status} {body.get('code') if isinstance(body, dict) else body}"
                stats.errors[key] = stats.errors.get(key, 0) + 1
                break
            state = body
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
        state = body
        if measuring:
            stats.latencies.append(elapsed)
        _pause(pace, rng)
    conn.conn.close()
    stats.requests = conn.calls
    return stats


def append(
    table: dict[str, Any], port: int, until: float, window: tuple[float, float], seed: int, pace: float
) -> Stats:
    """The bare endpoint: append events to the table's hand row."""
    stats, rng, conn = Stats(), random.Random(seed), Conn(port, table["token"])
    path = f"/events/{table['bare_hand']}/"
    n = 0
    while time.monotonic() < until:
        n += 1
        now = time.monotonic()
        measuring = window[0] <= now < window[1]
        stats.measured_requests += measuring
        status, _, elapsed = conn.call("POST", path, {"type": "call", "seat": 1, "n": n})
        if status != 201:
            key = f"append {status}"
            stats.errors[key] = stats.errors.get(key, 0) + 1
        elif measuring:
            stats.latencies.append(elapsed)
        _pause(pace, rng)
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
    target: Any, tables: list[dict[str, Any]], port: int, pid: int, args: argparse.Namespace, pace: float
) -> Stats:
    start = time.monotonic()
    window = (start + args.warmup, start + args.warmup + args.seconds)
    until = window[1] + (pace * 1.5 if pace else 0.0)
    results: list[Stats] = []
    lock = threading.Lock()

    def worker(i: int, table: dict[str, Any]) -> None:
        try:
            stats = target(table, port, until, window, args.seed * 1000 + i, pace)
        except (OSError, http.client.HTTPException) as exc:  # an overloaded server: count it, go on
            stats = Stats(errors={f"client {type(exc).__name__}": 1})
        with lock:
            results.append(stats)

    threads = [threading.Thread(target=worker, args=(i, t), daemon=True) for i, t in enumerate(tables)]
    for t in threads:
        t.start()
    time.sleep(max(0.0, window[0] - time.monotonic()))
    cpu_before = workers_cpu(pid)
    time.sleep(max(0.0, window[1] - time.monotonic()))
    cpu_after = workers_cpu(pid)
    for t in threads:
        t.join()
    total = Stats()
    for r in results:
        total.merge(r)
    total.cpu_seconds = cpu_after - cpu_before
    return total


# --- report ---------------------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Figures:
    rate: float  # recorded actions (appends) per second
    cpu_ms: float  # workers' CPU per request in the window, ms
    p50: float
    p99: float
    errors: int


def figures(stats: Stats, seconds: float) -> Figures:
    ms = [v * 1000 for v in stats.latencies]
    return Figures(
        rate=len(ms) / seconds,
        cpu_ms=1000 * stats.cpu_seconds / max(1, stats.measured_requests),
        p50=pct(ms, 0.50),
        p99=pct(ms, 0.99),
        errors=sum(stats.errors.values()),
    )


def summary(values: list[float]) -> str:
    return f"{min(values):7.2f} {statistics.median(values):7.2f}"


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


def main() -> None:
    args = parse_args()
    counts = [int(c) for c in str(args.tables).split(",")]
    env = server_env(args.database, ROOT)
    print(f"load before: {uptime()}")
    print(f"recreating {args.database}, migrating, seeding {max(counts)} tables ...", flush=True)
    recreate_database(args.database)
    engine, tables = seed(env, max(counts))
    print(f"Floor's engine in this environment: {engine}")
    if engine != "compiled":
        print("WARNING: the engine is not compiled (make engine); Floor is not measured as deployed")
    bare_dir, bare_env = bare_project(args.database, tables)
    floor_port, bare_port = args.port, args.port + 1
    servers: dict[str, subprocess.Popen[bytes]] = {}
    results: dict[tuple[str, int, str], list[Figures]] = {}
    errors: dict[str, int] = {}
    try:
        if args.only != "bare":
            servers["floor"] = start_server(
                "director.wsgi:application", ROOT, env, floor_port, args, "/healthz"
            )
        if args.only != "floor":
            servers["bare"] = start_server("bare.wsgi:application", bare_dir, bare_env, bare_port, args, "/")
        sides = [("floor", play, floor_port), ("bare", append, bare_port)]
        sides = [s for s in sides if s[0] in servers]
        modes = [("flat out", 0.0), ("paced", args.pace)]
        run_modes = [m for m in modes if m[0].split()[0] in args.modes]
        for rnd in range(args.rounds):
            for n in counts:
                for pace_name, pace in run_modes:
                    order = sides if rnd % 2 == 0 else sides[::-1]
                    for name, target, port in order:
                        profiler = None
                        first = (rnd, n, pace_name) == (0, counts[0], run_modes[0][0])
                        if args.profile and name == "floor" and first:
                            profiler = subprocess.Popen(
                                [str(ROOT / ".venv" / "bin" / "py-spy"), "record", "--subprocesses",
                                 "--pid", str(servers[name].pid), "--output", args.profile,
                                 "--duration", str(int(args.warmup + args.seconds)),
                                 "--format", "raw" if args.profile.endswith(".txt") else "flamegraph",
                                 "--nonblocking", *(["--gil"] if args.profile_gil else [])],
                            )  # fmt: skip
                        stats = run_phase(target, tables[:n], port, servers[name].pid, args, pace)
                        if profiler is not None:
                            profiler.wait()
                        f = figures(stats, args.seconds)
                        results.setdefault((name, n, pace_name), []).append(f)
                        for k, v in stats.errors.items():
                            errors[f"{name} {k}"] = errors.get(f"{name} {k}", 0) + v
                        print(
                            f"round {rnd + 1} {n:4d} tables {pace_name:<8} {name:<5} {f.rate:7.1f}/s "
                            f"{f.cpu_ms:5.2f} ms CPU/req  p50 {f.p50:6.1f}  p99 {f.p99:6.1f} ms",
                            flush=True,
                        )
    finally:
        for server in servers.values():
            stop_server(server)
        shutil.rmtree(bare_dir, ignore_errors=True)

    print()
    threads = f" x {args.threads} threads" if args.worker_class == "gthread" else ""
    what_if = " WITHOUT the clocks hooks (what-if)" if args.without_clock_hooks else ""
    print(
        f"{args.rounds} interleaved rounds of {args.seconds:.0f} s (after {args.warmup:.0f} s warm-up), "
        f"gunicorn {args.worker_class} {args.workers} workers{threads}, {os.cpu_count()} CPUs, "
        f"Floor's engine {engine}{what_if}"
    )
    print(f"load after: {uptime()}")
    print("                              min  median")
    for n in counts:
        for pace_name in ("flat out", "paced"):
            fl, ba = results.get(("floor", n, pace_name)), results.get(("bare", n, pace_name))
            label = f"{n} tables {pace_name}"
            for name, rows in (("Floor", fl), ("bare", ba)):
                if not rows:
                    continue
                print(f"{label:<20} {name:<5} actions/s     {summary([r.rate for r in rows])}")
                print(f"{'':<20} {name:<5} CPU ms/req    {summary([r.cpu_ms for r in rows])}")
                print(f"{'':<20} {name:<5} p50 ms        {summary([r.p50 for r in rows])}")
                print(f"{'':<20} {name:<5} p99 ms        {summary([r.p99 for r in rows])}")
            if fl and ba:
                by_rate = [f.rate / b.rate for f, b in zip(fl, ba, strict=True) if b.rate]
                by_cpu = [b.cpu_ms / f.cpu_ms for f, b in zip(fl, ba, strict=True) if f.cpu_ms]
                print(f"{'':<20} ratio Floor/bare throughput {summary(by_rate)}  (goal >= 0.6 flat out)")
                print(f"{'':<20} ratio bare/Floor CPU/req    {summary(by_cpu)}  (goal >= 0.6)")
            if fl and pace_name == "paced":
                worst = statistics.median([r.p99 for r in fl])
                print(f"{'':<20} Floor p99 at a dealer's pace (median) {worst:.1f} ms "
                      f"({'met' if worst < 100 else 'MISSED'}: goal < 100 ms)")  # fmt: skip
    print(f"errors: {errors or 'none'}")


if __name__ == "__main__":
    sys.exit(main())
