"""verify_<kind> and can_<kind> (apps/engine/verify.py): over random hands of every game, for every event
kind and a spread of seats and amounts, verify never changes the state, can_<kind> agrees with apply
(accepted exactly when apply accepts, refused with apply's own error), and legal_actions lists only what
can_<kind> accepts and offers every kind can_<kind> accepts at the seat to act."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.engine import verify as v
from apps.engine.errors import EngineError
from apps.engine.events import EVENT_TYPES
from apps.engine.hand import HandState, start_hand
from tests.engine.test_hand_properties import GAMES, MAX_EVENTS, _choose


def _candidates(state: HandState, rng: random.Random) -> list[dict[str, Any]]:
    """Events of every kind, legal or not: each seat, amounts around the limits, cards known or not."""
    seats = [s.seat for s in state.seats] + [99]
    current = state.rnd.current_bet
    amounts = sorted({0, 1, current, current + 1, current * 2 + 10, state.game.bet_units[0] * 2, 10**6})
    out: list[dict[str, Any]] = [{"type": "reshuffle"}]
    for seat in seats:
        out += [{"type": kind, "seat": seat} for kind in ("fold", "check", "call", "muck", "timeout")]
        out += [{"type": kind, "seat": seat, "amount": rng.choice(amounts)} for kind in ("bet", "raise")]
        out.append({"type": "draw", "seat": seat, "count": rng.randint(0, 5)})
        out.append({"type": "deal", "seat": seat, "cards": rng.choice(["AsKsQsJsTs", "??????????", "2c3c"])})
        out.append({"type": "show", "seat": seat, "cards": rng.choice(["7c5d4h3s2c", "JcJd4h3s2c"])})
        out.append({"type": "prove_openers", "seat": seat, "cards": "JcJd4h3s2c"})
    live = sorted(s.seat for s in state.seats if s.live)
    out.append({"type": "finish_order", "order": [live]})
    out.append({"type": "finish_order", "order": [live[:1]]})
    out.append({"type": "bet", "seat": 1, "amount": "lots"})  # a malformed event is refused as apply does
    return out


def _outcome(state: HandState, event: dict[str, Any]) -> tuple[str, str | None]:
    try:
        after = state.apply(event)
    except EngineError as exc:
        return "refused", exc.code
    return "accepted", json.dumps(after.to_json(), sort_keys=True, default=str)


def _check_agreement(state: HandState, rng: random.Random) -> None:
    before = json.dumps(state.to_json(), sort_keys=True, default=str)
    for event in _candidates(state, rng):
        verify_kind, can_kind = v.BY_KIND[event["type"]]
        outcome, detail = _outcome(state, event)
        assert can_kind(state, event) is (outcome == "accepted"), event
        assert v.can_apply(state, event) is (outcome == "accepted"), event
        if outcome == "refused":
            with pytest.raises(EngineError) as refused:
                verify_kind(state, event)
            assert refused.value.code == detail, event
        else:
            verify_kind(state, event)
        after = json.dumps(state.to_json(), sort_keys=True, default=str)
        assert after == before, f"{event} changed the state"
    legal = state.legal_actions()
    for action in legal:
        event = _event_for(state, action)
        if event is not None:
            assert v.BY_KIND[event["type"]][1](state, event), action
    offered = {a["type"] for a in legal}
    if state.to_act is not None and state.phase in ("betting", "drawing"):
        seat = state.to_act
        for kind in ("fold", "check", "call", "timeout"):
            if v.BY_KIND[kind][1](state, {"type": kind, "seat": seat}):
                assert kind in offered, (kind, legal)


def _event_for(state: HandState, action: dict[str, Any]) -> dict[str, Any] | None:
    """The event an entry of legal_actions stands for, at its least amount (None: it needs cards)."""
    kind = action["type"]
    if kind in ("bet", "raise"):
        return {"type": kind, "seat": action["seat"], "amount": action["min"]}
    if kind == "draw":
        return {"type": "draw", "seat": action["seat"], "count": 0}
    if kind == "finish_order":
        return {"type": "finish_order", "order": [action["seats"]]}
    if kind in ("show", "prove_openers"):
        return None
    if kind == "reshuffle":
        return {"type": "reshuffle"}
    return {"type": kind, "seat": action["seat"]}


def test_every_event_kind_has_its_verify_and_can() -> None:
    assert set(v.BY_KIND) == set(EVENT_TYPES)


def test_a_verify_for_another_kind_is_refused() -> None:
    state = start_hand(GAMES[0], [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}], button=2)
    assert v.can_check(state, {"type": "check", "seat": 1})
    assert not v.can_fold(state, {"type": "check", "seat": 1})
    with pytest.raises(EngineError) as refused:
        v.verify_bet(state, {"type": "check", "seat": 1})
    assert refused.value.code == "event_invalid"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    players=st.integers(2, 5),
    seed=st.integers(0, 10**6),
    data=st.data(),
)
def test_verify_and_can_agree_with_apply_and_never_change_the_state(
    game: Any, players: int, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    seats = [{"seat": i + 1, "stack": rng.choice([40, 200, 2000])} for i in range(players)]
    state = start_hand(game, seats, button=players)
    for step in range(MAX_EVENTS):
        if step % 3 == 0 or state.finished:
            _check_agreement(state, rng)
        if state.finished:
            return
        state = state.apply(_choose(data, state))
