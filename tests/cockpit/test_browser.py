"""The cockpit in Debian's Chromium: a director logs in, creates a tournament from a template, registers
players, draws the seats and sees the clock running (paused and resumed from the page), on a laptop and on a
360-pixel phone. Screenshots go to var/screenshots/cockpit-*.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from apps.accounts.permissions import Actor
from apps.clocks.levelclock import level_clock_control
from apps.tournaments.models import Entry, Tournament, TournamentTable
from apps.tournaments.results import tournament_hand_for_hand
from tests.browser import screenshot
from tests.factories import ClubFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """A page's live stream holds a server thread: a short life (the browser reconnects with
    Last-Event-ID) and leaving the page at the end let every stream end before the test database does."""
    settings.FLOOR_SSE_LIFETIME = 1
    yield
    page.goto("about:blank")


PLAYERS = ["Ana", "Budi", "Carla", "Dmitri", "Eko"]
PHONE = {"width": 360, "height": 740}


def _seconds(text: str) -> int:
    parts = [int(p) for p in text.strip().split(":")]
    total = 0
    for p in parts:
        total = total * 60 + p
    return total


def _fits_the_width(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_a_director_creates_registers_draws_and_runs_the_clock(page: Any, live_server: Any) -> None:
    club = ClubFactory(name="Friday Home Game")
    dora = director_of(club, username="dora")

    # the cockpit asks for a login first
    page.goto(live_server.url + "/cockpit/")
    assert "/accounts/login/" in page.url
    page.fill("#id_username", "dora")
    page.fill("#id_password", "pw-for-tests")
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert page.locator("h1").inner_text() == "Tournaments"

    # a new tournament from the turbo template, previewed first
    page.click("nav.cockpit-menu >> text=New tournament")
    page.fill("#id_name", "Friday Turbo")
    page.select_option("#id_game", "five-card-draw")
    page.fill("#id_starting_stack", "2000")
    page.select_option("#id_template", "turbo")
    page.click("#generate")
    page.fill("#id_to_pool", "50")
    page.click("#preview")
    assert page.locator("ul.levels li").count() > 5
    assert page.locator("ul.levels li").first.inner_text().startswith("Level 1: ante")
    screenshot(page, "cockpit-new-tournament")
    page.click("#save")
    assert page.locator("h1").inner_text() == "Registration desk"
    t = Tournament.objects.get(club=club, name="Friday Turbo")

    # the registration desk, by keyboard: type a name, press Enter
    for name in PLAYERS:
        page.fill("#id_player_name", name)
        with page.expect_navigation():
            page.press("#id_player_name", "Enter")
        assert page.locator(".flash").inner_text().strip() == f"{name} is registered."
    assert page.locator("table.entries tbody tr").count() == len(PLAYERS)
    assert Entry.objects.filter(tournament=t).count() == len(PLAYERS)

    # the seat draw
    page.click("nav.cockpit-menu >> text=Seat draw and tables")
    page.click("text=Draw the seats and start")
    assert "Seats drawn" in page.locator(".flash").inner_text()
    tables = page.locator("section.table-card")
    assert tables.count() == TournamentTable.objects.filter(tournament=t).count() == 1
    for name in PLAYERS:
        assert tables.first.get_by_text(name, exact=True).count() == 1
    screenshot(page, "cockpit-tables-laptop")

    # the clock runs (the draw started it) and counts down on the page
    page.click("nav.cockpit-menu >> text=Clock")
    assert page.locator("#clock-state").inner_text().strip().lower() == "running"
    first = _seconds(page.locator("#clock-remaining").inner_text())
    page.wait_for_timeout(2200)
    later = _seconds(page.locator("#clock-remaining").inner_text())
    assert 1 <= first - later <= 4
    assert page.locator(".levels li.current").inner_text().startswith("Level 1")
    screenshot(page, "cockpit-clock-laptop")

    # pause and resume from the page
    page.click("button[value=pause]")
    assert page.locator("#clock-state").inner_text().strip().lower() == "paused"
    paused = page.locator("#clock-remaining").inner_text()
    page.wait_for_timeout(1200)
    assert page.locator("#clock-remaining").inner_text() == paused
    page.click("button[value=resume]")
    assert page.locator("#clock-state").inner_text().strip().lower() == "running"
    assert t.level_clock is not None
    t.level_clock.refresh_from_db()
    assert t.level_clock.anchor_at is not None and t.level_clock.paused_at is None

    # another director pauses the clock elsewhere: the page says so (live stream) and shows the latest
    assert page.locator("#live").is_hidden()
    level_clock_control(actor=Actor(user=dora), clock_id=t.level_clock.pk, action="pause")
    page.locator("#live").wait_for(state="visible")
    assert "changed elsewhere" in page.locator("#live").inner_text()
    page.click("#live >> text=Show the latest")
    assert page.locator("#clock-state").inner_text().strip().lower() == "paused"
    page.click("button[value=resume]")
    assert page.locator("#clock-state").inner_text().strip().lower() == "running"

    # the same pages on a 360-pixel phone: nothing wider than the screen, the page first and the menu after it
    page.set_viewport_size(PHONE)
    page.reload()
    assert _fits_the_width(page)
    assert re.match(r"^\d+:\d\d$", page.locator("#clock-remaining").inner_text().strip())
    menu = page.locator("nav.cockpit-menu").bounding_box()
    main = page.locator("main").bounding_box()
    assert menu is not None and main is not None and main["y"] < menu["y"]
    screenshot(page, "cockpit-clock-phone")
    page.click("nav.cockpit-menu >> text=Registration desk")
    assert _fits_the_width(page)
    screenshot(page, "cockpit-registration-phone")
    page.click("nav.cockpit-menu >> text=Seat draw and tables")
    assert _fits_the_width(page)
    screenshot(page, "cockpit-tables-phone")

    # a tournament page hears the tournament's events: hand-for-hand turned on elsewhere
    assert page.locator("#live").is_hidden()
    tournament_hand_for_hand(actor=Actor(user=dora), tournament=t, on=True)
    page.locator("#live").wait_for(state="visible")
    assert "has changed" in page.locator("#live").inner_text()


def test_the_menu_is_reachable_by_keyboard(page: Any, live_server: Any) -> None:
    club = ClubFactory(name="Keyboard Club")
    user = director_of(club, username="kim")
    page.context.add_cookies([_session_cookie(user, live_server.url)])
    page.goto(live_server.url + f"/cockpit/clubs/{club.pk}/")
    # Tab from the top: the skip link first, then on to the menu's first link
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == "New tournament":
            break
    else:
        pytest.fail("the menu's links are not reachable with Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("h1").inner_text() == "New tournament"


def _session_cookie(user: Any, url: str) -> dict[str, Any]:
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": url,
    }
