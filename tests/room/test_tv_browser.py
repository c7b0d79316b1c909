"""The TV in Debian's Chromium: at 1280×720, 1920×1080 and 3840×2160 the clock and the second screen fit
without scrolling, every panel inside the screen and none cut off, in figures a room can read; a level change,
one minute left, a seat move and an elimination chime and are spoken (a speechSynthesis test double records
what is said) in each language, and only what the director chose."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.utils import translation

from apps.clocks.levelclock import level_clock_control
from apps.public.clockface import level_labels
from apps.room import services as room
from apps.room.texts import spoken_formats
from apps.tournaments.services import publish
from tests.browser import screenshot
from tests.public.helpers import running_tournament
from tests.room.helpers import MEASURE, assert_within, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def short_streams(settings) -> None:  # type: ignore[no-untyped-def]
    settings.FLOOR_SSE_LIFETIME = 3  # streams end soon after each test (the browser reconnects meanwhile)


SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
TV_PANELS = [
    "#panel-level",
    "#panel-blinds",
    "#panel-stats",
    "#panel-payouts",
    "#panel-news",
    "#panel-qr",
    "#time-left",
    "#level-now",
    "#level-next",
    "#next-break",
    "#players-left",
    "#average-stack",
    "#prize-pool",
    "#payouts",
    "#tv-sound",
    "#tv-fullscreen",
    ".tv-qr svg",
]
SECOND_PANELS = [
    "#panel-level",
    "#panel-board",
    "#panel-stats",
    "#panel-payouts",
    "#panel-news",
    "#board",
    "#time-left",
    "#payouts",
]
BLINDS = [
    {"seconds": 3600, "small_blind": 100, "big_blind": 200, "ante": 25},
    {"seconds": 3600, "small_blind": 150, "big_blind": 300, "ante": 50},
    {"seconds": 900, "is_break": True},
    {"seconds": 3600, "small_blind": 200, "big_blind": 400, "ante": 50},
]
BLINDS_GAME = {"kind": "2-7-triple-draw", "small_blind": 100, "big_blind": 200}


def _busy_tournament():  # type: ignore[no-untyped-def]
    """A field of 18 with a long name, big numbers and a few announcements (the longest the panels get)."""
    t = running_tournament(
        18,
        hands=0,
        name="Sunday Deepstack Championship of the Club",
        buy_in=12500,
        structure=BLINDS,
        game=BLINDS_GAME,
        starting_stack=25000,
    )
    with transaction.atomic():
        for i, name in enumerate(("Anastasia Kowalczyk", "Bartholomew", "Cy")):
            publish(
                t,
                "eliminated",
                {"entry": i + 1, "player": name, "place": 18 - i, "place_to": 18 - i, "prize": 0},
            )
    return t


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_tv_fits_the_screen_with_every_panel(chromium, live_server, width, height) -> None:  # type: ignore[no-untyped-def]
    t = _busy_tournament()
    page = new_page(chromium, width, height)
    try:
        page.goto(f"{live_server.url}/t/{t.pk}/clock/")
        page.wait_for_selector("#main[data-sound]")
        screenshot(page, f"tv-clock-{width}x{height}")
        m = page.evaluate(MEASURE, TV_PANELS)
        # no scrolling, no site header
        assert m["scrollHeight"] <= height and m["scrollWidth"] <= width, m
        assert page.locator("header.site").count() == 0
        for sel in TV_PANELS:
            assert_within(m, sel)
        for sel in ("#panel-level", "#panel-blinds", "#panel-stats", "#panel-payouts", "#panel-qr"):
            assert not m["items"][sel]["clipped"], f"{sel} is cut off: {m['items'][sel]}"
        # readable across a room: the time a fifth of the screen's height, the blinds a twentieth
        assert m["items"]["#time-left"]["fontSize"] >= 0.2 * height
        assert (
            page.locator("#level-now .v").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
            >= height / 20
        )
        assert "100/200" in page.locator("#level-now").inner_text()

        page.goto(f"{live_server.url}/t/{t.pk}/clock/second/")
        page.wait_for_selector("#main[data-sound]")
        screenshot(page, f"tv-second-{width}x{height}")
        m = page.evaluate(MEASURE, SECOND_PANELS)
        assert m["scrollHeight"] <= height and m["scrollWidth"] <= width, m
        for sel in SECOND_PANELS:
            assert_within(m, sel)
        assert (
            page.locator("#board li").count() == 18
        )  # all still in: the eliminations above are only announced
        assert page.locator("#board li").last.is_visible()
    finally:
        page.context.close()


def _expected_level(lang: str, number: int, parts: list[tuple[str, object]]) -> str:
    with translation.override(lang):
        labels = level_labels()
        text = ", ".join(f"{labels[k]} {v}" for k, v in parts)
        return spoken_formats()["level"] % {"number": number, "parts": text}


@pytest.mark.parametrize(
    ("lang", "locale"), [("en", "en-US"), ("id", "id-ID"), ("ru", "ru-RU"), ("pt", "pt-PT")]
)
def test_a_level_change_chimes_and_is_spoken_in_the_page_language(
    chromium, live_server, lang, locale
) -> None:  # type: ignore[no-untyped-def]
    t = running_tournament(6, hands=0, structure=BLINDS, game=BLINDS_GAME)
    page = new_page(chromium, 1280, 720, locale=locale, speech=True)
    try:
        page.goto(f"{live_server.url}/t/{t.pk}/clock/")
        assert page.locator("html").get_attribute("lang") == lang
        page.wait_for_selector('#main[data-connection="live"]')
        # the sound is off until someone presses the button (browsers need a gesture)
        assert page.evaluate("window.__spoken.length") == 0
        page.click("#tv-sound")
        assert page.locator("#tv-sound").get_attribute("aria-pressed") == "true"
        page.wait_for_function("window.__spoken.length >= 1")

        # when the director moves the clock on to level 2
        level_clock_control(actor=t.director, clock_id=t.level_clock_id, action="jump", level=1)

        # then the TV chimes and says the new level in the page's language
        page.wait_for_function("window.__spoken.length >= 2", timeout=15_000)
        said = page.evaluate("window.__spoken")
        expected = _expected_level(lang, 2, [("blinds", "150/300"), ("ante", 50)])
        assert said[-1] == {"text": expected, "lang": lang}
        assert any(src.endswith("/static/public/chime.wav") for src in page.evaluate("window.__played"))
        assert page.locator("#level-name").inner_text().strip() != ""
        if lang != "en":  # not the English words
            assert said[-1]["text"] != _expected_level("en", 2, [("blinds", "150/300"), ("ante", 50)])
    finally:
        page.context.close()


def test_breaks_moves_and_eliminations_are_spoken_and_only_what_the_director_chose(
    chromium, live_server
) -> None:  # type: ignore[no-untyped-def]
    t = running_tournament(6, hands=0, structure=BLINDS, game=BLINDS_GAME)
    page = new_page(chromium, 1920, 1080, speech=True)
    try:
        page.goto(f"{live_server.url}/t/{t.pk}/clock/")
        page.wait_for_selector('#main[data-connection="live"]')
        page.click("#tv-sound")
        page.wait_for_function("window.__spoken.length >= 1")
        # a break starts, then a seat move and an elimination are announced
        level_clock_control(actor=t.director, clock_id=t.level_clock_id, action="jump", level=2)
        page.wait_for_function("window.__spoken.length >= 2")
        assert page.evaluate("window.__spoken[1].text") == "Break. Play resumes in 15 minutes."
        with transaction.atomic():
            publish(t, "seat_move", {"entry": 1, "player": "Ana", "to": [2, 5], "from": [1, 3]})
        page.wait_for_function("window.__spoken.length >= 3")
        assert page.evaluate("window.__spoken[2].text") == "Ana moves to table 2, seat 5."
        assert page.evaluate("window.__played").pop().endswith("/static/public/alert.wav")
        level_clock_control(actor=t.director, clock_id=t.level_clock_id, action="jump", level=3)
        page.wait_for_function("window.__spoken.length >= 4")
        assert (
            page.evaluate("window.__spoken[3].text") == "The break is over. Level 3. Blinds 200/400, Ante 50."
        )

        # when the director keeps only the levels, then a seat move is shown but not said
        room.room_sounds_set(actor=t.director, tournament=t, sounds=["level"])
        page.reload()
        page.wait_for_selector('#main[data-connection="live"]')
        page.wait_for_function(
            "window.__spoken.length === 0"
        )  # the switch is remembered, but says nothing yet
        with transaction.atomic():
            publish(t, "eliminated", {"entry": 2, "player": "Bo", "place": 6, "place_to": 6, "prize": 0})
        page.wait_for_selector("#announcements li:has-text('Bo is eliminated')")
        level_clock_control(actor=t.director, clock_id=t.level_clock_id, action="jump", level=0)
        page.wait_for_function("window.__spoken.length >= 1")
        assert [s["text"] for s in page.evaluate("window.__spoken")] == ["Level 1. Blinds 100/200, Ante 25."]
    finally:
        page.context.close()


def test_one_minute_left_is_said_once(chromium, live_server) -> None:  # type: ignore[no-untyped-def]
    t = running_tournament(6, hands=0, structure=[{"seconds": 63, "ante": 25}, *BLINDS])
    page = new_page(chromium, 1280, 720, speech=True)
    try:
        page.goto(f"{live_server.url}/t/{t.pk}/clock/")
        page.click("#tv-sound")
        page.wait_for_function(
            "window.__spoken.some(s => s.text === 'One minute left in this level.')", timeout=15_000
        )
        page.wait_for_timeout(1500)
        said = [s["text"] for s in page.evaluate("window.__spoken")]
        assert said.count("One minute left in this level.") == 1
    finally:
        page.context.close()
