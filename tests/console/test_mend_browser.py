"""Mending mistakes in Debian's Chromium: the console's undo, its call of the floor reaching the director's
cockpit without a reload, the showdown's result confirmed before the hand is final, the ruling page's pickers
and its "Try it" without a ruling text, and the console kept current between hands (a rebuy, a new player, a
bust, the tournament's end)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from apps.accounts import services as accounts
from apps.accounts.permissions import Actor
from apps.disputes import services as disputes
from apps.disputes.models import Dispute
from apps.tables import services
from apps.tables.models import Hand, HandEvent, Seat
from apps.tournaments import seating
from apps.tournaments.models import Tournament
from tests.console.test_browser import open_console, pick, tap, to_showdown, wait_seq
from tests.tournaments.helpers import given_tournament, open_tables, play_hand, quiet, scripted

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """Short-lived streams (they reconnect with Last-Event-ID), all ended before the test's database is."""
    settings.FLOOR_SSE_LIFETIME = 1
    page.set_default_timeout(30_000)
    yield
    for p in page.context.pages:
        p.goto("about:blank")


def session_cookie(user: Any, url: str) -> dict[str, Any]:
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": url,
    }


def test_the_dealer_undoes_a_wrong_bet_and_the_hand_goes_on_from_before_it(page, live_server, table, device):
    open_console(page, live_server, device[1])
    tap(page, "#act-next")
    wait_seq(page, 0)
    expect(page.locator("#console-undo")).to_be_hidden()  # nothing entered yet
    tap(page, "#act-allin")  # meant a check
    wait_seq(page, 1)

    tap(page, "#console-undo")
    page.fill("#console-undo-reason", "Bo checked")
    tap(page, "#console-undo-ok")
    wait_seq(page, 2)

    expect(page.locator("#console-mend-status")).to_contain_text("the hand continues from before that entry")
    expect(page.locator("#console-to-act")).to_contain_text("Seat 2 (Bo) to act")
    hand = Hand.objects.get(table=table)
    rows = list(HandEvent.objects.filter(hand=hand).order_by("seq"))
    assert [r.kind for r in rows] == ["action", "correction"]
    assert rows[0].voided_by == rows[1] and rows[1].payload["reason"] == "undo: Bo checked"
    tap(page, "#act-check")
    wait_seq(page, 3)
    # the message belonged to that moment: the next entry clears it
    expect(page.locator("#console-mend-status")).to_be_hidden()
    # a second undo in a row is refused with its code, in the page
    tap(page, "#console-undo")
    tap(page, "#console-undo-ok")
    wait_seq(page, 4)
    tap(page, "#console-undo")
    tap(page, "#console-undo-ok")
    expect(page.locator("#console-refusal")).to_have_attribute("data-code", "nothing_to_undo")
    assert HandEvent.objects.filter(hand=hand).count() == 4


def test_call_the_floor_from_the_console_reaches_the_cockpit_at_once(
    page, live_server, director, table, device
):
    services.hand_start(actor=Actor(user=director), table=table)
    page.context.add_cookies([session_cookie(director, live_server.url)])
    page.goto(f"{live_server.url}/cockpit/clubs/{table.club_id}/disputes/")
    expect(page.locator("#floor-calls")).to_be_attached()
    console = page.context.new_page()
    open_console(console, live_server, device[1])

    console.locator("#console-floor").click()
    expect(console.locator("#console-floor-hands")).to_contain_text("This hand (1)")
    console.locator("input[name=kind][value=accounting]").check()
    console.fill("#console-floor-reason", "Bo says he bet 60, not 40")
    console.locator("#console-floor-ok").click()

    expect(console.locator("#console-mend-status")).to_contain_text("The director has been called")
    call = page.locator("#floor-calls .floor-call")
    expect(call).to_contain_text("Table 1 calls the floor: hand 1", timeout=20_000)
    expect(call).to_contain_text("Bo says he bet 60, not 40")
    dispute = Dispute.objects.get()
    assert (dispute.kind, dispute.role, dispute.raised_by_device) == ("accounting", "dealer", device[0])
    expect(call.locator("a")).to_have_attribute("href", f"/disputes/{dispute.pk}/")


