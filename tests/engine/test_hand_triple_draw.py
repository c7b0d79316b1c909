"""2-7 Triple Draw (RULES.md §7): blinds, order of action, small and big bet, the cap, short all-ins."""

from __future__ import annotations

from apps.engine.games import triple_draw_27
from tests.engine.helpers import action, deal, play, refused, types

TD = triple_draw_27(small_blind=5, big_blind=10)


def test_blinds_left_of_the_button_and_round_one_starts_left_of_the_big_blind() -> None:
    st = deal(TD, 100, 100, 100, button=3)
    assert (st.sb_seat, st.bb_seat) == (1, 2)
    assert st.bets() == {1: 5, 2: 10, 3: 0} and st.stacks() == {1: 95, 2: 90, 3: 100}
    assert st.phase == "betting" and st.to_act == 3
    assert action(st, "call") == {"type": "call", "seat": 3, "amount": 10, "to": 10}
    assert action(st, "raise") == {"type": "raise", "seat": 3, "min": 20, "max": 20}  # small bet


def test_out_of_turn_is_refused_naming_the_seat_to_act() -> None:
    st = deal(TD, 100, 100, 100, button=3)
    err = refused(st, "1 call")
    assert err.code == "not_your_turn" and err.detail == {"seat": 1, "to_act": 3}
    assert "seat 3 is to act" in str(err)


def test_a_full_hand_small_bet_then_big_bet_draws_in_order_and_showdown() -> None:
    # given three players, button 3
    st = deal(TD, 200, 200, 200, button=3)
    # round 1 (small bet 10): seat 3 raises to 20, both blinds call
    st = play(st, "3 raise 20", "1 call", "2 call")
    assert st.phase == "drawing" and st.pot_total == 60
    # the draws go left of the button: 1, 2, 3
    assert st.to_act == 1
    assert refused(st, "3 draw 1").code == "not_your_turn"
    st = play(st, "1 draw 2", "2 draw 1", "3 draw 0")
    assert st.draw_counts() == {1: [2], 2: [1], 3: [0]}
    # round 2 (small bet 10) starts with the first active player left of the button
    assert st.phase == "betting" and st.round == 1 and st.to_act == 1
    assert action(st, "bet") == {"type": "bet", "seat": 1, "min": 10, "max": 10}
    st = play(st, "1 check", "2 bet 10", "3 call", "1 call")
    st = play(st, "1 draw 1", "2 draw 1", "3 draw 0")
    # round 3: big bet 20
    assert st.round == 2 and action(st, "bet")["min"] == 20
    assert refused(st, "1 bet 10").code == "fixed_limit_amount"
    st = play(st, "1 bet 20", "2 fold", "3 raise 40", "1 call")
    st = play(st, "1 draw 1", "3 draw 0")
    # round 4: big bet 20, seat 1 first (seat 2 folded)
    assert st.round == 3 and st.to_act == 1
    st = play(st, "1 check", "3 bet 20", "1 call")
    assert st.phase == "showdown"
    st = play(st, "1 show 8c6d4h3s2c", "3 show 7c5d4c3h2d")
    assert st.phase == "finished"
    # pot: 60 + 30 + 80 (40 + 40) + 40 = 210; seat 3 wins with 7-5 low
    assert st.received == {1: 0, 2: 0, 3: 210}
    assert st.stacks() == {1: 200 - 90, 2: 200 - 30, 3: 200 - 90 + 210}
    assert st.result is not None and "7-5-4-3-2" in " ".join(st.result["explanation"])


def test_cap_a_bet_and_four_raises_then_only_call_or_fold() -> None:
    st = deal(TD, 500, 500, 500, button=3)
    st = play(st, "3 call", "1 call", "2 check", "1 draw 0", "2 draw 0", "3 draw 0")
    st = play(st, "1 bet 10", "2 raise 20", "3 raise 30", "1 raise 40", "2 raise 50")
    assert types(st) == ["fold", "call", "timeout"]
    err = refused(st, "3 raise 60")
    assert err.code == "raise_not_allowed" and err.detail["reason"] == "cap"


def test_round_one_cap_counts_the_big_blind_as_the_bet() -> None:
    st = deal(TD, 500, 500, 500, button=3)
    st = play(st, "3 raise 20", "1 raise 30", "2 raise 40", "3 raise 50")
    assert "raise" not in types(st)


def test_cap_lifted_heads_up_only_with_the_setting() -> None:
    uncapped = triple_draw_27(small_blind=5, big_blind=10, uncap_heads_up=True)
    for game, can in ((TD, False), (uncapped, True)):
        st = deal(game, 500, 500, button=1)
        st = play(st, "1 raise 20", "2 raise 30", "1 raise 40", "2 raise 50")
        assert ("raise" in types(st)) is can


def test_heads_up_button_posts_small_blind_acts_first_then_last() -> None:
    st = deal(TD, 100, 100, button=2)
    assert (st.sb_seat, st.bb_seat) == (2, 1)
    assert st.to_act == 2  # the button acts first before the first draw (TDA 34-B)
    st = play(st, "2 call", "1 check")
    assert st.to_act == 1  # and draws / acts last after it
    st = play(st, "1 draw 1", "2 draw 1")
    assert st.to_act == 1


def test_big_blind_gets_the_option_when_everyone_calls() -> None:
    st = deal(TD, 100, 100, 100, button=3)
    st = play(st, "3 call", "1 call")
    assert st.to_act == 2 and types(st) == ["fold", "check", "raise", "timeout"]


