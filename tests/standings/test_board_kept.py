"""The season's board is built once per change and kept: read again it is the kept one (no board SQL), and
any change the board depends on shows at the next read (a new result, a result taken back or scored
again, a tournament published or unpublished, the league's best-N, a player's new name), on SQLite as on
PostgreSQL; the kept board is the board."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import Player
from apps.standings import selectors as standings
from apps.standings.models import League, SeasonResult
from apps.tournaments.models import Tournament
from tests.factories import PlayerFactory, SeasonFactory, SeasonResultFactory, TournamentFactory

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _season(players: int = 3, tournaments: int = 2) -> Any:
    season = SeasonFactory(league__best_n=None, league__published=True)
    club = season.league.club
    field = [PlayerFactory(club=club, name=f"Player {i}") for i in range(players)]
    for _ in range(tournaments):
        t = TournamentFactory(club=club, published=True, status=Tournament.Status.FINISHED)
        for place, p in enumerate(field, start=1):
            SeasonResultFactory(season=season, tournament=t, player=p, place=place, points=1000 * place)
    return season


def _board_sql_runs(fn: Any) -> int:
    with CaptureQueriesContext(connection) as queries:
        fn()
    return sum("ROW_NUMBER()" in q["sql"] for q in queries.captured_queries)


def _kept(season: Any, **kw: Any) -> dict[str, Any]:
    return standings.leaderboard_kept(season=season, published_only=True, **kw)[0]


def _rows(board: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(r["rank"], r["player"], r["points"], r["played"]) for r in board["rows"]]


def test_the_kept_board_is_the_board_and_is_built_once() -> None:
    season = _season(players=5)
    assert _board_sql_runs(lambda: _kept(season)) == 1
    assert _board_sql_runs(lambda: _kept(season)) == 0
    assert _kept(season) == standings.leaderboard_for_season(season=season, published_only=True)
    page = _kept(season, limit=2, offset=2)
    assert page == standings.leaderboard_for_season(season=season, published_only=True, limit=2, offset=2)
    assert page["players"] == 5 and len(page["rows"]) == 2
    # a page past the end still says how long the board is, from the kept board
    assert _board_sql_runs(lambda: _kept(season, limit=2, offset=2)) == 0
    past = _kept(season, limit=2, offset=10)
    assert past["rows"] == [] and past["players"] == 5


def test_a_new_result_shows_at_once_on_the_page() -> None:
    season = _season()
    url = f"/leagues/{season.league_id}/seasons/{season.pk}/"
    before = Client().get(url).content.decode()
    assert "Newcomer" not in before
    # when a tournament of the season finishes with a newcomer in it
    newcomer = PlayerFactory(club=season.league.club, name="Newcomer")
    t = TournamentFactory(club=season.league.club, published=True, status=Tournament.Status.FINISHED)
    SeasonResultFactory(season=season, tournament=t, player=newcomer, place=1, points=999_999)
    # then the next read shows them first
    after = Client().get(url).content.decode()
    assert "Newcomer" in after
    assert _kept(season)["rows"][0]["player"] == "Newcomer"


def test_every_change_the_board_depends_on_shows_at_the_next_read() -> None:
    season = _season(players=3, tournaments=2)

    def fresh() -> None:
        assert _rows(_kept(season)) == _rows(
            standings.leaderboard_for_season(season=season, published_only=True)
        )

    fresh()
    # a result taken back (a ruling reopens a finished tournament)
    t = Tournament.objects.filter(season_results__season=season).first()
    assert t is not None
    SeasonResult.objects.filter(tournament=t).delete()
    fresh()
    # the tournament scored again with other places (its rows replaced, as the standings service does)
    players = list(Player.objects.filter(club=season.league.club).order_by("pk"))
    SeasonResult.objects.bulk_create(
        [
            SeasonResult(season=season, tournament=t, player=p, place=i, entries=3, points=5000 // i)
            for i, p in enumerate(players, start=1)
        ]
    )
    fresh()
    # a tournament unpublished, then published again
    Tournament.objects.filter(pk=t.pk).update(published=False)
    assert _kept(season)["rows"][0]["played"] == 1
    fresh()
    Tournament.objects.filter(pk=t.pk).update(published=True)
    fresh()
    # the league's best-N
    League.objects.filter(pk=season.league_id).update(best_n=1)
    fresh()
    # a player's new name, at once (the board is not built again for it)
    top = _kept(season)["rows"][0]
    Player.objects.filter(pk=top["player_id"]).update(name="Renamed")
    assert _board_sql_runs(lambda: _kept(season)) == 0
    assert _kept(season)["rows"][0]["player"] == "Renamed"
    url = f"/leagues/{season.league_id}/seasons/{season.pk}/"
    assert "Renamed" in Client().get(url).content.decode()


def test_the_version_names_the_state_of_the_season() -> None:
    season = _season()
    season.refresh_from_db()
    first = standings.leaderboard_version(season=season)
    assert standings.leaderboard_version(season=season) == first
    added = SeasonResultFactory(season=season, place=9, points=1)
    second = standings.leaderboard_version(season=season)
    assert second != first
    # the result taken back: the season is as it was, and so is its version (ids are never used again)
    added.delete()
    assert standings.leaderboard_version(season=season) == first
    # an older result taken back: a state the season was never in
    SeasonResult.objects.filter(season=season).order_by("pk").first().delete()  # type: ignore[union-attr]
    assert standings.leaderboard_version(season=season) not in {first, second}
