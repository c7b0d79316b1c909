"""Five-Card Draw flows (RULES.md §6): pass-outs, openers, round 2, draw limits, no-bet mode, timeouts."""

from __future__ import annotations

from apps.engine.games import five_card_draw
from apps.engine.hand import start_hand
from tests.engine.helpers import action, deal, play, refused, types

FCD = five_card_draw()
JOB = five_card_draw(opening="jacks-or-better")


def test_antes_then_round_one_from_the_left_of_the_button() -> None:
    st = deal(FCD, 2000, 2000, 2000, button=3)
    assert st.pot_total == 30 and st.stacks() == {1: 1990, 2: 1990, 3: 1990}
    assert st.phase == "betting" and st.to_act == 1
    assert types(st) == ["fold", "check", "bet", "timeout"]
    assert action(st, "bet") == {"type": "bet", "seat": 1, "min": 20, "max": 1990}


def test_all_check_passes_out_pot_stays_everyone_antes_again() -> None:
    # given the default (round 2 starts with the opener), when everyone checks
    st = deal(FCD, 2000, 2000, 2000, button=3, hand_number=7)
    st = play(st, "1 check", "2 check", "3 check")
    # then the cards are redealt inside the same hand: pot stays, antes again, button and hand number stay
    assert st.pass_outs == 1 and st.deal == 1
    assert st.phase == "betting" and st.to_act == 1 and st.round == 0
    assert st.pot_total == 60 and st.stacks() == {1: 1980, 2: 1980, 3: 1980}
    assert st.hand_number == 7 and st.button == 3
    assert st.cards(1) == "??????????"
    st = play(st, "1 check", "2 check", "3 check")
    assert st.pass_outs == 2 and st.pot_total == 90


def test_all_check_goes_on_to_the_draw_when_round_two_starts_left_of_the_button() -> None:
    g = five_card_draw(round2_starter="left-of-button")
    st = play(deal(g, 2000, 2000, 2000, button=3), "1 check", "2 check", "3 check")
    assert st.phase == "drawing" and st.pass_outs == 0 and st.to_act == 1


def test_round_two_starts_with_the_opener() -> None:
    st = deal(FCD, 2000, 2000, 2000, button=3)
    st = play(st, "1 check", "2 bet 20", "3 call", "1 call")
    assert st.opener == 2 and st.phase == "drawing" and st.to_act == 1
    st = play(st, "1 draw 3", "2 draw 1", "3 draw 2")
    assert st.phase == "betting" and st.to_act == 2


def test_round_two_starts_left_of_a_folded_opener() -> None:
    st = deal(FCD, 2000, 2000, 2000, button=3)
    st = play(st, "1 check", "2 bet 20", "3 raise 40", "1 call", "2 fold")
    st = play(st, "1 draw 3", "3 draw 1")
    assert st.to_act == 3  # the next active player to the opener's left


def test_round_two_starts_left_of_the_button_with_that_setting() -> None:
    g = five_card_draw(round2_starter="left-of-button")
    st = play(deal(g, 2000, 2000, 2000, button=3), "1 check", "2 bet 20", "3 call", "1 call")
    st = play(st, "1 draw 3", "2 draw 1", "3 draw 2")
    assert st.to_act == 1


def test_round_two_skips_an_all_in_opener() -> None:
    st = deal(FCD, 2000, 50, 2000, button=3)
    st = play(st, "1 check", "2 bet 40", "3 call", "1 call")  # seat 2 is all-in (50 - 10 ante)
    st = play(st, "1 draw 0", "2 draw 2", "3 draw 0")  # the all-in opener still draws
    assert st.to_act == 3


def test_amounts_are_in_bet_units_except_all_in() -> None:
    st = deal(FCD, 2000, 45, button=1)
    err = refused(st, "2 bet 30")
    assert err.code == "amount_not_in_units" and err.detail["step"] == 20
    st = play(st, "2 bet 35")  # all-in for any amount
    assert st.stacks()[2] == 0


def test_pot_limit_and_fixed_limit_five_card_draw() -> None:
    pl = deal(
        five_card_draw(structure="pot-limit", ante=10, amounts_in_units=False), 2000, 2000, 2000, button=3
    )
    assert action(pl, "bet") == {"type": "bet", "seat": 1, "min": 20, "max": 30}
    assert refused(pl, "1 bet 40").code == "bet_too_large"
    fl = deal(five_card_draw(structure="fixed-limit"), 2000, 2000, 2000, button=3)
    assert action(fl, "bet") == {"type": "bet", "seat": 1, "min": 20, "max": 20}
    fl = play(fl, "1 bet 20")
    assert action(fl, "raise") == {"type": "raise", "seat": 2, "min": 40, "max": 40}


# --- jacks or better -------------------------------------------------------------------------------------


