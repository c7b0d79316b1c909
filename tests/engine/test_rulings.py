"""Rulings RULES.md decides, each given / when / then with the rule it rests on: false openers, amounts in
bet units, the smallest chip, the short big blind, running out of cards, the no-bet showdown, the
explanation's wording, and typed refusals of malformed input."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from apps.engine import evaluate
from apps.engine.deck import Stub
from apps.engine.errors import EngineError
from apps.engine.games import Game, five_card_draw, single_draw_27, triple_draw_27
from apps.engine.hand import start_hand
from apps.engine.pots import FinishingRank, PotPlayer, resolve_pots

from .helpers import action, deal, play, refused, seats, types

JOB = five_card_draw(opening="jacks-or-better")


# --- RULES.md §6: false openers ----------------------------------------------------------------------------


def test_false_openers_before_the_draw_nobody_calls_the_dead_bet() -> None:
    """RULES.md §6 (RRoP Jacks-or-better): the dead opener's bet stays in the pot, nobody has to call it,
    nobody may raise it without openers: seat 2 may check; if everyone checks, the deal passes out."""
    st = play(deal(JOB, 2000, 2000, 2000, button=3), "1 bet 20", "1 prove_openers 9c8d5h4s2c")
    assert st.seat(1).dead and st.to_act == 2
    assert "call" not in types(st) and "raise" not in types(st) and "check" in types(st)
    assert refused(st, "2 call").code == "call_not_allowed"
    st = play(st, "2 check", "3 check")
    assert st.pass_outs == 1
    assert st.pot_total == 30 + 20 + 30  # the dead bet stayed in; everyone antes again


def test_false_openers_a_new_bet_needs_openers_again() -> None:
    """RULES.md §6: with the dead bet void, the next bet opens the pot: jacks or better needed."""
    st = play(deal(JOB, 2000, 2000, 2000, button=3), "1 bet 20", "1 prove_openers 9c8d5h4s2c")
    st = play(st, "2 deal TcTd4h3s2c")
    assert refused(st, "2 bet 20").code == "openers_required"


def test_false_openers_heads_up_the_dead_opener_gets_nothing_back() -> None:
    """RULES.md §6: none of the opener's chips comes back as uncalled (today's bug: 40 came back)."""
    st = play(deal(JOB, 2000, 2000, button=2), "1 bet 40", "1 prove_openers 9c8d5h4s2c")
    assert st.phase == "finished"
    assert st.received == {1: 0, 2: 60} and st.stacks() == {1: 1950, 2: 2050}
    assert st.result is not None and st.result["returned"] == {}


def test_false_openers_at_the_showdown_the_uncalled_part_stays_in_the_pot() -> None:
    """RULES.md §6: the opener bets 100, seat 2 calls all-in for 50; the opener proves false at the
    showdown: the 50 nobody called stays in and goes to seat 2 with the rest."""
    st = play(deal(JOB, 2000, 80, 2000, button=3), "1 bet 20", "2 call", "3 fold")
    st = play(st, "1 draw 1", "2 draw 1", "1 bet 100", "2 call")
    st = play(st, "1 show AcAdAhKsKc", "2 show 9c9d5h4s2c")
    assert st.pending == "prove_openers"
    st = play(st, "1 prove_openers TcTd9s6h3d")
    assert st.received == {1: 0, 2: 30 + 40 + 100 + 50, 3: 0}
    assert st.result is not None and st.result["returned"] == {}


# --- RULES.md §6: amounts in bet units (a bet, and each raise's increment) ---------------------------------


def test_raise_after_a_short_all_in_counts_units_from_the_bet_it_raises() -> None:
    """RULES.md §6, TDA 43-A: unit 20, bet 40, all-in to 50: the minimum raise is to 90 (50 + 40), and 90
    adds 40 = two units: legal. 100 adds 50: not whole units."""
    st = play(deal(five_card_draw(), 2000, 60, 2000, button=3), "1 bet 40", "2 raise 50")
    assert st.bets()[2] == 50 and st.stacks()[2] == 0
    assert action(st, "raise")["min"] == 90
    low = refused(st, "3 raise 80")
    assert (low.code, low.rule, low.detail["minimum"]) == ("raise_too_small", "RULES.md §4; TDA 43-A", 90)
    odd = refused(st, "3 raise 100")
    assert (odd.code, odd.rule) == ("amount_not_in_units", "RULES.md §6 (amounts in bet units)")
    st = play(st, "3 raise 90")
    assert st.bets()[3] == 90


def test_pot_limit_in_units_allows_the_pot_sized_bet() -> None:
    """RULES.md §4 (pot-limit) and §6: pot 30, unit 20: the pot-sized bet 30 is legal, 40 is over the pot,
    25 is neither whole units nor the pot."""
    st = deal(five_card_draw(structure="pot-limit"), 2000, 2000, 2000, button=3)
    assert st.pot_total == 30 and action(st, "bet")["max"] == 30
    over = refused(st, "1 bet 40")
    assert (over.code, over.rule) == ("bet_too_large", "RULES.md §4 (pot-limit)")
    assert refused(st, "1 bet 25").code == "amount_not_in_units"
    st = play(st, "1 bet 30")
    # pot 60, call 30 makes 90: the largest raise is to 30 + 90 = 120, whole units or not
    assert action(st, "raise")["max"] == 120
    assert play(st, "2 raise 120").bets()[2] == 120


# --- the smallest chip in play (RULES.md §5) ---------------------------------------------------------------


def test_a_raise_not_a_multiple_of_the_smallest_chip_is_refused() -> None:
    """RULES.md §5 (the smallest chip in play): 25-chips: a raise to 137 is refused, 150 is fine."""
    g = five_card_draw(ante=25, smallest_chip=25, amounts_in_units=False)
    st = play(deal(g, 2000, 2000, button=2), "1 bet 50")
    err = refused(st, "2 raise 137")
    assert (err.code, err.rule, err.detail["chip"]) == (
        "amount_not_in_chips",
        "RULES.md §5 (the smallest chip in play)",
        25,
    )
    assert refused(st, "2 raise 137").message.startswith(
        "raise to 137 is not a multiple of the smallest chip"
    )
    assert play(st, "2 raise 150").bets()[2] == 150
    assert refused(deal(g, 2000, 2000, button=2), "1 bet 60").code == "amount_not_in_chips"


def test_the_amounts_offered_over_an_all_in_not_in_chips_are_whole_chips_and_are_taken() -> None:
    """RULES.md §5 (the smallest chip in play): seat 2 is all-in to 13 in 5-chips. The least raise, 23, is
    offered from 25, the first amount in chips; the pot-limit most, 69 (13 + the pot of 56 after calling),
    down to 65; and in round 2 the pot of 72 is a bet of at most 70. Each amount offered is one ``apply``
    takes (the odd amounts were offered and then refused, or the raise was not offered at all)."""
    g = five_card_draw(ante=5, bet_unit=10, structure="pot-limit", smallest_chip=5, amounts_in_units=False)
    st = play(deal(g, 2000, 18, 2000, 2000, button=4), "1 bet 10", "2 raise 13")
    assert st.seat(2).stack == 0 and st.to_act == 3
    offer = action(st, "raise")
    assert (offer["min"], offer["max"]) == (25, 65)
    for amount in (25, 65):
        assert play(st, f"3 raise {amount}").bets()[3] == amount
    assert refused(st, "3 raise 69").code == "raise_too_large"
    st = play(st, "3 call", "4 call", "1 call", "1 draw 0", "2 draw 0", "3 draw 0", "4 draw 0")
    assert st.pot_total == 72
    offer = action(st, "bet")
    assert (offer["min"], offer["max"]) == (10, 70)
    assert play(st, f"{offer['seat']} bet 70").bets()[offer["seat"]] == 70


@pytest.mark.parametrize(
    ("make", "field", "amount"),
    [
        # the ante of 10 makes a bet unit of 20: with 100-chips no fixed-limit bet could ever be made, every
        # first round was checked through and passed out (a hand of 333 re-antes; with no ante, endless)
        (lambda: five_card_draw(structure="fixed-limit", smallest_chip=100), "ante", 10),
        (lambda: five_card_draw(ante=25, bet_unit=30, smallest_chip=25), "bet_units", 30),
        (lambda: triple_draw_27(small_blind=5, big_blind=10, smallest_chip=25), "small_blind", 5),
        (
            lambda: triple_draw_27(
                small_blind=10, big_blind=20, bet_units=(20, 20, 40, 45), smallest_chip=10
            ),
            "bet_units",
            45,
        ),
        (
            lambda: single_draw_27(small_blind=25, big_blind=50, big_blind_ante=60, smallest_chip=25),
            "big_blind_ante",
            60,
        ),
    ],
)
def test_a_game_whose_forced_bets_or_bet_units_are_not_in_chips_is_refused(
    make: Any, field: str, amount: int
) -> None:
    """RULES.md §5 (the smallest chip in play): every amount is paid in the smallest chip, so a forced bet or
    a bet unit that is not a multiple of it cannot be posted or bet: the game is refused when it is made."""
    with pytest.raises(EngineError) as info:
        make()
    assert info.value.code == "game_invalid"
    assert (info.value.detail["field"], info.value.detail["amount"]) == (field, amount)
    assert info.value.message == (
        f"invalid game: {field} must be a multiple of smallest_chip "
        f"({info.value.detail['smallest_chip']}), not {amount}"
    )


def test_without_an_ante_the_bet_unit_is_one_smallest_chip() -> None:
    """RULES.md §5-6: the bet unit is twice the ante, and at least one chip of the smallest in play."""
    assert five_card_draw(ante=0, smallest_chip=5).bet_units == (5, 5)
    assert five_card_draw(ante=0).bet_units == (1, 1)
    assert five_card_draw(ante=0, mode="no-bet", smallest_chip=7).betting is False  # no chips, no check


@settings(max_examples=300, deadline=None)
@given(
    ante=hs.integers(0, 200),
    bet_unit=hs.one_of(hs.none(), hs.integers(1, 100)),
    chip=hs.integers(1, 100),
    structure=hs.sampled_from(["no-limit", "pot-limit", "fixed-limit"]),
    in_units=hs.booleans(),
    stacks=hs.lists(hs.integers(1, 5000), min_size=2, max_size=6),
)
def test_in_every_game_made_the_first_seat_to_act_may_open_the_betting(
    ante: int, bet_unit: int | None, chip: int, structure: str, in_units: bool, stacks: list[int]
) -> None:
    """RULES.md §6: a first round that everyone checks passes out and everyone antes again. Unless a bet
    is always possible, such a hand can only be checked through until the antes have taken the stacks (or,
    with no ante, forever). So whatever a game accepts, the first seat to act is offered a bet, and the
    least bet offered is one ``apply`` takes."""
    try:
        game = five_card_draw(
            ante=ante, bet_unit=bet_unit, smallest_chip=chip, structure=structure, amounts_in_units=in_units
        )
    except EngineError as exc:
        assert exc.code == "game_invalid"
        return
    st0 = deal(game, *stacks, button=len(stacks))
    if st0.phase != "betting":  # every seat all-in on its ante: nothing to bet
        return
    offered = [a for a in st0.legal_actions() if a["type"] == "bet"]
    assert offered, (game.bet_units, game.ante, game.smallest_chip, st0.legal_actions())
    seat, least = offered[0]["seat"], offered[0]["min"]
    assert st0.apply({"type": "bet", "seat": seat, "amount": least}).bets()[seat] == least


# --- RULES.md §4: the short big blind ----------------------------------------------------------------------


def test_heads_up_big_blind_all_in_for_less_than_the_small_blind_ends_the_round() -> None:
    """RULES.md §4 (short big blind): the big blind is all-in for 3, the small blind has put in 5: nobody can
    match another chip, so the round is over and the hand goes to the draw."""
    st = start_hand(triple_draw_27(small_blind=5, big_blind=10), seats(100, 3), button=1)
    assert st.contributions() == {1: 5, 2: 3}
    assert st.phase == "drawing" and st.to_act == 2  # heads-up, the big blind draws first
    for _ in range(3):
        st = play(st, "2 draw 0", "1 draw 0")
        if st.phase == "betting":
            st = play(st, "1 check") if st.to_act == 1 else st
    assert st.phase == "showdown"
    st = play(st, "2 show 7c5d4h3s2c", "1 show KcQdJh9s8c")
    assert st.received == {1: 2, 2: 6}  # 2 uncalled back to the small blind, the pot of 3 + 3 to seat 2


def test_three_handed_short_big_blind_round_over_when_the_last_active_player_covers_it() -> None:
    """RULES.md §4: the button folds; the small blind (5 in) is the only one who can act and has put in more
    than the big blind's all-in 3: the round is over, no call of the full blind is asked."""
    st = start_hand(triple_draw_27(small_blind=5, big_blind=10), seats(100, 3, 100), button=3)
    st = play(st, "3 fold")
    assert st.phase == "drawing"


