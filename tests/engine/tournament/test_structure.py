"""Structures: templates per game kind, the suggestion from the host's hours, chips and colour-ups."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.engine.tournament.chips import chips_in_play, colour_ups, smallest_chip
from apps.engine.tournament.errors import StructureError
from apps.engine.tournament.structure import (
    TEMPLATES,
    Break,
    Level,
    levels_of,
    suggest_structure,
    template,
    to_clock_levels,
    verify_structure,
)


def _minutes(structure: list[Level | Break]) -> int:
    return sum(x.minutes for x in structure)


@pytest.mark.parametrize("name", TEMPLATES)
@pytest.mark.parametrize("kind", ["blinds", "ante", "fixed-limit"])
def test_templates_are_valid_and_rise(name: str, kind: str) -> None:
    # given a ready template for a game kind
    structure = template(name, kind, starting_stack=10000)
    # then the levels are numbered, never go down, and every amount is paid by some chip
    verify_structure(structure)
    levels = levels_of(structure)
    assert len(levels) >= 12
    assert all(b.amounts[0] >= a.amounts[0] for a, b in itertools.pairwise(levels))
    assert chips_in_play(structure)


def test_template_shapes_per_game_kind() -> None:
    # Five-Card Draw: ante and a bet unit of twice the ante (RULES.md §6)
    draw = levels_of(template("regular", "ante"))[0]
    assert (draw.ante, draw.bet_units, draw.small_blind, draw.big_blind) == (25, (50, 50), 0, 0)
    # 2-7 Triple Draw fixed-limit: small bet = big blind, big bet twice that (RULES.md §7)
    triple = levels_of(template("regular", "fixed-limit"))[3]
    assert (triple.small_blind, triple.big_blind, triple.bet_units) == (100, 200, (200, 200, 400, 400))
    # blinds games: a big-blind ante from level 3
    blinds = levels_of(template("regular", "blinds"))
    assert blinds[1].big_blind_ante == 0 and blinds[2].big_blind_ante == blinds[2].big_blind


def test_template_lengths_and_breaks() -> None:
    turbo, regular, deep = (template(n) for n in ("turbo", "regular", "deep"))
    assert {x.minutes for x in levels_of(turbo)} == {10}
    assert {x.minutes for x in levels_of(regular)} == {20}
    assert {x.minutes for x in levels_of(deep)} == {30}
    assert isinstance(regular[4], Break) and not isinstance(regular[3], Break)
    assert not isinstance(regular[-1], Break)


def test_template_scales_with_the_starting_stack() -> None:
    small = levels_of(template("regular", starting_stack=1000))
    big = levels_of(template("regular", starting_stack=100000))
    assert small[0].big_blind < big[0].big_blind
    assert big[0].big_blind == 500  # 1/200 of the stack at level 1


@pytest.mark.parametrize(
    ("players", "stack", "hours"),
    [(9, 2000, 1.5), (20, 10000, 4), (60, 20000, 6), (150, 30000, 8), (6, 5000, 2)],
)
def test_suggestion_ends_near_the_hours(players: int, stack: int, hours: float) -> None:
    # given the field, the stack and the host's hours
    structure = suggest_structure(players, stack, hours)
    levels = levels_of(structure)
    # then the clock runs out no later than the hours and within one level of them
    total = _minutes(structure)
    assert total <= hours * 60
    assert total > hours * 60 - levels[0].minutes - 10
    # the first big blind is about 1/100 of the stack, the last about 1/20 of all chips
    assert levels[0].big_blind == pytest.approx(stack / 100, rel=0.35)
    assert levels[-1].big_blind == pytest.approx(players * stack / 20, rel=0.35)
    verify_structure(structure)


def test_suggestion_with_a_fixed_level_length_and_other_kinds() -> None:
    s = suggest_structure(30, 5000, 3, "fixed-limit", level_minutes=15)
    levels = levels_of(s)
    assert {x.minutes for x in levels} == {15}
    assert all(len(x.bet_units) == 4 for x in levels)
    assert all(
        x.ante and x.bet_units == (2 * x.ante, 2 * x.ante)
        for x in levels_of(suggest_structure(6, 2000, 1, "ante"))
    )


def test_suggestion_refuses_nonsense() -> None:
    with pytest.raises(StructureError) as err:
        suggest_structure(1, 1000, 2)
    assert err.value.code == "suggestion_invalid"
    with pytest.raises(StructureError):
        template("nope")
    with pytest.raises(StructureError):
        template("turbo", "stud")


def test_level_validation() -> None:
    with pytest.raises(StructureError):
        Level(1, small_blind=100, big_blind=50)
    with pytest.raises(StructureError):
        Level(1)
    with pytest.raises(StructureError):
        Break(0)
    with pytest.raises(StructureError) as err:
        verify_structure([Level(1, 50, 100), Level(3, 100, 200)])
    assert err.value.detail == {"expected": 2, "got": 3}


def test_smallest_chip_and_colour_ups() -> None:
    # given 25/50, a break, 75/150, then 100/200 and 200/400 with chips 25, 100, 500
    s: list[Level | Break] = [
        Level(1, 25, 50),
        Break(10),
        Level(2, 75, 150),
        Level(3, 100, 200),
        Level(4, 200, 400),
    ]
    assert smallest_chip(Level(1, 75, 150), (25, 100, 500)) == 25
    # then the 25 chip leaves before level 3, which is not after a break
    ups = colour_ups(s, (25, 100, 500))
    assert [(c.level, c.removed, c.next_chip, c.at_break) for c in ups] == [(3, (25,), 100, False)]


def test_no_chip_pays_a_level() -> None:
    with pytest.raises(StructureError) as err:
        smallest_chip(Level(1, 3, 7), (5, 25))
    assert err.value.code == "no_chip_fits"


def test_to_clock_levels() -> None:
    clock_levels = to_clock_levels([Level(1, 0, 0, ante=10, bet_units=(20, 20), minutes=12), Break(5)])
    assert (
        clock_levels[0].seconds == 720
        and clock_levels[0].bet_units == (20, 20)
        and clock_levels[0].ante == 10
    )
    assert clock_levels[1].is_break and clock_levels[1].seconds == 300


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 2000),
    st.integers(100, 100000),
    st.integers(1, 48).map(lambda q: q / 4),
    st.sampled_from(["blinds", "ante", "fixed-limit"]),
)
def test_any_suggestion_is_valid_and_fits_the_hours(
    players: int, stack: int, hours: float, kind: str
) -> None:
    structure = suggest_structure(players, stack, hours, kind)
    verify_structure(structure)
    assert _minutes(structure) <= hours * 60
    assert not isinstance(structure[-1], Break)
    levels = levels_of(structure)
    assert all(a.amounts[0] < b.amounts[0] for a, b in itertools.pairwise(levels))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"hours": 1e300}, "hours"),
        ({"hours": 73}, "hours"),
        ({"players": 10_001}, "players"),
        ({"starting_stack": 10**13}, "starting_stack"),
        ({"level_minutes": 241}, "level_minutes"),
        ({"level_minutes": -5}, "level_minutes"),
    ],
)
def test_a_suggestion_out_of_range_is_refused_at_once(kwargs: dict[str, Any], field: str) -> None:
    """A fuzzer once asked for 1e300 hours and the level count never stopped growing."""
    args = {"players": 20, "starting_stack": 10000, "hours": 4, **kwargs}

    with pytest.raises(StructureError) as refused:
        suggest_structure(**args)

    assert refused.value.code == "suggestion_out_of_range"
    assert refused.value.detail["field"] == field
