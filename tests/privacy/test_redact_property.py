"""The public history of any hand: random triple-draw hands with every card known to the dealer (dealt,
discarded, received), ending in shows, mucks or the clock's time-outs, give a public event list that names no
card nobody showed and still replays, through the engine, to exactly the same end."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from apps.engine.games import triple_draw_27
from apps.engine.hand import start_hand
from apps.tables.redact import public_actions, public_event
from tests.engine.test_hand_properties import Dealer


def _cards(text: str) -> set[str]:
    return set(re.findall(r"[2-9TJQKA][shdc]", text))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5))
def test_a_public_history_hides_every_unshown_card_and_ends_the_same(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = triple_draw_27(small_blind=1, big_blind=2)
    seats = [{"seat": i + 1, "stack": 200} for i in range(players)]
    state = start_hand(game, seats, button=players)
    dealer = Dealer(rng, players)
    events: list[dict] = []

    def apply(event: dict) -> None:
        nonlocal state
        state = state.apply(event)
        events.append(event)

    for seat, cards in dealer.hands.items():
        apply({"type": "deal", "seat": seat, "cards": "".join(cards), "note": "dealt " + "".join(cards)})
    draw_seen = -1
    while state.phase in ("betting", "drawing"):
        seat = state.to_act
        assert seat is not None
        if state.phase == "betting":
            kinds = [a["type"] for a in state.legal_actions()]
            if rng.random() < 0.15 and "call" in kinds:
                apply({"type": "fold", "seat": seat})
                dealer.muck += dealer.hands.pop(seat)
            else:
                apply({"type": "call" if "call" in kinds else "check", "seat": seat})
            continue
        if state.draw_index != draw_seen:
            if draw_seen >= 0:
                dealer.end_draw()
            draw_seen = state.draw_index
            dealer.burn()
        discard = rng.sample(dealer.hands[seat], rng.choice([0, 1, 2, 3]))
        got = dealer.draw(seat, discard, last=state.is_last_drawer(seat))
        apply(
            {
                "type": "draw",
                "seat": seat,
                "count": len(discard),
                "discard": "".join(discard),
                "receive": "".join(got),
            }
        )
    while state.phase == "showdown":
        legal = {a["type"]: a for a in state.legal_actions()}
        seat = next(a["seat"] for a in state.legal_actions() if "seat" in a)
        choice = rng.choice(["show", "timeout", "muck"])
        if choice == "muck" and "muck" in legal:
            apply({"type": "muck", "seat": seat})
        elif choice == "timeout":
            apply({"type": "timeout", "seat": seat})  # known cards speak for themselves
        else:
            apply({"type": "show", "seat": seat, "cards": "".join(dealer.hands[seat])})
    assert state.finished

    public = public_actions(game, seats, players, 1, events)

    shown = {c for s in state.seats if s.showdown == "shown" for c in s.cards}
    named = set().union(*(_cards(str(e)) for e in public))
    assert named <= shown
    replayed = start_hand(game, seats, button=players)
    for event in public:
        replayed = replayed.apply(event)
    assert replayed.finished and replayed.stacks() == state.stacks()
    assert replayed.result["received"] == state.result["received"]
    assert all("note" not in e for e in public) and all(
        "discard" not in public_event(e) and "receive" not in public_event(e) for e in events
    )
