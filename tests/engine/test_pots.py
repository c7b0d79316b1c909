"""Pots: uncalled returns, side pots, splits, odd chips, explanation and award checks (RULES.md §5)."""

from __future__ import annotations

from typing import Any

import pytest

from apps.engine.errors import CardError, EngineError, PotError, RankingError
from apps.engine.potjson import resolve_request
from apps.engine.pots import (
    ExplanationLine,
    FinishingRank,
    PotPlayer,
    check_award,
    render_line,
    resolve_pots,
)
from apps.engine.ranking import evaluate


def rank(n: int) -> FinishingRank:
    return FinishingRank(n)


def seed_001(strengths: tuple[Any, Any, Any] | None = None) -> list[PotPlayer]:
    a, b, c = strengths or (rank(1), rank(2), rank(3))
    return [
        PotPlayer(1, 50, strength=a, name="A"),
        PotPlayer(2, 120, strength=b, name="B"),
        PotPlayer(3, 200, strength=c, name="C"),
    ]


SEED_CARDS = ("Kh Kd Ks Jd 8s", "Jc Jh Js Kc 7d", "9c 9h 9d Qc Tc")


# --- seed 001 ------------------------------------------------------------------------------------------


def test_seed_001_returns_builds_awards_and_nets() -> None:
    # given A 50, B 120, C 200, no folds, A > B > C
    result = resolve_pots(seed_001(), button=3)

    assert dict(result.returned) == {3: 80}
    main, side = result.pots
    assert (main.name, main.amount, main.eligible, main.winners, dict(main.shares)) == (
        "main", 150, (1, 2, 3), (1,), {1: 150},
    )  # fmt: skip
    assert (side.name, side.amount, side.eligible, side.winners, dict(side.shares)) == (
        "side 1", 140, (2, 3), (2,), {2: 140},
    )  # fmt: skip
    assert dict(result.received) == {1: 150, 2: 140, 3: 80}
    assert dict(result.net) == {1: 100, 2: 20, 3: -120}


def test_seed_001_explanation_reads_the_arithmetic() -> None:
    strengths = tuple(evaluate(cards, "high") for cards in SEED_CARDS)
    lines = resolve_pots(seed_001(strengths), button=3).explanation_text()  # type: ignore[arg-type]

    assert lines == [
        "C gets 80 back uncalled: 200 − 120 (the next-highest contribution) = 80.",
        "Main pot: 50 × 3 = 150; eligible A, B, C; A wins with Three of a Kind, Kings.",
        "Side pot 1: (120 − 50) × 2 = 140; eligible B, C; B wins with Three of a Kind, Jacks "
        "(A has a better hand but put in only 50, so cannot win it).",
        "Received: A 150, B 140, C 80 = 370 = 50 + 120 + 200 put in.",
        "Net: A +100, B +20, C −120; sum 0.",
    ]


def test_seed_001_explanation_lines_are_structured_for_translation() -> None:
    strengths = tuple(evaluate(cards, "high") for cards in SEED_CARDS)
    lines = resolve_pots(seed_001(strengths), button=3).explanation  # type: ignore[arg-type]

    assert [line.key for line in lines] == ["uncalled_return", "pot_won", "pot_won", "received", "net"]
    assert lines[0].as_dict() == {
        "key": "uncalled_return",
        "params": {"seat": 3, "name": "C", "contributed": 200, "next_highest": 120, "amount": 80},
    }
    assert lines[1].params["terms"] == [{"low": 0, "high": 50, "count": 3}]
    assert lines[1].params["hand_key"] == "three_of_a_kind"
    assert lines[2].params["outranked_by"] == [{"name": "A", "put_in": 50}]
    assert lines[3].params["total"] == lines[3].params["total_in"] == 370


# --- splits and odd chips -----------------------------------------------------------------------------


def four_way(button: int) -> list[PotPlayer]:
    # A all-in 25, B all-in 76, C and D 151; B and C tie for best, D second, A worst.
    return [
        PotPlayer(1, 25, strength=rank(3), name="A"),
        PotPlayer(2, 76, strength=rank(1), name="B"),
        PotPlayer(3, 151, strength=rank(1), name="C"),
        PotPlayer(4, 151, strength=rank(2), name="D"),
    ]


