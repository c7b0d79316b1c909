"""In Chromium, on a 360 px phone: the longest languages do not break the layout, and the language switch
works from the keyboard.

Given the home page, the pot calculator and the public index, when each is shown in Russian, Indonesian
and Portuguese at 360 px, then nothing is wider than the screen and <html lang> says the language.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import screenshot

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
