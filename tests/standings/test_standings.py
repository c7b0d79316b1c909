"""Standings: live and final standings and the season leaderboard in a fixed number of queries whatever the
size; league points (a places table, ties sharing), best-N and the tie-breakers, the SQL leaderboard equal
to the engine's; openskill ratings with a tie and their history."""

from __future__ import annotations

import random

import pytest

from apps.engine.tournament import league as el
from apps.standings import selectors as standings
from apps.standings import services as league_services
from apps.standings.models import Rating, RatingHistory, SeasonResult
from apps.tables.models import Seat, Table
from apps.tournaments.models import Entry, Payout, Tournament, TournamentTable
from apps.tournaments.selectors import standings_final, standings_live
from tests.factories import (
    EntryFactory,
    PlayerFactory,
    SeasonFactory,
    SeasonResultFactory,
    TournamentFactory,
    director_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _running(entries: int, out: int) -> Tournament:
    """A running tournament: ``entries`` entries, the first ``entries - out`` seated at tables of six."""
    t = TournamentFactory(status=Tournament.Status.RUNNING)
    tables: list[TournamentTable] = []
    for i in range(entries):
        if i < entries - out:
            n = i // 6
            if n == len(tables):
                table = Table.objects.create(club=t.club, name=f"{t.pk}-{n}", game={}, seats_count=6)
                tables.append(TournamentTable.objects.create(tournament=t, table=table, number=n + 1))
            e = EntryFactory(tournament=t, status="playing")
            e.seat = Seat.objects.create(
                table=tables[n].table, number=i % 6 + 1, player=e.player, stack=1000 + i
            )
            e.save()
        else:
            EntryFactory(
                tournament=t, status="eliminated", place=entries - (i - (entries - out)), place_to=None
            )
    Entry.objects.filter(tournament=t, place__isnull=False).update(place_to=models_f("place"))
    Payout.objects.bulk_create(
        [Payout(tournament=t, place=p, amount=a) for p, a in [(1, 500), (2, 300), (3, 200)]]
    )
    return t


def models_f(name: str):  # type: ignore[no-untyped-def]
    from django.db.models import F

    return F(name)


@pytest.mark.parametrize("entries", [8, 80])
def test_live_standings_take_three_queries_whatever_the_field(
    entries: int, django_assert_num_queries
) -> None:  # type: ignore[no-untyped-def]
    # given a running tournament with some players out
    t = _running(entries, out=entries // 4)

    # when the live standings are read, then three queries (tournament, entries, payouts)
    with django_assert_num_queries(3):
        live = standings_live(tournament=t)

    # and they are derived from the seats
    left = entries - entries // 4
    assert live["players_left"] == left
    assert live["total_chips"] == sum(1000 + i for i in range(left))
    assert live["average_stack"] == live["total_chips"] // left
    assert live["alive"][0]["chips"] == 1000 + left - 1 and live["alive"][0]["rank"] == 1
    assert live["prize_pool"] == 100 * entries
    assert live["next_payout_jump"] == {"eliminations": left - 3, "from": 0, "to": 200}


@pytest.mark.parametrize("entries", [6, 60])
def test_final_standings_take_three_queries(entries: int, django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    t = _running(entries, out=entries)
    with django_assert_num_queries(3):
        final = standings_final(tournament=t)
    assert [r["place"] for r in final["results"]] == list(range(1, entries + 1))


@pytest.mark.parametrize("results", [5, 60])
def test_the_leaderboard_takes_two_queries(results: int, django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    season = SeasonFactory()
    players = [PlayerFactory(club=season.league.club) for _ in range(5)]
    for i in range(results):
        SeasonResultFactory(season=season, player=players[i % 5], place=i % 7 + 1, points=1000 * (i % 4))
    with django_assert_num_queries(2):
        board = standings.leaderboard_for_season(season=season)
    assert len(board["rows"]) == 5


def test_the_sql_leaderboard_is_the_engines_leaderboard() -> None:
    # given a season of 30 tournaments over 12 players, random places, points and prizes, best 5 counting
    rng = random.Random(11)
    season = SeasonFactory(league__best_n=5)
    club = season.league.club
    players = [PlayerFactory(club=club) for _ in range(12)]
    rows = []
    for _ in range(30):
        t = TournamentFactory(club=club, status="finished")
        for place, p in enumerate(rng.sample(players, 6), start=1):
            pts = rng.choice([0, 500, 1000, 1000, 2500])
            prize = rng.choice([0, 0, 100])
            SeasonResult.objects.create(
                season=season, tournament=t, player=p, place=place, entries=6, prize=prize, points=pts
            )
            rows.append(el.Result(str(p.pk), t.pk, place, pts, prize))

    # when the leaderboard is read
    board = standings.leaderboard_for_season(season=season)

    # then ranks and totals are the engine's (same tie-breakers, same shared ranks)
    expected = {
        s.player: (s.rank, s.total, s.wins, s.cashes, s.best_finish) for s in el.leaderboard(rows, best_n=5)
    }
    got = {
        str(r["player_id"]): (r["rank"], r["points"], r["wins"], r["cashes"], r["best_place"])
        for r in board["rows"]
    }
    assert got == expected


def test_league_points_by_a_places_table_ties_share_and_best_n_counts() -> None:
    # given a league (places table 100/70/50/30/10, best 2) and a finished tournament with a tie for 2nd
    season = SeasonFactory(league__best_n=2)
    club = season.league.club
    director = director_of(club)
    from apps.accounts.permissions import Actor

    actor = Actor(user=director)
    t = TournamentFactory(club=club, status="finished")
    places = [(1, 1), (2, 3), (2, 3), (4, 4)]
    entries = [EntryFactory(tournament=t, place=a, place_to=b, status="eliminated") for a, b in places]

    # when the tournament is added to the season
    league_services.season_tournament_add(actor=actor, season=season, tournament=t)

    # then 1st scores 100, the two tied for 2nd-3rd each (70 + 50) / 2 = 60, 4th 30
    pts = dict(SeasonResult.objects.filter(tournament=t).values_list("player_id", "points"))
    assert [pts[e.player_id] for e in entries] == [10000, 6000, 6000, 3000]

    # and with two more results for the winner, only the best two count
    winner = entries[0].player
    for place in (4, 2):
        SeasonResultFactory(
            season=season, player=winner, place=place, points=[0, 7000, 5000, 3000][place - 1]
        )
    board = standings.leaderboard_for_season(season=season)
    top = board["rows"][0]
    assert (top["player_id"], top["points"], top["played"], top["counted"]) == (winner.pk, 17000, 3, 2)


def test_ratings_update_with_a_tie_between_a_win_and_a_loss() -> None:
    # given a rated game: ann 1st, bob and cat tie for 2nd, dan 4th (all new players)
    t = TournamentFactory(status="finished", rated=True)
    names = ["ann", "bob", "cat", "dan"]
    places = {"ann": (1, 1), "bob": (2, 3), "cat": (2, 3), "dan": (4, 4)}
    entries = {
        n: EntryFactory(
            tournament=t, player=PlayerFactory(club=t.club, name=n), place=places[n][0], place_to=places[n][1]
        )
        for n in names
    }

    # when it is rated
    history = league_services.ratings_update(tournament=t)

    # then everyone has a rating and one history row; the tied players move alike, between the winner and the
    # last; rating it again changes nothing
    assert len(history) == 4
    mu = {n: Rating.objects.get(player=entries[n].player).mu for n in names}
    assert mu["bob"] == pytest.approx(mu["cat"])
    assert mu["ann"] > mu["bob"] > mu["dan"]
    assert all(Rating.objects.get(player=entries[n].player).games == 1 for n in names)
    assert league_services.ratings_update(tournament=t) == []
    assert RatingHistory.objects.filter(tournament=t).count() == 4
    shown = standings.ratings_for_club(club_id=t.club_id)
    assert shown[0]["player"] == "ann" and shown[0]["display"] > 1000


def test_live_standings_of_a_running_tournament_with_its_clock_take_three_queries(
    django_assert_num_queries,
) -> None:  # type: ignore[no-untyped-def]
    from apps.tournaments import seating
    from tests.tournaments.helpers import given_director, given_tournament

    club, director = given_director()
    t = given_tournament(club, director, 9, seats_per_table=6)
    seating.tournament_start(actor=director, tournament=t)
    with django_assert_num_queries(3):
        live = standings_live(tournament=t)
    assert live["players_left"] == 9 and live["level"]["current"]["ante"] == 25
    assert live["alive"][0]["seat"]["table"] in (1, 2)


def test_the_ratings_api_names_the_model_that_rates_and_a_tie_sits_between_a_win_and_a_loss() -> None:
    # given a rated game of four new players: one wins, two tie for 2nd, one is last
    from django.test import Client
    from openskill.models import BradleyTerryFull

    from apps.engine.tournament import ratings as er

    club = TournamentFactory().club
    t = TournamentFactory(club=club, status="finished", rated=True, published=True)  # the public reads it
    places = {"win": (1, 1), "tie1": (2, 3), "tie2": (2, 3), "loss": (4, 4)}
    players = {}
    for name, (place, place_to) in places.items():
        players[name] = PlayerFactory(club=club, name=name)
        EntryFactory(tournament=t, player=players[name], place=place, place_to=place_to)
    league_services.ratings_update(tournament=t)

    # when the club's ratings are read through the API
    answer = Client().get(f"/api/clubs/{club.pk}/ratings/")

    # then the answer names the model the engine rates with (Bradley-Terry with full pairing, not
    # Plackett-Luce), and it is the model that produced the numbers
    assert answer.status_code == 200
    body = answer.json()
    assert body["model"] == er.MODEL_NAME and "BradleyTerryFull" in body["model"]
    assert "Plackett" not in body["model"]
    assert isinstance(er.MODEL, BradleyTerryFull)
    expected = er.MODEL.rate([[er.MODEL.rating()] for _ in range(4)], ranks=[1, 2, 2, 4])
    by_name = {r["player"]: r for r in body["ratings"]}
    assert by_name["win"]["mu"] == pytest.approx(expected[0][0].mu, abs=1e-4)
    assert by_name["tie1"]["mu"] == pytest.approx(expected[1][0].mu, abs=1e-4)
    # and the tied players sit together between the winner and the loser
    assert by_name["tie1"]["mu"] == pytest.approx(by_name["tie2"]["mu"])
    assert by_name["win"]["mu"] > by_name["tie1"]["mu"] > by_name["loss"]["mu"]
    assert by_name["win"]["display"] > by_name["tie1"]["display"] > by_name["loss"]["display"]
    assert body["ratings"][0]["player"] == "win"
    assert body["ratings"][-1]["player"] == "loss"
