"""The hand state machine's contract: new states, JSON round trip, replay, typed refusals, constant cost."""

from __future__ import annotations

import json

import pytest

from apps.engine.errors import ActionError, EngineError
from apps.engine.games import five_card_draw, single_draw_27, triple_draw_27
from apps.engine.hand import HandState, replay, start_hand
from tests.engine.helpers import deal, parse, play, refused

TD = triple_draw_27(small_blind=5, big_blind=10)
HAND = [
    "3 raise 20", "1 call", "2 call", "1 draw 2", "2 draw 1", "3 draw 0", "1 check", "2 bet 10", "3 call",
    "1 fold", "2 draw 1", "3 draw 1", "2 bet 20", "3 call", "2 draw 0", "3 draw 1", "2 check", "3 check",
    "2 show 8c6d4h3s2c", "3 show 7c5d4c3h2d",
]  # fmt: skip


def test_apply_returns_a_new_state_and_leaves_the_old_one_untouched() -> None:
    st = deal(TD, 100, 100, 100, button=3)
    before = st.to_json()
    new = st.apply(parse("3 raise 20"))
    assert st.to_json() == before and new is not st
    assert new.bets()[3] == 20 and st.bets()[3] == 0


def test_every_state_of_a_hand_round_trips_through_plain_json() -> None:
    st = deal(TD, 100, 100, 100, button=3)
    for ev in HAND:
        st = st.apply(parse(ev))
        data = json.loads(json.dumps(st.to_json()))
        back = HandState.from_json(data)
        assert back == st and back.to_json() == data
        assert back.legal_actions() == st.legal_actions()
    assert st.phase == "finished" and st.received == {1: 0, 2: 0, 3: 120}


def test_replay_gives_the_same_state_as_applying_one_by_one() -> None:
    seats = [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}, {"seat": 3, "stack": 100}]
    events = [parse(e) for e in HAND]
    one_by_one = play(start_hand(TD, seats, button=3), *events)
    assert replay(TD, seats, 3, 1, events) == one_by_one


def test_state_size_and_apply_cost_do_not_grow_with_the_event_count() -> None:
    st = play(deal(TD, 100, 100, 100, button=3), "1 deal 7c5d4h3s2c")
    size = len(json.dumps(st.to_json()))
    for _ in range(500):  # 500 harmless events (the dealer repeats a known hand)
        st = st.apply({"type": "deal", "seat": 1, "cards": "7c5d4h3s2c", "at": "2026-11-29T13:00:00Z"})
    assert st.events == 501 and st.last_at == "2026-11-29T13:00:00Z"
    assert len(json.dumps(st.to_json())) <= size + 40  # only counters and the timestamp changed


def test_can_apply_and_verify_agree_with_apply() -> None:
    st = deal(TD, 100, 100, 100, button=3)
    assert st.can_apply(parse("3 call")) and not st.can_apply(parse("3 check"))
    st.verify(parse("3 call"))
    with pytest.raises(EngineError) as info:
        st.verify(parse("3 check"))
    assert info.value.code == "check_not_allowed" and info.value.rule == "RULES.md §4"
    assert info.value.as_dict()["detail"]["seat"] == 3


@pytest.mark.parametrize(
    ("event", "code"),
    [
        ({"type": "jump", "seat": 1}, "event_invalid"),
        ({"type": "bet", "seat": 3}, "event_invalid"),
        ({"type": "bet", "seat": 3, "amount": -5}, "event_invalid"),
        ({"type": "bet", "seat": 3, "amount": True}, "event_invalid"),
        ({"type": "call", "seat": 3, "colour": "red"}, "event_invalid"),
        ({"type": "call", "seat": 9}, "unknown_seat"),
        ({"type": "show", "seat": 3, "cards": "7c5d4h3s2c"}, "wrong_phase"),
        ({"type": "draw", "seat": 3, "count": 1}, "wrong_phase"),
        ({"type": "muck", "seat": 3}, "wrong_phase"),
        ({"type": "finish_order", "order": [[1, 2, 3]]}, "wrong_phase"),
        ({"type": "prove_openers", "seat": 3, "cards": "JcJd4h3s2c"}, "prove_not_allowed"),
        ({"type": "finish_order", "order": "1,2"}, "event_invalid"),
        ({"type": "deal", "seat": 3, "cards": "7c5d4h"}, "card_count"),
        ({"type": "deal", "seat": 3, "cards": "7c5d4hZZ2c"}, "card_invalid"),
    ],
)
def test_refusals_are_typed_with_a_stable_code(event: dict[str, object], code: str) -> None:
    err = refused(deal(TD, 100, 100, 100, button=3), event)
    assert err.code == code and err.rule


