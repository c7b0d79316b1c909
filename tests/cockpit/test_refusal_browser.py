"""In Debian's Chromium: a refused clock change is answered with the clock page itself (400, no redirect),
the refusal at the top and under the minutes box, on a laptop and on a 360-pixel phone. Screenshots go to
var/screenshots/cockpit-clock-refused-*.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from apps.tournaments.models import Tournament
from tests.browser import screenshot
from tests.cockpit.helpers import given_running
from tests.factories import ClubFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]

REFUSAL = "Add or remove at least one minute."


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """The clock page follows a live stream that holds a server thread: a short life, and leaving the page
    at the end, let it end before the test database does."""
    settings.FLOOR_SSE_LIFETIME = 1
    yield
    page.goto("about:blank")


@pytest.mark.parametrize("width,height,name", [(1280, 800, "laptop"), (360, 740, "phone")])
def test_a_refused_time_change_shows_the_clock_page_with_the_error_on_the_field(
    page: Any, live_server: Any, width: int, height: int, name: str
) -> None:
    from apps.accounts.permissions import Actor

    club = ClubFactory(name="Friday Home Game")
    dora = director_of(club, username="dora")
    t: Tournament = given_running(club, Actor(user=dora), 2)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/accounts/login/?next=/cockpit/tournaments/{t.pk}/clock/")
    page.fill("#id_username", "dora")
    page.fill("#id_password", "pw-for-tests")
    with page.expect_navigation():
        page.click("button[type=submit]")
    expect(page.locator("#id_minutes")).to_be_visible()

    page.fill("#id_minutes", "0")
    with page.expect_navigation() as nav:
        page.click("text=Change the time")
    page.wait_for_load_state()

    assert nav.value.status == 400 and nav.value.request.redirected_from is None
    expect(page.locator(".flash .refusal")).to_have_text(REFUSAL)
    expect(page.locator("#id_minutes")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_minutes_error")).to_contain_text(REFUSAL)
    expect(page.locator("#id_minutes")).to_have_value("0")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, f"cockpit-clock-refused-{name}")
