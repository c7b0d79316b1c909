"""League points (places table or a formula of entries, buy-in and place), best-N and the tie-breakers."""

from __future__ import annotations

import pytest

from apps.engine.tournament.errors import LeagueError
from apps.engine.tournament.league import PointsRule, Result, leaderboard


class TestPoints:
    def test_places_table(self) -> None:
        rule = PointsRule("table", (1000, 700, 500, 300))
        assert [rule.points(place=p, entries=10, buyin=2000) for p in (1, 2, 4, 5)] == [1000, 700, 300, 0]

    def test_tied_players_share_the_average_of_their_places(self) -> None:
        rule = PointsRule("table", (1000, 700, 500, 300))
        assert rule.shared([3, 4], entries=10, buyin=0) == 400
        assert rule.shared([4, 5, 6], entries=10, buyin=0) == 100  # 300 + 0 + 0 over 3
        assert rule.shared([1, 2, 3], entries=10, buyin=0) == 733  # 2,200 / 3 rounded down

    def test_tournament_leader_board_formula(self) -> None:
        # 10 x sqrt(100)/sqrt(place) x (1 + log10(10 + 0.25)) for a $10 buy-in (1,000 cents), 100 entries
        rule = PointsRule("tlb")
        assert rule.points(place=1, entries=100, buyin=1000) == 20107
        assert rule.points(place=4, entries=100, buyin=1000) == 10054
        # more entries, a bigger buy-in or a better place never score less
        assert rule.points(place=4, entries=200, buyin=1000) > rule.points(place=4, entries=100, buyin=1000)
        assert rule.points(place=4, entries=100, buyin=5000) > rule.points(place=4, entries=100, buyin=1000)

    def test_sqrt_formula_and_a_free_roll(self) -> None:
        rule = PointsRule("sqrt")
        assert rule.points(place=1, entries=100, buyin=1000) == 3162
        assert rule.points(place=4, entries=100, buyin=1000) == 1581
        assert rule.points(place=1, entries=100, buyin=0) == 0
        assert PointsRule("tlb").points(place=1, entries=9, buyin=0) > 0  # log10(0.25) > -1

    def test_refusals(self) -> None:
        with pytest.raises(LeagueError):
            PointsRule("elo")
        with pytest.raises(LeagueError):
            PointsRule("table")
        with pytest.raises(LeagueError) as err:
            PointsRule("tlb").points(place=11, entries=10, buyin=100)
        assert err.value.code == "points_input"


class TestSeason:
    def test_best_n_counts_the_best_results_and_shows_the_dropped(self) -> None:
        # given five results for ann and three for bob
        results = [
            Result("ann", 1, 3, 500),
            Result("ann", 2, 1, 1000, prize=5000),
            Result("ann", 3, 5, 200),
            Result("ann", 4, 2, 700, prize=3000),
            Result("ann", 5, 6, 100),
            Result("bob", 1, 1, 1000, prize=5000),
            Result("bob", 2, 2, 700, prize=3000),
            Result("bob", 5, 2, 700, prize=3000),
        ]
        # when the league counts the best three
        table = leaderboard(results, best_n=3)
        ann = next(s for s in table if s.player == "ann")
        bob = next(s for s in table if s.player == "bob")
        assert (ann.total, bob.total) == (2200, 2400)
        assert [r.tournament for r in ann.counted] == [1, 2, 4]
        assert [r.tournament for r in ann.dropped] == [3, 5]
        assert [s.player for s in table] == ["bob", "ann"]
        # and with every result counted ann leads
        assert [s.player for s in leaderboard(results)] == ["ann", "bob"]

    def test_tie_break_more_wins(self) -> None:
        results = [Result("a", 1, 1, 1000, 1), Result("b", 1, 2, 700, 1), Result("b", 2, 2, 300, 1)]
        table = leaderboard(results)
        assert [(s.rank, s.player, s.total) for s in table] == [(1, "a", 1000), (2, "b", 1000)]

    def test_tie_break_more_cashes(self) -> None:
        results = [Result("a", 1, 2, 700, 100), Result("b", 1, 3, 500, 50), Result("b", 2, 8, 200, 10)]
        assert [s.player for s in leaderboard(results)] == ["b", "a"]

    def test_tie_break_best_single_finish(self) -> None:
        results = [
            Result("a", 1, 4, 400),
            Result("a", 2, 4, 400),
            Result("b", 1, 3, 500),
            Result("b", 2, 7, 300),
        ]
        assert [s.player for s in leaderboard(results)] == ["b", "a"]

    def test_tie_break_earlier_achievement(self) -> None:
        # both 800 with one 2nd and one 5th, no cash: a completed the total at tournament 2, b at tournament 3
        results = [
            Result("a", 1, 2, 600),
            Result("a", 2, 5, 200),
            Result("b", 1, 5, 200),
            Result("b", 3, 2, 600),
        ]
        assert [s.player for s in leaderboard(results)] == ["a", "b"]

    def test_all_equal_share_the_rank(self) -> None:
        results = [Result("a", 1, 2, 600), Result("b", 1, 2, 600)]
        assert [(s.rank, s.player) for s in leaderboard(results)] == [(1, "a"), (1, "b")]

    def test_refusals(self) -> None:
        with pytest.raises(LeagueError):
            leaderboard([Result("a", 1, 1, 10), Result("a", 1, 2, 5)])
        with pytest.raises(LeagueError):
            leaderboard([], best_n=0)