def test_short_big_blind_that_put_in_more_than_the_small_blind_is_still_called() -> None:
    """RULES.md §4: the big blind all-in for 7 has put in more than the small blind's 5: it must call."""
    st = start_hand(triple_draw_27(small_blind=5, big_blind=10), seats(100, 7), button=1)
    assert st.phase == "betting" and st.to_act == 1 and "call" in types(st)


# --- RULES.md §7: running out of cards ---------------------------------------------------------------------


def test_a_last_stub_card_that_does_not_complete_the_draw_is_never_dealt() -> None:
    """RULES.md §7 (WSOP draw rules): the last drawer needs 3, one card is left: it is not dealt; it goes
    into the reshuffle, and all 3 come from the reshuffled stub."""
    out = Stub(deck=52, stub=1, muck=10).draw(3, last=True)
    assert (out.before, out.reshuffled, out.after, out.stub.stub) == (0, True, 3, 8)
    assert Stub(deck=52, stub=3, muck=10).draw(3, last=True).reshuffled is False  # it completes: dealt


def test_eight_handed_triple_draw_reshuffles_with_earlier_drawers_discards() -> None:
    """RULES.md §7: eight players each draw five three times: the earlier discards cannot cover the draw,
    so the discards of the players who already drew join the reshuffle; the cards are always all counted."""
    st = start_hand(triple_draw_27(small_blind=5, big_blind=10), seats(*[500] * 8), button=8)
    assert st.stub.stub == 12
    st = play(st, *[f"{s} call" for s in (3, 4, 5, 6, 7, 8, 1)], "2 check")
    last_resort = False
    while st.phase == "drawing" or st.phase == "betting":
        if st.phase == "betting":
            st = play(st, f"{st.to_act} check")
            continue
        assert st.to_act is not None
        st = play(st, f"{st.to_act} draw 5")
        stub = st.stub
        assert stub.stub + stub.muck + stub.current + 5 * 8 == 52
        last_resort = last_resort or bool(st.last_reshuffle and st.last_reshuffle["last_resort"])
    assert last_resort and st.phase == "showdown" and st.stub.reshuffles >= 3


