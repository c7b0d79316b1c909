"""The registration desk in Debian's Chromium, on a laptop and a 360-pixel phone: register (the cursor stays
in the name box), rename a typo, remove it, undo a bust-out, and open the seat cards' print sheet (checked as
printed: the toolbar hidden, one card per seat). Screenshots go to var/screenshots/desk-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from apps.accounts.permissions import Actor
from apps.tournaments.models import Entry
from tests.browser import screenshot
from tests.cockpit.helpers import bust, given_running
from tests.factories import ClubFactory, director_of
from tests.tournaments.helpers import given_tournament, open_tables, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]

PHONE = {"width": 360, "height": 740}


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """The desk follows the tournament's live stream: a short life, and leaving the page at the end, let
    every stream end before the test database does."""
    settings.FLOOR_SSE_LIFETIME = 1
    yield
    page.goto("about:blank")


def _fits_the_width(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def _log_in(page: Any, url: str) -> None:
    page.goto(url + "/cockpit/")
    page.fill("#id_username", "desk")
    page.fill("#id_password", "pw-for-tests")
    with page.expect_navigation():
        page.click("button[type=submit]")


def test_the_desk_registers_renames_removes_and_undoes_a_bust_out(page: Any, live_server: Any) -> None:
    from playwright.sync_api import expect

    club = ClubFactory(name="Tuesday Game")
    user = director_of(club, username="desk")
    actor = Actor(user=user)
    t = given_tournament(club, actor, 2, name="Tuesday")
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/cockpit/tournaments/{t.pk}/")

    # register by keyboard: the cursor is back in the name box for the next player
    page.fill("#id_player_name", "Hanna typo")
    with page.expect_navigation():
        page.press("#id_player_name", "Enter")
    expect(page.locator(".flash")).to_contain_text("Hanna typo is registered.")
    expect(page.locator("#id_player_name")).to_be_focused()
    typo = Entry.objects.get(tournament=t, player__name="Hanna typo")

    # rename it
    row = page.locator("table.entries tbody tr", has_text="Hanna typo")
    row.locator("summary", has_text="Correct").click()
    page.fill(f"#rename-{typo.pk}", "Hannah")
    with page.expect_navigation():
        row.get_by_role("button", name="Rename").click()
    expect(page.locator(".flash")).to_contain_text("Hanna typo is now Hannah.")
    screenshot(page, "desk-renamed-laptop")

    # remove it (before the draw: refunded, out of the pool)
    row = page.locator("table.entries tbody tr", has_text="Hannah")
    row.locator("summary", has_text="Correct").click()
    with page.expect_navigation():
        row.get_by_role("button", name="Remove and refund").click()
    expect(page.locator(".flash")).to_contain_text("Hannah is removed; hand back 100.")
    expect(page.locator("table.entries tbody tr")).to_have_count(2)
    assert not Entry.objects.filter(pk=typo.pk).exists()

    # a running tournament: one player busted, and undone from the desk
    running = given_running(club, actor, 3, seats_per_table=3, name="Running")
    (tt,) = open_tables(running)
    victim = min(seated(tt).values(), key=lambda s: s.stack)
    bust(actor, tt, [victim.number])
    out = Entry.objects.get(tournament=running, player=victim.player)
    assert out.status == "eliminated"
    page.goto(f"{live_server.url}/cockpit/tournaments/{running.pk}/")
    row = page.locator("table.entries tbody tr", has_text=victim.player.name)
    row.locator("summary", has_text="Undo the bust-out").click()
    page.fill(f"#undo-reason-{out.pk}", "the wrong winner was keyed")
    with page.expect_navigation():
        row.get_by_role("button", name="Undo the bust-out").click()
    expect(page.locator(".flash")).to_contain_text(f"{victim.player.name} plays again at table 1")
    out.refresh_from_db()
    assert out.status == "playing"
    expect(page.locator(".desk-records summary")).to_have_text("Desk corrections")

    # the same desk on a phone: nothing wider than the screen
    page.set_viewport_size(PHONE)
    page.reload()
    assert _fits_the_width(page)
    screenshot(page, "desk-phone")
    page.set_viewport_size({"width": 1280, "height": 800})

    # the seat cards of the draw, as printed on Letter paper
    page.click("nav.cockpit-menu >> text=Printing")
    page.select_option("#id_paper", "letter")
    with page.expect_navigation():
        page.click("text=Use this paper")
    page.click("text=Seat cards of the draw")
    page.wait_for_load_state()
    assert "print-letter.css" in page.content()
    expect(page.locator(".seat-card")).to_have_count(3)
    expect(page.locator(".print-toolbar")).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator(".print-toolbar")).to_be_hidden()
    expect(page.locator(".seat-card").first).to_be_visible()
    expect(page.locator(".seat-card").first).to_contain_text("Table 1")
    screenshot(page, "desk-seat-cards-print")
    page.emulate_media(media="screen")
    expect(page.locator(".print-toolbar")).to_be_visible()