def test_nobody_opens_under_jacks_or_better_passes_out() -> None:
    g = five_card_draw(opening="jacks-or-better", round2_starter="left-of-button")
    st = play(deal(g, 2000, 2000, 2000, button=3), "1 check", "2 check", "3 check")
    assert st.pass_outs == 1 and st.pot_total == 60


def test_known_cards_without_openers_cannot_open() -> None:
    st = play(deal(JOB, 2000, 2000, 2000, button=3), "1 deal TcTd4h3s2c")
    assert "bet" not in types(st)
    err = refused(st, "1 bet 20")
    assert err.code == "openers_required" and err.rule.startswith("RULES.md §6")
    st = play(st, "1 check", "2 deal QcQd5c6h7h", "2 bet 20")
    assert st.opener == 2


def test_opener_must_prove_openers_before_winning_an_uncontested_pot() -> None:
    st = play(deal(JOB, 2000, 2000, 2000, button=3), "1 bet 20", "2 fold", "3 fold")
    assert st.phase == "showdown" and st.pending == "prove_openers" and st.to_act == 1
    assert types(st) == ["prove_openers", "timeout"]
    assert refused(st, "1 show JcJd9s5h2c").code == "wrong_phase"
    st = play(st, "1 prove_openers JcJd9s5h2c")
    assert st.phase == "finished" and st.stacks() == {1: 2020, 2: 1990, 3: 1990}


def test_false_openers_hand_dead_opening_bet_stays_others_play_on() -> None:
    st = play(deal(JOB, 2000, 2000, 2000, button=3), "1 bet 20", "2 call", "3 call")
    st = play(st, "1 draw 1", "2 draw 2", "3 draw 3", "1 check", "2 check", "3 check")
    st = play(st, "1 show AcAdAhKsKc", "2 show 9c9d5h4s2c", "3 show 8c8d5c4h2d")
    assert st.pending == "prove_openers"  # seat 1 would win: prove first
    st = play(st, "1 prove_openers TcTd9s6h3d")  # not jacks or better: the hand is dead
    assert st.phase == "finished" and st.seat(1).dead
    assert st.received == {1: 0, 2: 90, 3: 0}  # the opening bet stayed in the pot


def test_false_openers_declared_mid_hand_the_others_play_on() -> None:
    st = play(deal(JOB, 2000, 2000, 2000, button=3), "1 bet 20", "2 call", "3 call")
    st = play(st, "1 prove_openers 9c9d5h4s2c")
    assert st.seat(1).dead and st.phase == "drawing" and st.to_act == 2


def test_false_openers_with_nobody_left_pass_out_and_the_pot_stays() -> None:
    st = play(deal(JOB, 2000, 2000, 2000, button=3), "1 bet 20", "2 fold", "3 fold")
    st = st.apply({"type": "timeout", "seat": 1})  # no proof in time: false openers
    assert st.pass_outs == 1 and st.phase == "betting"
    assert st.pot_total == 30 + 20 + 30 and st.stacks() == {1: 1960, 2: 1980, 3: 1980}


def test_opener_who_loses_need_not_prove() -> None:
    st = play(deal(JOB, 2000, 2000, button=2), "1 bet 20", "2 call", "1 draw 0", "2 draw 0")
    st = play(st, "1 check", "2 check", "1 show 2c2d5h4s7c", "2 show AcAdAhKsKc")
    assert st.phase == "finished" and st.received == {1: 0, 2: 60}


def test_only_the_opener_proves_openers() -> None:
    st = play(deal(JOB, 2000, 2000, 2000, button=3), "1 bet 20")
    assert refused(st, "2 prove_openers JcJd9s5h2c").code == "prove_not_allowed"


# --- the draw ----------------------------------------------------------------------------------------------


def _at_draw(game, *stacks: int):  # type: ignore[no-untyped-def]
    st = deal(game, *(stacks or (2000, 2000)), button=2)
    return play(st, "1 bet 20", "2 call")


def test_default_draw_limit_three_or_four_showing_the_ace() -> None:
    st = _at_draw(FCD)
    assert action(st, "draw") == {
        "type": "draw",
        "seat": 1,
        "min": 0,
        "max": 4,
        "show_ace_above": 3,
        "usable": 40,
    }
    err = refused(st, "1 draw 4")
    assert err.code == "draw_needs_ace_shown" and err.rule == "RULES.md §6 (draw limit)"
    assert refused(st, {"type": "draw", "seat": 1, "count": 4, "shown": "Ks"}).code == "draw_needs_ace_shown"
    assert refused(st, "1 draw 5").code == "draw_too_many"
    st = st.apply({"type": "draw", "seat": 1, "count": 4, "shown": "As"})
    assert st.cards(1).startswith("As") and st.draw_counts()[1] == [4]


