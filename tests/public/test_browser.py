"""The public pages in Debian's Chromium: the clock display counts down, moves to the next level when the
clock does, says it is reconnecting while its streams are cut and catches up afterwards; the hand replay
steps through a side-pot hand; the standings fit a 360-pixel phone."""

from __future__ import annotations

import random

import pytest
from django.db import transaction

from apps.tournaments.services import publish
from tests.browser import screenshot
from tests.factories import LeagueFactory, SeasonFactory, SeasonResultFactory, TournamentFactory
from tests.public.helpers import running_tournament, side_pot_hand
from tests.tournaments.helpers import open_tables, play_hand, scripted

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Level 1 lasts 6 seconds, so the test sees the clock move on; then long levels and a break.
SHORT = [
    {"seconds": 6, "ante": 25},
    {"seconds": 3600, "ante": 50},
    {"seconds": 600, "is_break": True},
    {"seconds": 3600, "ante": 100},
]


def _seconds(text: str) -> int:
    parts = [int(p) for p in text.split(":")]
    return sum(p * 60**i for i, p in enumerate(reversed(parts)))


def test_the_clock_counts_down_and_moves_to_the_next_level(page, live_server, settings) -> None:  # type: ignore[no-untyped-def]
    # given a published tournament whose first level lasts six seconds (streams end soon after the test)
    settings.FLOOR_SSE_LIFETIME = 5
    t = running_tournament(6, hands=0, structure=SHORT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/t/{t.pk}/clock/")
    first = _seconds(page.locator("#time-left").inner_text())
    assert 1 <= first <= 6
    assert page.locator("#level-name").inner_text() == "Level 1"

    # when a second and a half passes, then the display has counted down by itself
    page.wait_for_timeout(1500)
    assert _seconds(page.locator("#time-left").inner_text()) < first
    screenshot(page, "public-clock-level-1")

    # when the level's time is up, then the display moves to level 2 (ante 50), with an hour to go
    page.wait_for_selector('#main[data-level="1"]', timeout=15_000)
    assert page.locator("#level-name").inner_text() == "Level 2"
    assert "50" in page.locator("#level-now").inner_text()
    assert _seconds(page.locator("#time-left").inner_text()) > 3500
    assert page.locator("#next-break").inner_text() != ""
    screenshot(page, "public-clock-level-2")
    assert errors == []


def test_the_clock_says_it_is_reconnecting_and_catches_up(page, live_server, settings) -> None:  # type: ignore[no-untyped-def]
    # given the streams close every 2 seconds (the browser then reconnects with Last-Event-ID)
    settings.FLOOR_SSE_LIFETIME = 2
    t = running_tournament(6, hands=0)
    page.goto(f"{live_server.url}/t/{t.pk}/clock/")
    page.wait_for_selector('#main[data-connection="live"]')
    assert page.locator("#connection").is_hidden()

    # when the network drops every stream request
    page.route("**/api/live/**", lambda route: route.abort())
    page.wait_for_selector("#connection:not([hidden])", timeout=10_000)

    # then the display says it is reconnecting, and keeps counting down meanwhile
    assert page.locator("#connection").inner_text() == "Reconnecting…"
    before = _seconds(page.locator("#time-left").inner_text())
    screenshot(page, "public-clock-reconnecting")

    # and an elimination announced while it is down ...
    with transaction.atomic():
        publish(t, "eliminated", {"entry": 1, "player": "Zed", "place": 6, "place_to": 6, "prize": 0})
    page.wait_for_timeout(1200)
    assert _seconds(page.locator("#time-left").inner_text()) < before
    assert "Zed" not in page.locator("#announcements").inner_text()

    # ... appears once the network is back, and the warning goes away
    page.unroute("**/api/live/**")
    page.wait_for_selector("#connection[hidden]", state="attached", timeout=15_000)
    page.wait_for_function(
        "document.getElementById('announcements').innerText.includes('Zed')", timeout=10_000
    )
    assert page.locator("#announcements li").first.inner_text() == "Zed is eliminated in place 6."
    screenshot(page, "public-clock-reconnected")


def test_the_hand_replay_steps_through_a_side_pot_hand(page, live_server) -> None:  # type: ignore[no-untyped-def]
    # given the three-way all-in: Ann 50, Bob 120, Cy 300
    hand = side_pot_hand()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/hands/{hand.pk}/replay/")

    # then the deal shows first, one step at a time
    visible = page.locator("#replay .step:visible")
    assert visible.count() == 1
    assert "forced bets" in visible.first.locator("h2").inner_text()

    # when the viewer steps forward through the betting
    for _ in range(3):
        page.get_by_role("button", name="Next").click()
    step = page.locator("#replay .step:visible")
    assert step.locator("h2").inner_text() == "Cy (seat 3) calls 120"
    # then the main pot and the side pot are shown, and the two all-in players
    assert step.locator(".pots").inner_text() == "Main pot: 150 · Side pot 1: 140"
    assert step.locator("tr", has_text="Ann").inner_text().count("all in") == 1
    assert page.locator("#replay-position").inner_text() == "Step 3 of 9"
    screenshot(page, "public-replay-side-pot")

    # when the keyboard goes to the end and back one step
    page.get_by_role("button", name="Last").click()
    last = page.locator("#replay .step:visible")
    assert "Cy (seat 3) shows" in last.locator("h2").inner_text()
    # then the result names who won which pot and why
    explanation = last.locator(".explanation").inner_text()
    assert "Ann wins with Three of a Kind, Aces" in explanation
    assert "Bob wins with Three of a Kind, Kings" in explanation
    assert "A♥ A♦ A♣ K♦ 9♠" in last.locator("tr", has_text="Ann").inner_text()
    screenshot(page, "public-replay-result")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#replay-position").inner_text() == "Step 8 of 9"
    assert page.locator("#replay .step:visible .explanation").count() == 0
    assert errors == []


def test_the_standings_fit_a_phone(page, live_server, settings) -> None:  # type: ignore[no-untyped-def]
    settings.FLOOR_SSE_LIFETIME = 2  # the clock page's streams end soon after the test
    t = running_tournament(8, hands=1)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/t/{t.pk}/standings/")
    assert page.locator("table.standings tbody tr").count() == 8
    # nothing wider than the screen but the table itself, which scrolls in its box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "public-standings-phone")
    page.goto(f"{live_server.url}/t/{t.pk}/clock/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "public-clock-phone")
    page.goto("about:blank")


def test_the_player_page_draws_the_chip_chart_and_the_leaderboard_reads_in_russian(page, live_server) -> None:  # type: ignore[no-untyped-def]
    # given a player who played three hands of a published tournament, and a published season
    t = running_tournament(6, hands=3)
    player_id = t.tables.first().table.hands.first().seats[0]["player_id"]  # type: ignore[union-attr]
    season = SeasonFactory(league=LeagueFactory(published=True, best_n=3))
    for place in (1, 2):
        SeasonResultFactory(
            season=season,
            tournament=TournamentFactory(club=season.league.club, published=True),
            place=place,
            points=10000 - 3000 * place,
            prize=100,
        )

    # when the player's page is opened, then the chip chart is drawn with a point per hand and the start
    page.goto(f"{live_server.url}/players/{player_id}/")
    chart = page.locator("#chip-chart svg")
    assert chart.is_visible() and chart.locator("circle").count() == 4
    assert chart.bounding_box()["width"] > 300
    screenshot(page, "public-player")

    # when a Russian browser opens the leaderboard, then the page is in Russian and lists the season
    context = page.context.browser.new_context(locale="ru-RU", bypass_csp=True)
    ru = context.new_page()
    ru.goto(f"{live_server.url}/leagues/{season.league_id}/seasons/{season.pk}/")
    assert ru.locator("html").get_attribute("lang") == "ru"
    assert ru.locator("table.standings tbody tr").count() == 2
    screenshot(ru, "public-leaderboard-ru")
    context.close()


def test_an_elimination_is_announced_and_the_numbers_follow(page, live_server, settings) -> None:  # type: ignore[no-untyped-def]
    # given the clock display of a published tournament of six at one table
    settings.FLOOR_SSE_LIFETIME = 3
    t = running_tournament(6, hands=0)
    page.goto(f"{live_server.url}/t/{t.pk}/clock/")
    page.wait_for_selector('#main[data-connection="live"]')
    assert page.locator("#players-left").inner_text() == "6"
    # and the standings open on a phone beside it
    phone = page.context.new_page()
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"{live_server.url}/t/{t.pk}/standings/")
    assert phone.locator("#standings-body table.standings").first.locator("tbody tr").count() == 6

    # when a hand is played in which seat 1 moves all in, seat 2 calls and wins (equal stacks: seat 1 is out)
    tt = open_tables(t)[0]
    play_hand(t.director, tt.table, random.Random(1), scripted({1}, {2}, [2, 1, 3, 4, 5, 6]))  # type: ignore[attr-defined]

    # then the elimination is announced and the players left go down to five, without a reload
    page.wait_for_function(
        "document.getElementById('announcements').innerText.includes('is eliminated in place 6')",
        timeout=10_000,
    )
    page.wait_for_function("document.getElementById('players-left').innerText === '5'", timeout=10_000)
    screenshot(page, "public-clock-elimination")
    # and the phone's standings follow: five still in, one out
    phone.wait_for_function(
        "document.querySelectorAll('#standings-body table.standings')[0].tBodies[0].rows.length === 5",
        timeout=10_000,
    )
    assert "6" in phone.locator("#standings-body table.standings").nth(1).inner_text()
    screenshot(phone, "public-standings-after-elimination")
    phone.goto("about:blank")
    page.goto("about:blank")
