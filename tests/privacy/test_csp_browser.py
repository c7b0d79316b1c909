"""In Chromium: every main page runs its scripts under the Content-Security-Policy without one violation, and
the console link's token never leaves the browser in a URL."""

from __future__ import annotations

from typing import Any

import pytest

from tests.privacy.world import World, build_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each violation the page reports (securitypolicyviolation) is kept where the test can read it.
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = e.sourceFile + ":" + e.lineNumber;
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + where);
});
"""


@pytest.fixture(autouse=True)
def short_streams(settings: Any, strict_page: Any) -> Any:
    """A page's live stream holds a server thread: short lives, and the page left at the end, let every
    stream end before the test database does."""
    settings.FLOOR_SSE_LIFETIME = 1
    yield
    strict_page.goto("about:blank")


@pytest.fixture
def world(db: None) -> World:
    return build_world()


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


def _visit(strict_page: Any, url: str, console: list[str]) -> list[str]:
    console.clear()
    response = strict_page.goto(url)
    assert response is not None and response.status == 200, (url, response and response.status)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    strict_page.wait_for_load_state("load")
    reported: list[str] = strict_page.evaluate("window.__csp")
    return reported + [m for m in console if "Content Security Policy" in m]


def test_the_listener_sees_a_violation_when_there_is_one(strict_page: Any, live_server: Any) -> None:
    strict_page.add_init_script(LISTEN)
    strict_page.goto(live_server.url + "/pots/")
    caught = strict_page.evaluate(
        """() => new Promise((done) => {
            document.addEventListener("securitypolicyviolation", (e) => done(e.violatedDirective));
            const s = document.createElement("script");
            s.textContent = "window.x = 1";
            document.body.append(s);
        })"""
    )
    assert caught.startswith("script-src")
    assert strict_page.evaluate("window.x") is None  # and the inline script did not run


def test_the_public_pages_pass_the_policy(strict_page: Any, live_server: Any, world: World) -> None:
    console: list[str] = []
    strict_page.on("console", lambda m: console.append(m.text))
    strict_page.add_init_script(LISTEN)
    t, base = world.published.pk, live_server.url
    pages = [
        "/",
        "/pots/",
        "/t/",
        f"/t/{t}/clock/",
        f"/t/{t}/standings/",
        f"/hands/{world.h1.pk}/replay/",
        f"/players/{world.ann.pk}/",
        f"/leagues/{world.league.pk}/seasons/{world.season.pk}/",
        "/accounts/login/",
        "/admin/login/",
        "/console/open/",
    ]
    found = {p: _visit(strict_page, base + p, console) for p in pages}
    assert {p: v for p, v in found.items() if v} == {}
    # the pot calculator's script (a static file) runs: "Add a player" adds a row in place, no round trip
    strict_page.goto(base + "/pots/")
    before = strict_page.locator("#pot-players > *").count()
    strict_page.click("#add-row")
    strict_page.wait_for_function(f"document.querySelectorAll('#pot-players > *').length > {before}")
    assert strict_page.url == base + "/pots/"
    assert strict_page.evaluate("window.__csp") == []


def test_the_language_switch_still_works_without_its_inline_handler(
    strict_page: Any, live_server: Any
) -> None:
    strict_page.add_init_script(LISTEN)
    strict_page.goto(live_server.url + "/pots/")
    strict_page.select_option("#lang-select", "pt")
    strict_page.wait_for_selector("html[lang='pt']")
    assert strict_page.evaluate("window.__csp") == []


def test_the_directors_pages_pass_the_policy(strict_page: Any, live_server: Any, world: World) -> None:
    console: list[str] = []
    strict_page.on("console", lambda m: console.append(m.text))
    strict_page.add_init_script(LISTEN)
    strict_page.context.add_cookies([_session_cookie(world.director, live_server.url)])
    t, club, base = world.published.pk, world.club.pk, live_server.url
    pages = [
        f"/cockpit/clubs/{club}/",
        f"/cockpit/clubs/{club}/tournaments/new/",
        f"/cockpit/tournaments/{t}/",
        f"/cockpit/tournaments/{t}/tables/",
        f"/cockpit/tournaments/{t}/clock/",
        f"/cockpit/tournaments/{t}/moves/",
        f"/cockpit/tournaments/{t}/results/",
        f"/cockpit/clubs/{club}/devices/",
        f"/cockpit/clubs/{club}/disputes/",
        f"/disputes/{world.dispute.pk}/",
        f"/console/tables/{world.cash.pk}/",
    ]
    found = {p: _visit(strict_page, base + p, console) for p in pages}
    assert {p: v for p, v in found.items() if v} == {}


def test_the_console_link_opens_the_table_without_the_token_in_any_url(
    strict_page: Any, live_server: Any, world: World
) -> None:
    sent: list[str] = []
    strict_page.on("request", lambda r: sent.append(r.url))
    strict_page.add_init_script(LISTEN)
    raw = world.device_raw

    strict_page.goto(f"{live_server.url}/console/open/#{raw}")
    strict_page.wait_for_url(f"{live_server.url}/console/tables/{world.cash.pk}/")
    strict_page.wait_for_selector("#console[data-ready='true']")

    assert sent and all(raw not in url for url in sent), [u for u in sent if raw in u]
    assert raw not in strict_page.url
    assert strict_page.evaluate("window.__csp") == []
    # the token now rides in the HttpOnly cookie, out of the page's reach
    assert raw not in strict_page.evaluate("document.cookie")
