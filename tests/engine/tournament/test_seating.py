"""Seating: the random draw (TDA 10), late entries opening tables, and the dead button (TDA 32, 34-B)."""

from __future__ import annotations

import random

import pytest

from apps.engine.tournament.errors import SeatingError
from apps.engine.tournament.seating import (
    Positions,
    Table,
    first_positions,
    hands_until_big_blind,
    initial_draw,
    next_positions,
    seat_entry,
    waiting_seats,
)


def _full(number: int, seats: int, occupied: list[int], last: Positions | None = None) -> Table:
    return Table(number, seats, {s: f"t{number}s{s}" for s in occupied}, last=last)


class TestRandomDraw:
    def test_draw_is_reproducible_and_balanced(self) -> None:
        players = [f"p{i}" for i in range(23)]
        a = initial_draw(players, 9, random.Random(42))
        b = initial_draw(players, 9, random.Random(42))
        assert a == b
        assert [t.count for t in a] == [8, 8, 7]
        assert sorted(p for t in a for p in t.players.values()) == sorted(players)
        assert initial_draw(players, 9, random.Random(43)) != a

    def test_draw_refuses_a_player_twice(self) -> None:
        with pytest.raises(SeatingError) as err:
            initial_draw(["a", "a"], 9, random.Random(0))
        assert err.value.code == "player_twice"


class TestLateEntries:
    def test_entries_open_tables_as_they_arrive(self) -> None:
        # given two-seat tables, when five players arrive one by one
        tables: list[Table] = []
        opened = []
        for i in range(5):
            assignment, tables = seat_entry(tables, f"p{i}", seats_per_table=2, rng=random.Random(i))
            opened.append(assignment.opened)
        # then a table opens whenever every table is full
        assert opened == [True, False, True, False, True]
        assert [t.count for t in tables] == [2, 2, 1]

    def test_a_late_entry_sits_at_the_shortest_table_not_between_small_blind_and_button(self) -> None:
        # given table 1 (6 players) and table 2 (5 players) whose next hand has the button on 3 and the small
        # blind on 6: seats 4 and 5 are between them
        t1 = _full(1, 9, [1, 2, 3, 4, 5, 6])
        t2 = _full(2, 9, [1, 2, 3, 6, 8], last=Positions(button=2, small_blind=3, big_blind=6))
        assert sorted(waiting_seats(t2)) == [4, 5]
        for seed in range(30):
            assignment, _ = seat_entry([t1, t2], "late", seats_per_table=9, rng=random.Random(seed))
            # then the entry always goes to table 2, never to seats 4 or 5
            assert assignment.table == 2
            assert assignment.seat in (7, 9)
            assert not assignment.waits

    def test_a_seated_player_cannot_enter_twice(self) -> None:
        with pytest.raises(SeatingError) as err:
            seat_entry([_full(1, 9, [1])], "t1s1", seats_per_table=9, rng=random.Random(0))
        assert err.value.code == "player_seated"


class TestDeadButton:
    """TDA 32: the big blind moves one player; the small blind and button follow, even onto empty seats."""

    last = Positions(button=1, small_blind=3, big_blind=5)

    def test_nobody_out(self) -> None:
        t = _full(1, 9, [1, 3, 5, 7, 9], self.last)
        assert next_positions(t) == Positions(button=3, small_blind=5, big_blind=7)

    def test_big_blind_busted_gives_a_dead_small_blind(self) -> None:
        # when the big blind (seat 5) busts, the next big blind is seat 7 and nobody posts the small blind
        t = _full(1, 9, [1, 3, 7, 9], self.last)
        pos = next_positions(t)
        assert pos == Positions(button=3, small_blind=5, big_blind=7)
        assert pos.small_blind not in t.players

    def test_small_blind_busted_gives_a_dead_button(self) -> None:
        t = _full(1, 9, [1, 5, 7, 9], self.last)
        pos = next_positions(t)
        assert pos == Positions(button=3, small_blind=5, big_blind=7)
        assert pos.button not in t.players

    def test_nobody_posts_the_big_blind_twice_going_heads_up(self) -> None:
        # TDA 34-B: three players, the button (seat 3) busts; heads-up the button posts the small blind, and
        # the big blind moves on from seat 7 to seat 5, so seat 7 does not post it twice in a row
        t = _full(1, 9, [5, 7], Positions(button=3, small_blind=5, big_blind=7))
        assert next_positions(t) == Positions(button=7, small_blind=7, big_blind=5)
        # the big blind (seat 5) busts: seat 7 takes the big blind, seat 3 gets the button and the small blind
        t2 = _full(1, 9, [3, 7], Positions(button=1, small_blind=3, big_blind=5))
        assert next_positions(t2) == Positions(button=3, small_blind=3, big_blind=7)

    def test_first_hand_positions_from_the_button_draw(self) -> None:
        t = _full(1, 9, [2, 4, 8])
        assert first_positions(t, 8) == Positions(button=8, small_blind=2, big_blind=4)
        assert first_positions(_full(1, 9, [2, 4]), 4) == Positions(button=4, small_blind=4, big_blind=2)
        with pytest.raises(SeatingError):
            next_positions(t)
        with pytest.raises(SeatingError):
            first_positions(t, 3)

    def test_hands_until_big_blind_counts_players_passed(self) -> None:
        t = _full(1, 9, [1, 3, 5, 7], self.last)
        # next big blind would be seat 7; an entry in seat 6 posts it next hand
        assert hands_until_big_blind(t, 6) == 1
        assert hands_until_big_blind(t, 8) == 2
        assert hands_until_big_blind(t, 2) == 3  # after seats 7 and 1 have posted it
