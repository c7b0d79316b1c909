"""Progressive knockout arithmetic: half of the head in cash, half onto the winner's head; split pots share it
as plain bounties do (odd units clockwise from the button); an odd share's odd unit is paid in cash."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.engine.tournament.errors import EntryError
from apps.engine.tournament.pko import halves, progressive_shares


def test_one_winner_collects_half_in_cash_and_half_onto_the_head() -> None:
    assert progressive_shares([("x", ["a"])], {"x": 50}) == ({"a": 25}, {"a": 25})


def test_an_odd_head_pays_its_odd_unit_in_cash() -> None:
    assert progressive_shares([("x", ["a"])], {"x": 75}) == ({"a": 38}, {"a": 37})


def test_a_split_pot_shares_the_head_the_odd_unit_to_the_first_winner_from_the_button() -> None:
    # 75 between two: 38 to the first left of the button, 37 to the other; each halved, odd unit in cash
    cash, head = progressive_shares([("x", ["b", "a"])], {"x": 75})
    assert cash == {"b": 19, "a": 19}
    assert head == {"b": 19, "a": 18}
    assert sum(cash.values()) + sum(head.values()) == 75


def test_two_knockouts_in_one_hand_add_up() -> None:
    cash, head = progressive_shares([("x", ["a"]), ("y", ["a", "b"])], {"x": 50, "y": 101})
    # x: 25/25 to a; y: 51 to a (26/25), 50 to b (25/25)
    assert cash == {"a": 51, "b": 25}
    assert head == {"a": 50, "b": 25}


def test_a_head_of_nothing_pays_nothing() -> None:
    assert progressive_shares([("x", ["a"])], {"x": 0}) == ({}, {})


def test_a_negative_share_is_refused() -> None:
    with pytest.raises(EntryError):
        halves(-1)


@given(
    head=st.integers(min_value=0, max_value=10**9),
    winners=st.integers(min_value=1, max_value=9),
)
def test_cash_and_heads_always_add_up_to_the_head_collected(head: int, winners: int) -> None:
    names = [f"w{i}" for i in range(winners)]
    cash, heads = progressive_shares([("x", names)], {"x": head})
    assert sum(cash.values()) + sum(heads.values()) == head
    assert all(0 <= cash.get(n, 0) - heads.get(n, 0) <= 1 for n in names)