def test_not_your_turn_names_the_correct_seat() -> None:
    err = refused(deal(TD, 100, 100, 100, button=3), "2 raise 20")
    assert isinstance(err, ActionError)
    assert err.as_dict() == {
        "code": "not_your_turn",
        "message": "not seat 2's turn: seat 3 is to act",
        "rule": "RULES.md §4 (acting out of turn); TDA 53",
        "detail": {"seat": 2, "to_act": 3},
    }


def test_start_hand_refusals() -> None:
    with pytest.raises(ActionError) as info:
        start_hand(TD, [{"seat": 1, "stack": 100}], button=1)
    assert info.value.code == "player_count"
    with pytest.raises(ActionError) as info:
        start_hand(TD, [{"seat": 1, "stack": 100}, {"seat": 1, "stack": 100}], button=1)
    assert info.value.code == "seats_invalid"
    with pytest.raises(ActionError) as info:
        start_hand(TD, [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 0}], button=1)
    assert info.value.code == "seat_without_chips"


def test_seats_keep_names_and_ids_and_may_skip_numbers() -> None:
    st = start_hand(
        five_card_draw(),
        [{"seat": 2, "stack": 500, "name": "Ana", "id": 17}, {"seat": 5, "stack": 500, "name": "Bo"},
         {"seat": 9, "stack": 500}],
        button=9,
    )  # fmt: skip
    assert st.seat(2).name == "Ana" and st.seat(2).player_id == "17"
    assert st.to_act == 2  # left of the button wraps from seat 9 to seat 2
    st = play(st, "2 bet 40", "5 fold", "9 fold")
    assert st.result is not None and any("Ana" in line for line in st.result["explanation"])


def test_dead_button_seat_number_not_in_the_hand() -> None:
    st = start_hand(TD, [{"seat": 1, "stack": 100}, {"seat": 3, "stack": 100}, {"seat": 4, "stack": 100}],
                    button=2)  # fmt: skip
    assert (st.sb_seat, st.bb_seat, st.to_act) == (3, 4, 1)


def test_legal_actions_in_each_phase() -> None:
    st = deal(single_draw_27(small_blind=50, big_blind=100), 1000, 1000, button=2)
    assert [a["type"] for a in st.legal_actions()] == ["fold", "call", "raise", "timeout"]
    st = play(st, "2 call", "1 check")
    assert [a["type"] for a in st.legal_actions()] == ["draw", "fold", "timeout"]
    st = play(st, "1 draw 1", "2 draw 1", "1 check", "2 check")
    assert [a["type"] for a in st.legal_actions()] == ["show", "muck", "show", "muck", "finish_order"]
    st = play(st, "1 show 7c5d4h3s2c", "2 show 7d5c4s3h2d")
    assert st.legal_actions() == [] and st.received == {1: 100, 2: 100}


def test_summary_is_plain_json_with_everything_a_table_view_needs() -> None:
    st = play(deal(TD, 100, 100, 100, button=3), "3 raise 20", "1 call", "2 call", "1 draw 2")
    s = json.loads(json.dumps(st.summary()))
    assert s["phase"] == "drawing" and s["to_act"] == 2 and s["pot_total"] == 60
    assert s["seats"][0] == {
        "seat": 1, "name": None, "player_id": None, "stack": 80, "bet": 0, "contributed": 20, "folded": False,
        "all_in": False, "dead": False, "cards": "??????????", "draws": [2], "showdown": None,
    }  # fmt: skip
    assert s["pots"] == [{"name": "main", "amount": 60, "eligible": [1, 2, 3]}]
    assert s["legal_actions"][0]["type"] == "draw" and s["stub"]["stub"] == 52 - 15 - 1 - 2
