"""Betting limits of one round (RULES.md §4): NL/PL/FL minimums and maximums, short all-ins, the cap."""

from __future__ import annotations

import pytest

from apps.engine.betting import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    Limits,
    RoundState,
    Wagerer,
    after_wager,
    bet_bounds,
    can_bet,
    can_check,
    can_raise,
    can_raise_at_all,
    cap_reached,
    is_full_wager,
    is_reopened_for,
    min_bet,
    raise_bounds,
    to_call,
    verify_bet,
    verify_call,
    verify_check,
    verify_raise,
    wager_range,
)
from apps.engine.errors import BettingError

NL = Limits(structure=NO_LIMIT, unit=20)
PL = Limits(structure=POT_LIMIT, unit=10)
FL = Limits(structure=FIXED_LIMIT, unit=20)


def p(seat: int = 1, stack: int = 1000, bet: int = 0, acted_at: int | None = None) -> Wagerer:
    return Wagerer(seat=seat, stack=stack, bet=bet, acted_at=acted_at)


def play(limits: Limits, rnd: RoundState, *totals: tuple[Wagerer, int]) -> RoundState:
    for player, total in totals:
        rnd = after_wager(limits, rnd, player, total)
    return rnd


def refused(fn, *args, **kw) -> BettingError:  # type: ignore[no-untyped-def]
    with pytest.raises(BettingError) as info:
        fn(*args, **kw)
    return info.value


# --- no-limit ----------------------------------------------------------------------------------------------


def test_nl_minimum_bet_is_the_unit_and_a_smaller_bet_is_refused_with_numbers() -> None:
    assert min_bet(NL) == 20
    err = refused(verify_bet, NL, RoundState(), p(seat=3), 10)
    assert err.code == "bet_too_small"
    assert err.rule == "RULES.md §4; TDA 43-A"
    assert err.detail["seat"] == 3 and err.detail["amount"] == 10 and err.detail["minimum"] == 20
    assert can_bet(NL, RoundState(), p(), 20)
    assert can_bet(NL, RoundState(), p(), 1000)


def test_nl_raise_must_add_the_largest_full_bet_or_raise_tda_43a() -> None:
    # given a bet of 20 (full), when seat 3 raises to 30, then refused: minimum raise to 40
    rnd = play(NL, RoundState(pot=30), (p(seat=1), 20))
    err = refused(verify_raise, NL, rnd, p(seat=3), 30)
    assert err.code == "raise_too_small"
    assert str(err) == "raise to 30 is below the minimum raise to 40"
    assert err.detail == {"seat": 3, "amount": 30, "stack": 1000, "bet": 0, "minimum": 40, "maximum": 1000}
    assert can_raise(NL, rnd, p(seat=3), 40)
    # a raise to 100 (+80) makes the next minimum raise-to 180
    rnd = play(NL, rnd, (p(seat=3), 100))
    assert raise_bounds(NL, rnd, p(seat=4))[0] == 180
    # a later smaller full raise does not shrink it: the largest full raise so far counts
    assert rnd.increment == 80


def test_nl_short_all_in_does_not_change_the_minimum_raise() -> None:
    rnd = play(NL, RoundState(), (p(seat=1), 100))
    rnd = play(NL, rnd, (p(seat=2, stack=150), 150))  # all-in +50: short
    assert rnd.current_bet == 150 and rnd.full_level == 100 and rnd.increment == 100
    assert raise_bounds(NL, rnd, p(seat=3))[0] == 250  # TDA: current 150 + last full raise 100


def test_nl_short_all_in_does_not_reopen_for_a_player_who_already_acted_tda_47a() -> None:
    # seat 1 bets 100, seat 2 calls, seat 3 all-in 150 (short): seats 1 and 2 may only call or fold
    rnd = play(NL, RoundState(), (p(seat=1), 100), (p(seat=2), 100))
    rnd = play(NL, rnd, (p(seat=3, stack=150), 150))
    opener = p(seat=1, stack=900, bet=100, acted_at=100)
    assert not is_reopened_for(NL, rnd, opener)
    assert not can_raise_at_all(NL, rnd, opener)
    err = refused(verify_raise, NL, rnd, opener, 300)
    assert err.code == "raise_not_allowed"
    assert err.rule == "RULES.md §4; TDA 47-A; WSOP 96-a"
    assert err.detail["reason"] == "not_reopened" and err.detail["threshold"] == 100
    # a player who has not acted yet may raise (to at least 250)
    assert can_raise(NL, rnd, p(seat=4), 250)
    assert not can_raise(NL, rnd, p(seat=4), 249)


