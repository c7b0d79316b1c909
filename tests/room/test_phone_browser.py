"""The public pages and the cockpit on a 360×740 phone: nothing wider than the screen and nothing hidden
behind a sideways scroll (every cell of the replay, the pot calculator, the leaderboard and the standings is
shown, with its column's name); the replay's cards come first and its steps read "A♥ A♦ A♣ K♦ 9♠"; the pot
calculator's answer comes first; the cockpit shows its page before its menu."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import screenshot
from tests.factories import LeagueFactory, SeasonFactory, SeasonResultFactory, TournamentFactory, director_of
from tests.public.helpers import running_tournament, side_pot_hand
from tests.room.helpers import TOO_WIDE, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = (360, 740)

# Every non-empty cell of the tables: shown (not display:none, not zero-sized) and inside the screen.
HIDDEN_CELLS = """
(sel) => {
  const w = document.documentElement.clientWidth, bad = [];
  let seen = 0;
  for (const td of document.querySelectorAll(sel)) {
    if (!td.textContent.trim() || td.closest("[hidden]")) continue;
    seen++;
    const r = td.getBoundingClientRect();
    const out = r.width === 0 || r.height === 0 || r.left < -1 || r.right > w + 1;
    if (out) bad.push(td.textContent.trim().slice(0, 30));
  }
  return { seen, bad };
}
"""


@pytest.fixture(autouse=True)
def short_streams(settings) -> None:  # type: ignore[no-untyped-def]
    settings.FLOOR_SSE_LIFETIME = 2


@pytest.fixture
def phone(chromium):  # type: ignore[no-untyped-def]
    page = new_page(chromium, *PHONE)
    yield page
    page.context.close()


LABELS = """
(row) => [...document.querySelectorAll(row + " td[data-label]")]
  .map(td => getComputedStyle(td, "::before").content)
"""


def labels(page: Any, row: str) -> str:
    """The column names a stacked row shows before its cells (generated content, not in innerText)."""
    return " ".join(page.evaluate(LABELS, row))


def fits(page: Any, cells: str) -> None:
    wide = page.evaluate(TOO_WIDE)
    assert wide["scrollWidth"] <= PHONE[0] and wide["bad"] == [], wide
    shown = page.evaluate(HIDDEN_CELLS, cells)
    assert shown["seen"] > 0 and shown["bad"] == [], shown


def test_the_replay_shows_the_cards_first_with_their_symbols(phone, live_server) -> None:  # type: ignore[no-untyped-def]
    hand = side_pot_hand()
    phone.goto(f"{live_server.url}/hands/{hand.pk}/replay/")
    phone.get_by_role("button", name="Last").click()
    step = phone.locator("#replay .step:visible")
    assert step.locator("h2").inner_text() == "Cy (seat 3) shows Q♥ Q♣ Q♠ 2♦ 3♦"
    fits(phone, "#replay .step:not([hidden]) td")
    ann = step.locator("tr", has_text="Ann")
    cards, name = ann.locator("td.cards").bounding_box(), ann.locator("td.who").bounding_box()
    assert cards["y"] < name["y"]  # the cards first
    shown = labels(phone, "#replay .step:not([hidden]) tbody tr:first-child")
    for label in ("Stack", "In the pot"):
        assert label in shown
    screenshot(phone, "phone-replay")


def test_the_pot_calculator_gives_the_answer_first(phone, live_server) -> None:  # type: ignore[no-untyped-def]
    phone.goto(f"{live_server.url}/pots/")
    for i, (seat, name, put, cards) in enumerate(
        (
            (1, "Ann", 50, "Ah Ad Ac Kd 9s"),
            (2, "Bob", 120, "Kh Kc Ks Qd 9d"),
            (3, "Cy", 200, "Qh Qc Qs 2d 3d"),
        )
    ):
        phone.fill(f"[name=p-{i}-seat]", str(seat))
        phone.fill(f"[name=p-{i}-name]", name)
        phone.fill(f"[name=p-{i}-contributed]", str(put))
        phone.fill(f"[name=p-{i}-cards]", cards)
    phone.fill("[name=button]", "3")
    phone.click("#resolve")
    answer = phone.locator("#pot-answer")
    answer.wait_for()

    def line(i: int) -> str:
        return " ".join(answer.locator("li").nth(i).inner_text().split())

    assert line(0) == "Ann receives 150 net +100"
    assert line(2) == "Cy receives 80 net -120"
    box = answer.bounding_box()
    assert box["y"] + box["height"] <= PHONE[1]  # on the first screen
    assert box["y"] < phone.locator("table.pot-seats").bounding_box()["y"]
    fits(phone, "table.pot-seats td, table.pot-pots td")
    assert "Receives" in labels(phone, "table.pot-seats tr[data-seat='1']")
    screenshot(phone, "phone-pots")


def test_the_leaderboard_and_the_standings_stack_their_rows(phone, live_server) -> None:  # type: ignore[no-untyped-def]
    season = SeasonFactory(league=LeagueFactory(published=True, best_n=3))
    for place in (1, 2, 3):
        SeasonResultFactory(
            season=season,
            tournament=TournamentFactory(club=season.league.club, published=True),
            place=place,
            points=10000 - 3000 * place,
            prize=100 * place,
        )
    phone.goto(f"{live_server.url}/leagues/{season.league_id}/seasons/{season.pk}/")
    fits(phone, "table.standings td")
    first = labels(phone, "table.standings tbody tr:first-child")
    for label in ("Points", "Wins", "Cashes", "Best finish", "Played", "Prize"):
        assert label in first
    screenshot(phone, "phone-leaderboard")

    t = running_tournament(8, hands=1)
    phone.goto(f"{live_server.url}/t/{t.pk}/standings/")
    fits(phone, "table.standings td")
    assert "Table / seat" in labels(phone, "table.standings tbody tr:first-child")
    screenshot(phone, "phone-standings")


def test_the_cockpit_shows_its_page_before_its_menu(phone, live_server) -> None:  # type: ignore[no-untyped-def]
    t = running_tournament(6, hands=0)
    director_of(t.club, "host")
    phone.goto(f"{live_server.url}/accounts/login/?next=/cockpit/tournaments/{t.pk}/room/")
    phone.fill("#id_username", "host")
    phone.fill("#id_password", "pw-for-tests")
    phone.click("button[type=submit]")
    phone.wait_for_url(f"**/cockpit/tournaments/{t.pk}/room/")
    heading = phone.locator("main h1").bounding_box()
    assert heading["y"] <= PHONE[1] / 3
    assert heading["y"] < phone.locator(".cockpit-menu").bounding_box()["y"]
    wide = phone.evaluate(TOO_WIDE)
    assert wide["bad"] == [], wide
    screenshot(phone, "phone-cockpit-room")