def test_all_in_for_half_a_bet_or_more_reopens_less_does_not() -> None:
    # round 2, small bet 10: seat 1 bets 10, seat 2 is all-in for 15 (>= half): seat 1 may re-raise
    st = deal(TD, 200, 25, 200, button=3)
    st = play(st, "3 call", "1 call", "2 check", "1 draw 0", "2 draw 0", "3 draw 0")
    st = play(st, "1 bet 10", "2 raise 15", "3 call")
    assert st.to_act == 1 and action(st, "raise") == {"type": "raise", "seat": 1, "min": 25, "max": 25}
    # less than half: 4 over the bet does not reopen; the next player may complete to 20
    st2 = deal(TD, 200, 24, 200, button=3)
    st2 = play(st2, "3 call", "1 call", "2 check", "1 draw 0", "2 draw 0", "3 draw 0")
    st2 = play(st2, "1 bet 10", "2 raise 14")
    assert action(st2, "raise") == {"type": "raise", "seat": 3, "min": 20, "max": 20}
    st2 = play(st2, "3 call")
    assert st2.to_act == 1 and "raise" not in types(st2)
    err = refused(st2, "1 raise 24")
    assert err.code == "raise_not_allowed" and err.rule == "RULES.md §4; TDA 47-B"


def test_short_blind_posts_all_in_and_others_still_play() -> None:
    st = deal(TD, 100, 6, 100, button=3)  # the big blind has 6
    assert st.bets() == {1: 5, 2: 6, 3: 0} and st.stacks()[2] == 0
    # the full blind is still the bet: call 10, raise to 20
    assert action(st, "call") == {"type": "call", "seat": 3, "amount": 10, "to": 10}
    assert action(st, "raise")["min"] == 20
    st = play(st, "3 call", "1 call")
    assert st.phase == "drawing"  # the all-in big blind is skipped
    assert st.to_act == 1


def test_all_in_players_still_draw_and_side_pots_are_awarded() -> None:
    st = deal(TD, 15, 100, 100, button=3)  # seat 1 (small blind) has 15
    st = play(st, "3 raise 20", "1 call", "2 call")
    assert st.stacks()[1] == 0
    st = play(st, "1 draw 2", "2 draw 1", "3 draw 1")  # the all-in seat draws too
    st = play(st, "2 bet 10", "3 call", "1 draw 0", "2 draw 0", "3 draw 0")
    st = play(st, "2 check", "3 check", "1 draw 0", "2 draw 0", "3 draw 0", "2 check", "3 check")
    st = play(st, "1 show 7c5d4h3s2c", "2 show 8c6d4c3h2d", "3 show 9c8d7h5s3c")
    # main pot 15 x 3 = 45 to seat 1; side pot (20 - 15) x 2 + 10 x 2 = 30 to seat 2
    assert st.received == {1: 45, 2: 30, 3: 0}
    assert sum(st.stacks().values()) == 215


def test_everyone_folds_to_the_big_blind() -> None:
    st = deal(TD, 100, 100, 100, button=3)
    st = play(st, "3 fold", "1 fold")
    assert st.phase == "finished" and st.stacks() == {1: 95, 2: 105, 3: 100}
    assert refused(st, "2 check").code == "hand_finished"


def test_showdown_by_finishing_order_when_no_cards_are_entered() -> None:
    st = deal(TD, 100, 100, 100, button=3)
    st = play(st, "3 call", "1 call", "2 check")
    for _ in range(3):
        st = play(st, "1 draw 0", "2 draw 0", "3 draw 0", "1 check", "2 check", "3 check")
    assert st.phase == "showdown"
    st = st.apply({"type": "finish_order", "order": [[2, 3], [1]]})
    assert st.received == {1: 0, 2: 15, 3: 15}
    bad = deal(TD, 100, 100, button=1)
    bad = play(bad, "1 call", "2 check")
    for _ in range(3):
        bad = play(bad, "2 draw 0", "1 draw 0", "2 check", "1 check")
    err = refused(bad, {"type": "finish_order", "order": [[1]]})
    assert err.code == "finish_order_invalid"


def test_showdown_muck_leaves_the_last_claimant_the_winner() -> None:
    st = deal(TD, 100, 100, button=1)
    st = play(st, "1 call", "2 check")
    for _ in range(3):
        st = play(st, "2 draw 0", "1 draw 0", "2 check", "1 check")
    st = play(st, {"type": "muck", "seat": 2})
    assert st.phase == "finished" and st.received == {1: 20, 2: 0}


def test_triple_draw_antes_are_posted_before_the_blinds() -> None:
    g = triple_draw_27(small_blind=5, big_blind=10, ante=2)
    st = deal(g, 100, 100, 100, button=3)
    assert st.pot_total == 21 and st.contributions() == {1: 7, 2: 12, 3: 2}
    assert st.bets() == {1: 5, 2: 10, 3: 0}


def test_short_big_blind_call_is_what_was_posted_with_call_full_blind_off() -> None:
    """RULES.md §4 (short big blind), call_full_blind off (PHH's reading): the call is the posted amount
    and the minimum raise counts from it: 6 + one bet of 10."""
    g = triple_draw_27(small_blind=5, big_blind=10, call_full_blind=False)  # PokerKit / PHH semantics
    st = deal(g, 100, 6, 100, button=3)
    assert action(st, "call") == {"type": "call", "seat": 3, "amount": 6, "to": 6}
    assert action(st, "raise")["min"] == 16
    st = play(st, "3 raise 16")
    assert st.bets() == {1: 5, 2: 6, 3: 16}