def test_four_way_all_in_two_side_pots_and_a_split_with_an_odd_chip() -> None:
    result = resolve_pots(four_way(button=2), button=2)

    assert dict(result.returned) == {}
    main, side1, side2 = result.pots
    assert (main.amount, main.eligible, dict(main.shares), main.odd_chips) == (
        100,
        (1, 2, 3, 4),
        {3: 50, 2: 50},
        (),
    )
    assert (side1.amount, side1.eligible) == (153, (2, 3, 4))
    # 153 ÷ 2 = 76 each, 1 odd chip: seat 3 (C) is the first winner left of the button (seat 2).
    assert (dict(side1.shares), side1.odd_chips, side1.winners) == ({3: 77, 2: 76}, (3,), (3, 2))
    assert (side2.amount, side2.eligible, dict(side2.shares)) == (150, (3, 4), {3: 150})
    assert dict(result.received) == {1: 0, 2: 126, 3: 277, 4: 0}
    assert sum(result.received.values()) == 25 + 76 + 151 + 151
    text = result.explanation_text()
    assert (
        "Side pot 1: (76 − 25) × 3 = 153; eligible B, C, D; C and B tie with finishing rank 1 and split it: "
        "153 ÷ 2 = 76 each, 1 left over." in text
    )
    assert (
        "Side pot 1 odd chip: one chip of 1 to C, the first winner from the first seat left of the button "
        "(seat 2) (TDA 20)." in text
    )
    assert "Side pot 1 shares: C 77, B 76." in text
    assert "Side pot 2: (151 − 76) × 2 = 150; eligible C, D; C wins with finishing rank 1." in text


def test_odd_chip_order_wraps_around_past_the_highest_seat() -> None:
    # button on seat 4: the first seat left of it is seat 1, so B (seat 2) comes before C (seat 3).
    side1 = resolve_pots(four_way(button=4), button=4).pots[1]
    assert (dict(side1.shares), side1.odd_chips) == ({2: 77, 3: 76}, (2,))


def test_dead_button_on_an_empty_seat_counts_from_the_next_seat_number() -> None:
    players = [
        PotPlayer(2, 50, strength=rank(1)),
        PotPlayer(5, 50, strength=rank(1)),
        PotPlayer(7, 1, folded=True),
    ]
    # nobody sits in seat 3: the first seat left of the button is seat 5 (then 7, then round to 2).
    pot = resolve_pots(players, button=3).pots[0]
    assert (pot.amount, dict(pot.shares), pot.odd_chips) == (101, {5: 51, 2: 50}, (5,))
    # button on the highest seat number: the order starts again at the lowest.
    pot = resolve_pots(players, button=9).pots[0]
    assert (dict(pot.shares), pot.odd_chips) == ({2: 51, 5: 50}, (2,))


def test_three_way_split_gives_at_most_one_odd_chip_each() -> None:
    players = [PotPlayer(s, 100, strength=rank(1)) for s in (1, 2, 3)] + [PotPlayer(4, 2, folded=True)]
    pot = resolve_pots(players, button=1).pots[0]
    # 302 ÷ 3 = 100 each, 2 odd chips: seats 2 and 3 (from the left of button 1), one each.
    assert (dict(pot.shares), pot.odd_chips) == ({2: 101, 3: 101, 1: 100}, (2, 3))


# --- the smallest chip --------------------------------------------------------------------------------


def test_smallest_chip_5_odd_chip_is_a_whole_5() -> None:
    players = [
        PotPlayer(1, 50, strength=rank(1)),
        PotPlayer(2, 50, strength=rank(1)),
        PotPlayer(3, 25, folded=True),
    ]
    pot = resolve_pots(players, button=1, smallest_chip=5).pots[0]
    # 125 ÷ 2 = 60 each in chips of 5, one 5-chip over: seat 2 is first left of the button.
    assert (pot.amount, dict(pot.shares), pot.odd_chips, pot.remainder) == (125, {2: 65, 1: 60}, (2,), 0)


def test_smallest_chip_25_two_odd_chips_one_each() -> None:
    players = [PotPlayer(s, 100, strength=rank(1), name=n) for s, n in ((1, "A"), (2, "B"), (3, "C"))]
    players.append(PotPlayer(4, 50, folded=True, name="D"))
    result = resolve_pots(players, button=2, smallest_chip=25)
    pot = result.pots[0]
    # 350 ÷ 3 = 100 each in chips of 25, 50 over = two 25-chips: to C (seat 3) then A (seat 1).
    assert (dict(pot.shares), pot.odd_chips) == ({3: 125, 1: 125, 2: 100}, (3, 1))
    assert "350 ÷ 3 = 100 each in chips of 25, 50 left over" in result.explanation_text()[0]
    assert result.explanation[1].key == "odd_chips"
    assert result.explanation_text()[1] == (
        "Main pot odd chips: one chip of 25 each to C and A, the winners in order from the first seat left "
        "of the button (seat 2); nobody gets more than one (TDA 20, WSOP 73, RRoP)."
    )


