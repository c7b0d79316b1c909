"""Benchmark: a season leaderboard over a league of 1,000 tournaments of 100 entries, and the live standings
of running tournaments of 100, 1,000 and 10,000 entrants: the selectors and the public pages.

    .venv/bin/python bench/standings.py [--tournaments 1000] [--entries 100] [--sizes 100,1000,10000]

1. (Re)creates the database ``perf_bench_standings`` (``--database``) on the local PostgreSQL, migrates it.
2. Seeds one club, enough players, a published league (places-table points, best 10) and its season, and
   ``--tournaments`` finished published tournaments of ``--entries`` entries each with one season result per
   entry (random players of the first ``--players``, places 1..entries); plus, for each of ``--sizes``, one
   running published tournament of that many entrants seated at tables of six with random stacks, a
   quarter already out, and its payout table.
3. Times, best/median/p95 of ``--repeat`` runs after one warm-up: ``leaderboard_for_season`` and the
   season's public page (``/leagues/…/seasons/…/``, through Django's test client: middleware, view,
   template; the board is kept between changes, so the warm-up builds it and the runs read it); for
   each size the engine's ``live_standings``, the ``standings_live`` selector and the
   public standings page (``/t/…/standings/``); then how each grows from one size to the next (10x the
   entrants: a linear cost grows 10x, a quadratic one 100x). Goals: the engine's live standings < 20 ms
   at 1,000 and < 200 ms at 10,000; the leaderboard page < 100 ms.

Seeding writes rows with ``bulk_create`` (it is a fixture, not the system under test).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PG = "postgres://postgres@127.0.0.1:5432"


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tournaments", type=int, default=1000)
    p.add_argument("--entries", type=int, default=100)
    p.add_argument("--players", type=int, default=2000)
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--sizes", default="100,1000,10000", help="live tournaments' entrants")
    p.add_argument("--database", default="perf_bench_standings")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--keep", action="store_true", help="reuse the database if it is already seeded")
    return p.parse_args()


def setup_django(database: str, keep: bool) -> bool:
    """Point Django at the bench database; (re)create it unless ``keep`` and it exists. True: seeded."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
        if exists and not keep:
            conn.execute(f'DROP DATABASE "{database}" WITH (FORCE)')
        if not exists or not keep:
            conn.execute(f'CREATE DATABASE "{database}"')
    os.environ["DATABASE_URL"] = f"{PG}/{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from apps.standings.models import SeasonResult

    return bool(exists and keep and SeasonResult.objects.exists())


def seed(args: argparse.Namespace) -> None:
    from apps.accounts.models import Club, Player
    from apps.engine.games import five_card_draw
    from apps.standings.models import League, Season, SeasonResult, SeasonTournament
    from apps.tournaments.models import Tournament

    rng = random.Random(args.seed)
    game = five_card_draw().to_json()
    club = Club.objects.create(name="Bench club", slug="bench")
    sizes = [int(x) for x in args.sizes.split(",")]
    everyone = Player.objects.bulk_create(
        [Player(club=club, name=f"Player {i:05d}") for i in range(max([args.players, *sizes]))]
    )
    players = everyone[: args.players]
    table_points = [10000, 7000, 5000, 4000, 3000, 2500, 2000, 1500, 1000, 500]
    league = League.objects.create(
        club=club,
        name="Bench league",
        points={"kind": "table", "table": table_points},
        best_n=10,
        published=True,
    )
    season = Season.objects.create(league=league, name="2026")
    tournaments = Tournament.objects.bulk_create(
        [
            Tournament(
                club=club,
                name=f"Event {i}",
                game=game,
                starting_stack=10000,
                buy_in=100,
                status=Tournament.Status.FINISHED,
                published=True,  # the public page counts the published tournaments' results only
            )
            for i in range(args.tournaments)
        ]
    )
    SeasonTournament.objects.bulk_create([SeasonTournament(season=season, tournament=t) for t in tournaments])
    batch: list[SeasonResult] = []
    for t in tournaments:
        field = rng.sample(players, args.entries)
        for place, p in enumerate(field, start=1):
            pts = table_points[place - 1] if place <= len(table_points) else 100
            batch.append(
                SeasonResult(
                    season=season,
                    tournament=t,
                    player=p,
                    place=place,
                    entries=args.entries,
                    prize=1000 if place <= 10 else 0,
                    points=pts,
                )
            )
        if len(batch) >= 20000:
            SeasonResult.objects.bulk_create(batch)
            batch = []
    SeasonResult.objects.bulk_create(batch)

    for size in sizes:
        _live(club, game, rng.sample(everyone, size), rng)


