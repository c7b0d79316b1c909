"""The engine's fast paths agree with the slow, plain ones they stand for: a shortcut taken for speed
must not change an answer.

Each shortcut is checked against the code it shortcuts: the chips :func:`award` pays against
``resolve_pots``; the PHH action reader against ``parse_action``; the card reader against ``parse_cards``;
the one-pass event check against the full one; ``replay`` (in place) against ``apply`` after ``apply``
(copies), which must leave every earlier state untouched.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apps.engine import phh, phh_actions
from apps.engine.cards import format_card, parse_cards
from apps.engine.errors import EngineError
from apps.engine.events import _validate_slow, validate_event
from apps.engine.games import five_card_draw, triple_draw_27
from apps.engine.hand import HandState, replay, start_hand
from apps.engine.known import tokens
from apps.engine.pots import resolve_pots
from apps.engine.settle import award
from tests.engine.test_hand_properties import GAMES, _choose
from tests.engine.test_pots_properties import hands


@given(hands())
def test_award_pays_what_resolve_pots_pays(hand: dict[str, Any]) -> None:
    players = hand["players"]
    result = resolve_pots(players, button=hand["button"], smallest_chip=hand["smallest_chip"])
    rows = [(p.seat, p.contributed, p.folded, None if p.folded else p.strength, p.dead) for p in players]
    returned, received = award(rows, button=hand["button"], smallest_chip=hand["smallest_chip"])
    assert returned == dict(result.returned)
    assert received == dict(result.received)


ACTIONS = [
    "p1 cc", "p2 f", "p3 cbr 40", "p4 sd", "p5 sm", "p6 pb", "p1 sd 7h2c", "p2 sm 7s5d4c3h2d", "p2 sm -",
    "d dh p1 7h6c5d4s2c", "d dh p3 ??????????", "d dh p2 Xx", "d db AsKs", "", "p1 cc # snap", "p1 cbr 0",
    "p1 cbr 010", "p1 cbr 1.5", "p1 cbr 2.0", "p1 cbr -3", "p1 cbr 1e3", "p1 cbr ²", "p01 cc", "p0 cc",
    "q1 cc", "p1 xx", "p1 sd 7h2", "p1 sd 7H2c", "p1 sd 1c", "p1 sd -", "d dh p1", "d dh p1 7h 6c",
    "p1 f extra", "  p1   cc  ", "p1\tcc", "d dh p99 AsKs", "d dh p100 AsKs", "p1 sm ??",
]  # fmt: skip


@pytest.mark.parametrize("text", ACTIONS)
def test_quick_reader_reads_what_parse_action_reads(text: str) -> None:
    try:
        slow: phh.Action | None = phh.parse_action(text)
    except EngineError:
        slow = None
    fields = phh_actions._quick_fields(text)
    if slow is None:
        assert fields is None  # a refusal always goes through parse_action
    elif fields is not None:
        cards = None if slow.cards is None else "-" if slow.cards == ("-",) else "".join(slow.cards)
        assert fields == (slow.verb, slow.player, cards, slow.amount, slow.commentary)


@given(st.text(alphabet="pdhfcbrsm0123456789 -#?AKQJTXxcdhs", max_size=24))
def test_quick_reader_agrees_on_any_text(text: str) -> None:
    test_quick_reader_reads_what_parse_action_reads(text)


CARD_TEXTS = st.one_of(
    st.text(alphabet="23456789TJQKAtjqkacdhsCDHSXx?, ", max_size=14),
    st.lists(st.sampled_from(["As", "as", "AS", "Kd", "2c", "??", "Xx", "xX", "Zz", "7h"]), max_size=6).map(
        "".join
    ),
)


@settings(max_examples=400)
@given(text=CARD_TEXTS, count=st.sampled_from([None, 2, 5]), unknown=st.booleans(), joker=st.booleans())
def test_card_tokens_read_as_parse_cards_reads_them(
    text: str, count: int | None, unknown: bool, joker: bool
) -> None:
    st_ = start_hand(five_card_draw(joker="wild" if joker else "off"), [{"seat": 1, "stack": 100},
                     {"seat": 2, "stack": 100}], button=1)  # fmt: skip
    try:
        slow: Any = [format_card(c) for c in parse_cards(text, count=count, allow_joker=joker,
                                                          allow_unknown=unknown)]  # fmt: skip
    except EngineError as exc:
        slow = exc.as_dict()
    try:
        fast: Any = tokens(st_, text, count=count, unknown=unknown)
    except EngineError as exc:
        fast = exc.as_dict()
    assert fast == slow


EVENT_VALUES = st.one_of(st.integers(-2, 3), st.booleans(), st.none(), st.text(max_size=3), st.just([1]))


@given(
    st.dictionaries(
        st.sampled_from(
            ["type", "seat", "amount", "count", "cards", "discard", "at", "by", "amout", "order"]
        ),
        EVENT_VALUES,
    ),
    st.one_of(
        st.sampled_from(
            [
                "fold",
                "check",
                "call",
                "bet",
                "raise",
                "draw",
                "deal",
                "show",
                "muck",
                "timeout",
                "reshuffle",
                "finish_order",
                "prove_openers",
                "nope",
            ]
        ),
        EVENT_VALUES,
    ),
)
def test_one_pass_event_check_agrees_with_the_full_one(event: dict[str, Any], kind: Any) -> None:
    event = {**event, "type": kind}
    try:
        fast: Any = validate_event(event)
    except EngineError as exc:
        fast = exc.as_dict()
    except TypeError as exc:  # an unhashable type: as before the fast path
        fast = repr(exc)
    try:
        slow: Any = _validate_slow(event)
    except EngineError as exc:
        slow = exc.as_dict()
    except TypeError as exc:
        slow = repr(exc)
    assert fast == slow


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    game=st.sampled_from(GAMES),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=6),
)
def test_replay_in_place_equals_apply_after_apply_and_apply_never_touches_the_old_state(
    data: st.DataObject, game: Any, stacks: list[int]
) -> None:
    if not game.betting:
        stacks = [0] * len(stacks)
    seats = [{"seat": i + 1, "stack": s} for i, s in enumerate(stacks)]
    state = start_hand(game, seats, button=1)
    events = []
    for _ in range(300):
        if state.finished:
            break
        event = _choose(data, state)
        before = json.dumps(state.to_json())
        after = state.apply(event)
        assert json.dumps(state.to_json()) == before  # the old state is untouched
        events.append(event)
        state = after
    replayed = replay(game, seats, 1, 1, events)
    assert replayed == state
    assert replayed.to_json() == state.to_json()
    assert HandState.from_json(json.loads(json.dumps(replayed.to_json()))) == replayed


def test_bench_hands_replay_the_same_through_phh_and_through_apply() -> None:
    """The benchmark's generated hands: replay_phh (in place, lazy result) ends as apply-after-apply does."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    try:
        import replay as bench  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    rng = random.Random(11)
    for _ in range(40):
        hh = phh.HandHistory(bench.generate_triple_draw(rng))
        result = phh.replay_phh(hh)
        assert result.ok, result.error
        game, seats, button, number, events = phh.hand_from_phh(hh)
        state = start_hand(game, seats, button, number)
        for event in events:
            state = state.apply(event)
        assert state == replay(game, seats, button, number, events)
        assert result.final_stacks == [state.stacks()[s["seat"]] for s in seats]
        again = pickle.loads(pickle.dumps(replay(game, seats, button, number, events)))  # result not made yet
        assert again == state
        assert state.result is not None and state.result["kind"] == "pots"


def test_refusals_keep_their_codes_on_the_fast_paths() -> None:
    state = start_hand(triple_draw_27(small_blind=1, big_blind=2), [{"seat": 1, "stack": 50},
                       {"seat": 2, "stack": 50}, {"seat": 3, "stack": 50}], button=3)  # fmt: skip
    cases = {
        "not_your_turn": {"type": "call", "seat": 2},
        "check_not_allowed": {"type": "check", "seat": 3},
        "fixed_limit_amount": {"type": "raise", "seat": 3, "amount": 5},
        "unknown_seat": {"type": "call", "seat": 9},
        "event_invalid": {"type": "call", "seat": 3, "amout": 5},
        "wrong_phase": {"type": "draw", "seat": 3, "count": 1},
    }
    for code, event in cases.items():
        with pytest.raises(EngineError) as info:
            state.apply(event)
        assert info.value.code == code


@given(st.text(alphabet="23456789TJQKAtjqkacdhsCDHSXx?-1 ", max_size=14))
def test_the_card_text_check_is_the_phh_card_pattern(text: str) -> None:
    assert phh_actions._is_card_text(text) == bool(
        phh_actions._PHH_CARDS.fullmatch(text) and not len(text) & 1
    )