def test_nl_several_short_all_ins_that_make_a_full_raise_reopen_wsop_96a() -> None:
    rnd = play(NL, RoundState(), (p(seat=1), 100))
    rnd = play(NL, rnd, (p(seat=2, stack=150), 150), (p(seat=3, stack=220), 220))
    assert rnd.full_level == 100 and rnd.current_bet == 220  # neither was a full raise on its own
    opener = p(seat=1, stack=900, bet=100, acted_at=100)
    assert is_reopened_for(NL, rnd, opener)  # faces +120 >= a full raise of 100
    assert can_raise(NL, rnd, opener, 320)  # minimum stays the last full raise: 220 + 100
    assert not can_raise(NL, rnd, opener, 319)


def test_nl_all_in_for_less_than_the_minimum_is_allowed() -> None:
    short = p(seat=2, stack=15)
    verify_bet(NL, RoundState(), short, 15)  # below the minimum bet, but all-in
    assert wager_range(NL, RoundState(), short) == (15, 15)
    assert wager_range(NL, RoundState(), p(seat=2, stack=30)) == (20, 30)
    rnd = play(NL, RoundState(), (p(seat=1), 20))
    verify_raise(NL, rnd, p(seat=3, stack=35), 35)  # all-in raise for less than a full raise


def test_amount_exceeding_the_stack_is_refused() -> None:
    err = refused(verify_bet, NL, RoundState(), p(seat=2, stack=50), 60)
    assert err.code == "amount_exceeds_stack" and err.detail["maximum"] == 50


def test_check_call_and_bet_not_allowed() -> None:
    rnd = play(NL, RoundState(), (p(seat=1), 40))
    assert refused(verify_check, rnd, p(seat=2)).code == "check_not_allowed"
    assert not can_check(rnd, p(seat=2))
    assert refused(verify_bet, NL, rnd, p(seat=2), 80).code == "bet_not_allowed"
    assert refused(verify_call, RoundState(), p(seat=2)).code == "call_not_allowed"
    assert refused(verify_raise, NL, RoundState(), p(seat=2), 80).code == "raise_not_allowed"
    assert to_call(rnd, p(seat=2, stack=25)) == 25


def test_a_player_who_can_only_call_all_in_cannot_raise() -> None:
    rnd = play(NL, RoundState(), (p(seat=1), 100))
    err = refused(verify_raise, NL, rnd, p(seat=2, stack=100), 100)
    assert err.code == "raise_not_allowed" and err.detail["reason"] == "stack"


def test_amounts_in_bet_units_only_all_in_may_differ() -> None:
    lim = Limits(structure=NO_LIMIT, unit=20, step=20)
    err = refused(verify_bet, lim, RoundState(), p(seat=1), 30)
    assert err.code == "amount_not_in_units" and err.detail["step"] == 20
    verify_bet(lim, RoundState(), p(seat=1), 40)
    verify_bet(lim, RoundState(), p(seat=1, stack=35), 35)  # all-in any amount


# --- pot-limit ---------------------------------------------------------------------------------------------


def test_pl_source_example_pot_100_bet_50_max_raise_to_250() -> None:
    # RULES.md §4 / seed 001: pot 100, a bet of 50 (pot 150); calling makes 200; the raise adds 200 → 250
    rnd = after_wager(PL, RoundState(pot=100), p(seat=1), 50)
    assert rnd.pot == 150
    lo, hi = raise_bounds(PL, rnd, p(seat=2))
    assert (lo, hi) == (100, 250)
    verify_raise(PL, rnd, p(seat=2), 250)
    err = refused(verify_raise, PL, rnd, p(seat=2), 260)
    assert err.code == "raise_too_large"
    assert err.rule == "RULES.md §4 (pot-limit)"
    assert err.detail["maximum"] == 250


def test_pl_max_bet_is_the_pot_and_an_all_in_above_it_is_refused() -> None:
    assert bet_bounds(PL, RoundState(pot=100), p()) == (10, 100)
    err = refused(verify_bet, PL, RoundState(pot=100), p(stack=300), 300)
    assert err.code == "bet_too_large"


def test_pl_max_raise_counts_the_raisers_own_bet() -> None:
    # blinds 5/10 posted (pot 15): the first raiser may go to 10 + (15 + 10) = 35
    rnd = RoundState.opening(unit=10, pot=15, blind=10, posted=10)
    assert raise_bounds(PL, rnd, p(seat=3))[1] == 35
    # the small blind (5 in) may raise to 10 + (15 + 5) = 30
    assert raise_bounds(PL, rnd, p(seat=1, bet=5))[1] == 30


