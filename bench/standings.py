"""Benchmark: a season leaderboard over a league of 1,000 tournaments of 100 entries, and one tournament's
live standings.

    .venv/bin/python bench/standings.py [--tournaments 1000] [--entries 100] [--players 2000] [--repeat 20]

1. (Re)creates the database ``floor_bench_standings`` (``--database``) on the local PostgreSQL, migrates it.
2. Seeds one club, ``--players`` players, a league (places-table points, best 10) and its season, and
   ``--tournaments`` finished tournaments of ``--entries`` entries each with one season result per entry
   (random players, places 1..entries); plus one running tournament of ``--entries`` entries seated at
   tables of six with random stacks, some already out, and its payout table.
3. Times ``leaderboard_for_season`` (the whole leaderboard) and ``standings_live`` of the running
   tournament: best, median and p95 of ``--repeat`` runs, after one warm-up. Goals: leaderboard under
   300 ms, live standings under 50 ms.

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
    p.add_argument("--database", default="floor_bench_standings")
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
    from apps.tables.models import Seat, Table
    from apps.tournaments.models import Entry, Payout, Tournament, TournamentTable

    rng = random.Random(args.seed)
    game = five_card_draw().to_json()
    club = Club.objects.create(name="Bench club", slug="bench")
    players = Player.objects.bulk_create(
        [Player(club=club, name=f"Player {i:05d}") for i in range(args.players)]
    )
    table_points = [10000, 7000, 5000, 4000, 3000, 2500, 2000, 1500, 1000, 500]
    league = League.objects.create(
        club=club, name="Bench league", points={"kind": "table", "table": table_points}, best_n=10
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

    live = Tournament.objects.create(
        club=club,
        name="Live event",
        game=game,
        starting_stack=10000,
        buy_in=100,
        status=Tournament.Status.RUNNING,
        rebuy_until_level=4,
        rebuy_chips=10000,
        rebuy_price=100,
    )
    field = rng.sample(players, args.entries)
    out = args.entries // 4
    tables: list[TournamentTable] = []
    entries: list[Entry] = []
    for i, p in enumerate(field):
        if i < args.entries - out:
            n = i // 6
            if n == len(tables):
                table = Table.objects.create(club=club, name=f"Live {n + 1}", game=game, seats_count=6)
                tables.append(TournamentTable.objects.create(tournament=live, table=table, number=n + 1))
            seat = Seat.objects.create(
                table=tables[n].table, number=i % 6 + 1, player=p, stack=rng.randrange(1000, 40000)
            )
            entries.append(
                Entry(
                    tournament=live,
                    player=p,
                    status=Entry.Status.PLAYING,
                    seat=seat,
                    rebuys=rng.randrange(0, 2),
                )
            )
        else:
            place = args.entries - (i - (args.entries - out))
            entries.append(
                Entry(tournament=live, player=p, status=Entry.Status.ELIMINATED, place=place, place_to=place)
            )
    Entry.objects.bulk_create(entries)
    pool = 100 * args.entries
    Payout.objects.bulk_create(
        [
            Payout(tournament=live, place=k, amount=pool * pct // 100)
            for k, pct in enumerate([30, 20, 14, 10, 8, 6, 5, 4, 3], start=1)
        ]
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


def main() -> int:
    args = parse_args()
    seeded = setup_django(args.database, args.keep)
    if not seeded:
        start = time.perf_counter()
        seed(args)
        print(f"seeded {args.tournaments} x {args.entries} results in {time.perf_counter() - start:.1f} s")
    from django.db import connection

    with connection.cursor() as c:
        c.execute("VACUUM ANALYZE")  # what autovacuum does to a table that has just been filled
    from apps.standings.models import Season
    from apps.standings.selectors import leaderboard_for_season
    from apps.tournaments.models import Tournament
    from apps.tournaments.selectors import standings_live

    season = Season.objects.get()
    live = Tournament.objects.get(status=Tournament.Status.RUNNING)
    lb_times, board = timed(lambda: leaderboard_for_season(season=season), args.repeat)
    live_times, standings = timed(lambda: standings_live(tournament=live), args.repeat)
    print(
        f"leaderboard: {len(board['rows'])} players; leader {board['rows'][0]['player']} "
        f"{board['rows'][0]['points']} pts"
    )
    print(
        f"live standings: {standings['players_left']} left of {standings['entries']}, "
        f"average {standings['average_stack']}"
    )
    ok = report("season leaderboard", lb_times, 300)
    ok = report("live standings", live_times, 50) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
