"""A whole evening in Debian's Chromium, through the pages only: the director sets up a pot-limit Five-Card
Draw with a wild joker, a draw limit of three and a raise cap, levels generated then edited (one changed,
one added, a break inserted), a chip set, three paid places and a progressive knockout bounty; registers nine
players at the desk (one renamed, one removed), draws the seats, issues the table's device token; the dealer
plays the table through the console to its winner (an entry undone, a showdown confirmed, a call of the
floor that the director rules with the pickers), the director undoes a bust-out at the desk (the player
plays on, the chips taken back from who won them) and prints the seat cards. At the end: the winner, the
three places paid as the preview showed, the bounties paid as collected, the chips conserved, and the
stored settings exactly what the form accepted and what every hand was played with. The database is only
read, to check. Screenshots at 360 and 1280 pixels go to var/screenshots/e2e/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from apps.disputes.models import Dispute
from apps.tables.models import Hand, HandEvent, Seat
from apps.tournaments.models import DeskRecord, Elimination, Entry, Payout, Tournament, TournamentTable
from tests.browser import screenshot
from tests.cockpit.setup_pages import levels_on_page, submit
from tests.factories import ClubFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
NAMES = ["Ana", "Budi", "Carla", "Dmitri", "Eko", "Fina", "Gita", "Hanna typo", "Ivo"]
STACK = 500
CHIPS = "25×400, 100×400"


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    """Short-lived streams (pages reconnect with Last-Event-ID), all ended before the test database is."""
    settings.FLOOR_SSE_LIFETIME = 1
    page.set_default_timeout(30_000)  # 2 cores shared by the whole suite: slow is not wrong
    yield
    tablets = [c for c in page.context.browser.contexts if c is not page.context]
    for context in [page.context, *tablets]:
        for q in context.pages:
            q.goto("about:blank")
    page.wait_for_timeout(1600)
    for context in tablets:  # the dealers' tablets; the page fixture closes the director's
        context.close()


def shots(page: Any, name: str) -> None:
    """The page at laptop and phone widths (nothing wider than the phone's screen)."""
    page.set_viewport_size(LAPTOP)
    screenshot(page, f"e2e/{name}-1280")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    screenshot(page, f"e2e/{name}-360")
    page.set_viewport_size(LAPTOP)


# --- the cockpit ------------------------------------------------------------------------------------------


def set_up(page: Any) -> dict[str, Any]:
    """The setup form, filled and saved; what the page showed and accepted."""
    page.click("nav.cockpit-menu >> text=New tournament")
    page.wait_for_selector("#setup-form")
    page.fill("#id_name", "Whole Evening")
    page.fill("#id_starting_stack", str(STACK))
    page.fill("#id_seats_per_table", "6")
    page.select_option("#id_fcd_structure", "pot-limit")
    page.select_option("#id_fcd_draw_limit", "3")
    page.select_option("#id_fcd_joker", "wild")
    page.select_option("#id_fcd_round2_starter", "left-of-button")
    page.fill("#id_fcd_ante", "50")
    page.fill("#id_fcd_max_raises", "3")
    page.fill("#id_chips", CHIPS)
    page.fill("#id_to_pool", "100")
    page.fill("#id_bounty", "20")
    page.check("#id_progressive_bounty")
    page.fill("#id_fee", "10")
    page.fill("#id_players", "8")
    page.select_option("#id_template", "turbo")
    submit(page, "#generate")
    generated = levels_on_page(page)
    assert generated[0]["ante"] == 25 and generated[1]["ante"] == 50

    # one level changed (a long first level of big antes: the short stacks go all in at once), one added,
    # a break inserted after the first level
    page.fill("#id_levels-0-minutes", "90")
    page.fill("#id_levels-0-ante", "50")
    page.fill("#id_levels-0-bet_units", "100/100")
    submit(page, "#add-level")
    last = int(page.input_value("#id_levels-TOTAL_FORMS")) - 1
    page.fill(f"#id_levels-{last}-minutes", "30")
    page.fill(f"#id_levels-{last}-ante", "2000")
    page.fill(f"#id_levels-{last}-bet_units", "4000/4000")
    submit(page, "#add-break")
    brk = int(page.input_value("#id_levels-TOTAL_FORMS")) - 1
    assert page.is_checked(f"#id_levels-{brk}-is_break")
    page.fill(f"#id_levels-{brk}-minutes", "15")
    page.fill(f"#id_levels-{brk}-ORDER", "1")
    page.fill("#id_levels-0-ORDER", "0")

    page.check("input[name=payout_kind][value=percentages]")
    page.fill("#id_percentages", "50, 30, 20")
    submit(page, "#preview")
    pool = int(page.locator("#preview-pool").inner_text())
    payouts = [int(x) for x in page.locator("#preview-payouts li").all_inner_texts()]
    assert pool == 8 * 100 and payouts == [400, 240, 160]
    expect(page.locator("#preview-chips")).to_be_visible()
    shots(page, "01-setup")
    levels = levels_on_page(page)
    assert (
        levels[0]["seconds"] == 5400
        and levels[0]["ante"] == 50
        and levels[1]
        == {
            "seconds": 900,
            "is_break": True,
        }
    )
    assert levels[-1]["ante"] == 2000 and len(levels) == len(generated) + 2
    submit(page, "#save")
    errors = page.locator("#setup-errors, .errorlist, .refusal")
    assert page.locator("h1").inner_text() == "Registration desk", errors.all_inner_texts()
    return {"levels": levels, "pool": pool, "payouts": payouts}


def register(page: Any) -> None:
    for name in NAMES:
        page.fill("#id_player_name", name)
        with page.expect_navigation():
            page.press("#id_player_name", "Enter")
        expect(page.locator(".flash")).to_contain_text(f"{name} is registered.")
    row = page.locator("table.entries tbody tr", has_text="Hanna typo")
    row.locator("summary", has_text="Correct").click()
    page.locator("table.entries tbody tr", has_text="Hanna typo").locator("input[name=name]").fill("Hannah")
    with page.expect_navigation():
        row.get_by_role("button", name="Rename").click()
    expect(page.locator(".flash")).to_contain_text("Hanna typo is now Hannah.")
    row = page.locator("table.entries tbody tr", has_text="Ivo")
    row.locator("summary", has_text="Correct").click()
    with page.expect_navigation():
        row.get_by_role("button", name="Remove and refund").click()
    expect(page.locator(".flash")).to_contain_text("Ivo is removed; hand back 130.")
    expect(page.locator("table.entries tbody tr")).to_have_count(8)
    shots(page, "02-desk")


def draw(page: Any) -> None:
    page.click("text=Go to the seat draw")
    page.wait_for_load_state()
    submit(page, "text=Draw the seats and start")
    expect(page.locator(".table-card")).to_have_count(2)  # eight players, six seats a table at most
    shots(page, "03-draw")


def device_link(page: Any, number: int) -> str:
    page.click("nav.cockpit-menu >> text=Device tokens")
    page.wait_for_load_state()
    page.fill("#id_name", f"Table {number} tablet")
    page.select_option("#id_room_table", str(number))
    submit(page, "form.card.form button[type=submit]")
    return str(page.locator("#new-link").get_attribute("href"))


def print_seat_cards(page: Any, t: Tournament) -> None:
    page.click("nav.cockpit-menu >> text=Printing")
    page.wait_for_load_state()
    page.click("text=Seat cards of the draw")
    page.wait_for_load_state()
    cards = page.locator(".seat-card")
    expect(cards).to_have_count(8)
    drawn = sorted(
        (tt.number, s.number, s.player.name)
        for tt in t.tables.all()
        for s in Seat.objects.filter(table=tt.table).select_related("player")
    )
    shown = []
    for text in cards.all_inner_texts():
        where = re.search(r"Table (\d+) · Seat (\d+)", text)
        assert where is not None and f"{STACK} chips" in text, text
        who = next(n for n in [*NAMES[:7], "Hannah"] if n in text)
        shown.append((int(where[1]), int(where[2]), who))
    assert sorted(shown) == drawn and "Hanna typo" not in page.content() and "Ivo" not in page.content()
    page.emulate_media(media="print")
    expect(page.locator(".print-toolbar")).to_be_hidden()
    screenshot(page, "e2e/04-seat-cards-print")
    page.emulate_media(media="screen")
    shots(page, "04-seat-cards")
    page.go_back()
    page.go_back()
    page.wait_for_selector("nav.cockpit-menu")


# --- the dealer's console ---------------------------------------------------------------------------------


class Dealer:
    """A table's tablet: the console opened with its device link, driven by its buttons."""

    def __init__(self, browser: Any, link: str) -> None:
        self.context = browser.new_context(viewport=LAPTOP, locale="en-US", bypass_csp=True)
        self.context.set_default_timeout(30_000)
        self.page = self.context.new_page()
        self.page.goto(link)
        self.page.wait_for_selector("#console[data-ready='true']")

    def attr(self, name: str) -> str:
        return str(self.page.locator("#console").get_attribute(f"data-{name}"))

    def tap(self, selector: str) -> None:
        self.page.locator(selector).click()

    def stacks(self) -> dict[int, int]:
        out = {}
        for li in self.page.locator("#console-seats li.seat").all():
            out[int(li.get_attribute("data-seat"))] = int(li.locator(".stack").inner_text())
        return out

    def entered(self, seq: str) -> None:
        """Wait for the entry just tapped to be recorded (the console's seq moves on)."""
        self.page.wait_for_selector(f"#console:not([data-seq='{seq}'])")

    def deal(self) -> None:
        self.tap("#act-next")
        try:
            self.page.wait_for_selector("#console[data-phase='betting']")
        except Exception:
            screenshot(self.page, "e2e/debug-deal")
            raise AssertionError(self.page.locator("#console-refusal").all_inner_texts()) from None

    def visible(self, selector: str) -> bool:
        return bool(self.page.locator(selector).is_visible())

    def wager_all(self) -> None:
        """Everything the limit allows: all in, or the pot (pot-limit) when that is less."""
        if self.visible("#act-allin"):
            self.tap("#act-allin")
        elif self.visible("#act-max"):
            self.tap("#act-max")
            self.tap("#act-wager")
        else:
            self.tap("#act-wager")

    def play(self, *, undo_once: bool = False, cards: dict[str, str] | None = None) -> tuple[int, int]:
        """One hand to its end: the shortest stack bets all it can, the biggest calls (raising while the
        short one still has chips), the others check or fold; everyone stands pat; the biggest wins (by the
        finish order, or the ``cards`` shown: {"caller": ..., "victim": ...}). Returns (victim, caller)."""
        self.deal()
        stacks = self.stacks()
        victim = min(stacks, key=lambda n: (stacks[n], n))
        caller = max((n for n in stacks if n != victim), key=lambda n: (stacks[n], -n))
        undone = not undo_once
        for _ in range(60):
            phase, seq = self.attr("phase"), self.attr("seq")
            if phase == "finished":
                return victim, caller
            if phase == "showdown":
                self.showdown(victim, caller, cards)
                continue
            seat = int(self.page.locator("li.seat.to-act").get_attribute("data-seat"))
            if phase == "drawing":
                self.tap("#act-draw-0")
            elif not undone:  # a wrong entry, taken back at once
                self.tap("#act-fold")
                self.entered(seq)
                self.tap("#console-undo")
                self.page.fill("#console-undo-reason", "meant a check")
                seq = self.attr("seq")
                self.tap("#console-undo-ok")
                self.entered(seq)
                expect(self.page.locator("#console-mend-status")).to_contain_text(
                    "the hand continues from before that entry"
                )
                undone = True
                continue
            elif seat == victim:
                self.tap("#act-call") if self.visible("#act-call") else self.wager_all()
            elif seat == caller:
                short_left = self.stacks()[victim]
                if self.visible("#act-call") and short_left and self.visible("#act-wager"):
                    self.wager_all()
                elif self.visible("#act-call"):
                    self.tap("#act-call")
                else:
                    self.tap("#act-check")
            else:
                self.tap("#act-check") if self.visible("#act-check") else self.tap("#act-fold")
            self.entered(seq)
        raise AssertionError("the hand did not end")

    def showdown(self, victim: int, caller: int, cards: dict[str, str] | None) -> None:
        seq = self.attr("seq")
        if cards is None:  # the dealer reads the hands: the finish order, best first
            self.page.click("details.finish-order summary")
            self.tap(f"#place-seat-{caller}")
            for b in self.page.locator(".finish-seats button:enabled").all():
                b.click()
            self.tap("#act-finish-order")
        else:
            seat = int(self.page.locator("fieldset.card-picker").get_attribute("data-seat"))
            pick(self.page, cards["caller" if seat == caller else "victim"])
            self.tap("#act-show")
            if self.attr("phase") == "showdown" and not self.visible("#console-confirm"):
                self.entered(seq)
                seat = int(self.page.locator("fieldset.card-picker").get_attribute("data-seat"))
                pick(self.page, cards["caller" if seat == caller else "victim"])
                self.tap("#act-show")
        confirm = self.page.locator("#console-confirm")
        expect(confirm).to_be_visible()  # the result waits for the dealer
        expect(self.page.locator("#console-confirm-winners")).to_contain_text(f"Seat {caller} (")
        self.tap("#console-confirm-ok")
        self.page.wait_for_selector("#console[data-phase='finished']")


def pick(page: Any, cards: str) -> None:
    for i in range(0, len(cards), 2):
        page.locator(f"#pick-rank-{cards[i]}").click()
        page.locator(f"#pick-suit-{cards[i + 1]}").click()


def call_the_floor(dealer: Dealer, text: str) -> None:
    dealer.tap("#console-floor")
    dealer.page.locator("input[name=kind][value=reading]").check()
    dealer.page.fill("#console-floor-reason", text)
    dealer.tap("#console-floor-ok")
    expect(dealer.page.locator("#console-mend-status")).to_contain_text("The director has been called")


def rule_with_the_pickers(page: Any, hand: Hand, shows: list[tuple[int, str]]) -> Dispute:
    """The director follows the floor call, as it reaches the cockpit, to the ruling page and re-enters the
    showdown with the seat and card pickers (the JSON stays folded away)."""
    call = page.locator("#floor-calls .floor-call").first
    expect(call).to_contain_text(f"calls the floor: hand {hand.number}", timeout=20_000)
    with page.expect_navigation():
        call.locator("a").click()
    expect(page.locator("#builder")).to_be_visible()
    expect(page.locator("#events")).to_be_hidden()
    first_show = HandEvent.objects.filter(hand=hand, payload__type="show").order_by("seq").first()
    assert first_show is not None, list(HandEvent.objects.filter(hand=hand).values_list("seq", "payload"))[6:]
    page.select_option("select[name=void_from_seq]", str(first_show.seq))
    page.select_option("#builder-type", "show")
    for seat, cards in shows:
        page.select_option("#builder-seat", str(seat))
        for i in range(5):
            page.select_option(f"#builder-card-{i + 1}", cards[2 * i : 2 * i + 2])
        page.click("#builder-add")
    expect(page.locator("#builder-list li")).to_have_count(len(shows))
    submit(page, "#try")
    expect(page.locator("#sandbox-result")).to_be_visible()
    shots(page, "06-ruling")
    page.fill("textarea[name=text]", "The dealer misread one card of the loser; the winner stands.")
    page.check("input[name=outcome][value=corrected]")
    submit(page, "#rule")
    dispute = Dispute.objects.get(hand=hand)
    assert dispute.status != "open", page.locator("#desk-error").all_inner_texts()
    return dispute


def undo_bust(page: Any, t: Tournament, name: str) -> None:
    page.goto(re.sub(r"(https?://[^/]+).*", r"\1", page.url) + f"/cockpit/tournaments/{t.pk}/")
    row = page.locator("table.entries tbody tr", has_text=name)
    row.locator("summary", has_text="Undo the bust-out").click()
    row.locator("input[name=reason]").fill("the wrong winner was keyed")
    with page.expect_navigation():
        row.get_by_role("button", name="Undo the bust-out").click()
    expect(page.locator(".flash")).to_contain_text(f"{name} plays again at table")
    shots(page, "07-bust-undone")


def confirm_moves(page: Any, t: Tournament) -> bool:
    """The balancing page: confirm whatever Floor proposes (a table broken, the final table's redraw)."""
    page.goto(re.sub(r"(https?://[^/]+).*", r"\1", page.url) + f"/cockpit/tournaments/{t.pk}/moves/")
    confirm = page.get_by_role("button", name="Confirm all moves")
    if not confirm.count():
        return False
    shots(page, "08-moves")
    submit(page, "text=Confirm all moves")
    return True


def dealer_of_the_last_table(t: Tournament, dealers: dict[int, Dealer]) -> Dealer:
    """The tablet that follows the table still open. Reloaded: after a redraw the console shows the new
    table only on a reload (it follows its room table's number)."""
    (last,) = list(t.tables.filter(broken_at__isnull=True))
    dealer = dealers[last.number]
    dealer.page.reload()
    dealer.page.wait_for_selector("#console[data-ready='true']")
    return dealer


def in_play(t: Tournament) -> int:
    tables = TournamentTable.objects.filter(tournament=t).values_list("table_id", flat=True)
    return sum(Seat.objects.filter(table_id__in=tables, left_at__isnull=True).values_list("stack", flat=True))


def test_a_whole_evening_from_the_setup_form_to_the_winner(page: Any, live_server: Any) -> None:
    club = ClubFactory(name="Whole Evening Club")
    director_of(club, username="eve")
    page.goto(live_server.url + "/cockpit/")
    page.fill("#id_username", "eve")
    page.fill("#id_password", "pw-for-tests")
    submit(page, "button[type=submit]")

    accepted = set_up(page)
    t = Tournament.objects.get(club=club)
    register(page)
    draw(page)
    print_seat_cards(page, t)
    total = 8 * STACK
    assert in_play(t) == total
    browser = page.context.browser
    one, two = Dealer(browser, device_link(page, 1)), Dealer(browser, device_link(page, 2))

    # table 1: a wrong entry undone at once; a player out
    one.play(undo_once=True)
    assert Elimination.objects.filter(tournament=t).count() == 1
    shots(one.page, "05-console-after-undo")
    # table 2: a real showdown, its result confirmed by the dealer; then the floor is called on it
    cards = {"caller": "AsAdKcKd2h", "victim": "QhQd7c5s3h"}
    victim, caller = two.play(cards=cards)
    hand = Hand.objects.get(table=t.tables.get(number=2).table)
    assert [w for p in hand.result["pots"] for w in p["winners"]] == [caller]
    page.click("nav.cockpit-menu >> text=Disputes")
    expect(page.locator("#floor-calls")).to_be_attached()
    call_the_floor(two, "The loser's last card was the four of hearts, not the three")
    dispute = rule_with_the_pickers(page, hand, [(caller, cards["caller"]), (victim, "QhQd7c5s4h")])
    hand.refresh_from_db()
    assert [w for p in hand.result["pots"] for w in p["winners"]] == [caller]
    assert dispute.status == "ruled"
    live = [e.payload for e in HandEvent.objects.filter(hand=hand, voided_by__isnull=True).order_by("seq")]
    assert {"type": "show", "seat": victim, "cards": "QhQd7c5s4h"} in live  # as the pickers built it
    assert HandEvent.objects.filter(hand=hand, kind="correction").count() == 1
    assert in_play(t) == total

    # the desk: that bust-out undone (the player plays again, the chips taken back from the winner)
    out = Elimination.objects.filter(tournament=t).order_by("place").first()
    assert out is not None and out.hand_id == hand.pk
    back = out.entry
    undo_bust(page, t, back.player.name)
    back.refresh_from_db()
    assert back.status == "playing" and back.seat is not None and back.seat.stack == out.start_chips
    assert in_play(t) == total  # no chip made
    assert DeskRecord.objects.get(tournament=t, kind="bust_undone").detail["chips_from"] == "winners"

    # table 2 plays on; then the tables are balanced or broken as Floor proposes, and the last table
    # plays to its winner
    two.play()
    assert confirm_moves(page, t)  # six players left: one table is broken
    dealers = {1: one, 2: two}
    dealer = dealer_of_the_last_table(t, dealers)
    for _ in range(20):
        dealer.play()
        if Tournament.objects.get(pk=t.pk).status == Tournament.Status.FINISHED:
            break
        if confirm_moves(page, t):
            dealer = dealer_of_the_last_table(t, dealers)
    expect(dealer.page.locator("#console-over")).to_be_visible()
    shots(dealer.page, "09-console-over")

    # what was played is what was accepted
    t.refresh_from_db()
    assert t.status == "finished"
    winner = Entry.objects.get(tournament=t, place=1)
    assert winner.seat is not None and winner.seat.stack == total == in_play(t)
    paid = list(Payout.objects.filter(tournament=t).order_by("place").values_list("amount", flat=True))
    assert [p for p in paid if p] == accepted["payouts"]
    prizes = dict(Entry.objects.filter(tournament=t, place__lte=3).values_list("place", "prize"))
    assert [prizes[1], prizes[2], prizes[3]] == accepted["payouts"]
    counted = Entry.objects.filter(tournament=t).exclude(status="removed")
    assert sum(e.bounties_won for e in counted) == counted.count() * 20  # every head paid once
    assert t.game == {
        "kind": "five-card-draw",
        "mode": "betting",
        "structure": "pot-limit",
        "ante": 50,
        "draw_limit": "3",
        "opening": "none",
        "round2_starter": "left-of-button",
        "joker": "wild",
        "max_raises": 3,
        "turn_time_limit": None,
    }
    assert t.level_clock is not None and t.level_clock.structure == accepted["levels"]
    assert t.chip_set["counts"] == {"25": 400, "100": 400}
    assert t.payout == {"kind": "percentages", "percentages": ["50", "30", "20"]}
    assert (t.buy_in, t.bounty, t.fee, t.progressive_bounty) == (120, 20, 10, True)  # pool + bounty
    hands = list(Hand.objects.filter(table_id__in=t.tables.values_list("table_id", flat=True)))
    assert len(hands) >= 8  # seven bust-outs, one of them twice
    for h in hands:
        assert {k: h.game.get(k) for k in t.game if k != "ante"} == {
            k: v for k, v in t.game.items() if k != "ante"
        }, h.game
        assert h.game["ante"] == accepted["levels"][0]["ante"]  # the first level's, edited, all evening
    # the entry whose bust-out was undone played on
    again = Hand.objects.filter(table=t.tables.get(number=2).table, number__gt=hand.number)
    assert any(int(s["player_id"]) == back.player_id for h in again for s in h.seats)
    assert Entry.objects.get(pk=back.pk).place is not None
    screenshot(page, "e2e/10-end")
