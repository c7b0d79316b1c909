"""The browser fixtures work: Debian's Chromium renders the home page through the live server."""

import pytest

from tests.browser import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_renders_in_chromium(page, live_server):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Floor"
    assert screenshot(page, "home").stat().st_size > 1000


def test_language_switch_sets_the_page_language(page, live_server):
    page.goto(live_server.url + "/")
    with page.expect_navigation():
        page.select_option("#lang-select", "pt")
    assert page.locator("html").get_attribute("lang") == "pt"