def test_the_showdown_waits_for_the_dealers_confirmation(page, live_server, director, table, device):
    hand = to_showdown(director, table)
    names = {2: "Bo", 3: "Cy"}
    best, worse = "AsAdKcKd2h", "AhQsQdJcJd"
    open_console(page, live_server, device[1])
    first = int(page.locator("fieldset.card-picker").get_attribute("data-seat"))
    second = 5 - first
    # the wrong way round: the first seat's show gets the other's cards
    pick(page, worse)
    tap(page, "#act-show")
    wait_seq(page, 8)  # a show that does not end the hand is recorded at once
    pick(page, best)
    tap(page, "#act-show")

    confirm = page.locator("#console-confirm")
    expect(confirm).to_be_visible()
    expect(page.locator("#console-confirm-winners")).to_contain_text(
        f"Seat {second} ({names[second]}) wins 110"
    )
    hand.refresh_from_db()
    assert (hand.status, hand.seq, HandEvent.objects.filter(hand=hand).count()) == ("in_progress", 8, 8)

    tap(page, "#console-confirm-back")  # the dealer sees the mistake
    expect(confirm).to_be_hidden()
    expect(page.locator("#act-show")).to_be_visible()
    tap(page, "#console-undo")  # and takes the first show back
    tap(page, "#console-undo-ok")
    wait_seq(page, 9)
    assert int(page.locator("fieldset.card-picker").get_attribute("data-seat")) == first
    pick(page, best)
    tap(page, "#act-show")
    wait_seq(page, 10)
    pick(page, worse)
    tap(page, "#act-show")
    expect(page.locator("#console-confirm-winners")).to_contain_text(
        f"Seat {first} ({names[first]}) wins 110"
    )
    tap(page, "#console-confirm-ok")
    page.wait_for_selector("#console[data-phase='finished']")

    hand.refresh_from_db()
    assert hand.status == Hand.Status.FINISHED and hand.seq == 11
    assert [w for p in hand.result["pots"] for w in p["winners"]] == [first]
    assert HandEvent.objects.filter(hand=hand, kind="correction").count() == 1


def test_everyone_else_folding_needs_no_confirmation(page, live_server, director, table, device):
    services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    tap(page, "#act-fold")
    wait_seq(page, 1)
    tap(page, "#act-fold")
    page.wait_for_selector("#console[data-phase='finished']")
    expect(page.locator("#console-confirm")).to_be_hidden()


@pytest.mark.parametrize("first", ["show", "muck"])
def test_one_hand_shown_and_the_other_mucked_needs_no_confirmation(
    page, live_server, director, table, device, first
):
    hand = to_showdown(director, table)
    open_console(page, live_server, device[1])
    seat = int(page.locator("fieldset.card-picker").get_attribute("data-seat"))
    winner = seat if first == "show" else 5 - seat
    if first == "show":
        pick(page, "AsAdKcKd2h")
        tap(page, "#act-show")
        wait_seq(page, 8)
        tap(page, "#act-muck")  # the last player left to show concedes: nobody can dispute the result
    else:
        tap(page, "#act-muck")  # the first to show concedes: the one player left wins without showing
    page.wait_for_selector("#console[data-phase='finished']")
    expect(page.locator("#console-confirm")).to_be_hidden()
    hand.refresh_from_db()
    assert (hand.status, hand.seq) == (Hand.Status.FINISHED, 9 if first == "show" else 8)
    assert [w for p in hand.result["pots"] for w in p["winners"]] == [winner]