# --- RULES.md §6: the no-bet mode --------------------------------------------------------------------------


def test_no_bet_mode_refuses_a_muck_at_the_showdown_like_a_fold() -> None:
    """RULES.md §6 (no-bet mode): everyone draws and shows: neither a muck nor a fold at the showdown."""
    st = play(deal(five_card_draw(mode="no-bet"), 0, 0, button=2), "1 draw 0", "2 draw 0")
    assert st.phase == "showdown" and "muck" not in types(st)
    err = refused(st, "1 muck")
    assert (err.code, err.rule) == ("muck_not_allowed", "RULES.md §6 (no-bet mode)")
    assert refused(st, "1 fold").code == "muck_not_allowed"


# --- the explanation says what happened --------------------------------------------------------------------


def test_explanation_a_lone_eligible_seat_that_showed_is_not_said_to_win_without_showing() -> None:
    """RULES.md §5: the side pot has one eligible seat, which showed at the showdown; a pot won when all the
    others folded is won without showing."""
    shown = resolve_pots(
        [
            PotPlayer(1, 50, strength=FinishingRank(1), name="A"),
            PotPlayer(2, 100, strength=FinishingRank(2), name="B"),
            PotPlayer(3, 100, folded=True, name="C"),
        ],
        button=3,
    )
    assert shown.explanation_text()[1].endswith("B is the only player eligible and wins it.")
    st = play(deal(five_card_draw(), 2000, 2000, button=2), "1 bet 40", "2 fold")
    assert st.result is not None
    assert any(line.endswith("wins it without showing.") for line in st.result["explanation"])