def _live(club: Any, game: Any, field: list[Any], rng: random.Random) -> None:
    from apps.tables.models import Seat, Table
    from apps.tournaments.models import Entry, Payout, Tournament, TournamentTable

    size = len(field)
    live = Tournament.objects.create(
        club=club,
        name=f"Live event of {size}",
        game=game,
        starting_stack=10000,
        buy_in=100,
        status=Tournament.Status.RUNNING,
        rebuy_until_level=4,
        rebuy_chips=10000,
        rebuy_price=100,
        published=True,
    )
    out = size // 4
    tables: list[TournamentTable] = []
    seats: list[Seat] = []
    for i in range(size - out):
        n = i // 6
        if n == len(tables):
            table = Table.objects.create(club=club, name=f"Live {size} {n + 1}", game=game, seats_count=6)
            tables.append(TournamentTable(tournament=live, table=table, number=n + 1))
        seats.append(
            Seat(table=tables[n].table, number=i % 6 + 1, player=field[i], stack=rng.randrange(1000, 40000))
        )
    TournamentTable.objects.bulk_create(tables)
    seats = Seat.objects.bulk_create(seats)
    entries = [
        Entry(tournament=live, player=p, status=Entry.Status.PLAYING, seat=seat, rebuys=rng.randrange(0, 2))
        for p, seat in zip(field, seats, strict=False)
    ]
    for i in range(size - out, size):
        place = size - (i - (size - out))
        entries.append(
            Entry(
                tournament=live, player=field[i], status=Entry.Status.ELIMINATED, place=place, place_to=place
            )
        )
    Entry.objects.bulk_create(entries)
    pool = 100 * size
    paid = max(9, size // 7)
    Payout.objects.bulk_create(
        [Payout(tournament=live, place=k, amount=max(1, pool // (3 * k))) for k in range(1, paid + 1)]
    )


def timed(fn: Any, repeat: int) -> tuple[list[float], Any]:
    result = fn()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    return times, result


def report(name: str, times: list[float], goal: float) -> bool:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    ok = statistics.median(times) < goal
    print(
        f"{name:<22} best {times[0]:7.1f} ms   median {statistics.median(times):7.1f} ms   "
        f"p95 {p95:7.1f} ms   goal < {goal:.0f} ms: {'OK' if ok else 'MISSED'}"
    )
    return ok


def growth(name: str, sizes: list[int], medians: list[float]) -> None:
    steps = [
        f"{a:,} -> {b:,}: x{mb / ma:.1f}"
        for a, b, ma, mb in zip(sizes, sizes[1:], medians, medians[1:], strict=False)
        if ma > 0
    ]
    print(f"{name:<22} grows {', '.join(steps)}  (entrants x10 each step; linear ~ x10, quadratic ~ x100)")


def main() -> int:
    args = parse_args()
    seeded = setup_django(args.database, args.keep)
    if not seeded:
        start = time.perf_counter()
        seed(args)
        print(f"seeded {args.tournaments} x {args.entries} results in {time.perf_counter() - start:.1f} s")
    from django.db import connection
    from django.test import Client

    with connection.cursor() as c:
        c.execute("VACUUM ANALYZE")  # what autovacuum does to a table that has just been filled
    from apps.engine.tournament import standings as es
    from apps.standings.models import Season
    from apps.standings.selectors import leaderboard_for_season
    from apps.tournaments.models import Payout, Tournament
    from apps.tournaments.selectors import standings_live

    with open("/proc/loadavg") as f:
        print(f"load average before: {' '.join(f.read().split()[:3])} ({os.cpu_count()} CPUs)")
    client = Client()
    season = Season.objects.select_related("league").get()
    lb_times, board = timed(lambda: leaderboard_for_season(season=season), args.repeat)
    page = f"/leagues/{season.league_id}/seasons/{season.pk}/"
    lbp_times, response = timed(lambda: client.get(page), args.repeat)
    assert response.status_code == 200, response.status_code
    print(
        f"leaderboard: {len(board['rows'])} players; leader {board['rows'][0]['player']} "
        f"{board['rows'][0]['points']} pts; page {len(response.content) // 1024} KB"
    )
    ok = report("season leaderboard", lb_times, 300)
    ok = report("leaderboard page", lbp_times, 100) and ok

    sizes = [int(x) for x in args.sizes.split(",")]
    medians: dict[str, list[float]] = {"engine": [], "selector": [], "page": []}
    for size in sizes:
        live = Tournament.objects.get(status=Tournament.Status.RUNNING, name=f"Live event of {size}")
        standings = standings_live(tournament=live)
        chips = {str(r["entry"]): r["chips"] for r in standings["alive"]}
        prizes = list(
            Payout.objects.filter(tournament=live).order_by("place").values_list("amount", flat=True)
        )
        engine_times, _ = timed(lambda: es.live_standings(chips, prize_pool=1, prizes=prizes), args.repeat)  # noqa: B023
        sel_times, standings = timed(lambda: standings_live(tournament=live), args.repeat)  # noqa: B023
        url = f"/t/{live.pk}/standings/"
        page_times, response = timed(lambda: client.get(url), max(3, args.repeat // 4))  # noqa: B023
        assert response.status_code == 200, response.status_code
        print(
            f"{size:,} entrants: {standings['players_left']} left, average {standings['average_stack']}, "
            f"page {len(response.content) // 1024} KB"
        )
        goal = {1000: 20.0, 10000: 200.0}.get(size)
        ok = report(f"  engine live, {size:,}", engine_times, goal or 1e9) and ok
        report(f"  selector, {size:,}", sel_times, 1e9)
        report(f"  page, {size:,}", page_times, 1e9)
        medians["engine"].append(statistics.median(engine_times))
        medians["selector"].append(statistics.median(sel_times))
        medians["page"].append(statistics.median(page_times))
    growth("engine live standings", sizes, medians["engine"])
    growth("standings selector", sizes, medians["selector"])
    growth("standings page", sizes, medians["page"])
    with open("/proc/loadavg") as f:
        print(f"load average after: {' '.join(f.read().split()[:3])}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