def test_remainder_smaller_than_the_smallest_chip_goes_to_the_next_winner_without_an_odd_chip() -> None:
    players = [PotPlayer(s, 100, strength=rank(1)) for s in (1, 3, 4)] + [PotPlayer(2, 103, folded=True)]
    result = resolve_pots(players, button=1, smallest_chip=5)
    pot = result.pots[0]
    # seat 2 gets 3 back; 400 ÷ 3 = 130 each in 5s, 10 over = two 5-chips to seats 3 and 4; nothing smaller.
    assert (dict(pot.shares), pot.odd_chips, pot.remainder) == ({3: 135, 4: 135, 1: 130}, (3, 4), 0)

    players = [PotPlayer(s, 101, strength=rank(1), name=f"P{s}") for s in (1, 3, 4)]
    result = resolve_pots(players, button=1, smallest_chip=5)
    pot = result.pots[0]
    # 303 ÷ 3 = 100 each in 5s, 3 over: no whole 5-chip; the 3 goes to seat 3, first left of the button.
    assert (dict(pot.shares), pot.odd_chips, pot.remainder, pot.remainder_to) == (
        {3: 103, 4: 100, 1: 100},
        (),
        3,
        3,
    )
    assert result.explanation_text()[1] == (
        "Main pot: the 3 left over is less than one chip of 5; it goes to P3, the first winner left of the "
        "button (seat 1)."
    )

    players = [PotPlayer(s, 101, strength=rank(1), name=n) for s, n in ((1, "A"), (3, "C"), (4, "D"))]
    players.append(PotPlayer(2, 100, folded=True, name="B"))
    result = resolve_pots(players, button=1, smallest_chip=5)
    pot = result.pots[0]
    # 403 ÷ 3 = 130 each in 5s, 13 over: 5-chips to C and D, then the 3 to A (the next winner, no odd chip).
    assert (dict(pot.shares), pot.odd_chips, pot.remainder, pot.remainder_to) == (
        {3: 135, 4: 135, 1: 133}, (3, 4), 3, 1,
    )  # fmt: skip
    assert (
        "Main pot: the 3 left over is less than one chip of 5; it goes to A, the next winner in order from "
        "the left of the button who got no odd chip." in result.explanation_text()
    )
    assert "Main pot shares: C 135, D 135, A 133." in result.explanation_text()


# --- folds, dead money, single survivor ---------------------------------------------------------------


def test_folded_chips_stay_in_but_win_nothing_and_make_no_pot_of_their_own() -> None:
    players = [
        PotPlayer(1, 100, strength=rank(2), name="A"),
        PotPlayer(2, 60, folded=True, strength=rank(1), name="B"),  # a folded hand is dead, however good
        PotPlayer(3, 100, strength=rank(1), name="C"),
    ]
    result = resolve_pots(players, button=1)
    (pot,) = result.pots
    assert (pot.amount, pot.eligible, pot.folded_in, dict(pot.shares)) == (260, (1, 3), (2,), {3: 260})
    assert result.explanation_text()[0] == (
        "Main pot: 60 × 3 + (100 − 60) × 2 = 260; eligible A, C (B folded: chips stay in, cannot win); "
        "C wins with finishing rank 1."
    )
    assert dict(result.net) == {1: -100, 2: -60, 3: 160}


def test_layer_only_folded_players_reached_is_dead_money_for_the_pot_below() -> None:
    players = [
        PotPlayer(1, 50, strength=rank(1), name="A"),
        PotPlayer(2, 100, strength=rank(2), name="B"),
        PotPlayer(3, 200, folded=True, name="C"),
        PotPlayer(4, 200, folded=True, name="D"),
    ]
    result = resolve_pots(players, button=1)
    main, side = result.pots
    assert (main.amount, main.eligible, dict(main.shares)) == (200, (1, 2), {1: 200})
    # (50..100) × 3 and the dead (100..200) × 2 that no live player reached: one side pot for B alone.
    assert (side.amount, side.eligible, side.uncontested, dict(side.shares)) == (350, (2,), True, {2: 350})
    assert result.explanation_text()[1] == (
        "Side pot 1: (100 − 50) × 3 + (200 − 100) × 2 = 350; eligible B (C and D folded: chips stay in, "
        "cannot win); B is the only player eligible and wins it."  # B showed: no "without showing"
    )


