"""Finishing places: several busts on one hand, hand-for-hand ties, shared prizes, and the 10-hand match."""

from __future__ import annotations

import pytest

from apps.engine.tournament.errors import PlaceError
from apps.engine.tournament.payouts import pay
from apps.engine.tournament.places import (
    Bust,
    Finish,
    MatchFormat,
    busts_from_hand,
    hand_for_hand_due,
    match_result,
    no_bet_points,
    places_for_hand,
    prizes_for_finishes,
)


def _places(finishes: list[Finish]) -> dict[str, tuple[int, ...]]:
    return {f.player: f.places for f in finishes}


class TestEliminations:
    def test_a_player_with_no_chips_and_no_rebuy_is_out(self) -> None:
        start = {"ann": 400, "bob": 900, "cat": 300, "dan": 1000}
        end = {"ann": 0, "bob": 0, "cat": 0, "dan": 2600}
        busts = busts_from_hand(2, start, end, rebuying={"cat"})
        assert busts == [Bust("ann", 2, 400), Bust("bob", 2, 900)]

    def test_more_chips_at_the_start_of_the_hand_finishes_higher(self) -> None:
        # given 8 players left and three busts on one hand at one table (WSOP 126-b)
        busts = [Bust("small", 1, 300), Bust("big", 1, 2500), Bust("mid", 1, 900)]
        # then they take 6th, 7th and 8th by their starting stacks
        assert _places(places_for_hand(8, busts)) == {"big": (6,), "mid": (7,), "small": (8,)}

    def test_equal_stacks_tie_and_share_the_prizes_of_the_places(self) -> None:
        # given 4 left, prizes 500/300/200/0, two players who began the hand with 1,000 each bust
        finishes = places_for_hand(4, [Bust("a", 1, 1000), Bust("b", 1, 1000)])
        assert _places(finishes) == {"a": (3, 4), "b": (3, 4)}
        assert all(f.tied and f.place == 3 for f in finishes)
        # then they share 3rd and 4th: (200 + 0) / 2 each
        assert prizes_for_finishes(finishes, [500, 300, 200]) == {"a": 100, "b": 100}

    def test_hand_for_hand_busts_at_different_tables_tie(self) -> None:
        # given the bubble: 10 left, 9 paid; on one hand-for-hand hand a player busts at each of two tables
        prizes = pay(100000, [3000, 2000, 1400, 1000, 800, 600, 500, 400, 300], unit=100)
        finishes = places_for_hand(10, [Bust("x", 1, 800), Bust("y", 2, 5000)], hand_for_hand=True)
        # then they tie for 9th-10th whatever their stacks, and share 9th's prize
        assert _places(finishes) == {"x": (9, 10), "y": (9, 10)}
        assert prizes_for_finishes(finishes, prizes) == {"x": 1500, "y": 1500}

    def test_hand_for_hand_with_two_busts_at_one_table_and_one_at_another(self) -> None:
        # Floor's reading: within a table the chip rule orders busts into tiers; equal tiers across tables tie
        busts = [Bust("a1", 1, 5000), Bust("a2", 1, 3000), Bust("b1", 2, 1000)]
        assert _places(places_for_hand(12, busts, hand_for_hand=True)) == {
            "a1": (10, 11),
            "b1": (10, 11),
            "a2": (12,),
        }

    def test_outside_hand_for_hand_busts_are_reported_hand_by_hand(self) -> None:
        with pytest.raises(PlaceError) as err:
            places_for_hand(20, [Bust("a", 1, 100), Bust("b", 2, 100)])
        assert err.value.code == "busts_span_tables"

    def test_bad_input(self) -> None:
        with pytest.raises(PlaceError):
            places_for_hand(1, [Bust("a", 1, 1), Bust("b", 1, 2)])
        with pytest.raises(PlaceError):
            places_for_hand(5, [Bust("a", 1, 1), Bust("a", 1, 2)])
        assert places_for_hand(5, []) == []

    def test_hand_for_hand_is_played_on_the_bubble(self) -> None:
        assert [hand_for_hand_due(n, 27) for n in (29, 28, 27)] == [False, True, False]
        assert [hand_for_hand_due(n, 27, before_money=2) for n in (30, 29, 28)] == [False, True, True]


class TestSingleTableMatch:
    """The source rules (RULES.md §6): 10 hands by default; most chips (or points) wins; ties share."""

    def test_the_default_match_is_ten_hands(self) -> None:
        match = MatchFormat()
        assert (match.hands, match.mode) == (10, "chips")
        assert [match.is_over(n) for n in (0, 9, 10, 11)] == [False, False, True, True]
        with pytest.raises(PlaceError):
            MatchFormat(hands=0)
        with pytest.raises(PlaceError):
            MatchFormat(mode="time")

    def test_most_chips_after_ten_hands_wins_and_ties_share(self) -> None:
        # given six players' chips after the 10th hand (2,000 each at the start)
        chips = {"a": 3100, "b": 1400, "c": 3100, "d": 0, "e": 2400, "f": 2000}
        finishes = match_result(chips)
        assert _places(finishes) == {"a": (1, 2), "c": (1, 2), "e": (3,), "f": (4,), "b": (5,), "d": (6,)}
        # and a prize of 70/30 is shared by the two leaders
        assert prizes_for_finishes(finishes, [700, 300]) == {
            "a": 500,
            "c": 500,
            "e": 0,
            "f": 0,
            "b": 0,
            "d": 0,
        }

    def test_no_bet_mode_counts_points(self) -> None:
        # ten hands of the no-bet mode: the best hand scores a point, tied best hands each score one
        winners = [{"a"}, {"b"}, {"a", "c"}, {"c"}, {"a"}, {"b"}, {"b", "c"}, {"d"}, {"a"}, {"c"}]
        points = no_bet_points(["a", "b", "c", "d"], winners)
        assert points == {"a": 4, "b": 3, "c": 4, "d": 1}
        assert _places(match_result(points)) == {"a": (1, 2), "c": (1, 2), "b": (3,), "d": (4,)}
        with pytest.raises(PlaceError):
            no_bet_points(["a"], [{"z"}])

    def test_everyone_tied(self) -> None:
        assert {f.places for f in match_result({"a": 2000, "b": 2000})} == {(1, 2)}