def test_the_ruling_page_builds_the_correction_with_pickers_and_tries_it_without_a_ruling_text(
    page, live_server, director, table
):
    actor = Actor(user=director)
    hand = to_showdown(director, table)
    for event in (
        {"type": "show", "seat": 2, "cards": "AhQsQdJcJd"},
        {"type": "show", "seat": 3, "cards": "AsAdKcKd2h"},
    ):
        hand.refresh_from_db()
        services.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event)
    hand.refresh_from_db()
    assert [w for p in hand.result["pots"] for w in p["winners"]] == [3]
    dispute = disputes.dispute_raise(
        actor=actor, hand_id=hand.pk, kind="reading", description="cards swapped"
    )
    page.context.add_cookies([session_cookie(director, live_server.url)])
    page.goto(f"{live_server.url}/disputes/{dispute.pk}/")

    expect(page.locator("#builder")).to_be_visible()
    expect(page.locator("#events")).to_be_hidden()  # the JSON is under its toggle
    page.select_option("select[name=void_from_seq]", "8")
    page.select_option("#builder-type", "show")
    expect(page.locator("#builder-amount")).to_be_hidden()
    page.select_option("#builder-seat", "2")
    for i, card in enumerate(["As", "Ad", "Kc", "Kd", "2h"], start=1):
        page.select_option(f"#builder-card-{i}", card)
    tap(page, "#builder-add")
    page.select_option("#builder-seat", "3")
    for i, card in enumerate(["Ah", "Qs", "Qd", "Jc", "Jd"], start=1):
        page.select_option(f"#builder-card-{i}", card)
    tap(page, "#builder-add")
    expect(page.locator("#builder-list li")).to_have_count(2)
    page.click("#events-json summary")
    assert '"cards":"AsAdKcKd2h"' in page.locator("#events").input_value()

    tap(page, "#try")  # the ruling's text is still empty
    expect(page.locator("#sandbox-result")).to_be_visible()
    expect(page.locator("#sandbox-result tr[data-seat='2'] .after")).to_have_text("110")
    assert HandEvent.objects.filter(hand=hand).count() == 9  # nothing written
    dispute.refresh_from_db()
    assert dispute.status == "open"


def test_the_console_between_hands_shows_the_table_as_it_is_now(page, live_server, director, table, device):
    actor = Actor(user=director)
    hand = services.hand_start(actor=actor, table=table)
    for seat in (2, 3):
        hand.refresh_from_db()
        services.hand_event_record(
            actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event={"type": "fold", "seat": seat}
        )
    open_console(page, live_server, device[1])
    page.wait_for_selector("#console[data-phase='finished']")
    expect(page.locator("li.seat[data-seat='1'] .stack")).to_have_text("2020")  # the seat now, after the hand

    services.seat_stack_adjust(
        actor=actor, seat=Seat.objects.get(table=table, number=3), kind="rebuy", amount=500, reason="rebuy"
    )
    services.table_seat_player(actor=actor, table=table, number=4, stack=1500, player_name="Dee")

    expect(page.locator("li.seat[data-seat='3'] .stack")).to_have_text("2490")  # without a reload
    expect(page.locator("li.seat[data-seat='4'] .seat-name")).to_have_text("Dee")
    expect(page.locator("#act-next")).to_be_visible()


def test_after_a_bust_and_the_tournaments_end_the_console_shows_the_result_and_deals_no_more(
    page, live_server, director
):
    actor = Actor(user=director)
    t = given_tournament(
        director.memberships.first().club, actor, 3, seats_per_table=3, format="match", match_hands=2
    )
    seating.tournament_start(actor=actor, tournament=t)
    (tt,) = open_tables(t)
    seats = {s.number: s for s in Seat.objects.filter(table=tt.table, left_at__isnull=True)}
    short = min(seats)
    Seat.objects.filter(pk=seats[short].pk).update(stack=100)
    others = sorted(n for n in seats if n != short)
    play_hand(
        actor, tt.table, random.Random(1), scripted({short}, {others[0]}, [others[0], short, others[1]])
    )
    busted = seats[short].player.name
    _, raw = accounts.device_issue(actor=actor, club=tt.table.club, name="Final", table_ids=[tt.table.pk])

    open_console(page, live_server, raw)  # a reload after the bust: the seats as they are now
    page.wait_for_selector("#console[data-phase='finished']")
    expect(page.locator(f"li.seat[data-seat='{short}'] .seat-name")).to_have_text(busted)
    expect(page.locator(f"li.seat[data-seat='{short}'] .stack")).to_have_text("0")
    expect(page.locator("#act-next")).to_be_visible()

    play_hand(actor, tt.table, random.Random(1), quiet)  # the match's last hand, entered elsewhere
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED

    expect(page.locator("#console-over")).to_be_visible()
    expect(page.locator("#console-over-places li")).to_have_count(3)
    # its own place on the page, not drawn over the last hand's result; each row says its place once
    over, result = (
        page.locator("#console-over").bounding_box(),
        page.locator("#console-result").bounding_box(),
    )
    assert over["y"] + over["height"] <= result["y"] or result["y"] + result["height"] <= over["y"]
    first = page.locator("#console-over-places li").first
    assert first.evaluate("li => getComputedStyle(li.parentElement).listStyleType") == "none"
    assert first.inner_text().startswith("1")
    expect(page.locator("#act-next")).to_have_count(0)
    expect(page.locator("#console-undo")).to_be_hidden()