def test_when_no_live_player_put_anything_in_everything_is_one_pot_for_the_live_players() -> None:
    players = [
        PotPlayer(1, 0, strength=rank(2)),
        PotPlayer(2, 0, strength=rank(1)),
        PotPlayer(3, 30, folded=True),
        PotPlayer(4, 30, folded=True),
    ]
    (pot,) = resolve_pots(players, button=4).pots
    assert (pot.amount, pot.eligible, dict(pot.shares)) == (60, (1, 2), {2: 60})


def test_dead_money_is_never_returned_and_joins_the_main_pot() -> None:
    # a big-blind ante of 100 from B; C raises to 300, everyone folds: C's 200 uncalled comes back and
    # C wins the blinds and the ante without showing.
    players = [
        PotPlayer(1, 50, folded=True, name="A"),
        PotPlayer(2, 100, folded=True, name="B", dead=100),
        PotPlayer(3, 300, name="C"),
    ]
    result = resolve_pots(players, button=3)
    assert dict(result.returned) == {3: 200}
    (pot,) = result.pots
    assert (pot.amount, pot.dead, pot.folded_in, pot.winners) == (350, 100, (1, 2), (3,))
    assert result.explanation_text()[1] == (
        "Main pot: 100 dead + 50 × 3 + (100 − 50) × 2 = 350; eligible C (A and B folded: chips stay in, "
        "cannot win); C is the only player eligible and wins it without showing."
    )
    assert dict(result.net) == {1: -50, 2: -200, 3: 250}
    assert result.explanation_text()[2] == "Received: A 0, B 0, C 550 = 550 = 50 + 200 + 300 put in."


def test_dead_money_is_a_pot_of_its_own_when_a_live_player_put_in_nothing_else() -> None:
    # A is all-in for the ante alone: A can win the antes but none of the bets.
    players = [
        PotPlayer(1, 0, strength=rank(1), name="A", dead=10),
        PotPlayer(2, 40, strength=rank(2), name="B", dead=10),
        PotPlayer(3, 40, strength=rank(3), name="C", dead=10),
    ]
    result = resolve_pots(players, button=1)
    main, side = result.pots
    assert (main.amount, main.eligible, dict(main.shares)) == (30, (1, 2, 3), {1: 30})
    assert (side.amount, side.eligible, dict(side.shares)) == (80, (2, 3), {2: 80})
    assert result.explanation_text()[0].startswith("Main pot: 30 dead = 30; eligible A, B, C; A wins")


def test_single_survivor_wins_without_showing() -> None:
    players = [
        PotPlayer(1, 100, name="A"),
        PotPlayer(2, 50, folded=True, name="B"),
        PotPlayer(3, 20, folded=True, name="C"),
    ]
    result = resolve_pots(players, button=3)
    assert dict(result.returned) == {1: 50}
    (pot,) = result.pots
    assert (pot.amount, pot.winners, pot.uncontested, pot.hand) == (120, (1,), True, None)
    assert dict(result.received) == {1: 170, 2: 0, 3: 0}
    assert result.explanation_text() == [
        "A gets 50 back uncalled: 100 − 50 (the next-highest contribution) = 50.",
        "Main pot: 20 × 3 + (50 − 20) × 2 = 120; eligible A (B and C folded: chips stay in, cannot win); "
        "A is the only player eligible and wins it without showing.",
        "Received: A 170, B 0, C 0 = 170 = 100 + 50 + 20 put in.",
        "Net: A +70, B −50, C −20; sum 0.",
    ]


def test_an_uncalled_bet_alone_makes_no_pot() -> None:
    result = resolve_pots([PotPlayer(1, 100, name="A"), PotPlayer(2, 0, folded=True, name="B")], button=2)
    assert (dict(result.returned), result.pots, dict(result.net)) == ({1: 100}, (), {1: 0, 2: 0})
    assert result.explanation_text()[1] == "Nothing was called, so there is no pot to award."


