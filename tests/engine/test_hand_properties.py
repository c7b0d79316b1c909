"""Hypothesis: random legal play of every game and setting never loses or creates a chip, never leaves a
stack negative, round-trips through JSON at every step, and always ends."""

from __future__ import annotations

import json
import math
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.engine.games import Game, five_card_draw, single_draw_27, triple_draw_27
from apps.engine.hand import HandState, start_hand

GAMES: list[Game] = [
    five_card_draw(),
    five_card_draw(structure="pot-limit", amounts_in_units=False),
    five_card_draw(structure="fixed-limit", opening="jacks-or-better"),
    five_card_draw(opening="jacks-or-better", round2_starter="left-of-button", draw_limit="5"),
    five_card_draw(round2_starter="left-of-button", draw_limit="3", joker="wild"),
    five_card_draw(joker="bug", ante=5),
    five_card_draw(mode="no-bet"),
    # in 5- and 25-chips: all-ins for odd amounts make bounds that are not whole chips unless rounded
    five_card_draw(structure="pot-limit", amounts_in_units=False, smallest_chip=5),
    five_card_draw(ante=25, smallest_chip=25),
    five_card_draw(structure="pot-limit", ante=25, smallest_chip=25),
    triple_draw_27(small_blind=5, big_blind=10),
    triple_draw_27(small_blind=5, big_blind=10, ante=2, max_raises=3, uncap_heads_up=True),
    triple_draw_27(small_blind=5, big_blind=10, call_full_blind=False),
    triple_draw_27(small_blind=5, big_blind=10, smallest_chip=5),
    single_draw_27(small_blind=50, big_blind=100, big_blind_ante=100),
    single_draw_27(small_blind=50, big_blind=100, ante=10),
    single_draw_27(small_blind=50, big_blind=100, structure="pot-limit"),
]
MAX_EVENTS = 600


def _choose(data: st.DataObject, state: HandState) -> dict[str, Any]:
    acts = state.legal_actions()
    if state.game.passes_out and state.pass_outs >= 2:  # keep all-check pass-outs from going on forever
        wagers = [a for a in acts if a["type"] == "bet"]
        acts = wagers or acts
    a = data.draw(st.sampled_from(acts))
    kind = a["type"]
    if kind in ("fold", "check", "call", "timeout", "muck"):
        return {"type": kind, "seat": a["seat"]}
    if kind in ("bet", "raise"):
        lo, hi = a["min"], a["max"]
        step = math.lcm(state.game.bet_step, state.game.smallest_chip)  # from the least, still legal
        seat = state.seat(a["seat"])
        choices = {lo, hi, seat.bet + seat.stack}
        middle = lo + (hi - lo) // 2 // step * step
        choices.add(middle)
        amount = data.draw(st.sampled_from(sorted(c for c in choices if lo <= c <= hi or c == hi)))
        return {"type": kind, "seat": a["seat"], "amount": amount}
    if kind == "draw":
        count = data.draw(st.integers(0, a["max"]))
        ev: dict[str, Any] = {"type": "draw", "seat": a["seat"], "count": count}
        if a.get("show_ace_above") is not None and count > a["show_ace_above"]:
            known = {c for seat in state.seats for c in seat.cards + seat.unplaced} | set(state.muck_known)
            free = [c for c in ("As", "Ah", "Ad", "Ac") if c not in known]
            if free:
                ev["shown"] = free[0]
            else:
                ev["count"] = a["show_ace_above"]
        return ev
    if kind == "show":
        # cards are unknown: shows are given as a finishing order; no-bet mode refuses a muck (RULES.md §6)
        return {"type": "muck" if state.game.betting else "timeout", "seat": a["seat"]}
    if kind == "finish_order":
        seats = data.draw(st.permutations(a["seats"]))
        cut = data.draw(st.integers(1, len(seats)))
        groups = [list(seats[:cut])] + ([list(seats[cut:])] if seats[cut:] else [])
        return {"type": "finish_order", "order": groups}
    if kind == "prove_openers":
        cards = data.draw(st.sampled_from(["JcJd4h3s2c", "TcTd4h3s2c"]))
        return {"type": "prove_openers", "seat": a["seat"], "cards": cards}
    return {"type": kind}  # reshuffle


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    game=st.sampled_from(GAMES),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=6),
    button_index=st.integers(0, 5),
)
def test_random_legal_play_conserves_chips_and_ends(
    data: st.DataObject, game: Game, stacks: list[int], button_index: int
) -> None:
    if not game.betting:
        stacks = [0] * len(stacks)
    seats = [{"seat": i + 1, "stack": s} for i, s in enumerate(stacks)]
    state = start_hand(game, seats, button=button_index % len(stacks) + 1)
    total = sum(stacks)
    for _ in range(MAX_EVENTS):
        if state.finished:
            break
        event = _choose(data, state)
        state = state.apply(event)
        chips = state.stacks()
        assert min(chips.values()) >= 0
        assert all(s.bet >= 0 and s.contributed >= 0 for s in state.seats)
        in_play = 0 if state.finished else state.pot_total
        assert sum(chips.values()) + in_play == total
        assert HandState.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert state.finished, state.to_json()
    assert state.result is not None
    if game.betting:
        assert sum(state.received.values()) == state.pot_total
        assert sum(int(v) for v in state.result["net"].values()) == 0
    else:
        assert sum(state.result["points"].values()) >= 1


