"""The dealer console in Debian's Chromium: a whole Five-Card Draw hand by tapping (and the keyboard), a
refused amount with its rule shown where it was typed, entries that survive a dropped network exactly once,
and screenshots at phone and tablet sizes."""

from __future__ import annotations

from typing import Any

import pytest

from apps.accounts.permissions import Actor
from apps.tables import services
from apps.tables.models import Hand, HandEvent, IdempotentAnswer
from tests.browser import screenshot
from tests.factories import PlayerFactory, SeatFactory, TableFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]

PHONE = {"width": 360, "height": 740}
TABLET = {"width": 820, "height": 1180}


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """The live stream holds a server thread. A short life (the console reconnects with Last-Event-ID, as
    after any drop), and leaving the page at the end, let every stream end before the test's database does
    (a stream that ends later would touch a database pytest-django has closed)."""
    settings.FLOOR_SSE_LIFETIME = 1
    page.set_default_timeout(30_000)  # 2 cores shared by the whole suite: slow is not wrong
    yield
    page.goto("about:blank")


def open_console(page: Any, live_server: Any, raw: str) -> None:
    page.goto(f"{live_server.url}/console/open/{raw}/")
    page.wait_for_selector("#console[data-ready='true']")


def wait_seq(page: Any, seq: int) -> None:
    page.wait_for_selector(f"#console[data-seq='{seq}']")


def tap(page: Any, selector: str) -> None:
    page.locator(selector).click()


def actions(hand: Hand) -> list[dict[str, Any]]:
    return list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("payload", flat=True))


def pick(page: Any, cards: str) -> None:
    """Each card by its rank, then its suit."""
    for i in range(0, len(cards), 2):
        tap(page, f"#pick-rank-{cards[i]}")
        tap(page, f"#pick-suit-{cards[i + 1]}")


def test_a_dealer_plays_a_whole_five_card_draw_hand_by_tapping(page, live_server, table, device):
    open_console(page, live_server, device[1])
    assert page.url == f"{live_server.url}/console/tables/{table.pk}/"
    tap(page, "#act-next")  # deal the first hand: button seat 1, antes 10 each
    wait_seq(page, 0)
    assert page.locator("#console-pot").inner_text() == "Pot 30"
    assert "Seat 2 (Bo) to act" in page.locator("#console-to-act").inner_text()
    # Only the legal actions: nothing bet yet, so fold / check / bet, no call or raise.
    assert page.locator("#act-check").is_visible() and page.locator("#act-call").count() == 0
    assert page.locator("#act-amount").input_value() == "20"  # the minimum, pre-filled

    page.keyboard.type("40")  # digits type the amount, b bets it
    assert page.locator("#act-wager").inner_text().startswith("Bet 40")
    page.keyboard.press("b")
    wait_seq(page, 1)
    assert page.locator("li.seat[data-seat='2'] .bet").inner_text() == "40"
    tap(page, "#act-call")  # Cy calls 40
    wait_seq(page, 2)
    page.keyboard.press("f")  # Ann folds
    wait_seq(page, 3)

    # The draw: counts up to the limit (3, or 4 showing the kept ace), never 5.
    assert page.locator("#console").get_attribute("data-phase") == "drawing"
    assert page.locator("#act-draw-4").is_visible() and page.locator("#act-draw-5").count() == 0
    tap(page, "#act-draw-2")  # Bo draws two
    wait_seq(page, 4)
    tap(page, "#act-draw-4")  # Cy draws four: asks for the kept ace first
    tap(page, "#act-shown-Ah")
    wait_seq(page, 5)
    assert page.locator("li.seat[data-seat='3'] .drew").inner_text() == "Drew 4"

    tap(page, "#act-check")
    wait_seq(page, 6)
    tap(page, "#act-check")
    wait_seq(page, 7)

    # Showdown with the card picker: whoever is asked first shows, then the other.
    shows = {2: "AsAdKcKd2h", 3: "AhQsQdJcJd"}
    for seq in (8, 9):
        seat = int(page.locator("fieldset.card-picker").get_attribute("data-seat"))
        assert page.locator("#act-show").is_disabled()
        pick(page, shows[seat])
        tap(page, "#act-show")
        if seq == 9:  # the show that ends the hand waits for the dealer's confirmation (mend.js)
            page.locator("#console-confirm").wait_for(state="visible")
            assert HandEvent.objects.filter(hand__table=table).count() == 8  # nothing written yet
            tap(page, "#console-confirm-ok")
        wait_seq(page, seq)

    assert page.locator("#console").get_attribute("data-phase") == "finished"
    assert page.locator("#console-result").is_visible()
    assert "Bo (110)" in page.locator("#console-winners").inner_text()
    explanation = page.locator("#console-explanation").inner_text()
    assert "Bo wins with Two Pair, Aces and Kings" in explanation
    assert "Net: Ann −10, Bo +60, Cy −50; sum 0." in explanation
    screenshot(page, "console-result-laptop")

    hand = Hand.objects.get(table=table, number=1)
    assert hand.status == Hand.Status.FINISHED
    entered = actions(hand)
    assert [(a["type"], a["seat"]) for a in entered[:7]] == [
        ("bet", 2),
        ("call", 3),
        ("fold", 1),
        ("draw", 2),
        ("draw", 3),
        ("check", 2),
        ("check", 3),
    ]
    assert sorted((a["type"], a["seat"], a["cards"]) for a in entered[7:]) == [
        ("show", 2, shows[2]),
        ("show", 3, shows[3]),
    ]
    assert entered[4] == {"type": "draw", "seat": 3, "count": 4, "shown": "Ah"}
    assert HandEvent.objects.filter(hand=hand, entered_by_device=device[0]).count() == 9

    page.keyboard.press("n")  # the next hand, from the console
    page.wait_for_selector("#console[data-phase='betting']")
    assert Hand.objects.get(table=table, number=2).button == 2
    assert "Hand 2" in page.locator("#console-hand").inner_text()