def test_equal_top_contributions_return_nothing() -> None:
    result = resolve_pots([PotPlayer(1, 80, strength=rank(1)), PotPlayer(2, 80, strength=rank(2))], button=1)
    assert dict(result.returned) == {}
    assert dict(result.received) == {1: 160, 2: 0}


def test_listing_order_does_not_matter() -> None:
    forward = resolve_pots(four_way(1), button=1)
    backward = resolve_pots(list(reversed(four_way(1))), button=1)
    assert forward == backward


def test_several_better_hands_not_eligible_are_named_together() -> None:
    players = [
        PotPlayer(1, 20, strength=rank(1), name="A"),
        PotPlayer(2, 50, strength=rank(2), name="B"),
        PotPlayer(3, 90, strength=rank(3), name="C"),
        PotPlayer(4, 90, strength=rank(4), name="D"),
    ]
    assert resolve_pots(players, button=1).explanation_text()[2] == (
        "Side pot 2: (90 − 50) × 2 = 80; eligible C, D; C wins with finishing rank 3 "
        "(A and B have better hands but put in only 20 and 50, so cannot win it)."
    )


def test_real_hands_split_on_equal_values() -> None:
    players = [
        PotPlayer(1, 40, strength=evaluate("As Kd Qh Jc 9s", "high"), name="A"),
        PotPlayer(2, 40, strength=evaluate("Ah Kc Qd Js 9c", "high"), name="B"),
        PotPlayer(3, 41, strength=evaluate("2c 3d 4h 5s 7c", "high"), name="C"),
    ]
    result = resolve_pots(players, button=2)
    assert dict(result.returned) == {3: 1}
    assert dict(result.pots[0].shares) == {1: 60, 2: 60}


# --- award check --------------------------------------------------------------------------------------


def test_award_check_accepts_the_right_award() -> None:
    check = check_award(resolve_pots(seed_001(), button=3), {1: 150, 2: 140, 3: 80})
    assert (check.ok, check.differences, check.proposed_total, check.correct_total) == (True, (), 370, 370)


def test_award_check_names_the_seat_beyond_its_eligibility() -> None:
    check = check_award(resolve_pots(seed_001(), button=3), {1: 370, 2: 0, 3: 0})
    assert not check.ok
    first, second, third = check.differences
    assert (first.seat, first.proposed, first.correct, first.off, first.code) == (
        1,
        370,
        150,
        220,
        "beyond_eligibility",
    )
    assert first.reason == (
        "seat 1 (A) proposed 370 but is eligible only for the main pot (150 at most): "
        "correct 150 (main pot 150), off by +220"
    )
    assert (second.code, second.off, second.reason) == (
        "underpaid", -140, "seat 2 (B) proposed 0: correct 140 (side pot 1 140), off by −140",
    )  # fmt: skip
    assert (third.code, third.reason) == (
        "underpaid",
        "seat 3 (C) proposed 0: correct 80 (80 back uncalled), off by −80",
    )
    assert check.as_dict()["differences"][0]["off"] == 220


def test_award_check_overpaid_folded_and_unknown_seats() -> None:
    players = [*seed_001(), PotPlayer(4, 20, folded=True, name="D")]
    result = resolve_pots(players, button=3)
    assert dict(result.received) == {1: 170, 2: 140, 3: 80, 4: 0}
    check = check_award(result, {1: 170, 2: 180, 3: 60, 4: 20, 9: 5})  # the main pot is 20 × 4 + 30 × 3
    by_seat = {d.seat: d for d in check.differences}
    assert by_seat[2].code == "overpaid"
    assert by_seat[2].reason == "seat 2 (B) proposed 180: correct 140 (side pot 1 140), off by +40"
    assert by_seat[3].code == "underpaid"
    assert by_seat[4].code == "folded_seat_paid"
    assert (
        by_seat[4].reason
        == "seat 4 (D) folded and can win no pot: proposed 20, correct 0 (nothing), off by +20"
    )
    assert (by_seat[9].code, by_seat[9].correct) == ("seat_not_in_hand", 0)
    assert 1 not in by_seat


def test_award_check_for_a_seat_eligible_for_several_pots() -> None:
    result = resolve_pots(four_way(2), button=2)
    check = check_award(result, {4: 500})
    (d4,) = [d for d in check.differences if d.seat == 4]
    assert d4.code == "beyond_eligibility"
    assert "eligible only for the main pot, side pot 1 and side pot 2 (403 at most)" in d4.reason


