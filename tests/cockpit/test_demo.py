"""`manage.py load_demo`, what `make run` loads: a home game a host can play at once, made through the same
services (and so the same validation) as a director's input, and the same after a second start."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from apps.accounts.models import Club, Membership, Player, Role
from apps.accounts.permissions import Actor
from apps.cockpit.management.commands import load_demo as demo
from apps.engine.games import Game
from apps.standings.models import League, Season, SeasonTournament
from apps.tables import services as tables
from apps.tables.games import game_from_settings
from apps.tables.models import Hand, Seat, Table
from apps.tournaments.models import Entry, Tournament
from apps.tournaments.seating import tournament_start
from tests.browser import screenshot


def the_demo() -> dict[str, Any]:
    club = Club.objects.get(memberships__user__username="director", memberships__role=Role.DIRECTOR)
    return {
        "club": club,
        "players": Player.objects.filter(club=club).count(),
        "tables": list(Table.objects.filter(club=club).values_list("name", flat=True)),
        "seats": Seat.objects.filter(table__club=club, left_at__isnull=True).count(),
        "tournaments": Tournament.objects.filter(club=club).count(),
        "entries": Entry.objects.filter(tournament__club=club).count(),
        "seasons": Season.objects.filter(league__club=club).count(),
        "memberships": Membership.objects.filter(club=club).count(),
    }


@pytest.mark.django_db
def test_the_demo_is_a_home_game_ready_to_play_and_a_second_start_changes_nothing() -> None:
    call_command("load_demo")
    first = the_demo()
    call_command("load_demo")

    assert the_demo() == first
    club = first["club"]
    assert club.name == "Demo Home Game"
    director = get_user_model().objects.get(username="director")
    assert director.check_password("floor-demo")
    assert Membership.objects.filter(club=club, user=director, role=Role.DIRECTOR).exists()
    assert first["players"] == 10
    # the cash table holds the engine's game, as table_create stores what a director enters
    table = Table.objects.get(club=club, name="Table 1")
    assert table.game == game_from_settings(demo.CASH_GAME).to_json()
    Game.from_json(table.game)
    seats = Seat.objects.filter(table=table, left_at__isnull=True).order_by("number")
    assert [(s.number, s.player.name, s.stack) for s in seats] == [
        (1, "Ana", 1000),
        (2, "Ben", 1000),
        (3, "Chen", 1000),
        (4, "Dara", 1000),
    ]
    # a Five-Card Draw tournament, turbo levels, all ten registered, waiting for its seat draw
    t = Tournament.objects.get(club=club)
    assert t.status == Tournament.Status.REGISTERING and t.game["kind"] == "five-card-draw"
    assert Entry.objects.filter(tournament=t).count() == 10
    levels = t.level_clock.structure
    assert levels and all(level.get("minutes", 0) <= 10 for level in levels if not level.get("is_break"))
    # a league season that counts it
    league = League.objects.get(club=club)
    assert SeasonTournament.objects.filter(tournament=t, season__league=league).exists()


@pytest.mark.django_db
def test_the_demo_table_deals_at_once_and_the_draw_seats_everyone() -> None:
    call_command("load_demo")
    club = the_demo()["club"]
    director = Actor(user=Membership.objects.get(club=club, role=Role.DIRECTOR).user)
    table = Table.objects.get(club=club, name="Table 1")

    hand = tables.hand_start(actor=director, table=table)  # the old demo's Table 1: KeyError 'bet_units'
    assert hand.status == Hand.Status.IN_PROGRESS and len(hand.seats) == 4

    t = tournament_start(actor=director, tournament=Tournament.objects.get(club=club))
    assert t.status == Tournament.Status.RUNNING
    assert Entry.objects.filter(tournament=t, status=Entry.Status.PLAYING, seat__isnull=False).count() == 10
    assert t.tables.count() == 2

    # a second start after the host has played: nothing reseated, nobody registered again
    before = the_demo()
    call_command("load_demo")
    assert the_demo() == before


@pytest.mark.django_db
def test_a_demo_of_an_earlier_version_is_repaired_so_table_1_deals() -> None:
    """The earlier demo stored the director's settings as the engine's game: Table 1 raised KeyError."""
    user = get_user_model().objects.create_user(username="director", password="floor-demo")
    club = Club.objects.create(name="Demo Home Game", slug="demo")
    Membership.objects.create(club=club, user=user, role=Role.DIRECTOR)
    Table.objects.create(
        club=club, name="Table 1", game={"kind": "five-card-draw", "ante": 10}, seats_count=6
    )

    call_command("load_demo")

    assert Club.objects.count() == 1
    table = Table.objects.get(club=club, name="Table 1")
    assert table.game == game_from_settings({"kind": "five-card-draw", "ante": 10}).to_json()
    hand = tables.hand_start(actor=Actor(user=user), table=table)
    assert hand.status == Hand.Status.IN_PROGRESS


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_demo_table_opens_in_the_console_and_a_hand_is_played(
    page: Any, live_server: Any, settings
) -> None:
    settings.FLOOR_SSE_LIFETIME = 1  # the live stream ends before the test's database does
    call_command("load_demo")
    table = Table.objects.get(name="Table 1")
    page.set_default_timeout(30_000)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/accounts/login/?next=/console/tables/{table.pk}/")
    page.fill("#id_username", "director")
    page.fill("#id_password", "floor-demo")
    page.click("button[type=submit]")
    page.wait_for_selector("#console[data-ready='true']")
    assert page.locator("li.seat").filter(has_text="Ana").count() == 1

    page.locator("#act-next").click()  # "Deal the first hand"
    page.wait_for_selector("#console[data-seq='0']")
    for seq in (1, 2, 3):  # three fold: the last player takes the antes
        page.locator("#act-fold").click()
        page.wait_for_selector(f"#console[data-seq='{seq}']")
    page.locator("#console-result").wait_for(state="visible")
    assert "Ana (40)" in page.locator("#console-winners").inner_text()  # the four antes
    screenshot(page, "demo-console-hand-played-phone")
    hand = Hand.objects.get(table=table)
    assert hand.status == Hand.Status.FINISHED
    assert sum(Seat.objects.filter(table=table, left_at__isnull=True).values_list("stack", flat=True)) == 4000
    page.goto("about:blank")
