"""Leagues and clock-only games in Debian's Chromium: a director creates a league and its season in the
cockpit, attaches two finished tournaments and reads the leaderboard (laptop and phone); and runs a
clock-only Hold'em tournament of six from the cockpit and the console ("player out" entries) to its winner,
checking places and payouts. Screenshots go to var/screenshots/leagues-*.png and clock-only-*.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from apps.accounts.permissions import Actor
from apps.tournaments.models import Entry, Payout, Tournament, TournamentTable
from tests.browser import screenshot
from tests.factories import ClubFactory, director_of
from tests.tournaments.clockonly_helpers import given_holdem, play_out

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]

PHONE = {"width": 360, "height": 740}


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """Tournament pages hold a live stream: a short life and leaving the page let it end before the test
    database does (as tests/cockpit/test_browser.py)."""
    settings.FLOOR_SSE_LIFETIME = 1
    yield
    page.goto("about:blank")


def _login(page: Any, url: str, username: str) -> None:
    page.goto(url + "/cockpit/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-for-tests")
    with page.expect_navigation():
        page.click("button[type=submit]")
    expect(page.locator("h1")).to_have_text("Tournaments")


def _fits_the_width(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_a_league_season_with_two_finished_tournaments_and_its_leaderboard(
    page: Any, live_server: Any
) -> None:
    club = ClubFactory(name="Friday Club")
    actor = Actor(user=director_of(club, username="lea"))
    week1 = given_holdem(club, actor, 3, name="Week 1", names=["Ann", "Bob", "Cy"])
    play_out(actor, week1)  # Ann 1st, Bob 2nd, Cy 3rd
    week2 = given_holdem(club, actor, 3, name="Week 2", names=["Bob", "Cy", "Ann"])
    play_out(actor, week2)  # Bob 1st, Cy 2nd, Ann 3rd
    _login(page, live_server.url, "lea")

    page.click("nav.cockpit-menu >> text=Leagues")
    expect(page.locator("h1")).to_have_text("Leagues")
    page.fill("#id_name", "Friday League")
    page.select_option("#id_kind", "table")
    page.fill("#id_table", "10, 6, 3")
    page.fill("#id_best_n", "2")
    page.click("text=Create the league")
    expect(page.locator(".flash")).to_contain_text("League created.")
    expect(page.locator("section.card h2")).to_have_text("Friday League")
    expect(page.locator("section.card")).to_contain_text("best 2 results count")
    page.fill("section.card input[name=name]", "Autumn 2026")
    page.click("text=Create the season")
    expect(page.locator("h1")).to_have_text("Friday League: Autumn 2026")

    for name in ("Week 1", "Week 2"):
        page.select_option("#attach-tournament", label=name)
        page.click("button:text-is('Attach')")
        expect(page.locator(".flash")).to_contain_text(f"{name} counts for the season.")
    rows = page.locator("#leaderboard tbody tr")
    expect(rows).to_have_count(3)
    # Ann 10 + 3 = 13, Bob 6 + 10 = 16, Cy 3 + 6 = 9
    expect(rows.nth(0)).to_contain_text("Bob")
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("16.00")
    expect(rows.nth(1)).to_contain_text("Ann")
    expect(rows.nth(1).locator("td").nth(2)).to_have_text("13.00")
    expect(rows.nth(2)).to_contain_text("Cy")
    expect(rows.nth(2).locator("td").nth(2)).to_have_text("9.00")
    screenshot(page, "leagues-season-laptop")

    page.set_viewport_size(PHONE)
    page.reload()
    expect(page.locator("#leaderboard")).to_be_visible()
    assert _fits_the_width(page)
    screenshot(page, "leagues-season-phone")

    # detached, Week 2's results leave the board
    page.click("button[aria-label='Detach Week 2']")
    expect(page.locator(".flash")).to_contain_text("Week 2 no longer counts for the season")
    expect(rows.nth(0)).to_contain_text("Ann")
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("10.00")

    # the league's points edited: Week 1 scored again, the board follows
    page.click("nav.cockpit-menu >> text=Leagues")
    page.click("text=Edit the league")
    expect(page.locator("#id_table")).to_have_value("10, 6, 3")
    page.fill("#id_table", "20, 10, 5")
    page.click("text=Save the league")
    expect(page.locator(".flash")).to_contain_text(
        "League saved. Its leaderboards are recomputed (1 tournament scored again)"
    )
    page.click("text=Autumn 2026")
    expect(rows.nth(0).locator("td").nth(2)).to_have_text("20.00")
    expect(rows.nth(1).locator("td").nth(2)).to_have_text("10.00")
    expect(rows.nth(2).locator("td").nth(2)).to_have_text("5.00")


def test_a_clock_only_holdem_tournament_of_six_is_run_to_its_winner(page: Any, live_server: Any) -> None:
    club = ClubFactory(name="Hold'em Club")
    director_of(club, username="hal")
    _login(page, live_server.url, "hal")

    page.click("nav.cockpit-menu >> text=New tournament")
    page.fill("#id_name", "Hold'em Friday")
    page.select_option("#id_game", "clock-only")
    page.fill("#id_game_name", "Hold'em")
    page.fill("#id_starting_stack", "5000")
    page.select_option("#id_template", "turbo")
    page.fill("#id_to_pool", "20")
    with page.expect_navigation():
        page.click("#generate")  # the blinds structure for the stack, as the levels to start from
    page.wait_for_load_state()
    expect(page.locator("#id_levels-0-big_blind")).not_to_have_value("0")
    page.click("#save")
    expect(page.locator("h1")).to_have_text("Registration desk")
    expect(page.locator(".t-sub")).to_contain_text("Hold'em (clock only)")
    t = Tournament.objects.get(club=club, name="Hold'em Friday")
    assert (t.game_kind, t.game_name) == ("clock_only", "Hold'em")

    names = ["Ana", "Budi", "Carla", "Dmitri", "Eko", "Fay"]
    for name in names:
        page.fill("#id_player_name", name)
        with page.expect_navigation():
            page.press("#id_player_name", "Enter")
        expect(page.locator(".flash")).to_have_text(f"{name} is registered.")
    page.click("nav.cockpit-menu >> text=Seat draw and tables")
    page.click("text=Draw the seats and start")
    expect(page.locator(".flash")).to_contain_text("Seats drawn")
    table = TournamentTable.objects.get(tournament=t).table
    payouts = list(Payout.objects.filter(tournament=t).values_list("amount", flat=True))
    assert sum(payouts) == 120

    # the console at the table: who is out and who knocked them out, until one is left
    page.goto(live_server.url + f"/console/tables/{table.pk}/")
    expect(page.locator("h2#out-title")).to_have_text("Player out")
    expect(page.locator(".game-name")).to_have_text("Hold'em")
    screenshot(page, "clock-only-console")
    order = ["Fay", "Eko", "Dmitri", "Carla", "Budi"]  # out in this order; Ana knocks each one out
    for i, name in enumerate(order):
        if i == 3:  # three left: the deals, on a phone, are calculated (not accepted) and read
            _deals_on_a_phone(page, live_server.url, t)
            page.goto(live_server.url + f"/console/tables/{table.pk}/")
        page.locator("#out-entry").select_option(label=_seat_label(t, name))
        page.locator("#out-by").select_option(label=_seat_label(t, "Ana"))
        with page.expect_navigation():
            page.click("text=Record the player out")
        expect(page.locator(".flash")).to_contain_text(f"{name} is out in place")
    expect(page.locator(".card").last).to_contain_text("The tournament is not running.")

    page.goto(live_server.url + f"/cockpit/tournaments/{t.pk}/results/")
    expect(page.locator("h1")).to_have_text("Eliminations and payouts")
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    places = {
        e.player.name: (e.place, e.prize) for e in Entry.objects.filter(tournament=t).select_related("player")
    }
    assert places["Ana"] == (1, payouts[0])
    for place, name in enumerate(reversed(order), start=2):
        expected = payouts[place - 1] if place <= len(payouts) else 0
        assert places[name] == (place, expected)
    finishing = page.locator("h2:text-is('Finishing places') + table tbody tr")
    expect(finishing).to_have_count(6)
    expect(finishing.nth(0)).to_contain_text("Ana")
    expect(finishing.nth(0)).to_contain_text(str(payouts[0]))
    screenshot(page, "clock-only-results")


def _seat_label(t: Tournament, name: str) -> str:
    e = Entry.objects.select_related("seat").get(tournament=t, player__name=name, seat__left_at__isnull=True)
    assert e.seat is not None
    return f"Seat {e.seat.number}: {name}"


def _deals_on_a_phone(page: Any, url: str, t: Tournament) -> None:
    page.set_viewport_size(PHONE)
    page.goto(url + f"/cockpit/tournaments/{t.pk}/deals/")
    expect(page.locator("h1")).to_have_text("Deals")
    page.click("text=Calculate ICM, chip-chop and even split")
    expect(page.locator("section.deal")).to_have_count(3)
    even = page.locator("section.deal[data-method=even] ul.why li")
    expect(even).to_have_count(3)
    expect(even.first).to_contain_text("still to win shared equally by 3 players.")
    expect(page.locator("section.deal[data-method=icm]")).to_contain_text("Ana gets ")
    assert _fits_the_width(page)
    screenshot(page, "clock-only-deals-phone")
    page.goto(url + f"/console/tables/{TournamentTable.objects.get(tournament=t).table_id}/")
    expect(page.locator("h2#out-title")).to_be_visible()
    assert _fits_the_width(page)
    screenshot(page, "clock-only-console-phone")
    page.set_viewport_size({"width": 1280, "height": 800})
