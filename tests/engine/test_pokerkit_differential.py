"""Differential play: Floor's hand engine against PokerKit 0.7.7 on thousands of random legal hands.

2-7 Triple Draw (fixed-limit) and 2-7 Single Draw (no-limit, with no ante, antes or a big-blind ante), 2-6
seats, random stacks (short ones too, for all-ins), random legal actions, the same shuffled cards in both
engines. At every step both must agree on who acts and what they may do (fold, the call amount, the bet or
raise range, the draw) and, at the end, on every final stack.

PokerKit deliberately follows other rules than RULES.md in a few places; each is shown by a
``test_difference_*`` test below:

* the fixed-limit cap after the draw (PokerKit: bet + 3 raises; RULES.md: a bet and four raises);
* fixed-limit short all-ins (RULES.md: half a bet or more reopens; the next raise completes the bet);
* a no-limit all-in raise short of a full raise over the big blind (PokerKit reopens it for limpers);
* the call and the minimum raise over a short big blind (Floor: the full blind is the bet); the posting
  order of a short big blind with a big-blind ante;
* odd chips (RULES.md: one at a time from the left of the button; PokerKit: all to the first winner);
* reshuffles (RULES.md §7 keeps the current draw's discards out; PokerKit reshuffles them) — the random
  play never draws deep enough to reshuffle;
* folding when checking is free (compared here in PokerKit's cash-game mode, where both allow it).

Where one of these shows, the step is counted in ``Tally.skipped``: if only the raise differs, the hand goes
on with an action both allow (call or fold) and stays compared; otherwise it is abandoned
(``Tally.abandoned``). Any other difference fails the test. One more thing is not a rule difference: PokerKit
asks for a check from a player who is the only one left with chips and has nothing to call; Floor skips
that turn, and the harness plays PokerKit's check.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from pokerkit import (
    Automation,
    FixedLimitDeuceToSevenLowballTripleDraw,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    State,
)

from apps.engine import betting as bt
from apps.engine.games import Game, single_draw_27, triple_draw_27
from apps.engine.hand import HandState, start_hand

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


@pytest.fixture(autouse=True)
def _quiet_pokerkit() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns on cash-game folds and card recommendations
        yield


# --- one hand in both engines ---------------------------------------------------------------------------


@dataclass
class Setup:
    variant: str  # F2L3D or N2L1D
    stacks: list[int]  # p1..pn = seats 1..n, the button is seat n
    sb: int
    bb: int
    ante: int = 0
    bb_ante: int = 0

    def game(self) -> Game:
        if self.variant == "F2L3D":
            return triple_draw_27(small_blind=self.sb, big_blind=self.bb, ante=self.ante)
        return single_draw_27(
            small_blind=self.sb, big_blind=self.bb, ante=self.ante, big_blind_ante=self.bb_ante
        )

    def pokerkit(self) -> State:
        n = len(self.stacks)
        blinds = (self.sb, self.bb) + (0,) * (n - 2)
        if self.variant == "F2L3D":
            return FixedLimitDeuceToSevenLowballTripleDraw.create_state(
                AUTOMATIONS,
                True,
                self.ante,
                blinds,
                self.bb,
                2 * self.bb,
                self.stacks,
                n,
                mode=Mode.CASH_GAME,
            )
        # A big-blind ante is dead money (PHH ante_trimming_status = false); uniform antes are chips put in.
        antes: Any = self.ante if not self.bb_ante else (0, self.bb_ante) + (0,) * (n - 2)
        return NoLimitDeuceToSevenLowballSingleDraw.create_state(
            AUTOMATIONS, not self.bb_ante, antes, blinds, self.bb, self.stacks, n, mode=Mode.CASH_GAME
        )


class Both:
    """The same hand in PokerKit (player i) and in Floor (seat i + 1, button = seat n)."""

    def __init__(self, setup: Setup, deck: list[str]) -> None:
        self.setup, self.deck = setup, deck
        self.n = len(setup.stacks)
        self.pk = setup.pokerkit()
        seats = [{"seat": i + 1, "stack": s} for i, s in enumerate(setup.stacks)]
        self.fl: HandState = start_hand(setup.game(), seats, button=self.n)
        self.receives: dict[int, str] = {}
        self.pk_burn = ""
        self.burns_left = setup.game().draws
        for i in range(self.n):
            cards = "".join(self.deck.pop() for _ in range(5))
            self.pk.deal_hole(cards)
            self.fl = self.fl.apply({"type": "deal", "seat": i + 1, "cards": cards})

    # -- what may happen next, in one shape for both engines

    def pk_legal(self) -> dict[str, Any]:
        st = self.pk
        if st.actor_index is not None:
            lo = st.min_completion_betting_or_raising_to_amount
            hi = st.max_completion_betting_or_raising_to_amount
            wager = None if lo is None else (lo, hi)
            return {"phase": "bet", "seat": st.actor_index + 1, "fold": st.can_fold(),
                    "call": st.checking_or_calling_amount, "raise": wager}  # fmt: skip
        if st.stand_patter_or_discarder_index is not None:
            return {"phase": "draw", "seat": st.stand_patter_or_discarder_index + 1}
        return {"phase": "end"}

    def fl_legal(self) -> dict[str, Any]:
        st = self.fl
        if st.phase == "betting":
            acts = {a["type"]: a for a in st.legal_actions()}
            wager = acts.get("bet") or acts.get("raise")
            call = acts["call"]["amount"] if "call" in acts else 0
            return {"phase": "bet", "seat": st.to_act, "fold": "fold" in acts, "call": call,
                    "raise": None if wager is None else (wager["min"], wager["max"])}  # fmt: skip
        if st.phase == "drawing":
            return {"phase": "draw", "seat": st.to_act}
        return {"phase": "end"}

    # -- doing it in both

    def wager(self, amount: int) -> None:
        seat = self.fl.to_act
        assert seat is not None
        kind = "raise" if self.fl.rnd.current_bet else "bet"
        self.pk.complete_bet_or_raise_to(amount)
        self.fl = self.fl.apply({"type": kind, "seat": seat, "amount": amount})

    def check_call(self) -> None:
        seat = self.fl.to_act
        assert seat is not None
        kind = "call" if self.fl.rnd.current_bet > self.fl.seat(seat).bet else "check"
        self.pk.check_or_call()
        self.fl = self.fl.apply({"type": kind, "seat": seat})

    def fold(self) -> None:
        seat = self.fl.to_act
        self.pk.fold()
        self.fl = self.fl.apply({"type": "fold", "seat": seat})

    def draw(self, discard: list[str]) -> None:
        seat = self.fl.to_act
        assert seat is not None
        if not self.receives:  # the first drawer of this draw: the dealer burns one card first
            self.pk_burn = self.deck.pop()
            self.burns_left -= 1
        receive = "".join(self.deck.pop() for _ in discard)
        self.receives[seat] = receive
        self.pk.stand_pat_or_discard("".join(discard))
        event: dict[str, Any] = {"type": "draw", "seat": seat, "count": len(discard)}
        if discard:
            event |= {"discard": "".join(discard), "receive": receive}
        self.fl = self.fl.apply(event)
        if self.pk.stand_patter_or_discarder_index is None:  # PokerKit deals after every discard
            self.pk.burn_card(self.pk_burn)
            while self.pk.can_deal_hole():
                i = self.pk.hole_dealee_index
                assert i is not None
                self.pk.deal_hole(self.receives[i + 1])
            self.receives = {}

    def room(self) -> int:
        """Cards a discard may take without ever reaching the stub's last card (no reshuffle: PokerKit
        and RULES.md §7 reshuffle different cards, see test_difference_reshuffle)."""
        promised = sum(len(r) for r in self.receives.values())
        burn = 1 if not self.receives else 0
        return len(self.deck) - promised - burn - (self.burns_left - burn) - 1

    def showdown(self) -> None:
        """PokerKit shows automatically; Floor is told each live seat's cards, in its order."""
        while self.fl.phase == "showdown":
            show = next(a for a in self.fl.legal_actions() if a["type"] == "show")
            self.fl = self.fl.apply(
                {"type": "show", "seat": show["seat"], "cards": self.fl.cards(show["seat"])}
            )


