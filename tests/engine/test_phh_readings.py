"""The two readings of a PHH file (README "Poker Hand History"): a standard file replays under PHH's own
semantics (PokerKit's, ``rules="phh"``) to the finishing stacks PokerKit wrote, with a note wherever RULES.md
would rule otherwise; under ``rules="house"`` the same file is checked against RULES.md and refused with the
rule. Every file here is played and its stacks written by PokerKit (``pokerkit_phh``)."""

from __future__ import annotations

from apps.engine import phh
from apps.engine.deck import Stub

from .pokerkit_phh import pokerkit_phh

DEAL3 = ["d dh p1 7c5d4h3s2c", "d dh p2 8c6d4s3h2d", "d dh p3 KcQdJh9s8h"]
DEAL4 = [*DEAL3, "d dh p4 KdQcJs9h8d"]


def _notes(result: phh.ReplayResult, code: str) -> list[dict[str, object]]:
    return [n for n in result.notes if n["code"] == code]


def test_standard_files_default_to_phh_and_floor_files_to_house() -> None:
    hh = pokerkit_phh("N2L1D", [100, 100], ["d dh p1 7c5d4h3s2c", "d dh p2 8c6d4s3h2d", "p2 f"])
    assert phh.default_rules(hh) == "phh" and phh.replay_phh(hh).rules == "phh"
    refereed = phh.game_from_phh(hh, rules="house").to_json()  # a hand Floor refereed, as it writes it
    stored = {k: v for k, v in refereed.items() if v is not None}
    floor = phh.HandHistory({**hh.fields, "_floor_game": stored})
    assert phh.default_rules(floor) == "house" and phh.replay_phh(floor).rules == "house"
    imported = phh.HandHistory({**hh.fields, "_floor_game": {**floor.fields["_floor_game"], "rules": "phh"}})
    assert phh.default_rules(imported) == "phh"  # a hand Floor imported under PHH's reading keeps it


def test_big_blind_short_of_blind_and_big_blind_ante_posts_the_ante_first_under_phh() -> None:
    """PokerKit posts the big-blind ante before the blind; RULES.md §4 (TDA RP-11) the blind first."""
    actions = [*DEAL3, "p3 cc", "p1 cc", "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p3 cc"]
    actions += ["p1 sm 7c5d4h3s2c", "p2 sm 8c6d4s3h2d", "p3 sm KcQdJh9s8h"]
    hh = pokerkit_phh("N2L1D", [100, 12, 100], actions, antes=[0, 10, 0])
    result = phh.replay_phh(hh, rules="phh")
    assert result.ok and result.final_stacks == hh.finishing_stacks
    (note,) = _notes(result, "phh_forced_bets")
    assert note["index"] is None and "seat 2 would post 12 (10 of it live), not 12 (2 live)" in str(
        note["note"]
    )
    house = phh.replay_phh(hh, rules="house")
    assert house.error is not None


def test_fixed_limit_all_in_under_half_a_bet_is_raised_over_under_phh_completed_under_house() -> None:
    """p3 is all-in for 14 over the big blind of 10 (under half a bet): PokerKit's next raise is to 24;
    RULES.md §4 (TDA 47-B) completes the bet: the raise is to 20."""
    actions = [*DEAL3, "p3 cbr 14", "p1 cbr 24", "p2 cc"]
    actions += (
        ["p1 sd", "p2 sd", "p3 sd"] + ["p1 cc", "p2 cc"] + ["p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc"] * 2
    )
    actions += ["p1 sm 7c5d4h3s2c", "p2 sm 8c6d4s3h2d", "p3 sm KcQdJh9s8h"]
    hh = pokerkit_phh("F2L3D", [1000, 1000, 14], actions)
    result = phh.replay_phh(hh, rules="phh")
    assert result.ok and result.final_stacks == hh.finishing_stacks
    (note,) = _notes(result, "fixed_limit_amount")
    assert note["index"] == 4 and note["action"] == "p1 cbr 24"
    assert str(note["note"]).startswith(
        "legal under PHH; RULES.md §4 (fixed-limit short all-in); TDA 47-B would refuse:"
    )
    house = phh.replay_phh(hh, rules="house")
    assert house.error is not None and (house.error.index, house.error.code) == (4, "fixed_limit_amount")


def test_short_all_in_re_raised_by_a_player_who_had_acted_reopens_under_phh_only() -> None:
    """No-limit: p3 limps, p4 is all-in for 15 (short of a full raise): PokerKit lets p3 raise again;
    RULES.md §4 (TDA 47-A) does not reopen the betting for p3."""
    actions = [*DEAL4, "p3 cc", "p4 cbr 15", "p1 cc", "p2 cc", "p3 cbr 25", "p1 f", "p2 f"]
    actions += ["p3 sd", "p4 sd", "p3 sm KcQdJh9s8h", "p4 sm KdQcJs9h8d"]
    hh = pokerkit_phh("N2L1D", [1000, 1000, 1000, 15], actions)
    result = phh.replay_phh(hh, rules="phh")
    assert result.ok and result.final_stacks == hh.finishing_stacks
    (note,) = _notes(result, "raise_not_allowed")
    assert note["action"] == "p3 cbr 25" and "TDA 47-A" in str(note["rule"])
    house = phh.replay_phh(hh, rules="house")
    assert house.error is not None and house.error.code == "raise_not_allowed" and house.error.index == 8


