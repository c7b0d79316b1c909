"""Hypothesis: random legal play of every game and setting never loses or creates a chip, never leaves a
stack negative, round-trips through JSON at every step, and always ends."""

from __future__ import annotations

import json
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
    triple_draw_27(small_blind=5, big_blind=10),
    triple_draw_27(small_blind=5, big_blind=10, ante=2, max_raises=3, uncap_heads_up=True),
    triple_draw_27(small_blind=5, big_blind=10, call_full_blind=False),
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
        step = state.game.bet_step
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
        return {"type": "muck", "seat": a["seat"]}  # cards are unknown: shows are given as a finishing order
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