# --- random play and the comparison ------------------------------------------------------------------


@dataclass
class Tally:
    hands: int = 0
    compared_to_end: int = 0
    steps: int = 0
    skipped: Counter[str] = field(default_factory=Counter)  # steps where a known difference showed
    abandoned: Counter[str] = field(default_factory=Counter)  # hands no longer comparable, and why


def random_setup(rng: random.Random, variant: str) -> Setup:
    n = rng.randint(2, 6)
    sb, bb = rng.choice([(1, 2), (5, 10), (25, 50), (50, 100)])
    ante = bb_ante = 0
    if variant == "N2L1D":
        kind = rng.random()
        if kind < 0.3:
            ante = rng.choice((1, bb // 5 or 1))
        elif kind < 0.6 and n > 2:
            bb_ante = bb
    stacks = [rng.choice((rng.randint(1, 4 * bb), rng.randint(bb, 12 * bb), rng.randint(20 * bb, 60 * bb)))
              for _ in range(n)]  # fmt: skip
    for i in (0, 1):  # a blind short of its post is a known difference: keep it rare (1 in 5)
        while stacks[i] < bb + ante + bb_ante and rng.random() < 0.8:
            stacks[i] = rng.randint(bb, 60 * bb)
    return Setup(variant, stacks, sb, bb, ante, bb_ante)


def known_difference(both: Both, reasons: set[str], pk: dict[str, Any], fl: dict[str, Any]) -> str | None:
    """The rule difference (see the test_difference_* tests) that explains pk != fl right now, if any."""
    if pk["phase"] != "bet" or fl["phase"] != "bet":
        return next(iter(sorted(reasons)), None)
    if (
        pk["raise"] is None
        and fl["raise"] is not None
        and both.pk.completion_betting_or_raising_count == 4
        and both.fl.round > 0
    ):
        return "fixed_limit_cap_after_the_draw"  # test_difference_fixed_limit_cap_counts
    return next(iter(sorted(reasons)), None)


def play(rng: random.Random, setup: Setup, tally: Tally) -> None:
    deck = DECK.copy()
    rng.shuffle(deck)
    tally.hands += 1
    reasons: set[str] = set()
    g = setup.game()
    n = len(setup.stacks)
    # Situations where PokerKit deliberately differs, known before any action:
    if setup.bb_ante and setup.stacks[1 if n > 2 else 0] < setup.bb + setup.bb_ante:
        reasons.add("bb_ante_short_big_blind")  # test_difference_big_blind_ante_posting_order
    first_round: set[str] = set()
    if min(setup.stacks[:2]) < setup.bb + setup.ante + setup.bb_ante:
        first_round.add("short_big_blind")  # test_difference_short_big_blind_call_and_min_raise
    both = Both(setup, deck)
    round_reasons = set(first_round)
    last_round = (both.fl.deal, both.fl.round, both.fl.phase)
    while True:
        here = (both.fl.deal, both.fl.round, both.fl.phase)
        if here != last_round:
            round_reasons = set()
            last_round = here
        pk_legal, fl_legal = both.pk_legal(), both.fl_legal()
        if _empty_turn(pk_legal) and (fl_legal["phase"], fl_legal.get("seat")) != ("bet", pk_legal["seat"]):
            both.pk.check_or_call()  # PokerKit asks for a check that can change nothing; Floor skips it
            continue
        common_only = False
        if pk_legal != fl_legal:
            why = known_difference(both, reasons | round_reasons, pk_legal, fl_legal)
            assert why is not None, (setup, pk_legal, fl_legal, both.fl.to_json())
            tally.skipped[why] += 1
            if {**pk_legal, "raise": None} != {**fl_legal, "raise": None}:
                tally.abandoned[why] += 1
                return
            common_only = True  # only the raise differs: play on with what both allow (call or fold)
        tally.steps += 1
        if fl_legal["phase"] == "end":
            break
        if fl_legal["phase"] == "draw":
            hole = _cards(both, fl_legal)
            k = min(rng.choice((0, 1, 1, 2, 2, 3, 5)), max(both.room(), 0))
            both.draw(rng.sample(hole, k))
            continue
        lohi = fl_legal["raise"]
        roll = rng.random()
        if lohi is not None and roll < 0.4 and not common_only:
            lo, hi = lohi
            amount = rng.choice((lo, hi, rng.randint(lo, hi)))
            seat = both.fl.seat(both.fl.to_act)
            limits = both.fl.limits()
            before = both.fl.rnd
            if amount == seat.bet + seat.stack and not bt.is_full_wager(limits, before, amount):
                round_reasons.add("short_all_in_" + g.structure)
            if g.structure == "fixed-limit" and amount - before.full_level != limits.unit:
                round_reasons.add("short_all_in_fixed-limit")
            both.wager(amount)
        elif fl_legal["call"] and roll > 0.85:
            both.fold()
        else:
            both.check_call()
    both.showdown()
    assert both.fl.finished
    fl_stacks = [both.fl.stacks()[i + 1] for i in range(n)]
    if fl_stacks != list(both.pk.stacks):
        odd = any(
            len(p["winners"]) > 1 and p["amount"] % len(p["winners"]) > 1 for p in both.fl.result["pots"]
        )
        why = "odd_chips_two_or_more" if odd else next(iter(sorted(reasons)), None)
        assert why is not None, (setup, fl_stacks, list(both.pk.stacks), both.fl.result)
        tally.abandoned[why] += 1
        return
    assert sum(fl_stacks) == sum(setup.stacks)
    tally.compared_to_end += 1


def _empty_turn(legal: dict[str, Any]) -> bool:
    return legal["phase"] == "bet" and legal["call"] == 0 and legal["raise"] is None


def _cards(both: Both, legal: dict[str, Any]) -> list[str]:
    text = both.fl.cards(legal["seat"])
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def run(seed: int, hands: int, variants: tuple[str, ...] = ("F2L3D", "N2L1D")) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for i in range(hands):
        play(rng, random_setup(rng, variants[i % len(variants)]), tally)
    return tally


def test_five_hundred_random_hands_agree_with_pokerkit() -> None:
    tally = run(seed=1, hands=500)

    assert tally.compared_to_end >= 0.9 * tally.hands, tally
    assert tally.steps > 500 * 10


@pytest.mark.slow
def test_thousands_of_random_hands_agree_with_pokerkit() -> None:
    tally = run(seed=2026, hands=5000)

    assert tally.compared_to_end >= 0.95 * tally.hands, tally
    assert tally.steps > 5000 * 10


# --- the differences, one test each -------------------------------------------------------------------


def stacked(*hands: str) -> list[str]:
    """A deck that deals ``hands`` (five cards each, p1 first), then the other cards in a fixed order."""
    dealt = [h[i : i + 2] for h in hands for i in range(0, len(h), 2)]
    rest = [c for c in DECK if c not in dealt]
    return list(reversed(dealt + rest))


def deep(variant: str, n: int, sb: int = 5, bb: int = 10, stack: int = 1000, **kw: Any) -> Both:
    stacks = kw.pop("stacks", [stack] * n)
    return Both(Setup(variant, stacks, sb, bb, **kw), stacked())


def test_difference_fixed_limit_cap_counts() -> None:
    # RULES.md §4 (WSOP 100-b, RRoP): a bet and four raises, in every round; the big blind is the bet before
    # the draw. PokerKit allows four bets/raises besides the blind: the same before the draw (blind + 4 =
    # 5 bets), one fewer after it (bet + 3 raises = 4 bets).
    pre = deep("F2L3D", 3)
    for _ in range(4):
        assert pre.pk_legal()["raise"] == pre.fl_legal()["raise"] is not None
        pre.wager(pre.fl_legal()["raise"][0])
    assert pre.pk.bets == [30, 40, 50] and pre.fl.bets() == {1: 30, 2: 40, 3: 50}
    assert pre.pk_legal()["raise"] is None and pre.fl_legal()["raise"] is None  # both: capped at 5 bets

    post = deep("F2L3D", 3)
    for _ in range(3):
        post.check_call()
    for _ in range(3):
        post.draw([])
    for _ in range(4):
        post.wager(post.fl_legal()["raise"][0])  # bet 10, raise 20, 30, 40
    assert post.fl.rnd.current_bet == 40
    assert post.fl_legal()["raise"] == (50, 50)  # Floor: the fourth raise is still allowed
    assert post.pk_legal()["raise"] is None  # PokerKit: capped at 4 bets after the draw


def test_difference_fixed_limit_short_all_in_of_half_a_bet_reopens() -> None:
    # RULES.md §4, TDA 47-B: in fixed-limit an all-in of half a bet or more is a full raise and reopens the
    # betting. PokerKit never reopens for a short all-in.
    both = deep("F2L3D", 3, stacks=[27, 1000, 1000])
    both.wager(20)  # p3 raises to 20
    both.wager(27)  # p1 (small blind) all-in to 27: a raise of 7, at least half of 10
    both.check_call()  # p2 calls 27
    assert both.fl.to_act == both.pk.actor_index + 1 == 3
    assert both.fl_legal()["raise"] == (37, 37)  # Floor: p3 may raise again
    assert both.pk_legal()["raise"] is None  # PokerKit: p3 may only call or fold


def test_difference_fixed_limit_raise_after_a_short_all_in_under_half_a_bet() -> None:
    # Under half a bet the all-in does not reopen (both agree) and the next raise completes the bet:
    # Floor makes it the last full bet plus one unit (20 + 10 = 30); PokerKit adds a unit to the all-in.
    both = deep("F2L3D", 3, stacks=[23, 1000, 1000])
    both.wager(20)  # p3 raises to 20
    both.wager(23)  # p1 all-in to 23: a raise of 3
    assert both.fl_legal()["raise"] == (30, 30)
    assert both.pk_legal()["raise"] == (33, 33)


def test_difference_no_limit_short_all_in_over_the_big_blind_reopens_for_limpers_in_pokerkit() -> None:
    # TDA 47-A: an all-in raise short of the big blind (the opening bet) does not reopen the betting for a
    # player who already called. PokerKit does not count the blind as a bet when it sizes raises, so the
    # 20-chip all-in raise over 100 looks full to it and the limper may raise again.
    both = Both(Setup("N2L1D", [1000, 1000, 1000, 120, 1000], 50, 100), stacked())
    both.check_call()  # p3 limps for 100
    both.wager(120)  # p4 all-in to 120
    both.fold()  # p5
    both.check_call()  # p1
    both.check_call()  # p2
    assert both.fl.to_act == 3
    assert both.fl_legal()["raise"] is None
    assert both.pk_legal()["raise"] == (220, 1000)


def test_difference_short_big_blind_call_and_min_raise() -> None:
    # A big blind all-in for 41 of a 50 blind: Floor keeps the opening bet at the full blind, so the others
    # call 50 and the minimum raise is to 100 (TDA 43-A, the blind being the bet); PokerKit makes them
    # call what was posted (41) and raise one blind more (91).
    both = Both(Setup("N2L1D", [1000, 41, 1000], 25, 50), stacked())
    assert (both.fl_legal()["call"], both.fl_legal()["raise"]) == (50, (100, 1000))
    assert (both.pk_legal()["call"], both.pk_legal()["raise"]) == (41, (91, 1000))


def test_difference_big_blind_ante_posting_order() -> None:
    # RULES.md §4 (TDA RP-11): a big blind who cannot cover the blind and the big-blind ante posts the blind
    # first. PokerKit takes the ante first: with 150 chips, Floor's blind is 100 (ante 50), PokerKit's 50.
    both = Both(Setup("N2L1D", [1000, 150, 1000], 50, 100, bb_ante=100), stacked())
    assert both.fl.bets()[2] == 100
    assert both.pk.bets[1] == 50


def test_difference_odd_chips_go_one_at_a_time() -> None:
    # RULES.md §5 (TDA 20, WSOP 73, RRoP): each odd chip goes to the next winner left of the button, one at
    # a time. PokerKit gives the whole remainder to the first winner. A 14-chip pot split three ways:
    # Floor 5/5/4, PokerKit 6/4/4.
    wheel = ("7c5d4h3s2c", "7d5h4s3c2d", "7h5s4c3d2h", "KsKdKhQsQd")
    both = Both(Setup("N2L1D", [100, 100, 100, 100], 1, 2), stacked(*wheel))
    both.check_call()  # p3
    both.check_call()  # p4
    both.check_call()  # p1 completes
    both.check_call()  # p2 checks
    for _ in range(4):
        both.draw([])
    both.wager(2)  # p1 bets 2
    both.check_call()
    both.check_call()
    both.fold()  # p4
    both.showdown()
    assert [both.fl.stacks()[i] for i in (1, 2, 3)] == [101, 101, 100]
    assert list(both.pk.stacks)[:3] == [102, 100, 100]


def test_difference_reshuffle_takes_the_current_draws_discards_in_pokerkit() -> None:
    # RULES.md §7 (WSOP draw rules): when the stub runs out, the discards of the draw in progress are not
    # reshuffled. PokerKit reshuffles every discard, those of the current draw included.
    both = deep("F2L3D", 6, stack=10_000)
    for _ in range(6):
        both.check_call()
    for seat in range(1, 7):  # first draw: p1..p4 draw five (20 of the 21 cards after the burn)
        both.draw(_cards(both, {"seat": seat}) if seat <= 4 else [])
    for _ in range(6):
        both.check_call()
    assert len(both.deck) == 1 and both.fl.phase == "drawing"
    discard = _cards(both, {"seat": 1})[:2]
    both.pk.stand_pat_or_discard("".join(discard))  # second draw: p1 discards two, the others stand pat
    for _ in range(5):
        both.pk.stand_pat_or_discard()
    both.pk.burn_card(both.deck.pop())  # the last card of the stub
    assert set(discard) <= {repr(c) for c in both.pk.get_dealable_cards(2, False)}  # PokerKit: dealable
    floor = both.fl.apply({"type": "draw", "seat": 1, "count": 2, "discard": "".join(discard)})
    assert floor.stub.reshuffles == 1
    assert (floor.stub.stub, floor.stub.current) == (20, 2)  # Floor: 22 reshuffled, p1's 2 discards kept out


def test_difference_fold_when_checking_is_free() -> None:
    # Floor lets a player fold even when checking is free (RULES.md has no rule against it); PokerKit
    # refuses it in tournament mode (and warns in cash-game mode, the mode used for the comparison).
    both = deep("F2L3D", 3)
    both.check_call()
    both.check_call()
    assert any(a["type"] == "fold" for a in both.fl.legal_actions())  # p2, the big blind, could check
    tournament = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        AUTOMATIONS, True, 0, (5, 10), 10, 20, (1000, 1000, 1000), 3, mode=Mode.TOURNAMENT
    )
    for _ in range(3):
        tournament.deal_hole("??????????")
    tournament.check_or_call()
    tournament.check_or_call()
    assert tournament.checking_or_calling_amount == 0 and not tournament.can_fold()