def test_an_illegal_amount_typed_by_hand_is_refused_with_the_rule_where_it_was_typed(
    page, live_server, director, table, device
):
    hand = services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    page.fill("#act-amount", "30")
    tap(page, "#act-wager")
    refusal = page.locator("#console-refusal")
    refusal.wait_for(state="visible")
    assert refusal.get_attribute("data-code") == "amount_not_in_units"
    assert "bet 30 is not a whole number of bet units of 20" in refusal.inner_text()
    assert "bets are made in whole bet units" in refusal.inner_text()
    # RULES.md's section stays in the detail, a tap away
    assert "Rule: RULES.md §6" not in refusal.inner_text()
    refusal.locator("summary").click()
    assert "Rule: RULES.md §6" in refusal.inner_text()
    # Right where the dealer typed: the refusal follows the amount's group, and the amount stays to fix.
    assert page.locator(".group.wager + #console-refusal").count() == 1
    assert page.locator("#act-amount").input_value() == "30"
    assert HandEvent.objects.filter(hand=hand).count() == 0

    page.fill("#act-amount", "5")
    page.locator("#act-amount").press("Enter")
    page.wait_for_selector("#console-refusal[data-code='bet_too_small']")
    assert "bet 5 is below the minimum bet 20" in refusal.inner_text()
    assert "TDA 43: a bet must be at least the minimum bet" in refusal.inner_text()
    assert "TDA 43-A" in refusal.locator(".refusal-rule").text_content()
    page.set_viewport_size(PHONE)
    screenshot(page, "console-refusal-phone")

    page.fill("#act-amount", "60")
    tap(page, "#act-wager")
    wait_seq(page, 1)
    assert refusal.is_hidden()
    assert [a["amount"] for a in actions(hand)] == [60]