# --- a physical deck dealt by the WSOP rule: the engine's counts and card checks agree with it -------------

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


class Dealer:
    """A real deck handled by RULES.md §7: burn per draw, current discards kept out of a reshuffle, the
    stub's last card reshuffled unless it completes the draws."""

    def __init__(self, rng: random.Random, players: int) -> None:
        self.rng = rng
        self.stub = DECK.copy()
        rng.shuffle(self.stub)
        self.muck: list[str] = []
        self.current: list[tuple[int, str]] = []
        self.hands = {seat: [self.stub.pop() for _ in range(5)] for seat in range(1, players + 1)}

    def reshuffle(self, extra: list[str] = ()) -> None:  # type: ignore[assignment]
        self.stub += self.muck + list(extra)
        self.muck = []
        self.rng.shuffle(self.stub)

    def burn(self) -> None:
        if not self.stub:
            self.reshuffle()
        if self.stub:
            self.muck.append(self.stub.pop())

    def draw(self, seat: int, discard: list[str], last: bool) -> list[str]:
        for c in discard:
            self.hands[seat].remove(c)
            self.current.append((seat, c))
        usable = len(self.stub) if last else max(0, len(self.stub) - 1)
        got = [self.stub.pop() for _ in range(min(len(discard), usable))]
        if len(got) < len(discard):
            self.reshuffle()
            if len(self.stub) < len(discard) - len(got):  # last resort: the others' discards of this draw
                others = [c for s, c in self.current if s != seat]
                self.current = [(s, c) for s, c in self.current if s == seat]
                self.reshuffle(others)
            got += [self.stub.pop() for _ in range(len(discard) - len(got))]
        self.hands[seat] += got
        return got

    def end_draw(self) -> None:
        self.muck += [c for _, c in self.current]
        self.current = []


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6), fold_rate=st.sampled_from([0.0, 0.1]))
def test_real_cards_dealt_by_the_wsop_rule_are_always_accepted(
    seed: int, players: int, fold_rate: float
) -> None:
    rng = random.Random(seed)
    game = triple_draw_27(small_blind=1, big_blind=2)
    state = start_hand(game, [{"seat": i + 1, "stack": 500} for i in range(players)], button=players)
    dealer = Dealer(rng, players)
    for seat, cards in dealer.hands.items():
        state = state.apply({"type": "deal", "seat": seat, "cards": "".join(cards)})
    draw_seen = -1
    while state.phase in ("betting", "drawing"):
        seat = state.to_act
        assert seat is not None
        if state.phase == "betting":
            kinds = [a["type"] for a in state.legal_actions()]
            if rng.random() < fold_rate and "call" in kinds:
                state = state.apply({"type": "fold", "seat": seat})
                dealer.muck += dealer.hands.pop(seat)
            else:
                state = state.apply({"type": "call" if "call" in kinds else "check", "seat": seat})
            continue
        if state.draw_index != draw_seen:  # the first drawer of a new draw: the dealer burns one
            if draw_seen >= 0:
                dealer.end_draw()
            draw_seen = state.draw_index
            dealer.burn()
        discard = rng.sample(dealer.hands[seat], rng.choice([0, 1, 2, 3, 5, 5]))
        got = dealer.draw(seat, discard, last=state.is_last_drawer(seat))
        state = state.apply(
            {"type": "draw", "seat": seat, "count": len(discard), "discard": "".join(discard),
             "receive": "".join(got)}
        )  # fmt: skip
        if state.phase == "drawing":
            assert (state.stub.stub, state.stub.muck) == (len(dealer.stub), len(dealer.muck))
    if state.phase == "showdown":
        for seat, cards in dealer.hands.items():
            if state.phase == "showdown":
                state = state.apply({"type": "show", "seat": seat, "cards": "".join(cards)})
    assert state.finished
    assert sum(state.stacks().values()) == 500 * players
