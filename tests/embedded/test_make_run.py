"""The service as `make run` starts it (scripts/run.sh: migrate, the demo, the web server, a Celery worker and
beat) on a fresh SQLite file and broker folder (``FLOOR_VAR_DIR``), driven over HTTP only: a whole 8-player
tournament to its winner, and ten tables entering actions at once, flat out. No answer may be a 5xx.

The script is driven only through the environment it already honours (``HOST``, ``PORT``) and the settings'
``FLOOR_VAR_DIR``; it is the embedded default whichever backend the rest of the run uses, so it runs once,
in the SQLite run."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.embedded.floor_http import BUY_IN, REBUY_PRICE, HttpFloor, play_tournament

# One xdist worker runs both tests (make test's `--dist loadgroup`): `make run`'s script is a module fixture,
# started once rather than once per worker.
pytestmark = [pytest.mark.sqlite(only=True), pytest.mark.xdist_group("make_run")]

ROOT = Path(__file__).resolve().parents[2]
USER, PASSWORD = "host", "kitchen-table-7"
# what the test process has that `make run` would not see: the suite's own settings and services
NOT_PASSED = {
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_BROKER_URL",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "FLOOR_TEST_BACKEND",
    "FLOOR_VAR_DIR",
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Service:
    url: str
    var: Path
    env: dict[str, str]
    log: Path


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    var = tmp_path_factory.mktemp("make-run-var")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in NOT_PASSED}
    env.update(HOST="127.0.0.1", PORT=str(port), FLOOR_VAR_DIR=str(var), PYTHONUNBUFFERED="1")
    log = var / "run.log"
    process = subprocess.Popen(
        ["scripts/run.sh"],
        cwd=ROOT,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, (
                "make run's server did not answer in 120 s\n" + log.read_text()
            )
            time.sleep(0.5)
        # a director account of our own (the demo's is the host helper's business), made as a host would
        made = subprocess.run(
            [sys.executable, "manage.py", "createsuperuser", "--noinput", "--username", USER, "--email", ""],
            cwd=ROOT,
            env={**env, "DJANGO_SUPERUSER_PASSWORD": PASSWORD},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert made.returncode == 0, made.stdout + made.stderr
        yield Service(url, var, env, log)
    finally:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text[-4000:]


def _director(service: Service) -> tuple[HttpFloor, int]:
    floor = HttpFloor(service.url)
    floor.login(USER, PASSWORD)
    club = floor.post("/api/clubs/", {"name": "Kitchen Table"}, expect=201)["id"]
    return floor, club


def test_make_run_on_a_fresh_sqlite_file_plays_an_eight_player_tournament_to_its_winner(
    service: Service,
) -> None:
    # the embedded default, on the fresh file
    with urllib.request.urlopen(f"{service.url}/healthz", timeout=60) as answer:
        assert b'"sqlite"' in answer.read()
    assert (service.var / "floor.sqlite3").is_file()

    floor, club = _director(service)
    played = play_tournament(floor, club=club, players=8, seats_per_table=6, seed=8)

    assert floor.server_errors == []
    final = floor.get(f"/api/tournaments/{played.tournament}/standings/final/")
    assert final["status"] == "finished"
    winners = [r for r in final["results"] if r["place"] == 1]
    assert len(winners) == 1 and winners[0]["place_to"] == 1
    assert len(final["results"]) == 8
    assert sum(r["prize"] for r in final["results"]) == BUY_IN * 8 + REBUY_PRICE * played.rebuys
    live = floor.get(f"/api/tournaments/{played.tournament}/standings/live/")
    assert live["players_left"] == 0
    moves = floor.get(f"/api/tournaments/{played.tournament}/moves/")
    assert len({m["to_table"] for m in moves if m["kind"] == "draw"}) == 2  # dealt at two tables
    assert played.rebuys == 1 and played.hands > 0


def _calm(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand that reaches the showdown with everyone in: the first to act bets the minimum before the draw
    (all checking would pass the hand out), the others call; all stand pat and check after it."""
    legal = {a["type"]: a for a in hand["legal_actions"]}
    if "finish_order" in legal:
        return {"type": "finish_order", "order": [[s] for s in legal["finish_order"]["seats"]]}
    if "draw" in legal:
        return {"type": "draw", "seat": legal["draw"]["seat"], "count": 0}
    if "bet" in legal and not any(s["draws"] for s in hand["seats"]):
        return {"type": "bet", "seat": hand["to_act"], "amount": legal["bet"]["min"]}
    if "check" in legal:
        return {"type": "check", "seat": hand["to_act"]}
    return {"type": "call", "seat": hand["to_act"]}


TABLES, HANDS = 10, 4


def test_ten_tables_entering_actions_at_once_never_see_a_server_error(service: Service) -> None:
    # given ten cash tables of four, each with its own dealer session (its own connection to the server)
    director, club = _director(service)
    tables = []
    for n in range(TABLES):
        table = director.post(
            "/api/tables/",
            {"club": club, "name": f"T{n + 1}", "game": {"kind": "five-card-draw"}},
            expect=201,
        )
        for seat in range(1, 5):
            director.post(
                f"/api/tables/{table['id']}/seats/",
                {"seat": seat, "player_name": f"T{n + 1} P{seat}", "stack": 100_000},
                expect=201,
            )
        tables.append(table["id"])
    dealers = [HttpFloor(service.url) for _ in tables]
    for dealer in dealers:
        dealer.login(USER, PASSWORD)

    latencies: list[float] = []
    failures: list[str] = []
    done: Counter[int] = Counter()
    barrier = threading.Barrier(TABLES)

    def deal(index: int) -> None:
        floor, table_id = dealers[index], tables[index]
        rng = random.Random(index)
        try:
            barrier.wait(timeout=30)
            for _ in range(HANDS):
                started = time.monotonic()
                answer = floor.request("POST", f"/api/tables/{table_id}/hands/", {})
                latencies.append(time.monotonic() - started)
                assert answer.status == 201, (answer.status, answer.body)
                hand = answer.body
                while hand["status"] != "finished":
                    event = {"expected_seq": hand["seq"], **_calm(hand)}
                    started = time.monotonic()
                    answer = floor.request("POST", f"/api/hands/{hand['id']}/events/", event)
                    latencies.append(time.monotonic() - started)
                    assert answer.status == 201, (answer.status, answer.body)
                    hand = answer.body
                    done[index] += 1
                    if rng.random() < 0.2:  # a screen re-reading the table between entries
                        floor.get(f"/api/tables/{table_id}/")
        except BaseException as exc:  # reported below, with every table's answers
            failures.append(f"table {index}: {exc!r}")

    threads = [threading.Thread(target=deal, args=(i,)) for i in range(TABLES)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    elapsed = time.monotonic() - began

    statuses = sum((d.statuses for d in dealers), Counter())
    server_errors = [e for d in dealers for e in d.server_errors]
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else 0.0
    actions = sum(done.values())
    worst = latencies[-1] if latencies else 0.0
    print(f"ten tables: {actions} actions in {elapsed:.1f} s, {dict(statuses)}", end="")
    print(f", p99 {p99:.2f} s, max {worst:.2f} s")
    assert server_errors == [] and failures == [], (server_errors[:5], failures[:5])
    assert not any(status >= 500 for status in statuses)
    assert all(done[i] >= HANDS * 8 for i in range(TABLES)), done  # every table played all its hands out
