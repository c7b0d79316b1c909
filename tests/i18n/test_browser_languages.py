"""In Chromium, on a 360 px phone: the longest languages do not break the layout, and the language switch
works from the keyboard.

Given the home page, the pot calculator and the public index, when each is shown in Russian, Indonesian
and Portuguese at 360 px, then nothing is wider than the screen and <html lang> says the language.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import screenshot
from tests.i18n.test_pages import _url, page_patterns

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ("/", "/pots/", "/t/")


@pytest.mark.parametrize("lang", ["ru", "id", "pt"])
def test_pages_fit_a_phone_in_each_language(page: Any, live_server: Any, lang: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    for path in PAGES:
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == lang
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{path} in {lang} is {overflow} px wider than a 360 px screen"
        screenshot(page, f"i18n-{lang}-360-{path.strip('/') or 'home'}")


def test_the_language_switch_from_the_keyboard(page: Any, live_server: Any) -> None:
    page.goto(live_server.url + "/")
    page.focus("#lang-select")
    with page.expect_navigation():
        page.keyboard.press("ArrowDown")  # English -> Bahasa Indonesia; the form submits on change
    assert page.locator("html").get_attribute("lang") == "id"
    assert page.locator("a.skip").inner_text() == "Langsung ke konten"


def _overflow(page: Any, url: str, lang: str, live_server: Any) -> int:
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page.goto(url)
    assert page.locator("html").get_attribute("lang") == lang, url
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def test_no_page_gets_wider_than_in_english_on_a_phone(
    page: Any, live_server: Any, world: dict[str, Any]
) -> None:
    """Every HTML page of the URL conf (the world of conftest.py), as the director or the dealer's device, at
    360 px: in Russian (the longest words) and Indonesian no page that fits in English gets wider than the
    screen, and none is wider than the screen in English either."""
    session = world["director"].cookies["sessionid"].value
    # no live streams: the layout is the question, and an open stream would outlive the test's database
    page.route(re.compile(r".*/api/live/.*"), lambda route: route.abort())
    page.set_viewport_size({"width": 360, "height": 740})
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    wider, wide_in_english = [], []
    for route, _ in page_patterns():
        if "<str:fmt>" in route or route.endswith(".svg") or route.startswith("console/open"):
            continue  # downloads, and the link that only sets the device's cookie
        if route.startswith("console/") and not world.get("browser_console"):
            page.goto(live_server.url + _url("console/open/<str:token>/", world["args"]))
            world["browser_console"] = True
        url = live_server.url + _url(route, world["args"])
        head = page.request.get(url)  # statuses are test_pages' business: here only the HTML pages
        if head.status != 200 or "text/html" not in head.headers.get("content-type", ""):
            continue
        english = _overflow(page, url, "en", live_server)
        if english > 1:  # the page's own layout, whatever the language
            wide_in_english.append((route, english))
            continue
        for lang in ("ru", "id"):
            overflow = _overflow(page, url, lang, live_server)
            if overflow > max(english, 1):
                wider.append((route, lang, overflow, english))
                screenshot(page, f"i18n-{lang}-360-wider-" + re.sub(r"\W+", "-", route).strip("-"))
    assert not wide_in_english, f"pages wider than a 360 px screen in English (route, px): {wide_in_english}"
    assert not wider, (
        f"pages the translation makes wider than 360 px (route, language, px, px in English): {wider}; "
        f"already too wide in English: {wide_in_english}"
    )
