"""The cockpit's leagues: a director creates a league (points formula, best-N) and a season, attaches and
detaches tournaments, and reads the leaderboard; refusals are flashed and write nothing."""

from __future__ import annotations

import pytest

from apps.standings.models import League, Season, SeasonResult, SeasonTournament
from tests.cockpit.helpers import flashed, given_director_client
from tests.factories import ClubFactory, director_of
from tests.tournaments.clockonly_helpers import given_holdem, play_out

pytestmark = pytest.mark.django_db


def test_a_league_with_a_points_table_and_best_n_then_a_season() -> None:
    club, _actor, client = given_director_client()
    r = client.post(
        f"/cockpit/clubs/{club.pk}/leagues/",
        {"name": "Friday League", "kind": "table", "table": "100, 70, 50.5", "best_n": "8"},
        follow=True,
    )
    assert "League created. Add a season to it." in flashed(r)
    league = League.objects.get(club=club)
    assert (league.points, league.best_n, league.published) == (
        {"kind": "table", "table": [10000, 7000, 5050]},
        8,
        False,
    )
    r = client.post(f"/cockpit/leagues/{league.pk}/seasons/new/", {"name": "2026"}, follow=True)
    season = Season.objects.get(league=league)
    assert r.redirect_chain[-1][0] == f"/cockpit/seasons/{season.pk}/"
    assert "Season created. Attach its tournaments." in flashed(r)


def test_a_bad_points_table_and_a_taken_name_are_refused_and_nothing_is_written() -> None:
    club, _actor, client = given_director_client()
    r = client.post(f"/cockpit/clubs/{club.pk}/leagues/", {"name": "L", "kind": "table", "table": "10, x"})
    assert r.status_code == 400
    assert "x is not a number of points." in r.content.decode()
    assert not League.objects.exists()
    client.post(f"/cockpit/clubs/{club.pk}/leagues/", {"name": "L", "kind": "tlb"})
    r = client.post(f"/cockpit/clubs/{club.pk}/leagues/", {"name": "L", "kind": "sqrt"}, follow=True)
    assert any("league_name_taken" in m for m in flashed(r))
    assert League.objects.filter(club=club).count() == 1


def test_attach_two_finished_tournaments_read_the_board_and_detach_one() -> None:
    club, actor, client = given_director_client()
    client.post(f"/cockpit/clubs/{club.pk}/leagues/", {"name": "L", "kind": "table", "table": "10, 6, 3"})
    league = League.objects.get(club=club)
    client.post(f"/cockpit/leagues/{league.pk}/seasons/new/", {"name": "S"})
    season = Season.objects.get(league=league)
    first = given_holdem(club, actor, 3, name="Week 1", names=["Ann", "Bob", "Cy"])
    play_out(actor, first)  # Ann wins, Bob second, Cy third
    second = given_holdem(club, actor, 3, name="Week 2", names=["Cy", "Bob", "Ann"])
    play_out(actor, second)  # Cy wins, Bob second, Ann third
    for t in (first, second):
        r = client.post(f"/cockpit/seasons/{season.pk}/attach/", {"tournament": t.pk}, follow=True)
        assert f"{t.name} counts for the season. Its results are on the leaderboard." in flashed(r)
    page = client.get(f"/cockpit/seasons/{season.pk}/")
    rows = [(row["player"], row["points"], row["rank"]) for row in page.context["board"]["rows"]]
    # Bob: 6 + 6 = 12; Ann and Cy: 10 + 3 = 13 each, equal on wins, cashes, best finish and on when
    # (both counted results end in week 2): they share first place
    assert ("Bob", 1200, 3) in rows
    assert {r[0] for r in rows if r[1] == 1300} == {"Ann", "Cy"}
    assert "13.00" in page.content.decode()

    r = client.post(f"/cockpit/seasons/{season.pk}/detach/{second.pk}/", follow=True)
    assert "Week 2 no longer counts for the season; its results left the leaderboard." in flashed(r)
    assert not SeasonTournament.objects.filter(tournament=second).exists()
    assert not SeasonResult.objects.filter(tournament=second).exists()
    board = client.get(f"/cockpit/seasons/{season.pk}/").context["board"]["rows"]
    assert [(row["player"], row["points"]) for row in board] == [("Ann", 1000), ("Bob", 600), ("Cy", 300)]


def test_a_tournament_counts_for_one_season_and_another_clubs_season_is_not_found() -> None:
    club, actor, client = given_director_client()
    client.post(f"/cockpit/clubs/{club.pk}/leagues/", {"name": "L", "kind": "tlb"})
    league = League.objects.get(club=club)
    client.post(f"/cockpit/leagues/{league.pk}/seasons/new/", {"name": "A"})
    client.post(f"/cockpit/leagues/{league.pk}/seasons/new/", {"name": "B"})
    a, b = Season.objects.filter(league=league).order_by("name")
    t = given_holdem(club, actor, 2)
    client.post(f"/cockpit/seasons/{a.pk}/attach/", {"tournament": t.pk})
    r = client.post(f"/cockpit/seasons/{b.pk}/attach/", {"tournament": t.pk}, follow=True)
    assert any("tournament_in_season" in m for m in flashed(r))
    assert SeasonTournament.objects.get(tournament=t).season_id == a.pk

    other = ClubFactory()
    director_of(other)
    foreign = Season.objects.create(
        league=League.objects.create(club=other, name="X", points={"kind": "tlb"}), name="Y"
    )
    assert client.get(f"/cockpit/seasons/{foreign.pk}/").status_code == 404
    assert client.post(f"/cockpit/seasons/{foreign.pk}/attach/", {"tournament": t.pk}).status_code == 404
