"""The pot calculator on a 360 px phone in Chromium: fill the seed 001 example, settle, read the table."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_seed_001_on_a_phone(chromium: Any, live_server: Any) -> None:
    context = chromium.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    page.goto(live_server.url + "/pots/")
    page.fill("input[name=button]", "3")
    for i, (name, chips, cards) in enumerate(
        [("A", "50", "KhKdKsJd8s"), ("B", "120", "JcJhJsKc7d"), ("C", "200", "9c9h9dQcTc")]
    ):
        page.fill(f"input[name=p-{i}-name]", name)
        page.fill(f"input[name=p-{i}-contributed]", chips)
        page.fill(f"input[name=p-{i}-cards]", cards)
    # "Add a player" adds a row in place (JavaScript) and leaves it empty: the empty row is ignored.
    page.click("#add-row")
    assert page.locator(".player-row").count() == 4
    assert page.evaluate("document.activeElement.name") == "p-3-name"
    with page.expect_navigation():
        page.click("#resolve")

    received = page.locator("#pot-result tr[data-seat] td.received").all_inner_texts()
    assert received == ["150", "140", "80"]
    assert "C gets 80 back uncalled" in page.locator("ol.explanation").inner_text()
    # nothing wider than the phone: the page does not scroll sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert screenshot(page, "pots-seed-001-phone").stat().st_size > 1000
    context.close()


def test_keyboard_reaches_the_form(page: Any, live_server: Any) -> None:
    page.goto(live_server.url + "/pots/")
    names = []
    for _ in range(12):
        page.keyboard.press("Tab")
        names.append(page.evaluate("document.activeElement.name || document.activeElement.id"))
    assert "button" in names and "p-0-contributed" in names
