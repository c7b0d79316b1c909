"""Payout tables and integer prizes: exact sums, rounding to a unit with the remainder to first, ties."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.engine.tournament.errors import PayoutError
from apps.engine.tournament.payouts import (
    WHOLE,
    pay,
    payout_table,
    percentages_to_shares,
    places_paid,
    split_places,
    verify_amounts,
)


def test_places_paid_is_about_fifteen_percent() -> None:
    assert [places_paid(n) for n in (1, 6, 7, 10, 20, 27, 100, 1000)] == [1, 1, 1, 2, 3, 4, 15, 150]


def test_table_for_twenty_entries_is_the_classic_three_places() -> None:
    # given 20 entries, then three places are paid, close to the classic 50/30/20
    shares = payout_table(20)
    assert shares == [4977, 2864, 2159]
    assert sum(shares) == WHOLE


def test_min_cash_is_at_least_one_and_a_half_buy_ins() -> None:
    for entries in (10, 30, 67, 100, 300, 1000):
        shares = payout_table(entries)
        # the last paid place wins at least 1.5 average buy-ins (pool / entries)
        assert shares[-1] * entries >= 15000


@given(st.integers(1, 3000))
def test_tables_sum_to_the_whole_and_never_increase(entries: int) -> None:
    shares = payout_table(entries)
    assert sum(shares) == WHOLE
    assert all(a >= b for a, b in itertools.pairwise(shares))
    assert len(shares) == places_paid(entries)


@given(st.integers(1, 3000), st.integers(0, 10**9), st.sampled_from([1, 5, 100, 500, 1000]))
def test_pay_sums_exactly_and_never_increases_with_place(entries: int, pool: int, unit: int) -> None:
    # given any pool and Floor's table, when paid in units
    prizes = pay(pool, payout_table(entries), unit=unit)
    # then the prizes sum to the pool, never increase with the place, and all but first are whole units
    assert sum(prizes) == pool
    assert all(a >= b for a, b in itertools.pairwise(prizes))
    assert all(p % unit == 0 for p in prizes[1:])
    # and first place's extra is the rounding remainder: less than one unit per paid place
    exact_first = pool * payout_table(entries)[0] / WHOLE
    assert prizes[0] - exact_first < unit * len(prizes)


def test_remainder_goes_to_first_place() -> None:
    # 1,234.56 in cents paid 50/30/20 in whole currency units
    assert pay(123456, [5000, 3000, 2000], unit=100) == [61856, 37000, 24600]


def test_hosts_own_percentages_and_amounts() -> None:
    assert percentages_to_shares(["40", "25.5", 20, "14.5"]) == [4000, 2550, 2000, 1450]
    with pytest.raises(PayoutError) as err:
        percentages_to_shares(["50", "30"])
    assert err.value.code == "shares_sum"
    with pytest.raises(PayoutError) as err:
        percentages_to_shares(["33.333", "33.333", "33.334"])
    assert err.value.code == "shares_precision"
    verify_amounts(1000, [700, 300])
    with pytest.raises(PayoutError):
        verify_amounts(1000, [700, 200])


def test_tied_places_share_the_sum_of_their_prizes() -> None:
    # given prizes 500/300/200/0, two players tied for 2nd-3rd share 500
    assert split_places([500, 300, 200], 2, 2) == [250, 250]
    # three tied for 3rd-5th with only 3rd paid: 200 / 3 -> 67, 67, 66 (odd units in the order given)
    assert split_places([500, 300, 200], 3, 3) == [67, 67, 66]
    # in units of 100: 700 cents over 2 -> 400/300 rather than 350 each
    assert split_places([1000, 400, 300], 2, 2, unit=100) == [400, 300]


@given(
    st.lists(st.integers(0, 10**6), min_size=1, max_size=12).map(lambda xs: sorted(xs, reverse=True)),
    st.integers(1, 12),
    st.integers(1, 6),
    st.sampled_from([1, 10, 100]),
)
def test_shared_places_conserve_money_and_stay_within_a_unit(
    prizes: list[int], first: int, players: int, unit: int
) -> None:
    amounts = split_places(prizes, first, players, unit=unit)
    covered = sum(prizes[p - 1] for p in range(first, first + players) if p <= len(prizes))
    assert sum(amounts) == covered
    assert max(amounts) - min(amounts) <= 2 * unit