def test_the_check_pokerkit_asks_of_the_last_player_with_chips() -> None:
    """p3 folds, the small blind calls all-in: PokerKit asks the big blind to check (``p2 cc``); RULES.md §4
    skips that turn (nobody could answer a bet); refused under the house rules as out of turn."""
    actions = [*DEAL3, "p3 f", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 sm 7c5d4h3s2c", "p2 sm 8c6d4s3h2d"]
    hh = pokerkit_phh("N2L1D", [10, 1000, 1000], actions)
    result = phh.replay_phh(hh, rules="phh")
    assert result.ok and result.final_stacks == hh.finishing_stacks
    (note,) = _notes(result, "phh_check_skipped")
    assert note["index"] == 5 and note["rule"] == "RULES.md §4"
    house = phh.replay_phh(hh, rules="house")
    assert house.error is not None and house.error.index == 5 and house.error.code == "wrong_phase"


def test_short_big_blind_heads_up_the_posted_amount_is_the_bet() -> None:
    """Heads-up the big blind (p1) is all-in for 3, under the small blind: both readings end the round at
    once (RULES.md §4); PHH's posted amount as the bet is noted, and both reach PokerKit's stacks."""
    actions = ["d dh p1 7c5d4h3s2c", "d dh p2 8c6d4s3h2d"] + ["p1 sd", "p2 sd"] * 3
    actions += ["p1 sm 7c5d4h3s2c", "p2 sm 8c6d4s3h2d"]
    hh = pokerkit_phh("F2L3D", [3, 100], actions)
    result = phh.replay_phh(hh, rules="phh")
    assert result.ok and result.final_stacks == hh.finishing_stacks
    assert _notes(result, "phh_forced_bets")
    house = phh.replay_phh(hh, rules="house")
    assert house.ok and house.final_stacks == hh.finishing_stacks


def test_split_pot_odd_chips_differ_only_by_pokerkits_remainder_and_say_so() -> None:
    """A three-way split of 44: RULES.md §5 (TDA 20) gives the two odd chips one at a time from the left of
    the button (15, 15, 14); PokerKit gives the whole remainder to the first winner (16, 14, 14)."""
    deal = ["d dh p1 7c5d4h3s2c", "d dh p2 7d5h4s3c2d", "d dh p3 7h5s4c3d2h", "d dh p4 KdQcJs9h8d"]
    actions = [*deal, "p3 cc", "p4 cc", "p1 cc", "p2 cc"]
    actions += ["p1 sd", "p2 sd", "p3 sd", "p4 sd", "p1 cc", "p2 cc", "p3 cc", "p4 f"]
    actions += ["p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc"] * 2
    actions += ["p1 sm 7c5d4h3s2c", "p2 sm 7d5h4s3c2d", "p3 sm 7h5s4c3d2h"]
    hh = pokerkit_phh("F2L3D", [100, 100, 100, 100], actions, antes=[1, 1, 1, 1])
    result = phh.replay_phh(hh, rules="phh")
    assert result.ok
    (note,) = _notes(result, "phh_odd_chips")
    assert note["phh_stacks"] == hh.finishing_stacks and note["house_stacks"] == result.final_stacks
    assert hh.finishing_stacks is not None and result.final_stacks is not None
    assert sorted(b - a for a, b in zip(result.final_stacks, hh.finishing_stacks, strict=True)) == [
        -1,
        0,
        0,
        1,
    ]


def test_pokerkits_reshuffle_takes_every_card_not_in_a_hand() -> None:
    """PHH's reading: the stub is dealt to its last card and the reshuffle takes this draw's discards too;
    RULES.md §7 keeps them out and never deals a last card that does not complete the draw."""
    out = Stub(deck=52, stub=1, muck=10, current=4).draw(3, last=False, phh=True)
    assert (out.before, out.after, out.stub.stub, out.stub.current) == (1, 2, 1 + 10 + 4 + 3 - 3, 0)
    house = Stub(deck=52, stub=1, muck=10, current=4).draw(3, last=False)
    assert (house.before, house.after, house.stub.current) == (0, 3, 7)


def test_rules_must_be_one_of_the_two_readings() -> None:
    hh = pokerkit_phh("N2L1D", [100, 100], ["d dh p1 7c5d4h3s2c", "d dh p2 8c6d4s3h2d", "p2 f"])
    try:
        phh.replay_phh(hh, rules="tda")
    except phh.PHHError as exc:
        assert exc.code == "phh_rules_invalid"
    else:  # pragma: no cover
        raise AssertionError("refused")
