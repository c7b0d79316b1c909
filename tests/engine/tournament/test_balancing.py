"""Balancing and breaking tables (TDA 10, 11): proposals as data, confirmed by the director."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.engine.tournament.balancing import (
    Move,
    apply_plan,
    balance,
    break_table,
    final_table_draw,
    halted_tables,
    plan_after_elimination,
)
from apps.engine.tournament.errors import SeatingError
from apps.engine.tournament.seating import Positions, Table, next_positions, waiting_seats


def _table(number: int, occupied: list[int], last: Positions | None = None, seats: int = 9) -> Table:
    return Table(number, seats, {s: f"t{number}s{s}" for s in occupied}, last=last)


class TestBalancing:
    def test_the_player_due_the_big_blind_moves_to_the_worst_position(self) -> None:
        # given table 1 full with the big blind last on seat 5 (seat 6 is due it next),
        # and table 2 two short after an elimination, its next hand: button 2, small blind 3, big blind 4
        t1 = _table(1, list(range(1, 10)), Positions(button=3, small_blind=4, big_blind=5))
        t2 = _table(2, [1, 2, 3, 4, 6, 7, 9], Positions(button=1, small_blind=2, big_blind=3))
        # when Floor checks the balance
        plan = balance([t1, t2], rng=random.Random(0))
        # then the player in seat 6 of table 1 moves (TDA 11-A) ...
        assert len(plan.moves) == 1
        move = plan.moves[0]
        assert (move.player, move.from_table, move.from_seat) == ("t1s6", 1, 6)
        # ... to the seat at table 2 that posts the big blind soonest: seat 5 (the big blind goes 4, then 5)
        assert (move.to_table, move.to_seat, move.rule, move.reason, move.waits) == (
            2,
            5,
            "TDA 11-A",
            "balance",
            False,
        )
        assert plan.kind == "balance" and plan.halted == []
        # and once applied, the moved player is the big blind of table 2's second hand
        after = {t.number: t for t in apply_plan([t1, t2], plan)}
        assert [t.count for t in after.values()] == [8, 8]

    def test_the_worst_position_takes_the_big_blind_at_once_when_it_can(self) -> None:
        # given the short table's last big blind on seat 3 and seat 4 empty: a player sitting in 4 posts the
        # big blind next hand
        t1 = _table(1, list(range(1, 10)), Positions(button=1, small_blind=2, big_blind=3))
        t2 = _table(2, [1, 2, 3, 5, 6, 7, 8], Positions(button=1, small_blind=2, big_blind=3))
        move = balance([t1, t2], rng=random.Random(0)).moves[0]
        assert (move.player, move.to_seat) == ("t1s4", 4)
        after = {t.number: t for t in apply_plan([t1, t2], [move])}
        assert next_positions(after[2]).big_blind == 4

    def test_never_the_small_blind_nor_between_the_small_blind_and_the_button(self) -> None:
        # given the short table's big blind (seat 5) just busted: next hand the small blind is dead in seat 5;
        # the button goes to seat 3, so seat 4 is between button and small blind
        t1 = _table(1, list(range(1, 9)), Positions(button=1, small_blind=2, big_blind=3))
        t2 = _table(2, [1, 2, 3, 6, 7, 9], Positions(button=2, small_blind=3, big_blind=5))
        assert sorted(waiting_seats(t2)) == [4, 5]
        move = balance([t1, t2], rng=random.Random(0)).moves[0]
        # then the player gets seat 8, never seats 4 or 5
        assert (move.player, move.to_seat, move.waits) == ("t1s4", 8, False)

    def test_when_only_a_waiting_seat_is_free_the_player_waits_for_the_button(self) -> None:
        t1 = _table(1, [1, 2, 3, 4, 5, 6], Positions(button=1, small_blind=2, big_blind=3), seats=6)
        t2 = _table(2, [1, 2, 3, 6], Positions(button=2, small_blind=3, big_blind=5), seats=6)
        # t2's free seats: 4 (between button 3 and small blind 5) and 5 (dead small blind)
        move = balance([t1, t2], rng=random.Random(0)).moves[0]
        assert move.to_seat in (4, 5) and move.waits

    def test_tables_within_one_player_are_left_alone(self) -> None:
        t1 = _table(1, list(range(1, 10)))
        t2 = _table(2, list(range(1, 9)))
        plan = balance([t1, t2], rng=random.Random(0))
        assert plan.kind == "none" and plan.moves == []

    def test_a_table_three_short_halts_until_balanced(self) -> None:
        # TDA 11-D: table 2 has 6 against table 1's 9
        t1 = _table(1, list(range(1, 10)), Positions(1, 2, 3))
        t2 = _table(2, [1, 2, 3, 4, 5, 6], Positions(1, 2, 3))
        assert halted_tables([t1, t2]) == [2]
        plan = balance([t1, t2], rng=random.Random(0))
        assert plan.halted == [2]
        assert any("TDA 11-D" in n for n in plan.notes)
        # one move balances 9/6 to 8/7
        assert len(plan.moves) == 1
        assert halted_tables(apply_plan([t1, t2], plan)) == []

    def test_several_moves_come_from_the_longest_tables_in_turn(self) -> None:
        t1 = _table(1, list(range(1, 10)), Positions(1, 2, 3))
        t2 = _table(2, list(range(1, 10)), Positions(4, 5, 6))
        t3 = _table(3, [1, 3, 5, 7, 9], Positions(1, 3, 5))
        plan = balance([t1, t2, t3], rng=random.Random(0))
        assert [(m.player, m.to_table) for m in plan.moves] == [("t1s4", 3), ("t2s7", 3)]
        assert sorted(t.count for t in apply_plan([t1, t2, t3], plan)) == [7, 8, 8]

    def test_a_table_with_no_hand_yet_draws_the_mover_and_seat(self) -> None:
        t1 = _table(1, list(range(1, 10)))
        t2 = _table(2, [1, 2, 3, 4, 5, 6, 7])
        a = balance([t1, t2], rng=random.Random(5)).moves
        b = balance([t1, t2], rng=random.Random(5)).moves
        assert a == b and len(a) == 1 and a[0].to_seat in (8, 9)


class TestBreaking:
    def test_the_next_table_in_the_published_order_breaks_with_a_random_redraw(self) -> None:
        # given three 9-seat tables with 6 players each: 18 players fit at two tables
        tables = [_table(n, [1, 2, 3, 4, 5, 6], Positions(1, 2, 3)) for n in (1, 2, 3)]
        # when the published order says table 2 breaks first
        plan = plan_after_elimination(tables, seats_per_table=9, rng=random.Random(7), break_order=[2, 3, 1])
        # then table 2's six players are redrawn, three to each other table (TDA 10-B)
        assert plan.kind == "break" and plan.broken == 2
        assert sorted(m.player for m in plan.moves) == [f"t2s{s}" for s in range(1, 7)]
        assert all(m.reason == "break" and m.rule == "TDA 10-B" for m in plan.moves)
        assert sorted(m.to_table for m in plan.moves) == [1, 1, 1, 3, 3, 3]
        assert len({(m.to_table, m.to_seat) for m in plan.moves}) == 6
        after = apply_plan(tables, plan)
        assert [(t.number, t.count) for t in after] == [(1, 9), (3, 9)]
        # and the draw is reproducible from the seed
        again = plan_after_elimination(tables, seats_per_table=9, rng=random.Random(7), break_order=[2, 3, 1])
        assert again.moves == plan.moves

    def test_default_order_breaks_the_highest_number(self) -> None:
        tables = [_table(n, [1, 2, 3, 4], Positions(1, 2, 3), seats=6) for n in (1, 2, 3)]
        plan = plan_after_elimination(tables, seats_per_table=6, rng=random.Random(1))
        assert plan.broken == 3

    def test_breaking_then_balancing(self) -> None:
        # 9 + 4 + 4 = 17 fit at two tables: table 3 breaks into table 2 mostly, then the rest balance
        tables = [
            _table(1, list(range(1, 10)), Positions(1, 2, 3)),
            _table(2, [1, 2, 3, 4], Positions(1, 2, 3)),
            _table(3, [1, 2, 3, 4], Positions(1, 2, 3)),
        ]
        plan = plan_after_elimination(tables, seats_per_table=9, rng=random.Random(2))
        counts = sorted(t.count for t in apply_plan(tables, plan))
        assert counts == [8, 9]

    def test_no_room_to_break(self) -> None:
        with pytest.raises(SeatingError) as err:
            break_table([_table(1, list(range(1, 10))), _table(2, [1, 2])], 2, rng=random.Random(0))
        assert err.value.code == "break_no_room"


class TestFinalTable:
    def test_everyone_is_redrawn_when_they_fit_at_one_table(self) -> None:
        tables = [_table(1, [1, 3, 5, 7, 9], Positions(1, 3, 5)), _table(4, [2, 4, 6, 8], Positions(2, 4, 6))]
        plan = plan_after_elimination(tables, seats_per_table=9, rng=random.Random(11))
        assert plan.kind == "final" and plan.final_table == 1
        assert len(plan.moves) == 9 and {m.to_seat for m in plan.moves} == set(range(1, 10))
        after = apply_plan(tables, plan)
        assert len(after) == 1 and after[0].count == 9 and after[0].last is None

    def test_a_smaller_final_table(self) -> None:
        tables = [_table(1, [1, 2, 3, 4, 5]), _table(2, [1, 2, 3, 4])]
        plan = final_table_draw(tables, rng=random.Random(0), seats=10)
        assert {m.to_seat for m in plan.moves} <= set(range(1, 11))


class TestDirectorOverrides:
    def test_a_stale_move_is_refused(self) -> None:
        tables = [_table(1, [1, 2]), _table(2, [1])]
        with pytest.raises(SeatingError) as err:
            apply_plan(tables, [Move("t1s3", 1, 3, 2, 5, "balance", "TDA 11-A")])
        assert err.value.code == "move_stale"

    def test_the_director_may_choose_another_seat(self) -> None:
        tables = [_table(1, [1, 2, 3, 4], seats=6), _table(2, [1, 2], seats=6)]
        proposed = balance(tables, rng=random.Random(0)).moves[0]
        override = Move(proposed.player, proposed.from_table, proposed.from_seat, 2, 6, "balance", "TDA 11-A")
        after = {t.number: t for t in apply_plan(tables, [override])}
        assert after[2].players[6] == proposed.player


@st.composite
def floors(draw: st.DrawFn) -> tuple[list[Table], int]:
    seats = draw(st.integers(4, 10))
    n_tables = draw(st.integers(2, 6))
    tables = []
    for number in range(1, n_tables + 1):
        occupied = sorted(draw(st.sets(st.integers(1, seats), min_size=1, max_size=seats)))
        last = None
        if len(occupied) >= 3 and draw(st.booleans()):
            bb = draw(st.sampled_from(occupied))
            sb = draw(st.integers(1, seats))
            btn = draw(st.integers(1, seats))
            last = Positions(btn, sb, bb)
        tables.append(Table(number, seats, {s: f"{number}-{s}" for s in occupied}, last=last))
    return tables, seats


@settings(max_examples=300, deadline=None)
@given(floors(), st.integers(0, 2**32))
def test_after_the_proposed_moves_tables_differ_by_at_most_one(
    floor: tuple[list[Table], int], seed: int
) -> None:
    tables, seats = floor
    everyone = sorted(p for t in tables for p in t.players.values())
    plan = plan_after_elimination(tables, seats_per_table=seats, rng=random.Random(seed))
    after = apply_plan(tables, plan)
    counts = [t.count for t in after]
    # nobody is lost or seated twice, the open tables are within one player, and no table can be spared
    assert sorted(p for t in after for p in t.players.values()) == everyone
    assert max(counts) - min(counts) <= 1
    assert len(after) == 1 or sum(counts) > (len(after) - 1) * seats
    assert all(t.count <= seats for t in after)
