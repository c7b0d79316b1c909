"""The cockpit's leagues: a director creates a league (points formula, best-N) and a season, attaches and
detaches tournaments, and reads the leaderboard; refusals are flashed and write nothing."""

from __future__ import annotations

import pytest

from apps.standings.models import League, Season, SeasonResult, SeasonTournament
from tests.cockpit.helpers import flashed, given_director_client
from tests.factories import ClubFactory, director_of
from tests.tournaments.clockonly_helpers import given_holdem, play_out

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


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


def test_the_league_is_edited_and_its_leaderboard_scored_again() -> None:
    club, actor, client = given_director_client()
    client.post(f"/cockpit/clubs/{club.pk}/leagues/", {"name": "L", "kind": "table", "table": "10, 6, 3"})
    league = League.objects.get(club=club)
    client.post(f"/cockpit/leagues/{league.pk}/seasons/new/", {"name": "S"})
    season = Season.objects.get(league=league)
    for names in (["Ann", "Bob", "Cy"], ["Cy", "Bob", "Ann"]):
        t = given_holdem(club, actor, 3, name=f"Week {names[0]}", names=names)
        play_out(actor, t)
        client.post(f"/cockpit/seasons/{season.pk}/attach/", {"tournament": t.pk})
    running = given_holdem(club, actor, 3, name="Running", names=["Dan", "Eve", "Fay"])
    client.post(f"/cockpit/seasons/{season.pk}/attach/", {"tournament": running.pk})

    edit = client.get(f"/cockpit/leagues/{league.pk}/edit/")
    assert edit.status_code == 200
    form = edit.context["form"]
    assert (form["kind"].value(), form["table"].value(), form["best_n"].value()) == (
        "table",
        "10, 6, 3",
        None,
    )
    assert (
        f"/cockpit/leagues/{league.pk}/edit/"
        in client.get(f"/cockpit/clubs/{club.pk}/leagues/").content.decode()
    )

    # 20, 10, 5 points and the best result only: Ann and Cy 20 (a win each), Bob 10
    r = client.post(
        f"/cockpit/leagues/{league.pk}/edit/",
        {"name": "Friday League", "kind": "table", "table": "20, 10, 5", "best_n": "1"},
        follow=True,
    )
    assert "League saved. Its leaderboards are recomputed (2 tournaments scored again)." in flashed(r)
    league.refresh_from_db()
    assert (league.name, league.points, league.best_n) == (
        "Friday League",
        {"kind": "table", "table": [2000, 1000, 500]},
        1,
    )
    board = client.get(f"/cockpit/seasons/{season.pk}/").context["board"]["rows"]
    assert sorted((row["player"], row["points"], row["counted"]) for row in board) == [
        ("Ann", 2000, 1),
        ("Bob", 1000, 1),
        ("Cy", 2000, 1),
    ]


def test_an_edit_that_makes_the_league_invalid_is_refused_and_nothing_changes() -> None:
    club, actor, client = given_director_client()
    client.post(f"/cockpit/clubs/{club.pk}/leagues/", {"name": "L", "kind": "table", "table": "10, 6, 3"})
    client.post(f"/cockpit/clubs/{club.pk}/leagues/", {"name": "Other", "kind": "tlb"})
    league = League.objects.get(club=club, name="L")
    client.post(f"/cockpit/leagues/{league.pk}/seasons/new/", {"name": "S"})
    season = Season.objects.get(league=league)
    t = given_holdem(club, actor, 3, names=["Ann", "Bob", "Cy"])
    play_out(actor, t)
    client.post(f"/cockpit/seasons/{season.pk}/attach/", {"tournament": t.pk})
    before = sorted(SeasonResult.objects.values_list("player__name", "points"))
    url = f"/cockpit/leagues/{league.pk}/edit/"

    for data, code in [
        ({"name": "L", "kind": "table", "table": ""}, "points_table"),  # a table without points
        ({"name": "L", "kind": "table", "table": "10, -5"}, "points.table must be"),  # negative points
        ({"name": "Other", "kind": "table", "table": "10"}, "league_name_taken"),
    ]:
        r = client.post(url, data)
        assert r.status_code == 400, data
        assert any(code in m for m in flashed(r)), (data, flashed(r))
    r = client.post(url, {"name": "L", "kind": "table", "table": "10, x"})
    assert r.status_code == 400 and "x is not a number of points." in r.content.decode()
    league.refresh_from_db()
    assert (league.name, league.points, league.best_n) == (
        "L",
        {"kind": "table", "table": [1000, 600, 300]},
        None,
    )
    assert sorted(SeasonResult.objects.values_list("player__name", "points")) == before

    other = ClubFactory()
    director_of(other)
    foreign = League.objects.create(club=other, name="X", points={"kind": "tlb"})
    assert client.get(f"/cockpit/leagues/{foreign.pk}/edit/").status_code == 404
    assert (
        client.post(f"/cockpit/leagues/{foreign.pk}/edit/", {"name": "Y", "kind": "tlb"}).status_code == 404
    )
