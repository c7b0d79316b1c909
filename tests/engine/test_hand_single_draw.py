"""2-7 Single Draw (no-limit, big-blind ante) and the real WSOP 2023 Event #43 hands replayed.

The replay here is a minimal reading of the PHH actions (the full PHH module is tested on its own): it checks
that the state machine reaches every file's finishing stacks, for both N2L1D and F2L3D hands.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from apps.engine.games import single_draw_27, triple_draw_27
from apps.engine.hand import HandState, start_hand
from tests.engine.helpers import action, deal, play, refused

PHH = Path(__file__).resolve().parent.parent / "data" / "phh"
SD = single_draw_27(small_blind=50, big_blind=100, big_blind_ante=100)


def test_big_blind_ante_is_posted_by_the_big_blind_and_is_dead_money() -> None:
    st = deal(SD, 1000, 1000, 1000, button=3)
    assert st.bets() == {1: 50, 2: 100, 3: 0}
    assert st.contributions() == {1: 50, 2: 200, 3: 0} and st.pot_total == 250
    # the pot in the middle is the dead ante; the blinds are bets in front of their owners
    assert st.pots() == [{"name": "main", "amount": 100, "eligible": [1, 2, 3]}]
    # no-limit: minimum raise to 200, maximum the stack
    assert action(st, "raise") == {"type": "raise", "seat": 3, "min": 200, "max": 1000}


def test_big_blind_short_of_blind_and_ante_posts_the_blind_first_tda_rp11() -> None:
    st = deal(SD, 1000, 130, 1000, button=3)
    assert st.bets()[2] == 100 and st.contributions()[2] == 130 and st.stacks()[2] == 0


def test_dead_ante_goes_to_the_main_pot_winner_even_when_all_in_for_less() -> None:
    # seat 3 all-in for 300 against the big blind; the big blind's ante (100) is not "uncalled"
    st = deal(SD, 1000, 1000, 300, button=3)
    st = play(st, "3 raise 300", "1 fold", "2 call", "2 draw 1", "3 draw 0")
    st = play(st, "2 show 9c8d7h5s3c", "3 show 7c5d4h3s2c")
    assert st.received == {1: 0, 2: 0, 3: 300 + 300 + 50 + 100}
    assert st.stacks() == {1: 950, 2: 600, 3: 750}
    assert st.result is not None and st.result["explanation"][0].startswith("Main pot: 100 dead + ")


def test_no_limit_single_draw_min_raise_and_too_small_refusal() -> None:
    st = deal(SD, 1000, 1000, 1000, button=3)
    err = refused(st, "3 raise 150")
    assert err.code == "raise_too_small" and err.detail["minimum"] == 200
    st = play(st, "3 raise 350")  # +250
    assert action(st, "raise")["min"] == 600


# --- real hands -------------------------------------------------------------------------------------------


def _game(d: dict[str, Any]):  # type: ignore[no-untyped-def]
    blinds, antes = d["blinds_or_straddles"], d["antes"]
    if d["variant"] == "N2L1D":
        return single_draw_27(
            small_blind=blinds[0], big_blind=blinds[1], big_blind_ante=antes[1], min_bet=d["min_bet"]
        )
    return triple_draw_27(small_blind=blinds[0], big_blind=blinds[1], ante=antes[0])


def _replay(d: dict[str, Any]) -> HandState:
    n = len(d["starting_stacks"])
    st = start_hand(
        _game(d), [{"seat": i + 1, "stack": s} for i, s in enumerate(d["starting_stacks"])], button=n
    )
    queue: list[tuple[int, str]] = []  # (seat, discards) announced, waiting for their new cards
    for text in d["actions"]:
        t = text.split()
        if t[0] == "d":
            seat, cards = int(t[2][1:]), t[3]
            if st.phase != "drawing" and len(cards) == 10 and not st.draw_counts()[seat]:
                st = st.apply({"type": "deal", "seat": seat, "cards": cards})
                continue
            head, discards = queue.pop(0)
            assert head == seat
            st = st.apply(
                {
                    "type": "draw",
                    "seat": seat,
                    "count": len(discards) // 2,
                    "discard": discards,
                    "receive": cards,
                }
            )
        else:
            seat, op = int(t[0][1:]), t[1]
            legal = {a["type"] for a in st.legal_actions()}
            if op == "f":
                st = st.apply({"type": "fold", "seat": seat})
            elif op == "cc":
                st = st.apply({"type": "call" if "call" in legal else "check", "seat": seat})
            elif op == "cbr":
                st = st.apply(
                    {"type": "bet" if "bet" in legal else "raise", "seat": seat, "amount": int(t[2])}
                )
            elif op == "sd" and len(t) == 2:
                queue.append((seat, ""))
            elif op == "sd":
                queue.append((seat, t[2]))
            elif op == "sm" and len(t) == 2:
                st = st.apply({"type": "muck", "seat": seat})
            elif op == "sm":
                st = st.apply({"type": "show", "seat": seat, "cards": t[2]})
        while queue and queue[0][1] == "":
            st = st.apply({"type": "draw", "seat": queue.pop(0)[0], "count": 0})
    return st


@pytest.mark.parametrize("path", sorted(PHH.glob("wsop_2023_43_5_*.phh")), ids=lambda p: p.stem)
def test_real_wsop_hands_reach_their_finishing_stacks(path: Path) -> None:
    d = tomllib.loads(path.read_text())
    st = _replay(d)
    assert st.phase == "finished"
    assert [st.stacks()[i + 1] for i in range(len(d["starting_stacks"]))] == d["finishing_stacks"]
    assert sum(st.stacks().values()) == sum(d["starting_stacks"])
    assert HandState.from_json(st.to_json()) == st


def test_two_short_all_ins_that_make_a_full_raise_reopen_the_betting_wsop_96a() -> None:
    g = single_draw_27(small_blind=50, big_blind=100)
    st = deal(g, 1000, 1000, 1000, 250, 320, button=5)  # sb 1, bb 2; seat 3 acts first
    st = play(st, "3 call", "4 call", "5 call", "1 call", "2 check")
    st = play(st, "1 draw 0", "2 draw 0", "3 draw 0", "4 draw 0", "5 draw 0")
    st = play(st, "1 bet 100", "2 call", "3 call")
    st = play(st, "4 raise 150")  # all-in: +50, short
    st = play(st, "5 raise 220")  # all-in: +70, short again, but 220 - 100 >= a full raise of 100
    assert (
        st.to_act == 1 and action(st, "raise")["min"] == 320
    )  # reopened; minimum = 220 + last full raise 100
    st = play(st, "1 call")
    assert st.to_act == 2 and action(st, "raise")["min"] == 320


def test_one_short_all_in_does_not_reopen_for_those_who_acted_tda_47a() -> None:
    g = single_draw_27(small_blind=50, big_blind=100)
    st = deal(g, 1000, 1000, 1000, 250, button=4)
    st = play(st, "3 call", "4 call", "1 call", "2 check", "1 draw 0", "2 draw 0", "3 draw 0", "4 draw 0")
    st = play(st, "1 bet 100", "2 call", "3 call", "4 raise 150")  # all-in, +50: short
    assert st.to_act == 1 and [a["type"] for a in st.legal_actions()] == ["fold", "call", "timeout"]
    err = refused(st, "1 raise 250")
    assert err.code == "raise_not_allowed" and err.detail["reason"] == "not_reopened"


def test_pot_limit_single_draw_source_example_in_a_hand() -> None:
    # pot 100 before the round (antes of 25 x 4), a bet of 50: the largest raise is to 250
    g = single_draw_27(small_blind=0, big_blind=0, ante=25, min_bet=10, structure="pot-limit")
    st = deal(g, 1000, 1000, 1000, 1000, button=4)
    assert st.pot_total == 100 and st.to_act == 1
    st = play(st, "1 bet 50")
    assert action(st, "raise") == {"type": "raise", "seat": 2, "min": 100, "max": 250}
    assert refused(st, "2 raise 260").code == "raise_too_large"