@pytest.mark.parametrize("proposed", [{1: -5}, {1: 2.5}, {"1": 150}, {1: True}])
def test_award_check_refuses_a_malformed_award(proposed: Any) -> None:
    with pytest.raises(PotError) as caught:
        check_award(resolve_pots(seed_001(), button=3), proposed)
    assert caught.value.code == "award_invalid"


# --- explanation rendering ----------------------------------------------------------------------------


def test_render_line_is_the_english_rendering_of_a_structured_line() -> None:
    line = ExplanationLine("net", {"entries": [{"name": "A", "amount": 0}], "sum": 0})
    assert render_line(line) == line.text() == "Net: A 0; sum 0."


# --- input errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "kwargs", "code"),
    [
        ([], {}, "no_players"),
        ([PotPlayer(1, -1, strength=rank(1))], {}, "negative_contribution"),
        ([PotPlayer(1, 1.5, strength=rank(1))], {}, "contribution_invalid"),  # type: ignore[arg-type]
        ([PotPlayer(1, 10), PotPlayer(1, 10)], {}, "duplicate_seat"),
        ([PotPlayer(0, 10)], {}, "seat_invalid"),
        ([PotPlayer(1, 10)], {"button": "1"}, "button_invalid"),
        ([PotPlayer(1, 10)], {"button": True}, "button_invalid"),
        ([PotPlayer(1, 10, folded=True), PotPlayer(2, 10, folded=True)], {}, "no_live_players"),
        ([PotPlayer(1, 10, dead=-1)], {}, "negative_contribution"),
        ([PotPlayer(1, 10, dead=0.5)], {}, "contribution_invalid"),  # type: ignore[arg-type]
        ([PotPlayer(1, 10, strength=rank(1)), PotPlayer(2, 10)], {}, "strength_missing"),
        (
            [
                PotPlayer(1, 10, strength=rank(1)),
                PotPlayer(2, 10, strength=evaluate("As Ks Qs Js Ts", "high")),
            ],
            {},
            "strength_mixed",
        ),
        (
            [
                PotPlayer(1, 10, strength=evaluate("7c 5d 4h 3s 2c", "low27")),
                PotPlayer(2, 10, strength=evaluate("As Ks Qs Js Ts", "high")),
            ],
            {},
            "strength_mixed",
        ),
        ([PotPlayer(1, 10)], {"smallest_chip": 0}, "smallest_chip_invalid"),
        ([PotPlayer(1, 10)], {"smallest_chip": -5}, "smallest_chip_invalid"),
        ([PotPlayer(1, 10)], {"smallest_chip": 2.5}, "smallest_chip_invalid"),
    ],
)
def test_resolve_pots_refuses_bad_input(players: list[PotPlayer], kwargs: dict[str, Any], code: str) -> None:
    with pytest.raises(PotError) as caught:
        resolve_pots(players, **{"button": 1, **kwargs})
    assert caught.value.code == code
    assert caught.value.rule == "RULES.md §5"


def test_strength_missing_names_the_seats() -> None:
    with pytest.raises(PotError) as caught:
        resolve_pots([PotPlayer(1, 10), PotPlayer(2, 10), PotPlayer(3, 10, strength=rank(1))], button=1)
    assert caught.value.detail == {"seats": [1, 2]}


# --- the JSON layer -----------------------------------------------------------------------------------


def seed_request(**changes: Any) -> dict[str, Any]:
    request: dict[str, Any] = {
        "ranking": "high",
        "button": 3,
        "smallest_chip": 1,
        "players": [
            {"seat": 1, "name": "A", "contributed": 50, "folded": False, "cards": SEED_CARDS[0]},
            {"seat": 2, "name": "B", "contributed": 120, "folded": False, "cards": SEED_CARDS[1]},
            {"seat": 3, "name": "C", "contributed": 200, "folded": False, "cards": SEED_CARDS[2]},
        ],
    }
    request.update(changes)
    return request