# --- malformed input is a typed refusal, never a TypeError or a silent conversion --------------------------

GOOD = five_card_draw()
TWO = [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}]

MALFORMED: list[tuple[str, Any, str]] = [
    ("apply(None)", lambda: start_hand(GOOD, TWO, 2).apply(None), "event_invalid"),
    ("apply('fold')", lambda: start_hand(GOOD, TWO, 2).apply("fold"), "event_invalid"),
    ("apply([])", lambda: start_hand(GOOD, TWO, 2).apply([]), "event_invalid"),
    ("string stack", lambda: start_hand(GOOD, [{"seat": 1, "stack": "100"}, TWO[1]], 2), "seats_invalid"),
    ("missing stack", lambda: start_hand(GOOD, [{"seat": 1}, TWO[1]], 2), "seats_invalid"),
    ("float seat", lambda: start_hand(GOOD, [{"seat": 1.0, "stack": 100}, TWO[1]], 2), "seats_invalid"),
    ("fractional stack", lambda: start_hand(GOOD, [{"seat": 1, "stack": 100.7}, TWO[1]], 2), "seats_invalid"),
    ("bool stack", lambda: start_hand(GOOD, [{"seat": 1, "stack": True}, TWO[1]], 2), "seats_invalid"),
    ("seat not a mapping", lambda: start_hand(GOOD, [1, 2], 2), "seats_invalid"),
    ("seats not a list", lambda: start_hand(GOOD, None, 2), "seats_invalid"),
    ("string game", lambda: start_hand("five-card-draw", TWO, 2), "game_invalid"),
    ("float button", lambda: start_hand(GOOD, TWO, 1.5), "button_invalid"),
    ("string button", lambda: start_hand(GOOD, TWO, "1"), "button_invalid"),
    ("bool button", lambda: start_hand(GOOD, TWO, True), "button_invalid"),
    ("hand number 0", lambda: start_hand(GOOD, TWO, 2, 0), "hand_number_invalid"),
    ("evaluate(None)", lambda: evaluate(None, "high"), "card_invalid"),  # type: ignore[arg-type]
    ("bool as a card", lambda: evaluate([True, 5, 9, 13, 17], "high"), "card_invalid"),
    ("number as cards", lambda: evaluate(5, "high"), "card_invalid"),  # type: ignore[arg-type]
    ("fractional ante", lambda: five_card_draw(ante=10.5), "game_invalid"),  # type: ignore[arg-type]
    ("fractional bet unit", lambda: five_card_draw(bet_unit=10.5), "game_invalid"),  # type: ignore[arg-type]
    ("string ante", lambda: five_card_draw(ante="10"), "game_invalid"),  # type: ignore[arg-type]
    ("string blind", lambda: triple_draw_27(small_blind="5", big_blind=10), "game_invalid"),  # type: ignore[arg-type]
    (
        "list bet units",
        lambda: triple_draw_27(small_blind=5, big_blind=10, bet_units=[10, 10, 20, 20]),
        "game_invalid",
    ),  # type: ignore[arg-type]
    (
        "fractional chip",
        lambda: single_draw_27(small_blind=5, big_blind=10, smallest_chip=0.5),
        "game_invalid",
    ),  # type: ignore[arg-type]
    (
        "json bet unit 10.5",
        lambda: Game.from_json({**GOOD.to_json(), "bet_units": [10.5, 10.5]}),
        "game_invalid",
    ),
    (
        "json string bool",
        lambda: Game.from_json({**GOOD.to_json(), "call_full_blind": "yes"}),
        "game_invalid",
    ),
    ("json not an object", lambda: Game.from_json(["five-card-draw"]), "game_invalid"),
    ("json missing kind", lambda: Game.from_json({"bet_units": [20, 20]}), "game_invalid"),
    ("unknown rules", lambda: Game.from_json({**GOOD.to_json(), "rules": "tda"}), "game_invalid"),
]


@pytest.mark.parametrize(("name", "call", "code"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_input_is_a_typed_refusal(name: str, call: Any, code: str) -> None:
    with pytest.raises(EngineError) as info:
        call()
    assert info.value.code == code, (name, info.value)
    assert info.value.rule