def test_joker_counts_as_the_kept_ace() -> None:
    st = _at_draw(five_card_draw(joker="wild"))
    st = st.apply({"type": "draw", "seat": 1, "count": 4, "shown": "Xx"})
    assert "Xx" in st.cards(1)


def test_draw_limits_three_and_five() -> None:
    assert refused(_at_draw(five_card_draw(draw_limit="3")), "1 draw 4").code == "draw_too_many"
    st = play(_at_draw(five_card_draw(draw_limit="5")), "1 draw 5")
    assert st.draw_counts()[1] == [5]


def test_drawing_is_once_per_hand() -> None:
    st = play(_at_draw(FCD), "1 draw 2", "2 draw 1")
    assert st.phase == "betting"
    assert refused(st, "1 draw 1").code == "wrong_phase"


# --- no-bet mode -------------------------------------------------------------------------------------------


def test_no_bet_mode_best_hand_scores_one_point_ties_each_score() -> None:
    g = five_card_draw(mode="no-bet")
    st = start_hand(g, [{"seat": 1, "stack": 0}, {"seat": 2, "stack": 0}, {"seat": 3, "stack": 0}], button=3)
    assert st.phase == "drawing" and st.to_act == 1 and st.pot_total == 0
    assert refused(st, "1 bet 20").code == "wrong_phase"
    assert refused(st, "1 fold").code == "fold_not_allowed"
    assert "fold" not in types(st)
    st = play(st, "1 draw 3", "2 draw 0", "3 draw 1")
    assert st.phase == "showdown"
    st = play(st, "1 show AcAd5h4s2c", "2 show AhAs5d4c2d", "3 show KcKd5c4h2h")
    assert st.result is not None and st.result["points"] == {"1": 1, "2": 1, "3": 0}
    assert st.stacks() == {1: 0, 2: 0, 3: 0}
    st2 = play(
        start_hand(g, [{"seat": 1, "stack": 0}, {"seat": 2, "stack": 0}], button=1), "2 draw 0", "1 draw 0"
    )
    st2 = st2.apply({"type": "finish_order", "order": [[1], [2]]})
    assert st2.result is not None and st2.result["points"] == {"1": 1, "2": 0}


# --- timeouts, all-ins, side pots --------------------------------------------------------------------------


def test_timeout_checks_if_it_may_else_folds_stands_pat_in_the_draw_mucks_at_showdown() -> None:
    st = deal(FCD, 2000, 2000, 2000, button=3)
    st = st.apply({"type": "timeout", "seat": 1})
    assert st.to_act == 2 and not st.seat(1).folded  # checked
    st = play(st, "2 bet 20", {"type": "timeout", "seat": 3})
    assert st.seat(3).folded  # facing a bet: folded
    st = play(st, "1 call", {"type": "timeout", "seat": 1})
    assert st.draw_counts()[1] == [0]  # stood pat
    st = play(st, "2 draw 1", "2 check", "1 check")
    st = st.apply({"type": "timeout", "seat": 2})
    assert st.phase == "finished" and st.received[1] == 70


def test_everyone_but_one_folding_wins_without_showing() -> None:
    st = play(deal(FCD, 2000, 2000, 2000, button=3), "1 bet 100", "2 fold", "3 fold")
    assert st.phase == "finished" and st.stacks() == {1: 2020, 2: 1990, 3: 1990}
    assert st.result is not None and st.result["returned"] == {"1": 100}


def test_side_pots_at_the_showdown() -> None:
    st = deal(FCD, 60, 130, 2000, button=3)  # after antes: 50, 120, 1990
    st = play(st, "1 bet 50", "2 raise 120", "3 call")
    assert st.stacks() == {1: 0, 2: 0, 3: 1870}
    st = play(st, "1 draw 1", "2 draw 1", "3 draw 1")
    assert st.phase == "showdown"  # nobody left to bet: round 2 is skipped
    st = play(st, "1 show AcAdAhKsKc", "2 show QcQdQh2s2c", "3 show 9c9d9h5s5c")
    assert st.received == {1: 180, 2: 140, 3: 0}
    assert st.pots() == [
        {"name": "main", "amount": 180, "eligible": [1, 2, 3]},
        {"name": "side 1", "amount": 140, "eligible": [2, 3]},
    ]


def test_timeout_at_showdown_shows_known_cards() -> None:
    st = play(
        deal(FCD, 2000, 2000, button=2), "1 deal AcAdAhKsKc", "1 bet 20", "2 call", "1 draw 0", "2 draw 1"
    )
    st = play(st, "1 check", "2 check", {"type": "timeout", "seat": 1}, "2 show 9c9d5h4s2c")
    assert st.seat(1).showdown == "shown" and st.received == {1: 60, 2: 0}