def test_resolve_request_seed_001() -> None:
    out = resolve_request(seed_request())
    assert out["returned"] == {"3": 80}
    assert [(p["name"], p["amount"], p["eligible"], p["winners"], p["shares"]) for p in out["pots"]] == [
        ("main", 150, [1, 2, 3], [1], {"1": 150}),
        ("side 1", 140, [2, 3], [2], {"2": 140}),
    ]
    assert out["received"] == {"1": 150, "2": 140, "3": 80}
    assert out["net"] == {"1": 100, "2": 20, "3": -120}
    assert out["hands"]["1"] == "Three of a Kind, Kings"
    assert (
        out["explanation"][1]
        == "Main pot: 50 × 3 = 150; eligible A, B, C; A wins with Three of a Kind, Kings."
    )
    assert out["explanation_lines"][0]["key"] == "uncalled_return"
    assert "award_check" not in out


def test_resolve_request_with_ranks_low27_and_a_proposed_award() -> None:
    ranks = seed_request(
        players=[{"seat": s, "contributed": c, "rank": r} for s, c, r in ((1, 50, 1), (2, 50, 1))]
    )
    out = resolve_request({**ranks, "proposed": {"1": 100}})
    assert out["pots"][0]["shares"] == {"1": 50, "2": 50}
    assert out["award_check"]["ok"] is False
    assert [d["code"] for d in out["award_check"]["differences"]] == ["overpaid", "underpaid"]

    low = seed_request(ranking="low27", players=[
        {"seat": 1, "contributed": 30, "cards": "7c 5d 4h 3s 2c"},
        {"seat": 2, "contributed": 30, "cards": "8c 6d 4d 3c 2d"},
    ])  # fmt: skip
    assert resolve_request(low)["received"] == {"1": 60, "2": 0}


def test_resolve_request_with_dead_money() -> None:
    request = seed_request(players=[
        {"seat": 1, "contributed": 0, "dead": 25, "rank": 1},
        {"seat": 2, "contributed": 60, "dead": 0, "rank": 2},
        {"seat": 3, "contributed": 60, "rank": 3},
    ])  # fmt: skip
    out = resolve_request(request)
    assert [(p["name"], p["amount"], p["dead"], p["winners"]) for p in out["pots"]] == [
        ("main", 25, 25, [1]), ("side 1", 120, 0, [2]),
    ]  # fmt: skip
    assert out["net"] == {"1": 0, "2": 60, "3": -60}


def test_resolve_request_defaults_and_folded_cards() -> None:
    request = {
        "button": 1,
        "players": [
            {"seat": 1, "contributed": 10, "cards": "As Ad Ac Ks Kd"},
            {"seat": 2, "contributed": 10, "folded": True, "cards": "2c 3c 4c 5c 6c"},  # folded: not ranked
        ],
    }
    out = resolve_request(request)
    assert out["received"] == {"1": 20, "2": 0}
    assert out["hands"] == {"1": "Full House, Aces over Kings"}


def player(**fields: Any) -> dict[str, Any]:
    return {"seat": 1, "contributed": 10, "rank": 1, **fields}


