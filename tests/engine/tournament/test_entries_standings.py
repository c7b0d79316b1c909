"""Entries (late registration, rebuys, add-ons, re-entries, bounties, prize pool) and live/final standings."""

from __future__ import annotations

import pytest

from apps.engine.tournament.entries import (
    Option,
    TournamentConfig,
    bounties_won,
    can_add_on,
    can_rebuy,
    can_reenter,
    can_register,
    chips_in_play,
    prize_pool,
    verify_rebuy,
    verify_registration,
)
from apps.engine.tournament.errors import EntryError
from apps.engine.tournament.places import Finish
from apps.engine.tournament.standings import final_standings, live_standings, next_payout_jump

CONFIG = TournamentConfig(
    buy_in=5000,
    fee=500,
    starting_stack=10000,
    late_registration_until=6,
    rebuy=Option(cost=5000, chips=10000, until_level=6, max_per_player=2, max_stack=10000),
    add_on=Option(cost=5000, chips=15000, from_level=6, until_level=6, max_per_player=1),
    reentry=Option(cost=5000, chips=10000, until_level=8, max_per_player=1),
    bounty=1000,
)


class TestEntries:
    def test_late_registration_up_to_a_level(self) -> None:
        assert [can_register(CONFIG, level=n) for n in (0, 6, 7)] == [True, True, False]

    def test_without_late_registration_the_refusal_says_so(self) -> None:
        # "registration closed after level 0" reads as nonsense when there never was a late registration
        with pytest.raises(EntryError) as err:
            verify_registration(TournamentConfig(buy_in=100, starting_stack=1000), level=1)
        assert err.value.code == "registration_closed"
        assert str(err.value.message) == "registration is closed: this tournament has no late registration"
        with pytest.raises(EntryError) as late:
            verify_registration(
                TournamentConfig(buy_in=100, starting_stack=1000, late_registration_until=2), level=3
            )
        assert late.value.message == "registration closed after level 2"

    def test_rebuy_period_limit_and_stack(self) -> None:
        assert can_rebuy(CONFIG, level=3, stack=0, taken=0)
        assert can_rebuy(CONFIG, level=3, stack=10000, taken=1)
        assert not can_rebuy(CONFIG, level=3, stack=10001, taken=0)
        assert not can_rebuy(CONFIG, level=3, stack=0, taken=2)
        assert not can_rebuy(CONFIG, level=7, stack=0, taken=0)
        with pytest.raises(EntryError) as err:
            verify_rebuy(CONFIG, level=3, stack=0, taken=2)
        assert err.value.code == "rebuy_limit"
        assert err.value.detail == {"taken": 2, "max": 2}

    def test_add_on_once_at_the_end_of_the_rebuys(self) -> None:
        assert [can_add_on(CONFIG, level=n, taken=0) for n in (5, 6, 7)] == [False, True, False]
        assert not can_add_on(CONFIG, level=6, taken=1)

    def test_reentry_needs_the_player_out(self) -> None:
        assert can_reenter(CONFIG, level=8, taken=0, busted=True)
        assert not can_reenter(CONFIG, level=8, taken=0, busted=False)
        assert not can_reenter(CONFIG, level=9, taken=0, busted=True)
        assert not can_reenter(CONFIG, level=4, taken=1, busted=True)

    def test_no_such_option(self) -> None:
        plain = TournamentConfig(buy_in=1000, starting_stack=5000)
        assert not can_rebuy(plain, level=1, stack=0, taken=0)

    def test_prize_pool_less_bounties_and_fees_with_a_guarantee(self) -> None:
        # 30 entries, 12 rebuys, 20 add-ons, 5 re-entries; 1,000 of each entry and re-entry is the bounty
        pool = prize_pool(CONFIG, entries=30, rebuys=12, add_ons=20, reentries=5)
        assert pool == 30 * 4000 + 12 * 5000 + 20 * 5000 + 5 * 4000
        guaranteed = TournamentConfig(buy_in=5000, starting_stack=10000, guarantee=100000)
        assert prize_pool(guaranteed, entries=10) == 100000
        assert (
            chips_in_play(CONFIG, entries=30, rebuys=12, add_ons=20, reentries=5)
            == (30 + 12 + 5) * 10000 + 20 * 15000
        )
        with pytest.raises(EntryError):
            prize_pool(guaranteed, entries=10, rebuys=1)

    def test_bounties_go_to_the_knockout_pot_winners(self) -> None:
        # x busted by a; y by a split pot between b and c (odd cent to b, first in the pot's odd-chip order)
        won = bounties_won([("x", ["a"]), ("y", ["b", "c"])], 1001)
        assert won == {"a": 1001, "b": 501, "c": 500}
        with pytest.raises(EntryError):
            bounties_won([("x", ["x"])], 100)

    def test_config_refusals(self) -> None:
        with pytest.raises(EntryError):
            TournamentConfig(buy_in=1000, starting_stack=0)
        with pytest.raises(EntryError):
            TournamentConfig(buy_in=1000, starting_stack=10, bounty=2000)
        with pytest.raises(EntryError):
            Option(cost=-1, chips=10)


class TestStandings:
    def test_live_standings(self) -> None:
        # given 11 players left, 10 paid
        stacks = {f"p{i}": 1000 * (i + 1) for i in range(11)}
        prizes = [30000, 20000, 14000, 10000, 8000, 6000, 4000, 3500, 2500, 2000]
        live = live_standings(stacks, prize_pool=100000, prizes=prizes)
        assert live.rows[0].player == "p10" and live.rows[0].rank == 1
        assert (live.players_left, live.total_chips, live.average_stack) == (11, 66000, 6000)
        assert (live.places_paid, live.in_the_money) == (10, False)
        # the next bust is the bubble: after it, everyone left wins at least 2,000
        assert live.next_jump is not None
        assert (live.next_jump.eliminations, live.next_jump.from_amount, live.next_jump.to_amount) == (
            1,
            0,
            2000,
        )

    def test_next_jump_skips_equal_prizes(self) -> None:
        jump = next_payout_jump(9, [500, 300, 200, 100, 100, 100, 50, 50, 50])
        assert jump is not None and (jump.eliminations, jump.from_amount, jump.to_amount) == (3, 50, 100)
        assert next_payout_jump(1, [500]) is None

    def test_final_standings_with_bounties_and_points(self) -> None:
        finishes = [Finish("w", (1,)), Finish("r", (2,)), Finish("t1", (3, 4)), Finish("t2", (3, 4))]
        rows = final_standings(
            finishes, [5000, 3000, 1500, 501], bounties={"w": 2000, "t1": 1000}, points={"w": 1000, "r": 700}
        )
        assert [(r.place, r.player, r.prize, r.bounties, r.points, r.money) for r in rows] == [
            (1, "w", 5000, 2000, 1000, 7000),
            (2, "r", 3000, 0, 700, 3000),
            (3, "t1", 1001, 1000, 0, 2001),
            (3, "t2", 1000, 0, 0, 1000),
        ]