# --- fixed-limit -------------------------------------------------------------------------------------------


def test_fl_bets_and_raises_are_exactly_one_unit() -> None:
    err = refused(verify_bet, FL, RoundState(), p(), 30)
    assert err.code == "fixed_limit_amount" and err.detail["minimum"] == 20 and err.detail["maximum"] == 20
    verify_bet(FL, RoundState(), p(), 20)
    rnd = play(FL, RoundState(), (p(seat=1), 20))
    assert raise_bounds(FL, rnd, p(seat=2)) == (40, 40)
    assert refused(verify_raise, FL, rnd, p(seat=2), 60).code == "fixed_limit_amount"


def test_fl_cap_is_a_bet_and_four_raises_wsop_100b() -> None:
    rnd = RoundState()
    for i, total in enumerate((20, 40, 60, 80, 100)):
        rnd = play(FL, rnd, (p(seat=i + 1, bet=total - 20 if i else 0), total))
    assert rnd.wagers == 5 and cap_reached(FL, rnd)
    err = refused(verify_raise, FL, rnd, p(seat=6), 120)
    assert err.code == "raise_not_allowed"
    assert err.rule == "RULES.md §4; WSOP 100-b; TDA 48"
    assert err.detail["reason"] == "cap" and err.detail["max_raises"] == 4


def test_fl_cap_setting_and_uncapped_heads_up() -> None:
    three = Limits(structure=FIXED_LIMIT, unit=20, max_raises=3)
    assert cap_reached(three, RoundState(wagers=4))
    uncap = Limits(structure=FIXED_LIMIT, unit=20, uncap_heads_up=True)
    assert cap_reached(uncap, RoundState(wagers=5), heads_up=False)
    assert not cap_reached(uncap, RoundState(wagers=5), heads_up=True)
    assert cap_reached(FL, RoundState(wagers=5), heads_up=True)  # default off (TDA 48)
    assert not cap_reached(NL, RoundState(wagers=50))


def test_fl_blind_counts_as_the_bet() -> None:
    rnd = RoundState.opening(unit=20, pot=30, blind=20, posted=20)
    assert rnd.wagers == 1
    assert raise_bounds(FL, rnd, p(seat=3)) == (40, 40)


def test_fl_all_in_of_half_a_unit_or_more_is_a_full_raise_and_reopens_tda_47b() -> None:
    rnd = play(FL, RoundState(), (p(seat=1), 20))
    assert is_full_wager(FL, rnd, 30)  # +10 = half of 20
    rnd = play(FL, rnd, (p(seat=2, stack=30), 30))
    assert rnd.full_level == 30 and rnd.wagers == 2
    bettor = p(seat=1, stack=980, bet=20, acted_at=20)
    assert is_reopened_for(FL, rnd, bettor)
    verify_raise(FL, rnd, bettor, 50)  # a full unit over the all-in


def test_fl_all_in_of_less_than_half_a_unit_does_not_reopen() -> None:
    rnd = play(FL, RoundState(), (p(seat=1), 20))
    assert not is_full_wager(FL, rnd, 29)
    rnd = play(FL, rnd, (p(seat=2, stack=29), 29))
    assert rnd.full_level == 20 and rnd.current_bet == 29 and rnd.wagers == 1
    bettor = p(seat=1, stack=980, bet=20, acted_at=20)
    err = refused(verify_raise, FL, rnd, bettor, 40)
    assert err.code == "raise_not_allowed" and err.rule == "RULES.md §4; TDA 47-B"
    # a player yet to act may call 29 or complete the raise to 40
    assert raise_bounds(FL, rnd, p(seat=3)) == (40, 40)
    verify_raise(FL, rnd, p(seat=3), 40)


def test_fl_short_all_in_bet_lets_the_next_player_complete() -> None:
    rnd = play(FL, RoundState(), (p(seat=1, stack=5), 5))
    assert rnd.current_bet == 5 and rnd.wagers == 0
    assert raise_bounds(FL, rnd, p(seat=2)) == (20, 20)


def test_round_state_json_round_trip() -> None:
    rnd = RoundState(current_bet=40, full_level=40, increment=20, wagers=2, pot=90)
    assert RoundState.from_json(rnd.to_json()) == rnd


def test_limits_refuse_a_bad_structure() -> None:
    with pytest.raises(BettingError) as info:
        Limits(structure="spread-limit", unit=10)
    assert info.value.code == "structure_invalid"