@pytest.mark.parametrize(
    ("request_", "code", "field"),
    [
        ([], "field_invalid", "$"),
        ({"players": []}, "field_missing", "button"),
        ({"button": 1}, "field_missing", "players"),
        ({"button": "x", "players": []}, "field_invalid", "button"),
        ({"button": 1, "players": {}}, "field_invalid", "players"),
        ({"button": 1, "players": ["A"]}, "field_invalid", "players[0]"),
        ({"button": 1, "players": [{"contributed": 10}]}, "field_missing", "players[0].seat"),
        ({"button": 1, "players": [player(), {"seat": 2}]}, "field_missing", "players[1].contributed"),
        ({"button": 1, "players": [player(contributed=10.0)]}, "field_invalid", "players[0].contributed"),
        ({"button": 1, "players": [player(contributed="10")]}, "field_invalid", "players[0].contributed"),
        ({"button": 1, "players": [player(folded="yes")]}, "field_invalid", "players[0].folded"),
        ({"button": 1, "players": [player(seat=True)]}, "field_invalid", "players[0].seat"),
        ({"button": 1, "players": [player(name=7)]}, "field_invalid", "players[0].name"),
        ({"button": 1, "players": [player(rank=0)]}, "field_invalid", "players[0].rank"),
        ({"button": 1, "players": [player(dead="5")]}, "field_invalid", "players[0].dead"),
        ({"button": 1, "players": [player(rank="1")]}, "field_invalid", "players[0].rank"),
        ({"button": 1, "players": [player(cards=5, rank=None)]}, "field_invalid", "players[0].cards"),
        ({"button": 1, "ranking": "omaha", "players": [player()]}, "field_invalid", "ranking"),
        ({"button": 1, "smallest_chip": "5", "players": [player()]}, "field_invalid", "smallest_chip"),
        ({"button": 1, "players": [player()], "proposed": []}, "field_invalid", "proposed"),
        ({"button": 1, "players": [player()], "proposed": {"x": 5}}, "field_invalid", "proposed.x"),
        ({"button": 1, "players": [player()], "proposed": {"1": "5"}}, "field_invalid", "proposed.1"),
        ({"button": 1, "players": [player()], "proposed": {"1": -5}}, "field_invalid", "proposed.1"),
        ({"button": 1, "players": [player(cards="As Ks Qs Js Ts")]}, "strength_mixed", "players[0]"),
        (
            {"button": 1, "players": [player(), player(seat=2, rank=None, cards="As Ks Qs Js Ts")]},
            "strength_mixed",
            "players[1]",
        ),
    ],
)
def test_resolve_request_names_the_bad_field(request_: Any, code: str, field: str) -> None:
    with pytest.raises(PotError) as caught:
        resolve_request(request_)
    assert (caught.value.code, caught.value.detail["field"]) == (code, field)


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        (("As Ks Qs Js Zz", "2c 3c 4c 5c 7d"), "card_invalid"),
        (("As Ks Qs Js", "2c 3c 4c 5c 7d"), "card_count"),
        (("As Ks Qs Js ??", "2c 3c 4c 5c 7d"), "card_unknown"),
        (("As Ks Qs Js Js", "2c 3c 4c 5c 7d"), "card_duplicate"),
        (("As Ks Qs Js Ts", "As 3c 4c 5c 7d"), "card_duplicate"),
    ],
)
def test_resolve_request_refuses_bad_cards(cards: tuple[str, str], code: str) -> None:
    request = {
        "button": 1,
        "players": [{"seat": s, "contributed": 10, "cards": c} for s, c in zip((1, 2), cards, strict=True)],
    }
    with pytest.raises(CardError) as caught:
        resolve_request(request)
    assert caught.value.code == code
    assert caught.value.detail["field"].startswith("players[")


def test_duplicate_card_across_players_names_both_seats() -> None:
    request = {"button": 1, "players": [
        {"seat": 1, "contributed": 10, "cards": "As Ks Qs Js Ts"},
        {"seat": 4, "contributed": 10, "folded": True, "cards": "2c 3c 4c 5c As"},
    ]}  # fmt: skip
    with pytest.raises(CardError) as caught:
        resolve_request(request)
    assert caught.value.detail == {"field": "players[1].cards", "token": "As", "seats": [1, 4]}


def test_joker_in_a_low_hand_is_refused_with_the_field() -> None:
    request = {"button": 1, "ranking": "low27", "players": [
        {"seat": 1, "contributed": 10, "cards": "7c 5d 4h 3s Xx"},
        {"seat": 2, "contributed": 10, "cards": "8c 6d 4d 3c 2d"},
    ]}  # fmt: skip
    with pytest.raises(RankingError) as caught:
        resolve_request(request)
    assert caught.value.detail["field"] == "players[0].cards"


def test_resolve_request_passes_on_the_resolver_refusals() -> None:
    no_cards = {"button": 1, "players": [player(), player(seat=2, rank=None)]}
    with pytest.raises(PotError) as caught:
        resolve_request(no_cards)
    assert (caught.value.code, caught.value.detail) == ("strength_missing", {"seats": [2]})
    all_folded = {"button": 1, "players": [player(folded=True), player(seat=2, folded=True)]}
    with pytest.raises(PotError) as caught:
        resolve_request(all_folded)
    assert caught.value.code == "no_live_players"
    with pytest.raises(PotError) as caught:
        resolve_request({"button": 1, "smallest_chip": 0, "players": [player()]})
    assert caught.value.code == "smallest_chip_invalid"


def test_every_refusal_is_an_engine_error_with_the_api_shape() -> None:
    with pytest.raises(EngineError) as caught:
        resolve_request({"button": 1, "players": []})
    assert caught.value.as_dict() == {"code": "no_players", "message": "no players in the hand",
                                      "rule": "RULES.md §5", "detail": {}}  # fmt: skip


@pytest.mark.parametrize("module", ["apps.engine.pots", "apps.engine.potjson"])
def test_docstring_examples_run(module: str) -> None:
    import doctest
    import importlib

    assert doctest.testmod(importlib.import_module(module)).failed == 0
