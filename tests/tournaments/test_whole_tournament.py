"""A whole tournament of 18 entrants on three tables, played to the end through the services: hands are
simulated through the engine and the table services (random legal actions, seeded), and everything else
(eliminations, places, balancing, the table break, the final table, payouts) comes from Floor's hook on the
finished hands and the director's confirmations."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from apps.clocks.models import LiveEvent
from apps.standings.models import RatingHistory
from apps.tables.models import Hand, Seat, StackAdjustment
from apps.tournaments import results, seating, services
from apps.tournaments.models import Elimination, Entry, Payout, SeatMove, Tournament, TournamentTable
from apps.tournaments.selectors import standings_final, standings_live
from tests.tournaments.helpers import (
    confirm_moves,
    given_director,
    given_tournament,
    level_jump,
    live_entries,
    open_tables,
    play_hand,
    playable,
    scripted,
    seated,
)

pytestmark = pytest.mark.django_db


def _double_bust(actor, t, rng) -> bool:  # type: ignore[no-untyped-def]
    """At a table of three or more, the two shortest stacks move all in and the biggest calls and wins."""
    for tt in open_tables(t):
        seats = [s for s in seated(tt).values() if s.stack > 0]
        if len(seats) < 3:
            continue
        seats.sort(key=lambda s: s.stack)
        small, big = seats[:2], seats[-1]
        if big.stack <= small[1].stack:
            continue
        order = [big.number] + [s.number for s in seats if s.number != big.number]
        hand = play_hand(actor, tt.table, rng, scripted({s.number for s in small}, {big.number}, order))
        out = Elimination.objects.filter(hand=hand)
        if out.count() == 2:
            return True
    return False


def _bubble(actor, t) -> bool:  # type: ignore[no-untyped-def]
    """Hand-for-hand from two eliminations before the money until the bubble bursts."""
    left = len(live_entries(t))
    paid = Payout.objects.filter(tournament=t, amount__gt=0).count()
    on = Tournament.objects.get(pk=t.pk).hand_for_hand
    if not on and paid < left <= paid + 2:
        results.tournament_hand_for_hand(actor=actor, tournament=t, on=True)
        return True
    if on and left <= paid:
        results.tournament_hand_for_hand(actor=actor, tournament=t, on=False)
    return False


HOUR = 3600
# the same shape as helpers.STRUCTURE (two levels, a break, three levels), with blinds
BLINDS = [
    {"seconds": HOUR, "small_blind": 25, "big_blind": 50},
    {"seconds": HOUR, "small_blind": 50, "big_blind": 100},
    {"seconds": 600, "is_break": True},
    {"seconds": HOUR, "small_blind": 100, "big_blind": 200},
    {"seconds": HOUR, "small_blind": 200, "big_blind": 400},
    {"seconds": HOUR, "small_blind": 400, "big_blind": 800},
]
GAMES = {
    "five-card-draw antes": {},
    "2-7 single draw blinds": {
        "game": {"kind": "2-7-single-draw", "small_blind": 25, "big_blind": 50},
        "structure": BLINDS,
    },
}


def _big_blinds_moved_one_player_at_a_time(t: Tournament) -> tuple[int, int]:
    """TDA 32: at every table, each hand's big blind is the first player dealt in clockwise after the last
    hand's big blind (except a table's first hand after the final-table draw for the button). Returns the
    number of hand pairs checked and of hands dealt with a dead small blind."""
    final_at = (
        SeatMove.objects.filter(tournament=t, kind="final").values_list("decided_at", flat=True).first()
    )
    checked = dead = 0
    for tt in TournamentTable.objects.filter(tournament=t):
        hands = list(Hand.objects.filter(table=tt.table).order_by("number"))
        for h1, h2 in itertools.pairwise(hands):
            if final_at is not None and h1.finished_at <= final_at <= h2.started_at:  # type: ignore[operator]
                continue
            bb1, bb2 = h1.state["bb_seat"], h2.state["bb_seat"]
            dealt = sorted(int(s["seat"]) for s in h2.seats)
            after = [n for n in dealt if n > bb1] + [n for n in dealt if n <= bb1]
            assert bb2 == after[0], (tt.number, h1.number, bb1, h2.number, bb2, dealt)
            marks = {int(s["seat"]): s.get("blind") for s in h2.seats}
            assert marks[bb2] == "big"
            checked += 1
            dead += h2.state["sb_seat"] is None
    return checked, dead


@pytest.mark.parametrize("kind", list(GAMES))
def test_eighteen_entrants_play_to_the_end(kind: str) -> None:
    # given: 18 entrants, tables of six, rebuys in level 1, an add-on in level 2, a bounty of 20 in the 100
    club, director = given_director()
    t = given_tournament(
        club,
        director,
        18,
        **GAMES[kind],
        seats_per_table=6,
        rebuy_until_level=1,
        rebuy_limit=2,
        rebuy_chips=1000,
        rebuy_price=100,
        addon_from_level=2,
        addon_until_level=2,
        addon_chips=1500,
        addon_price=100,
        bounty=20,
        rated=True,
    )
    rng = random.Random(2026)

    # when: the seats are drawn
    seating.tournament_start(actor=director, tournament=t)
    t.refresh_from_db()

    # then: three tables of six, every draw recorded
    assert [len(seated(tt)) for tt in open_tables(t)] == [6, 6, 6]
    assert SeatMove.objects.filter(tournament=t, kind="draw", status="confirmed").count() == 18

    rebuys = add_ons = 0
    hand_for_hand = False
    double_bust = False
    hands = 0
    while Tournament.objects.get(pk=t.pk).status == Tournament.Status.RUNNING:
        hands += 1
        assert hands < 2000, "the tournament does not end"
        confirm_moves(director, t)
        level = services.current_level(Tournament.objects.get(pk=t.pk))
        # rebuys during level 1: a busted entry rebuys once, then declines
        for e in Entry.objects.filter(tournament=t, status=Entry.Status.BUSTED):
            if level == 1 and e.rebuys < 1:
                services.entry_rebuy(actor=director, entry=e)
                rebuys += 1
            else:
                results.entry_rebuy_decline(actor=director, entry=e)
        confirm_moves(director, t)
        played = Hand.objects.filter(table__tournament_table__tournament=t).count()
        if level == 1 and played >= 12:
            level_jump(director, t, 1)  # level 2: rebuys close, the add-on opens
            for e in Entry.objects.filter(tournament=t, status=Entry.Status.PLAYING)[:4]:
                services.entry_add_on(actor=director, entry=e)
                add_ons += 1
        elif level == 2 and played >= 30:
            level_jump(director, t, 3)
        elif level == 3 and played >= 50:
            level_jump(director, t, 5)
        if (
            not double_bust
            and 8 <= len(live_entries(t)) <= 14
            and not SeatMove.objects.filter(tournament=t, status="proposed").exists()
        ):
            double_bust = _double_bust(director, t, rng)
            continue
        for tt in open_tables(t):
            if playable(tt) and Tournament.objects.get(pk=t.pk).status == Tournament.Status.RUNNING:
                if SeatMove.objects.filter(tournament=t, status="proposed").exists():
                    break
                hand_for_hand = _bubble(director, t) or hand_for_hand
                play_hand(director, tt.table, rng)

    t.refresh_from_db()
    entries = list(Entry.objects.filter(tournament=t))
    pool = (100 - 20) * 18 + 100 * rebuys + 100 * add_ons  # bounties are not in the pool

    # then: rebuys and add-ons were taken and paid into the pool
    assert rebuys > 0 and add_ons == 4
    assert (
        StackAdjustment.objects.filter(kind="rebuy", seat__table__tournament_table__tournament=t).count()
        == rebuys
    )
    # a table broke, players were balanced, the final table was redrawn
    assert TournamentTable.objects.filter(tournament=t, broken_at__isnull=False).count() >= 2
    kinds = Counter(SeatMove.objects.filter(tournament=t, status="confirmed").values_list("kind", flat=True))
    assert kinds["break"] > 0 and kinds["balance"] > 0 and kinds["final"] > 0
    # two players went out on one hand: the one who began it with more chips finished higher (or they tied)
    assert double_bust
    # everyone has a place; places 1..18 are all given, a tie of k players covering k places
    ranges = Counter((e.place, e.place_to) for e in entries)
    assert all(place_to - place + 1 == k for (place, place_to), k in ranges.items())
    assert sorted(p for place, place_to in ranges for p in range(place, place_to + 1)) == list(range(1, 19))
    # the payouts sum to the pool, and so do the prizes paid
    assert sum(Payout.objects.filter(tournament=t).values_list("amount", flat=True)) == pool
    assert sum(e.prize for e in entries) == pool
    # hand-for-hand was played at the bubble; every bounty was won (the winner keeps their own)
    assert (
        hand_for_hand
        and LiveEvent.objects.filter(channel_id=f"tournament:{t.pk}", type="hand_for_hand_due").exists()
    )
    assert sum(e.bounties_won for e in entries) == 20 * 18
    # the chips all ended with the winner
    winner = next(e for e in entries if e.place == 1)
    assert winner.status == Entry.Status.FINISHED
    assert Seat.objects.get(pk=winner.seat_id).stack == 1000 * 18 + 1000 * rebuys + 1500 * add_ons
    final = standings_final(tournament=t)
    assert final["results"][0]["place"] == 1
    assert standings_live(tournament=t)["players_left"] == 0
    # a rated game: every player's rating moved once, the winner's up the most
    history = RatingHistory.objects.filter(tournament=t).select_related("rating")
    assert history.count() == 18
    best = max(history, key=lambda h: h.mu_after - h.mu_before)
    assert best.rating.player_id == winner.player_id
    # with blinds, the big blind went round one player at a time at every table (the dead button, TDA 32)
    if kind.endswith("blinds"):
        checked, dead = _big_blinds_moved_one_player_at_a_time(t)
        assert checked >= 20 and dead >= 1
