"""The console tells a server error apart from a lost network (Chromium): a 5xx says its status, code and
message and that the entry is kept and retried safely with its Idempotency-Key; after several in a row it
stops, says to call the director, and lets the dealer try again (the entry lands once) or drop the entry."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from apps.accounts.permissions import Actor
from apps.tables import services
from apps.tables.models import HandEvent, IdempotentAnswer
from tests.browser import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SERVER_ERROR = {"code": "server_error", "message": "Floor made a mistake; it has been logged", "rule": None}


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """Short-lived live streams, and the page left at the end, so no stream outlives the test's database."""
    settings.FLOOR_SSE_LIFETIME = 1
    page.set_default_timeout(30_000)
    yield
    page.goto("about:blank")


def open_console(page: Any, live_server: Any, raw: str) -> None:
    page.goto(f"{live_server.url}/console/open/{raw}/")
    page.wait_for_selector("#console[data-ready='true']")


def fail(route: Any, status: int = 500) -> None:
    route.fulfill(
        status=status, content_type="application/json", body=json.dumps({**SERVER_ERROR, "detail": {}})
    )


def test_a_server_error_is_told_apart_from_the_network_and_retried_safely_with_its_key(
    page, live_server, director, table, device
):
    hand = services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    seen: list[str | None] = []

    def answer(route: Any) -> None:
        seen.append(route.request.headers.get("idempotency-key"))
        if len(seen) == 1:
            route.fetch()  # the server records it, then a proxy on the way answers 502 instead
            fail(route, 502)
        elif len(seen) == 2:
            fail(route)
        else:
            route.continue_()

    page.route("**/api/hands/*/events/", answer)
    page.locator("#act-check").click()
    line = page.locator("#console-net[data-reason='server']")
    line.wait_for(state="visible")
    text = line.inner_text()
    assert "server answered with an error" in text and "Waiting for the network" not in text
    assert "HTTP 502 server_error: Floor made a mistake" in text
    assert "kept" in text and "Idempotency-Key" in text
    assert page.locator("#act-fold").is_disabled()  # no other entry while this one is on its way

    page.wait_for_selector("#console[data-seq='1']")
    assert page.locator("#console-net[data-reason='server']").count() == 0
    assert len(seen) == 3 and len(set(seen)) == 1 and seen[0]
    assert [e.payload["type"] for e in HandEvent.objects.filter(hand=hand)] == ["check"]  # once, not twice
    assert IdempotentAnswer.objects.filter(hand=hand, key=seen[0]).count() == 1


def test_a_lost_network_still_says_so_not_a_server_error(page, live_server, director, table, device):
    services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    page.route("**/api/hands/*/events/", lambda route: route.abort("internetdisconnected"))
    page.locator("#act-check").click()
    line = page.locator("#console-net[data-reason='network']")
    line.wait_for(state="visible")
    assert "Waiting for the network" in line.inner_text()
    assert "server" not in line.inner_text().lower()


def test_after_several_server_errors_it_stops_and_says_to_call_the_director(
    page, live_server, director, table, device
):
    hand = services.hand_start(actor=Actor(user=director), table=table)
    page.set_viewport_size({"width": 360, "height": 740})
    open_console(page, live_server, device[1])
    state = {"healthy": False, "tries": 0}

    def answer(route: Any) -> None:
        state["tries"] += 1
        if state["healthy"]:
            route.continue_()
        else:
            fail(route)

    page.route("**/api/hands/*/events/", answer)
    page.locator("#act-check").click()
    stopped = page.locator("#console-net[data-reason='stopped']")
    stopped.wait_for(state="visible")
    text = stopped.inner_text()
    assert "call the director" in text and "HTTP 500 server_error" in text
    tries = state["tries"]
    assert tries == 4
    page.wait_for_timeout(3000)
    assert state["tries"] == tries  # it stopped retrying
    assert HandEvent.objects.filter(hand=hand).count() == 0
    assert page.locator("#act-fold").is_disabled()
    # the entry is still kept on the device, with its key
    pending = page.evaluate(f"localStorage.getItem('floor-console-pending-{table.pk}')")
    assert pending and json.loads(pending)["body"]["type"] == "check"
    screenshot(page, "console-server-stopped-phone")

    # the director fixes the server; the dealer taps "Try again": it lands, once
    state["healthy"] = True
    page.locator("#console-net-retry").click()
    page.wait_for_selector("#console[data-seq='1']")
    assert [e.payload["type"] for e in HandEvent.objects.filter(hand=hand)] == ["check"]
    assert page.evaluate(f"localStorage.getItem('floor-console-pending-{table.pk}')") is None


def test_a_dealer_may_drop_an_entry_the_server_keeps_failing_on(page, live_server, director, table, device):
    hand = services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    page.route("**/api/hands/*/events/", lambda route: fail(route))
    page.locator("#act-check").click()
    page.locator("#console-net[data-reason='stopped']").wait_for(state="visible")
    page.locator("#console-net-drop").click()
    page.locator("#console-net").wait_for(state="hidden")
    page.unroute("**/api/hands/*/events/")
    expect(page.locator("#act-check")).to_be_enabled()  # the console takes entries again
    assert page.evaluate(f"localStorage.getItem('floor-console-pending-{table.pk}')") is None
    page.locator("#act-check").click()
    page.wait_for_selector("#console[data-seq='1']")
    assert HandEvent.objects.filter(hand=hand).count() == 1


@pytest.mark.parametrize(
    ("content_type", "body", "shown"),
    [
        (
            "text/plain",
            "KeyError at /api/hands/1/events/\n'bet_units'\n\nTraceback …",
            "HTTP 500: KeyError at",
        ),
        (
            "text/html",
            "<html><title>502 Bad Gateway</title><body>nginx</body></html>",
            "HTTP 502: 502 Bad Gateway",
        ),
    ],
)
def test_an_error_page_that_is_not_floors_json_is_still_named(
    page, live_server, director, table, device, content_type, body, shown
):
    """DEBUG's error page (plain text for a JSON request) or a proxy's HTML page: its first line or title."""
    services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    status = 502 if "502" in body else 500
    page.route(
        "**/api/hands/*/events/",
        lambda route: route.fulfill(status=status, content_type=content_type, body=body),
    )
    page.locator("#act-check").click()
    line = page.locator("#console-net[data-reason='server']")
    line.wait_for(state="visible")
    assert shown in line.inner_text()
