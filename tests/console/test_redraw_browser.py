"""The console between hands after a redraw across tables, in Debian's Chromium: seven players at two tables,
one goes out, the six left are redrawn to the final table. The final table's console shows the new seats
(names and chips) without a reload and after one; the broken table's console says the table is broken and
where its players went, and offers no next hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import expect

from apps.accounts import services as accounts
from apps.tables.models import Seat
from apps.tournaments import seating
from apps.tournaments.models import TournamentTable
from tests.browser import screenshot
from tests.console.test_browser import open_console
from tests.tournaments.helpers import (
    confirm_moves,
    given_director,
    given_tournament,
    open_tables,
    pending,
    play_hand,
    scripted,
    seated,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """Short-lived streams (they reconnect with Last-Event-ID), all ended before the test's database is."""
    settings.FLOOR_SSE_LIFETIME = 1
    page.set_default_timeout(30_000)
    yield
    for p in page.context.pages:
        p.goto("about:blank")
    page.wait_for_timeout(1600)


def _seats_shown(page: Any) -> list[tuple[str, str, str]]:
    rows = page.locator("#console-seats li.seat")
    return [
        (
            rows.nth(i).get_attribute("data-seat") or "",
            rows.nth(i).locator(".seat-name").inner_text(),
            rows.nth(i).locator(".stack").inner_text(),
        )
        for i in range(rows.count())
    ]


def _seats_now(table: Any) -> list[tuple[str, str, str]]:
    seats = Seat.objects.filter(table=table, left_at__isnull=True).select_related("player").order_by("number")
    return [(str(s.number), s.player.name, str(s.stack)) for s in seats]


def test_the_final_tables_redraw_shows_in_both_consoles_between_hands(page, live_server):
    club, director = given_director()
    t = given_tournament(club, director, 7, seats_per_table=6)
    seating.tournament_start(actor=director, tournament=t)
    four = max(open_tables(t), key=lambda tt: len(seated(tt)))
    seats = seated(four)
    caller = max(seats.values(), key=lambda s: s.stack)
    Seat.objects.filter(pk=caller.pk).update(stack=10**5)
    victim = min(n for n in seats if n != caller.number)
    order = [caller.number] + [n for n in seats if n != caller.number]
    play_hand(director, four.table, random.Random(1), scripted({victim}, {caller.number}, order))
    plan = pending(t)
    assert len(plan) == 6
    final = next(tt for tt in open_tables(t) if tt.number == plan[0].to_table)
    broken = next(tt for tt in open_tables(t) if tt.number != plan[0].to_table)
    _, final_raw = accounts.device_issue(actor=director, club=club, name="Final", table_ids=[final.table_id])
    _, broken_raw = accounts.device_issue(
        actor=director, club=club, name="Other", table_ids=[broken.table_id]
    )

    open_console(page, live_server, final_raw)
    before = _seats_now(final.table)
    expect(page.locator("#console-seats li.seat")).to_have_count(len(before))
    # the other table's tablet: a browser of its own (a device's link signs that browser in as the device)
    other_context = page.context.browser.new_context(
        viewport={"width": 1280, "height": 800}, locale="en-US", bypass_csp=True
    )
    other = other_context.new_page()
    other.set_default_timeout(30_000)
    open_console(other, live_server, broken_raw)
    expect(other.locator("#console-seats li.seat")).to_have_count(len(seated(broken)))

    confirm_moves(director, t)  # the redraw, entered in the cockpit: no hand is dealt meanwhile
    broken.refresh_from_db()
    assert broken.broken_at is not None
    after = _seats_now(final.table)
    assert len(after) == 6 and after != before

    # without a reload: the six players of the final table at their new seats with their chips
    expect(page.locator("#console-seats li.seat")).to_have_count(6)
    page.wait_for_function(
        "want => JSON.stringify([...document.querySelectorAll('#console-seats li.seat')].map(li =>"
        " [li.dataset.seat, li.querySelector('.seat-name').textContent,"
        " li.querySelector('.stack').textContent])) === want",
        arg=json.dumps([list(row) for row in after], separators=(",", ":")),
    )
    assert _seats_shown(page) == after
    expect(page.locator("#act-next")).to_be_visible()
    # the last hand eliminated a player (and the director entered it): the server would refuse its undo, so
    # the console does not offer it
    assert final.table_id == four.table_id  # the final table's console holds the hand that ended it
    expect(page.locator("#console-undo")).to_be_hidden()
    # the broken table: nobody left, no next hand, and where its players went
    expect(other.locator("#console-broken")).to_be_visible()
    expect(other.locator("#console-broken")).to_contain_text(final.table.name)
    expect(other.locator("#console-seats li.seat")).to_have_count(0)
    expect(other.locator("#act-next")).to_have_count(0)
    screenshot(other, "console-table-broken-laptop")

    # after a reload: the same
    open_console(page, live_server, final_raw)
    expect(page.locator("#console-seats li.seat")).to_have_count(6)
    assert _seats_shown(page) == after
    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "console-final-redraw-phone")
    open_console(other, live_server, broken_raw)
    expect(other.locator("#console-broken")).to_be_visible()
    expect(other.locator("#act-next")).to_have_count(0)
    other.set_viewport_size({"width": 360, "height": 740})
    screenshot(other, "console-table-broken-phone")
    assert TournamentTable.objects.filter(tournament=t, broken_at__isnull=True).count() == 1
    other.goto("about:blank")
    other_context.close()
