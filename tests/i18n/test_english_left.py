"""No English left on a translated page. Every page of the URL conf (as tests/i18n/test_pages.py walks it),
the pot calculator's answer, a refusal shown in the cockpit, the TV and a player's page are asked for in
Indonesian, Russian and Portuguese; any word of Floor's English (a word of a msgid) on the page that is not
also a word of that language's translations, nor a name the test data gave (players, club, tournament), fails
the test with the page and the words: "… #2 table 1", "Three of a Kind, Kings", "main", "side 1" included.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings
from django.test import Client

from apps.accounts.models import Club, DeviceToken, Player
from apps.core.i18n_names import table_display_name, table_short_name
from apps.standings.models import League, Season
from apps.tournaments.models import Entry, Tournament
from tests.i18n.test_pages import _client, _url, page_patterns, text_nodes

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("id", "ru", "pt")
WORD = re.compile(r"[A-Za-z]{4,}")
# The same in every language: product and service names, file formats, the languages' own names.
# "Enter" is the key's name as keyboards print it.
SAME_EVERYWHERE = {
    "floor",
    "discord",
    "slack",
    "telegram",
    "json",
    "english",
    "bahasa",
    "indonesia",
    "joker",
    "ante",
    "enter",
}


def _words(text: str) -> set[str]:
    # not words: placeholders, markup, addresses (/api/schema/), codes (registration_closed), RULES.md
    text = re.sub(r"%\(\w+\)[sd]|\{\w+\}|<[^>]+>|\S*/\S*|\w+_\w+|RULES\.md", " ", text)
    return {w.lower() for w in WORD.findall(text)}


def vocabularies() -> tuple[set[str], dict[str, set[str]]]:
    """Floor's English words (the msgids'), and each language's words (its translations')."""
    english: set[str] = set()
    native: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        po = polib.pofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"))
        words: set[str] = set()
        for e in po:
            if e.obsolete:
                continue
            english |= _words(e.msgid) | _words(e.msgid_plural or "")
            words |= _words(e.msgstr) | {w for s in e.msgstr_plural.values() for w in _words(s)}
        native[lang] = words
    return english, native


def data_words() -> set[str]:
    """What the test's own data called things: shown as given in every language."""
    names: list[str] = []
    for model, field in (
        (Player, "name"),
        (Club, "name"),
        (Tournament, "name"),
        (League, "name"),
        (Season, "name"),
        (DeviceToken, "name"),
    ):
        names += [str(v) for v in model.objects.values_list(field, flat=True)]
    from django.contrib.auth import get_user_model

    names += [str(v) for v in get_user_model().objects.values_list("username", flat=True)]
    names.append("Who won?")  # the dispute's description
    # A seat move's reason is kept as the seating recorded it (an audit line, like a hand's log), in English.
    from apps.tournaments.models import SeatMove

    names += [str(v) for v in SeatMove.objects.values_list("reason", flat=True)]
    return {w for n in names for w in _words(n)} | SAME_EVERYWHERE


def english_left(
    html: str, lang: str, english: set[str], native: dict[str, set[str]], data: set[str]
) -> set[str]:
    found: set[str] = set()
    for node in text_nodes(html):
        found |= (_words(node) & english) - native[lang] - data
    return found


def _pots_answer(client: Client) -> str:
    form = {"rows": "3", "button": "3", "smallest_chip": "1", "ranking": "high", "ante": ""}
    for i, (seat, name, put, cards) in enumerate(
        ((1, "A", 50, "KhKdKcJd9s"), (2, "B", 120, "JcJhJs8d2c"), (3, "C", 200, "9c9d9h3s2d"))
    ):
        form |= {
            f"p-{i}-seat": str(seat),
            f"p-{i}-name": name,
            f"p-{i}-contributed": str(put),
            f"p-{i}-cards": cards,
        }
    response = client.post("/pots/", form)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="pot-answer"' in html
    return html


@pytest.mark.django_db
def test_no_english_is_left_on_a_translated_page(world: dict[str, Any]) -> None:
    english, native = vocabularies()
    data = data_words()
    args = world["args"]
    failures: list[str] = []
    for route, _ in page_patterns():
        url = _url(route, args)
        for lang in LANGUAGES:
            response = _client(world, route, lang).get(url, HTTP_ACCEPT_LANGUAGE=lang, follow=True)
            if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
                break
            left = english_left(response.content.decode(), lang, english, native, data)
            if left:
                failures.append(f"{lang} {url}: {sorted(left)[:12]}")

    # the pot calculator's answer, and a cockpit refusal (registration after the start, no late registration)
    t = Tournament.objects.get(pk=args["tournament_id"])
    director: Client = world["director"]
    for lang in LANGUAGES:
        client = Client()
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
        left = english_left(_pots_answer(client), lang, english, native, data)
        if left:
            failures.append(f"{lang} /pots/ (answer): {sorted(left)}")
        director.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
        page = director.post(
            f"/cockpit/tournaments/{t.pk}/register/", {"player_name": "Late Comer"}, follow=True
        )
        html = page.content.decode()
        assert 'role="alert"' in html, "the late registration was not refused"
        left = english_left(html, lang, english, native, data | {"late", "comer"})
        if left:
            failures.append(f"{lang} refusal: {sorted(left)}")
    assert not failures, "\n".join(failures)


def test_a_seat_draws_table_names_are_translated() -> None:
    from django.utils import translation

    with translation.override("id"):
        assert table_display_name("Sunday #2 table 1") == "Sunday #2 meja 1"
        assert table_display_name("Sunday #2 final 3") == "Sunday #2 meja final 3"
        assert table_display_name("Kitchen table") == "Kitchen table"  # the club's own name, as given
    with translation.override("ru"):
        assert table_display_name("Friday night #12 table 4") == "Friday night #12 стол 4"
    with translation.override("pt"):
        assert table_display_name("Sunday #2 table 1") == "Sunday #2 mesa 1"


def test_a_phones_header_names_a_tournament_table_by_its_number() -> None:
    from django.utils import translation

    with translation.override("en"):
        assert table_short_name("Demo Five-Card Draw Turbo #1 table 2") == "Table 2"
        assert table_short_name("Demo Five-Card Draw Turbo #1 final 1") == "Final table 1"
        assert table_short_name("Kitchen table") == "Kitchen table"
    with translation.override("ru"):
        assert table_short_name("Sunday #2 table 3") == "Стол 3"
    with translation.override("pt"):
        assert table_short_name("Sunday #2 final 1") == "Mesa final 1"


@pytest.mark.django_db
def test_the_english_check_catches_english_left(world: dict[str, Any]) -> None:
    """The check itself: an English phrase on an Indonesian page is found; the translated one is not."""
    english, native = vocabularies()
    data = data_words()
    assert english_left("<p>Three of a Kind, Kings</p>", "id", english, native, data) >= {"kings"}
    assert english_left("<p>Prize pool</p>", "ru", english, native, data) >= {"prize", "pool"}
    assert not english_left(f"<p>{Entry.objects.first().player.name}</p>", "ru", english, native, data)