@pytest.mark.parametrize("lost", ["the answer", "the request"])
def test_an_entry_lost_in_the_network_is_retried_until_it_lands_exactly_once(
    page, live_server, director, table, device, lost
):
    hand = services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    seen: list[dict[str, Any]] = []
    network = {"up": False}

    def drop(route: Any) -> None:
        request = route.request
        seen.append({"key": request.headers.get("idempotency-key"), "body": request.post_data})
        if len(seen) == 1 and lost == "the answer":
            route.fetch()  # the server records it, and the answer is lost on the way back
            route.abort("internetdisconnected")
        elif not network["up"]:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/api/hands/*/events/", drop)
    tap(page, "#act-check")
    waiting = page.locator("#console-net.waiting")
    waiting.wait_for(state="visible")
    assert "Waiting for the network" in waiting.inner_text()
    assert page.locator("#act-check").is_disabled() and page.locator("#act-fold").is_disabled()
    page.keyboard.press("f")  # a second entry cannot start while the first is on its way
    for _ in range(300):  # a retry or two, still down (route handlers run while the page waits)
        if len(seen) >= 2:
            break
        page.wait_for_timeout(100)
    assert len(seen) >= 2
    assert HandEvent.objects.filter(hand=hand).count() == (1 if lost == "the answer" else 0)

    network["up"] = True
    wait_seq(page, 1)
    assert page.locator("#console-net.waiting").count() == 0
    assert [(a["type"], a["seat"]) for a in actions(hand)] == [("check", 2)]
    assert len({s["key"] for s in seen}) == 1 and seen[0]["key"]  # one key for every try
    assert len({s["body"] for s in seen}) == 1
    assert IdempotentAnswer.objects.filter(hand=hand, key=seen[0]["key"]).count() == 1
    hand.refresh_from_db()
    assert hand.seq == 1


def test_an_entry_pending_when_the_page_closed_is_sent_again_once(page, live_server, director, table, device):
    hand = services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    page.route("**/api/hands/*/events/", lambda route: (route.fetch(), route.abort("internetdisconnected")))
    tap(page, "#act-check")
    page.locator("#console-net.waiting").wait_for(state="visible")
    page.unroute("**/api/hands/*/events/")
    page.reload()  # the tablet's page reloads before the answer came back
    wait_seq(page, 1)
    page.wait_for_timeout(500)
    assert HandEvent.objects.filter(hand=hand).count() == 1
    assert page.locator("#console-net.waiting").count() == 0


def test_call_the_clock_counts_down_on_the_seat_to_act(page, live_server, director, table, device):
    services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    assert page.locator("#console-clock-seconds").inner_text() == ""  # no turn limit at this table
    page.keyboard.press("k")
    page.wait_for_selector("#console-clock.called")
    seconds = int(page.locator("#console-clock-seconds").inner_text().split()[0])
    assert 25 <= seconds <= 30
    page.wait_for_timeout(1300)
    assert int(page.locator("#console-clock-seconds").inner_text().split()[0]) < seconds
    tap(page, "#console-call-clock")  # once is enough: a second call is refused, next to the button
    page.wait_for_selector("#console-refusal[data-code='clock_already_called']")


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("tablet", TABLET)])
def test_screenshots_of_the_console_at_phone_and_tablet_sizes(
    page, live_server, director, table, device, size, viewport
):
    hand = services.hand_start(actor=Actor(user=director), table=table)
    actor = Actor(user=director)
    for event in ({"type": "bet", "seat": 2, "amount": 40}, {"type": "call", "seat": 3}):
        services.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event)
        hand.refresh_from_db()
    page.set_viewport_size(viewport)
    open_console(page, live_server, device[1])
    assert page.locator("#act-fold").is_visible()
    # Nothing sticks out sideways, and the action buttons are big enough for a thumb.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    box = page.locator("#act-call").bounding_box()
    assert box["height"] >= 48 and box["width"] >= 48
    assert screenshot(page, f"console-betting-{size}").stat().st_size > 5000

    services.hand_event_record(
        actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event={"type": "fold", "seat": 1}
    )
    # Pushed live over the table's stream: sooner than the 20 s backstop re-read could bring it.
    page.wait_for_selector("#console[data-phase='drawing']", timeout=15_000)
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert screenshot(page, f"console-draw-{size}").stat().st_size > 5000

    for event in (
        {"type": "draw", "seat": 2, "count": 1},
        {"type": "draw", "seat": 3, "count": 3},
        {"type": "check", "seat": 2},
        {"type": "check", "seat": 3},
    ):
        hand.refresh_from_db()
        services.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event)
    page.wait_for_selector("#console[data-phase='showdown']")
    pick(page, "KsKh")
    assert page.locator("#picked-0").inner_text() == "K♠" and page.locator("#picked-1").inner_text() == "K♥"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.locator("#pick-rank-2").bounding_box()["height"] >= 44
    # the whole picker, up to its Show button, on the first screen
    assert page.locator("#act-show").bounding_box()["y"] + 48 <= viewport["height"]
    assert screenshot(page, f"console-showdown-{size}").stat().st_size > 5000


def test_a_director_logged_in_deals_from_the_console_with_the_session(page, live_server, director, table):
    page.goto(f"{live_server.url}/accounts/login/?next=/console/tables/{table.pk}/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", "pw-for-tests")
    page.click("button[type=submit]")
    page.wait_for_selector("#console[data-ready='true']")
    tap(page, "#act-next")
    wait_seq(page, 0)
    assert page.locator("li.seat[data-seat='3'] .badge.dealer").count() == 0
    assert page.locator("li.seat[data-seat='1'] .badge.dealer").count() == 1
    page.keyboard.press("c")  # a check, sent with the session and its CSRF token
    wait_seq(page, 1)
    hand = Hand.objects.get(table=table)
    event = HandEvent.objects.get(hand=hand)
    assert event.payload == {"type": "check", "seat": 2}
    assert event.entered_by_user == director and event.entered_by_device is None


def to_showdown(director: Any, table: Any) -> Hand:
    """Hand 1 at the showdown: Bo bets 40, Cy calls, Ann folds, both draw, both check."""
    actor = Actor(user=director)
    hand = services.hand_start(actor=actor, table=table)
    for event in (
        {"type": "bet", "seat": 2, "amount": 40},
        {"type": "call", "seat": 3},
        {"type": "fold", "seat": 1},
        {"type": "draw", "seat": 2, "count": 1},
        {"type": "draw", "seat": 3, "count": 3},
        {"type": "check", "seat": 2},
        {"type": "check", "seat": 3},
    ):
        hand.refresh_from_db()
        services.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event)
    hand.refresh_from_db()
    return hand


def test_the_showdown_by_finishing_order_splits_a_tie(page, live_server, director, table, device):
    hand = to_showdown(director, table)
    open_console(page, live_server, device[1])
    page.click(".finish-order summary")
    assert page.locator("#act-finish-order").is_disabled()  # nothing preset: no seat has a place yet
    tap(page, "#place-seat-2")
    assert page.locator("#act-finish-order").is_disabled()
    tap(page, "#place-tie")
    tap(page, "#place-seat-3")  # equal hands: they split
    tap(page, "#act-finish-order")
    page.locator("#console-confirm").wait_for(state="visible")  # a finishing order can be read wrong
    tap(page, "#console-confirm-ok")
    page.wait_for_selector("#console[data-phase='finished']")
    assert HandEvent.objects.filter(hand=hand).last().payload == {"type": "finish_order", "order": [[2, 3]]}
    winners = page.locator("#console-winners").inner_text()
    assert "Bo (55)" in winners and "Cy (55)" in winners
    assert page.locator("#console-explanation").inner_text().strip()


def test_a_card_already_shown_cannot_be_picked_again_and_the_other_seat_may_muck(
    page, live_server, director, table, device
):
    hand = to_showdown(director, table)
    open_console(page, live_server, device[1])
    first = int(page.locator("fieldset.card-picker").get_attribute("data-seat"))
    pick(page, "AsAdKcKd2h")
    assert page.locator("#pick-rank-3").is_disabled()  # five picked: no sixth
    tap(page, "#act-show")
    wait_seq(page, hand.seq + 1)
    second = int(page.locator("fieldset.card-picker").get_attribute("data-seat"))
    assert second != first
    tap(page, "#pick-rank-A")
    assert page.locator("#pick-suit-s").is_disabled()  # already shown by the other seat
    assert page.locator("#pick-suit-h").is_enabled()
    tap(page, "#pick-rank-2")
    assert page.locator("#pick-suit-h").is_disabled()
    tap(page, "#act-muck")
    page.wait_for_selector("#console[data-phase='finished']")
    assert f"{'Bo' if first == 2 else 'Cy'} (110)" in page.locator("#console-winners").inner_text()


def test_a_device_revoked_while_its_page_is_open_is_stopped_and_told(
    page, live_server, director, table, device
):
    from apps.accounts import services as accounts

    hand = services.hand_start(actor=Actor(user=director), table=table)
    open_console(page, live_server, device[1])
    accounts.device_revoke(actor=Actor(user=director), device=device[0])
    tap(page, "#act-check")
    lost = page.locator("#console-net.lost")
    lost.wait_for(state="visible")
    assert "no longer has access" in lost.inner_text()
    assert HandEvent.objects.filter(hand=hand).count() == 0
    page.set_viewport_size(PHONE)
    page.reload()
    assert page.locator("[data-code='console_device_revoked']").is_visible()
    screenshot(page, "console-revoked-phone")


def test_triple_draw_fixed_limit_with_a_turn_clock(page, live_server, club, issue_device):
    from apps.tables.games import game_from_settings

    game = game_from_settings(
        {"kind": "2-7-triple-draw", "small_blind": 25, "big_blind": 50, "turn_time_limit": 30}
    )
    table = TableFactory(club=club, name="Lowball", game=game.to_json())
    for number, name in ((1, "Ann"), (2, "Bo"), (3, "Cy")):
        SeatFactory(table=table, number=number, player=PlayerFactory(club=club, name=name), stack=1000)
    _, raw = issue_device(table)
    open_console(page, live_server, raw)
    tap(page, "#act-next")
    wait_seq(page, 0)
    assert page.locator("li.seat[data-seat='2'] .badge.blind").inner_text() == "SB"
    assert page.locator("li.seat[data-seat='3'] .badge.blind").inner_text() == "BB"
    seconds = int(page.locator("#console-clock-seconds").inner_text().split()[0])
    assert 25 <= seconds <= 30 and page.locator("#console-clock .clock-label").is_visible()
    # Fixed-limit: the raise is the one bet size: no amount box, no presets, and it is not an all-in.
    assert page.locator("#act-amount").count() == 0
    assert page.locator("#act-wager").inner_text().startswith("Raise to 100")
    assert page.locator(".presets").count() == 0 and page.locator("#act-allin").count() == 0
    page.keyboard.press("r")
    wait_seq(page, 1)
    tap(page, "#act-call")
    wait_seq(page, 2)
    tap(page, "#act-call")
    wait_seq(page, 3)
    assert page.locator("#act-draw-5").is_visible() and page.locator("#act-draw-6").count() == 0
    page.keyboard.press("5")  # the digit draws five
    wait_seq(page, 4)
    hand = Hand.objects.get(table=table)
    assert [e["type"] for e in actions(hand)] == ["raise", "call", "call", "draw"]
    assert actions(hand)[3]["count"] == 5 and actions(hand)[0]["amount"] == 100


def test_jacks_or_better_the_opener_proves_openers_with_the_card_picker(
    page, live_server, club, issue_device
):
    from apps.engine.games import five_card_draw

    table = TableFactory(club=club, name="Jacks", game=five_card_draw(opening="jacks-or-better").to_json())
    for number, name in ((1, "Ann"), (2, "Bo"), (3, "Cy")):
        SeatFactory(table=table, number=number, player=PlayerFactory(club=club, name=name), stack=2000)
    _, raw = issue_device(table)
    open_console(page, live_server, raw)
    tap(page, "#act-next")
    wait_seq(page, 0)
    assert page.locator("#act-prove-open").count() == 0  # nobody has opened yet
    tap(page, "#act-wager")  # Bo opens for 20
    wait_seq(page, 1)
    tap(page, "#act-prove-open")
    pick(page, "JhJc8d4s3s")
    tap(page, "#act-prove_openers")
    wait_seq(page, 2)
    hand = Hand.objects.get(table=table)
    assert actions(hand)[1] == {"type": "prove_openers", "seat": 2, "cards": "JhJc8d4s3s"}
    assert page.locator("#act-prove-open").count() == 0  # proven once


def _in_view(page: Any, selector: str) -> dict[str, float]:
    """The element's box in the viewport as it is now (the test never scrolls)."""
    box = page.evaluate(
        "s => { const r = document.querySelector(s).getBoundingClientRect(); "
        "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }",
        selector,
    )
    assert box["top"] >= 0 and box["bottom"] <= PHONE["height"], f"{selector} is off the first screen: {box}"
    assert box["left"] >= 0 and box["right"] <= PHONE["width"], (
        f"{selector} is off the screen sideways: {box}"
    )
    return box


def test_on_a_phone_the_whole_betting_action_and_its_refusal_fit_the_first_screen(
    page, live_server, director, table, device
):
    # given a hand where seat 2 may bet (an amount between the minimum and the stack)
    services.hand_start(actor=Actor(user=director), table=table)
    page.set_viewport_size(PHONE)
    open_console(page, live_server, device[1])
    # then the header takes at most 15% of the screen, and the actions, the amount and the bet are all on it
    header = _in_view(page, ".console-status")
    assert header["bottom"] <= 0.15 * PHONE["height"], header
    for selector in ("#act-fold", "#act-check", "#act-amount", "#act-min", "#act-wager", "#act-allin"):
        _in_view(page, selector)
    screenshot(page, "console-first-screen-phone")

    # when an amount the rules refuse is sent, then the refusal is in sight, next to what sent it
    page.fill("#act-amount", "30")
    tap(page, "#act-wager")
    page.wait_for_selector("#console-refusal[data-code='amount_not_in_units']")
    _in_view(page, "#console-refusal")
    _in_view(page, "#act-wager")
    assert page.evaluate("window.scrollY") == 0 or _in_view(page, "#act-amount")
    screenshot(page, "console-first-screen-refusal-phone")
