"""Unpublished means unpublished: everything that derives from a tournament follows its flag, also after the
draw, for everyone outside the club; the club's members keep reading it."""

from __future__ import annotations

from typing import Any

import pytest

from apps.accounts.permissions import Actor
from apps.tables.models import Table
from apps.tournaments import services as tournaments
from tests.privacy.world import World, body_text, build_world, leaks

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings: Any) -> World:
    settings.FLOOR_SSE_LIFETIME = 0.2
    return build_world()


def _u_paths(w: World) -> list[str]:
    table = w.u_hand.table_id
    clock = w.unpublished.level_clock_id
    return [
        f"/api/tables/{table}/",
        f"/api/hands/{w.u_hand.pk}/",
        f"/api/hands/{w.u_hand.pk}/events/",
        f"/api/hands/{w.u_hand.pk}/phh",
        f"/api/level-clocks/{clock}/",
        f"/api/tournaments/{w.unpublished.pk}/",
        f"/api/tournaments/{w.unpublished.pk}/tables/",
        f"/api/tournaments/{w.unpublished.pk}/standings/live/",
        f"/api/live/tables/{table}/",
        f"/api/live/level-clocks/{clock}/",
        f"/api/live/tournaments/{w.unpublished.pk}/",
    ]


@pytest.mark.parametrize(("who", "status"), [("anonymous", {401, 403}), ("other_director", {403})])
def test_an_unpublished_tournament_is_refused_to_outsiders_after_its_draw(
    world: World, who: str, status: set[int]
) -> None:
    for path in _u_paths(world):
        response = world.client(who).get(path)
        assert response.status_code in status, (path, response.status_code)
        assert leaks(body_text(response), who) == [], path
    for page in (f"/t/{world.unpublished.pk}/standings/", f"/hands/{world.u_hand.pk}/replay/"):
        assert world.client(who).get(page).status_code == 404


@pytest.mark.parametrize("who", ["player", "dealer", "director"])
def test_the_clubs_members_keep_reading_it(world: World, who: str) -> None:
    for path in _u_paths(world):
        response = world.client(who).get(path)
        assert response.status_code == 200, (who, path, response.status_code)


def test_publishing_again_shows_it_again_and_the_tables_follow_the_flag(world: World) -> None:
    table = Table.objects.get(pk=world.u_hand.table_id)
    assert table.published is False  # unpublished after the draw: its tables with it
    tournaments.tournament_publish(
        actor=Actor(user=world.director), tournament=world.unpublished, published=True
    )

    assert Table.objects.get(pk=table.pk).published is True
    for path in _u_paths(world):
        assert world.client("anonymous").get(path).status_code == 200, path


def test_a_published_tournaments_clock_and_tables_stay_public(world: World) -> None:
    clock = world.published.level_clock_id
    for path in (
        f"/api/level-clocks/{clock}/",
        f"/api/live/level-clocks/{clock}/",
        f"/api/hands/{world.p_hand.pk}/",
    ):
        assert world.client("anonymous").get(path).status_code == 200, path


@pytest.mark.parametrize("who", ["anonymous", "other_director"])
def test_ratings_and_their_history_count_published_tournaments_only_for_outsiders(
    world: World, who: str
) -> None:
    c = world.client(who)
    ratings = c.get(f"/api/clubs/{world.club.pk}/ratings/").json()["ratings"]
    assert [r["player"] for r in ratings] == ["Ann"]
    assert c.get(f"/api/players/{world.ursula.pk}/rating-history/").json()["history"] == []
    assert len(c.get(f"/api/players/{world.ann.pk}/rating-history/").json()["history"]) == 1
    board = c.get(f"/api/seasons/{world.season.pk}/leaderboard/").json()
    assert [r["player"] for r in board["rows"]] == ["Ann"]
    assert world.client(who).get(f"/leagues/{world.league.pk}/seasons/{world.season.pk}/").status_code == 200


def test_the_club_reads_every_rating(world: World) -> None:
    c = world.client("player")
    ratings = c.get(f"/api/clubs/{world.club.pk}/ratings/").json()["ratings"]
    assert {r["player"] for r in ratings} == {"Ann", "Ursula Unseen"}
    history = c.get(f"/api/players/{world.ursula.pk}/rating-history/").json()["history"]
    assert [h["name"] for h in history] == ["Unpublished Ultra"]
    assert c.get("/api/players/999999/rating-history/").status_code == 404


def test_a_private_cash_table_and_its_hands_are_the_clubs(world: World) -> None:
    for path in (
        f"/api/tables/{world.private.pk}/",
        f"/api/hands/{world.h3.pk}/",
        f"/api/hands/{world.h3.pk}/phh",
    ):
        assert world.client("anonymous").get(path).status_code == 401
        assert world.client("other_director").get(path).status_code == 403
        assert world.client("player").get(path).status_code == 200
