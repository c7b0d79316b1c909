"""The chip race at a colour-up (TDA 24): from seat 1, one chip at most per player, no one raced out."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.engine.tournament.chiprace import RANKS, SUITS, chip_race
from apps.engine.tournament.errors import ChipRaceError

DECK = [r + s for r in RANKS for s in SUITS]


def test_wikipedia_example_fifteen_odd_chips_race_for_three() -> None:
    """Wikipedia "Chip race": 15 leftover $5 chips among six players are raced for three $25 chips."""
    counts = {1: 4, 2: 3, 3: 2, 4: 3, 5: 2, 6: 1}
    stacks = {s: 1000 + c * 5 for s, c in counts.items()}
    cards = ["2c", "3c", "4c", "5c", "Ad", "2d", "3d", "4d", "Kh", "5d", "6d", "7d", "2h", "3h", "Qs"]
    race = chip_race(counts, removed=5, next_chip=25, stacks=stacks, cards=cards)
    assert (race.odd_value, race.chips_awarded) == (75, 3)
    # seat 1 is dealt its 4 cards first, then seat 2 its 3, ...
    # the best cards: Ad (seat 2), Kh (seat 3), Qs (seat 6)
    assert [s.cards for s in race.seats][:2] == [("2c", "3c", "4c", "5c"), ("Ad", "2d", "3d")]
    assert [s.seat for s in race.seats if s.won] == [2, 3, 6]
    # chip value is conserved exactly when the odd chips make whole chips
    assert race.value_change == 0


def test_remainder_of_half_a_chip_or_more_rounds_up() -> None:
    """Slowplaypoker "Chip Races - Coloring Up": nine $5 chips ($45) colour up to two $25 chips, because the
    $20 left over is more than half a $25 chip."""
    counts = {1: 4, 2: 4, 3: 1}
    stacks = {1: 520, 2: 520, 3: 505}
    race = chip_race(counts, removed=5, next_chip=25, stacks=stacks, cards=DECK[:9])
    assert (race.odd_value, race.chips_awarded) == (45, 2)
    assert race.value_change == 5
    # and less than half a chip is dropped: $10 races for nothing
    small = chip_race({1: 1, 2: 1}, removed=5, next_chip=25, stacks={1: 105, 2: 105}, cards=["As", "Ks"])
    assert (small.chips_awarded, small.value_change) == (0, -10)


def test_full_units_colour_up_directly_and_only_odd_chips_race() -> None:
    # seat 1 holds 9 x 25: 2 x 100 directly, 1 odd chip; seat 3 holds 6 x 25: 1 x 100 directly, 2 odd
    race = chip_race(
        {1: 9, 3: 6}, removed=25, next_chip=100, stacks={1: 2225, 3: 4150}, cards=["Tc", "Jd", "2s"]
    )
    seats = {s.seat: s for s in race.seats}
    assert (seats[1].coloured_up, seats[1].odd_chips, seats[3].coloured_up, seats[3].odd_chips) == (
        2,
        1,
        1,
        2,
    )
    assert race.chips_awarded == 1  # 75 -> one 100 chip
    assert seats[3].won and not seats[1].won  # Jd beats Tc
    assert (seats[1].value_after, seats[3].value_after) == (2200, 4200)


def test_no_one_is_raced_out() -> None:
    # seat 4's only chip is one 25; seat 7 has three. One 100 chip is raced and seat 7 wins it
    race = chip_race(
        {4: 1, 7: 3}, removed=25, next_chip=100, stacks={4: 25, 7: 5075}, cards=["2c", "3c", "4c", "As"]
    )
    seats = {s.seat: s for s in race.seats}
    assert seats[7].won
    # seat 4 would have nothing left: it gets one chip of the smallest denomination in play (TDA 24)
    assert seats[4].given_minimum and seats[4].value_after == 100
    assert any("raced out" in line for line in race.explanation)


def test_suit_breaks_a_tie_of_rank_in_bridge_order() -> None:
    race = chip_race({1: 1, 2: 1}, removed=5, next_chip=25, stacks={1: 100, 2: 100}, cards=["Ah", "As"])
    assert race.chips_awarded == 0  # 10 < 12.5
    race = chip_race(
        {1: 3, 2: 1}, removed=5, next_chip=25, stacks={1: 100, 2: 100}, cards=["Ah", "2c", "3c", "As"]
    )
    assert [s.seat for s in race.seats if s.won] == [2]


def test_refusals() -> None:
    with pytest.raises(ChipRaceError) as err:
        chip_race({1: 2}, removed=5, next_chip=25, stacks={1: 100}, cards=["As"])
    assert err.value.code == "race_cards"
    with pytest.raises(ChipRaceError):
        chip_race({1: 2}, removed=5, next_chip=25, stacks={1: 100}, cards=["As", "As"])
    with pytest.raises(ChipRaceError):
        chip_race({1: 2}, removed=5, next_chip=25, stacks={1: 100}, cards=["As", "1x"])
    with pytest.raises(ChipRaceError) as err:
        chip_race({1: 2}, removed=25, next_chip=60, stacks={1: 100}, cards=["As", "Ks"])
    assert err.value.code == "race_denominations"
    with pytest.raises(ChipRaceError) as err:
        chip_race({1: 30}, removed=5, next_chip=25, stacks={1: 100}, cards=[])
    assert err.value.code == "race_counts"


@given(
    st.dictionaries(st.integers(1, 10), st.integers(0, 40), min_size=1, max_size=10),
    st.sampled_from([(5, 25), (25, 100), (100, 500), (500, 1000)]),
    st.integers(0, 2**32),
    st.data(),
)
def test_chip_value_is_conserved_up_to_the_rounding_rule(
    counts: dict[int, int], chips: tuple[int, int], seed: int, data: st.DataObject
) -> None:
    removed, next_chip = chips
    stacks = {s: c * removed + data.draw(st.integers(0, 5)) * next_chip for s, c in counts.items()}
    odd = sum(c % (next_chip // removed) for c in counts.values())
    cards = random.Random(seed).sample(DECK, odd)
    race = chip_race(counts, removed=removed, next_chip=next_chip, stacks=stacks, cards=cards)
    given_min = sum(s.value_after for s in race.seats if s.given_minimum)
    # the change in value is the rounding of the odd value to whole chips, plus the chips given to stay in
    assert race.value_change - given_min == race.chips_awarded * next_chip - race.odd_value
    assert -next_chip / 2 < race.chips_awarded * next_chip - race.odd_value <= next_chip / 2
    # at most one chip each, only to players who raced, and no one left without chips
    assert sum(s.won for s in race.seats) == race.chips_awarded
    assert all(s.odd_chips for s in race.seats if s.won)
    assert all(s.value_after > 0 for s in race.seats if s.value_before > 0)
    assert all(s.value_after % next_chip == 0 for s in race.seats)
