"""Every page renders in each of the four languages, and its words are translated.

Given a club with a director, a published running tournament with a hand played, a league season, a
device for the dealer's console and a dispute, when every page of the URL conf (those without arguments
as they are, the others filled from these fixtures) is asked for in English, Indonesian, Russian and
Portuguese, then each answers 200 with ``<html lang>`` the language asked for, and every catalogued
phrase the English page shows as text appears translated on the page in the other language.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

LANGUAGES = ("en", "id", "ru", "pt")
ROOT = Path(__file__).resolve().parents[2]
#: URL prefixes that are not Floor's pages: Django's admin and auth flows, the language switch, the API
NOT_PAGES = ("admin/", "api/", "^api/", "i18n/", "accounts/logout", "accounts/password", "accounts/reset")


def page_patterns() -> list[tuple[str, list[str]]]:
    """(route, its argument names) of every page in the URL conf."""
    found: list[tuple[str, list[str]]] = []

    def walk(patterns: list[Any], prefix: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if route.startswith(NOT_PAGES):
                continue
            if isinstance(p, URLResolver):
                walk(p.url_patterns, route)
            elif isinstance(p, URLPattern):
                found.append((route, list(p.pattern.converters) if hasattr(p.pattern, "converters") else []))

    walk(get_resolver().url_patterns, "")
    return found


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.nodes: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._skip += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("script", "style") and self._skip > 0

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.nodes.append(" ".join(data.split()))


def text_nodes(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.nodes


def catalogue(lang: str) -> dict[str, str]:
    """Plain phrases (no placeholder, no markup) and their translations, where these differ."""
    po = polib.pofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"))
    return {
        e.msgid: e.msgstr
        for e in po
        if not e.obsolete and not e.msgid_plural and not e.msgctxt and e.msgstr and e.msgstr != e.msgid
        and not re.search(r"[%{<]", e.msgid) and len(e.msgid) >= 4
    }  # fmt: skip


#: query strings some pages need (the device QR code is drawn from the raw token the cockpit passes)
QUERIES = {"console/devices/<int:device_id>/qr.svg": "?token={token}"}


def _url(route: str, args: dict[str, Any]) -> str:
    path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(args[m.group(1)]), route)
    return path + QUERIES.get(route, "").format(**args)


def _dealer_page(route: str) -> bool:
    """The console's pages are the dealer device's (its cookie); the device QR code is the director's."""
    return route.startswith("console/") and not route.startswith("console/devices/")


def _client(world: dict[str, Any], route: str, lang: str) -> Client:
    client: Client = world.setdefault("console", Client()) if _dealer_page(route) else world["director"]
    if _dealer_page(route) and not world.get("console_open"):
        opened = client.get(_url("console/open/<str:token>/", world["args"]))
        assert opened.status_code in (200, 302), opened.status_code
        world["console_open"] = True
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    return client


@pytest.mark.django_db
def test_every_page_renders_in_every_language_with_its_words_translated(world: dict[str, Any]) -> None:
    patterns = page_patterns()
    assert len(patterns) > 20, "the URL conf walk found too few pages"
    unfilled = sorted(route for route, names in patterns if set(names) - set(world["args"]))
    assert not unfilled, f"pages with arguments this test has no fixture for (add one): {unfilled}"
    catalogues = {lang: catalogue(lang) for lang in LANGUAGES[1:]}
    checked: dict[str, int] = {}
    failures: list[str] = []
    for route, _ in patterns:
        url = _url(route, world["args"])
        english: list[str] | None = None
        for lang in LANGUAGES:
            response = _client(world, route, lang).get(url, HTTP_ACCEPT_LANGUAGE=lang, follow=True)
            if response.status_code == 405:  # a form's POST target
                break
            if response.status_code != 200:
                failures.append(f"{lang} {url}: {response.status_code}")
                break
            if "text/html" not in response.get("Content-Type", ""):
                break  # a download (CSV, JSON, SVG): no words to translate
            html = response.content.decode()
            if f'<html lang="{lang}"' not in html:
                failures.append(f"{lang} {url}: not <html lang={lang}>")
            if lang == "en":
                english = text_nodes(html)
                continue
            text = " ".join(text_nodes(html))
            phrases = [n for n in dict.fromkeys(english or []) if n in catalogues[lang]]
            missing = [p for p in phrases if catalogues[lang][p] not in text]
            if missing:
                failures.append(f"{lang} {url}: left in English or missing: {missing[:5]}")
            checked[url] = checked.get(url, 0) + len(phrases)
    assert not failures, failures
    assert checked, "no HTML page was checked"
    assert all(count >= 1 for count in checked.values()), checked


@pytest.mark.django_db
def test_the_home_page_in_russian_and_the_language_switch(client: Client) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="ru")
    html = response.content.decode()
    assert '<html lang="ru">' in html
    assert "Перейти к содержимому" in html and "С чего начать" in html and "Skip to content" not in html
    switched = client.post("/i18n/setlang/", {"language": "pt", "next": "/"})
    assert switched.status_code == 302
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()  # the switch wins over the browser
    assert '<html lang="pt">' in html and "Comece aqui" in html
