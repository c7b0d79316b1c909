"""Deals: ICM against published examples, chip-chop against a published example, even split; exact sums."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.engine.tournament.deals import chip_chop, even_split, icm, icm_equities
from apps.engine.tournament.errors import DealError


def test_icm_wikipedia_three_player_example() -> None:
    """Wikipedia, "Independent Chip Model", section Model: A, B and C hold 50%, 30% and 20% of the chips,
    1st pays 70 and 2nd pays 30; the article gives ICM(A) ≈ 45, ICM(B) ≈ 32, ICM(C) ≈ 22
    (https://en.wikipedia.org/wiki/Independent_Chip_Model)."""
    # given the article's stacks and prizes
    equities = icm_equities([5000, 3000, 2000], [70, 30])
    # then the exact equities are 45 5/28, 32 1/4 and 22 4/7 ...
    assert equities == [Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)]
    # ... which the article rounds down to 45, 32 and 22
    assert [int(e) for e in equities] == [45, 32, 22]
    # and the whole-unit deal still sums to the 100 in play
    assert icm([5000, 3000, 2000], [70, 30]).amounts == [45, 32, 23]


def test_icm_four_handed_published_example() -> None:
    """Pailiku ICM calculator's published result page (https://pailiku.com/tools/icm-calculator/result):
    stacks 5000/3000/1500/500, payouts 500/300/200, cash equity 377.78 / 312.89 / 225.60 / 83.73."""
    equities = icm_equities([5000, 3000, 1500, 500], [500, 300, 200])
    assert [round(float(e), 2) for e in equities] == [377.78, 312.89, 225.60, 83.73]
    # in cents the deal is exact to the cent and sums to the 1,000.00 in play
    deal = icm([5000, 3000, 1500, 500], [50000, 30000, 20000])
    assert deal.amounts == [37778, 31289, 22560, 8373]
    assert sum(deal.amounts) == 100000


def test_icm_heads_up_is_second_prize_plus_chip_share_of_the_difference() -> None:
    equities = icm_equities([3000, 1000], [700, 300])
    assert equities == [300 + Fraction(3, 4) * 400, 300 + Fraction(1, 4) * 400]


def test_icm_equal_stacks_split_evenly_and_explains() -> None:
    deal = icm([100, 100, 100], [50, 30, 20], unit=1)
    assert deal.amounts == [34, 33, 33]
    assert deal.method == "icm"
    assert any("Malmuth-Harville" in line for line in deal.explanation)
    assert any("Rounding" in line for line in deal.explanation)


def test_chip_chop_published_example() -> None:
    """BetMGM poker help, "How are the chip count payout amounts calculated?": remaining prize pool $570,
    next payout $57, five players with 15000/12000/10000/6000/500 chips get
    $155.28 / $135.63 / $122.52 / $96.32 / $60.28 (the page rounds each line on its own, so its lines add up
    to $570.03; Floor's amounts sum exactly and stay within a cent of each)."""
    stacks = [15000, 12000, 10000, 6000, 500]
    prizes = [
        20000,
        15000,
        10600,
        5700,
        5700,
    ]  # any remaining prizes summing to $570.00 with $57.00 the lowest
    deal = chip_chop(stacks, prizes)
    published = [15528, 13563, 12252, 9632, 6028]
    assert sum(deal.amounts) == 57000
    assert all(abs(a - p) <= 1 for a, p in zip(deal.amounts, published, strict=True))
    assert deal.explanation[0].startswith(
        "Chip-chop: every player has already won the smallest remaining prize"
    )


def test_even_split_rounding_goes_to_the_bigger_stacks() -> None:
    deal = even_split([100, 500, 300], [600, 300, 101])
    assert deal.amounts == [333, 334, 334]
    assert even_split([100, 500, 300], [60000, 30000, 10100], unit=100).amounts == [33300, 33400, 33400]


def test_deal_refusals() -> None:
    with pytest.raises(DealError) as err:
        icm([100, 0], [10, 5])
    assert err.value.code == "deal_no_chips"
    with pytest.raises(DealError) as err:
        icm([100, 200], [10, 5, 1])
    assert err.value.code == "deal_prizes"
    with pytest.raises(DealError) as err:
        icm([1] * 11, [10])
    assert err.value.code == "icm_too_many"


stacks_st = st.lists(st.integers(1, 10**6), min_size=2, max_size=7)


@given(stacks_st, st.data(), st.sampled_from([1, 100]))
def test_every_deal_sums_exactly_to_the_prizes(stacks: list[int], data: st.DataObject, unit: int) -> None:
    n = data.draw(st.integers(1, len(stacks)))
    prizes = sorted(data.draw(st.lists(st.integers(0, 10**7), min_size=n, max_size=n)), reverse=True)
    for deal in (
        icm(stacks, prizes, unit=unit),
        chip_chop(stacks, prizes, unit=unit),
        even_split(stacks, prizes, unit=unit),
    ):
        assert sum(deal.amounts) == sum(prizes)
        assert min(deal.amounts) >= 0
    equities = icm_equities(stacks, prizes)
    assert sum(equities) == sum(prizes)


@given(stacks_st, st.data())
def test_icm_never_pays_a_smaller_stack_more(stacks: list[int], data: st.DataObject) -> None:
    n = data.draw(st.integers(1, len(stacks)))
    prizes = sorted(data.draw(st.lists(st.integers(0, 10**6), min_size=n, max_size=n)), reverse=True)
    amounts = icm(stacks, prizes).amounts
    for i in range(len(stacks)):
        for j in range(len(stacks)):
            if stacks[i] < stacks[j]:
                assert amounts[i] <= amounts[j]
            # and nobody gets less than the smallest prize in play nor more than the biggest
        assert min([*prizes, *([0] * (len(stacks) - len(prizes)))]) <= amounts[i] <= prizes[0] + 1
