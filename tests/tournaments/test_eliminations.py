"""Eliminations come from hand results (RULES.md §8, WSOP 126-b): two out on one hand finish by the chips
they began it with, equal stacks tie and share the places' prizes, busts in one hand-for-hand round at
different tables tie; an entry that may still rebuy waits for the director. Plus the source rules' 10-hand
match, the chip race and the deal calculators through the services."""

from __future__ import annotations

import random

import pytest

from apps.core.errors import Conflict, RuleViolation
from apps.tables.models import Seat, StackAdjustment
from apps.tournaments import chips, payouts, results, seating, services
from apps.tournaments.models import ChipRace, Deal, Elimination, Entry, Payout, Tournament
from apps.tournaments.selectors import standings_final
from tests.tournaments.helpers import (
    given_director,
    given_tournament,
    open_tables,
    play_hand,
    quiet,
    scripted,
    seated,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _stacks(tt, stacks: dict[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Set the seats' chips for a scenario (as a director's correction would)."""
    for n, s in seated(tt).items():
        if n in stacks:
            Seat.objects.filter(pk=s.pk).update(stack=stacks[n])


def _showdown(actor, tt, allin: set[int], caller: int):  # type: ignore[no-untyped-def]
    order = [caller] + [n for n in sorted(seated(tt)) if n != caller]
    return play_hand(actor, tt.table, random.Random(1), scripted(allin, {caller}, order))


def _entry_at(tt, seat: int) -> Entry:  # type: ignore[no-untyped-def]
    return Entry.objects.get(seat=seated(tt)[seat])


def test_two_out_on_one_hand_finish_by_their_chips_at_the_start_of_it() -> None:
    # given one table of four, standard payouts (a single prize)
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    _stacks(tt, {1: 600, 2: 400, 3: 2000, 4: 1000})
    small, smaller = _entry_at(tt, 1), _entry_at(tt, 2)

    # when seats 1 and 2 move all in and seat 3 calls and wins
    hand = _showdown(director, tt, {1, 2}, 3)

    # then both are out of that hand: the one who began with more (600) finishes 3rd, the other 4th
    small.refresh_from_db()
    smaller.refresh_from_db()
    assert (small.place, small.place_to, smaller.place, smaller.place_to) == (3, 3, 4, 4)
    outs = Elimination.objects.filter(hand=hand).order_by("place")
    assert [(o.start_chips, o.alive_before, o.place) for o in outs] == [(600, 4, 3), (400, 4, 4)]
    assert all(o.eliminated_by == _entry_at(tt, 3) for o in outs)


def test_equal_stacks_out_on_one_hand_tie_and_share_the_prizes_of_their_places() -> None:
    # given 4 entrants, prizes for three places (50/30/20 of 400)
    club, director = given_director()
    t = given_tournament(
        club, director, 4, seats_per_table=4, payout={"kind": "percentages", "percentages": [50, 30, 20]}
    )
    seating.tournament_start(actor=director, tournament=t)
    assert list(Payout.objects.filter(tournament=t).values_list("amount", flat=True)) == [200, 120, 80]
    (tt,) = open_tables(t)
    _stacks(tt, {1: 500, 2: 500, 3: 2000, 4: 1000})

    # when the two 500 stacks go out on one hand
    _showdown(director, tt, {1, 2}, 3)

    # then they tie for 3rd-4th and share 3rd's prize (80 + 0): 40 each
    tied = Entry.objects.filter(tournament=t, place=3)
    assert sorted((e.place, e.place_to, e.prize) for e in tied) == [(3, 4, 40), (3, 4, 40)]


def test_hand_for_hand_busts_at_different_tables_in_one_round_tie() -> None:
    # given two tables of three, three places paid (33/33/34 of 600), hand-for-hand on
    club, director = given_director()
    t = given_tournament(
        club, director, 6, seats_per_table=3, payout={"kind": "percentages", "percentages": [50, 30, 20]}
    )
    seating.tournament_start(actor=director, tournament=t)
    one, two = open_tables(t)
    results.tournament_hand_for_hand(actor=director, tournament=t, on=True)
    assert t.level_clock is not None
    t.level_clock.refresh_from_db()
    assert t.level_clock.hand_for_hand and t.level_clock.paused_at is not None  # the clock waits

    # when one player goes out at table 1 and, in the same round, one at table 2 with fewer chips
    _stacks(one, {1: 800})
    _stacks(two, {1: 300})
    _showdown(director, one, {1}, 2)
    first = Entry.objects.get(tournament=t, place__isnull=False)
    assert (first.place, first.place_to) == (6, 6)  # alone so far
    _showdown(director, two, {1}, 2)

    # then both share 5th-6th (WSOP 126-b), re-placed together; no prize for either
    out = Entry.objects.filter(tournament=t, place__isnull=False)
    assert sorted((e.place, e.place_to) for e in out) == [(5, 6), (5, 6)]
    assert {e.hand_for_hand_round for e in Elimination.objects.filter(tournament=t)} == {1}


def test_a_bust_in_the_rebuy_period_waits_for_the_rebuy_or_the_decline() -> None:
    # given rebuys in level 1
    club, director = given_director()
    t = given_tournament(
        club, director, 3, seats_per_table=3, rebuy_until_level=1, rebuy_chips=1000, rebuy_price=100
    )
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    _stacks(tt, {1: 500, 2: 3000})
    loser = _entry_at(tt, 1)

    # when seat 1 goes out
    _showdown(director, tt, {1}, 2)

    # then it is busted, not eliminated; it rebuys and plays on (a rebuy adjustment, the pool grows)
    loser.refresh_from_db()
    assert loser.status == "busted" and loser.place is None
    services.entry_rebuy(actor=director, entry=loser)
    loser.refresh_from_db()
    assert loser.status == "playing" and Seat.objects.get(pk=loser.seat_id).stack == 1000
    assert StackAdjustment.objects.filter(seat_id=loser.seat_id, kind="rebuy").count() == 1
    assert sum(Payout.objects.filter(tournament=t).values_list("amount", flat=True)) == 400

    # and when it busts again and declines, it is eliminated as of that hand, last of three
    _stacks(tt, {1: 500})
    _showdown(director, tt, {1}, 2)
    results.entry_rebuy_decline(actor=director, entry=loser)
    loser.refresh_from_db()
    assert (loser.status, loser.place) == ("eliminated", 3)
    with pytest.raises(Conflict):
        results.entry_rebuy_decline(actor=director, entry=loser)


def test_the_ten_hand_match_of_the_source_rules_ends_on_chips() -> None:
    # given the match format: one table of three, 10 hands
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3, format="match", match_hands=10)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)

    # when ten quiet hands are played
    for _ in range(10):
        play_hand(director, tt.table, random.Random(2), quiet)

    # then the match is over: places by chips, ties shared, the prizes sum to the pool
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    entries = list(Entry.objects.filter(tournament=t).select_related("seat"))
    by_chips = sorted(entries, key=lambda e: -e.seat.stack)  # type: ignore[union-attr]
    assert by_chips[0].place == 1
    for a in entries:
        better = sum(1 for b in entries if b.seat.stack > a.seat.stack)  # type: ignore[union-attr]
        assert a.place == better + 1
    assert sum(e.prize for e in entries) == 300


def test_a_seat_away_in_a_match_is_played_by_the_turn_clock() -> None:
    from datetime import timedelta

    from django.utils import timezone

    from apps.clocks.models import TableClock
    from apps.clocks.services import turn_clock_expire
    from apps.engine.hand import HandState
    from apps.tables import services as tables
    from apps.tables.models import HandEvent

    # given a match whose game sets no turn time limit: Floor gives its tables a 60 s turn clock
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3, format="match", match_hands=10)
    assert t.game["turn_time_limit"] == 60
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    hand = tables.hand_start(actor=director, table=tt.table)
    away = HandState.from_json(hand.state).to_act
    clock = TableClock.objects.get(table=tt.table)
    assert clock.deadline is not None and clock.hand_id == hand.pk

    # when the seat to act is away and its time runs out
    TableClock.objects.filter(pk=clock.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    outcome = turn_clock_expire(table_id=tt.table_id, version=clock.version, source="sweep")

    # then the clock plays it the default way (nothing bet: a check, RULES.md §6) and the hand goes on
    assert outcome == "fired"
    event = HandEvent.objects.get(hand=hand, seq=1)
    assert event.by_clock and event.payload["type"] == "timeout" and event.payload["seat"] == away
    state = HandState.from_json(type(hand).objects.get(pk=hand.pk).state)
    assert state.to_act != away and state.phase == "betting"


def test_a_colour_up_races_off_the_odd_chips_and_records_the_race() -> None:
    # given a table of three with odd 25s when the 25 leaves play (next chip 100)
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3, chip_denominations=[25, 100, 500])
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    _stacks(tt, {1: 1075, 2: 1025, 3: 950})

    # when the director runs the race with the cards dealt at the table (TDA 24)
    race = chips.chip_race_run(
        actor=director,
        tournament=t,
        table_number=1,
        removed=25,
        next_chip=100,
        counts={1: 3, 2: 1, 3: 2},
        cards=["2c", "9d", "4h", "Ah", "3c", "3s"],
    )

    # then every stack is a multiple of 100, the changes are recorded with their reason, and the race is kept
    stacks = {n: s.stack for n, s in seated(tt).items()}
    assert all(v % 100 == 0 for v in stacks.values())
    assert ChipRace.objects.get(pk=race.pk).result["chips_awarded"] == race.result["chips_awarded"]
    adjusted = StackAdjustment.objects.filter(seat__table=tt.table, kind="correction")
    assert adjusted.exists() and all("TDA 24" in a.reason for a in adjusted)
    with pytest.raises(Conflict):
        chips.chip_race_run(actor=director, tournament=t, table_number=1, removed=25, next_chip=100)


def test_an_icm_deal_is_explained_and_accepting_it_ends_the_tournament() -> None:
    # given three left with 5000 / 3000 / 2000 and prizes of 70 / 30 (the engine's published example)
    club, director = given_director()
    t = given_tournament(
        club, director, 3, seats_per_table=3, buy_in=0, payout={"kind": "amounts", "amounts": [0]}
    )
    seating.tournament_start(actor=director, tournament=t)
    Payout.objects.filter(tournament=t).delete()
    Payout.objects.bulk_create(
        [Payout(tournament=t, place=1, amount=70), Payout(tournament=t, place=2, amount=30)]
    )
    (tt,) = open_tables(t)
    _stacks(tt, {1: 5000, 2: 3000, 3: 2000})

    # when the director asks for an ICM deal
    deal = payouts.deal_calculate(actor=director, tournament=t, method=Deal.Method.ICM)

    # then the amounts are the published ones, whole and summing to the prizes, with an explanation
    by_chips = sorted(deal.shares, key=lambda s: -s["chips"])
    assert [s["amount"] for s in by_chips] == [45, 32, 23]
    assert deal.explanation and not deal.accepted

    # and accepting it pays them and finishes the tournament, places by chips
    payouts.deal_accept(actor=director, deal=deal)
    t.refresh_from_db()
    assert t.status == "finished"
    assert sorted(Entry.objects.filter(tournament=t).values_list("place", "prize")) == [
        (1, 45),
        (2, 32),
        (3, 23),
    ]


def test_refusals_carry_the_engines_rule() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3)
    seating.tournament_start(actor=director, tournament=t)
    e = Entry.objects.filter(tournament=t).first()
    assert e is not None
    with pytest.raises(RuleViolation) as no_rebuy:
        services.entry_rebuy(actor=director, entry=e)
    assert no_rebuy.value.code == "rebuy_none"
    with pytest.raises(RuleViolation) as no_add_on:
        services.entry_add_on(actor=director, entry=e)
    assert no_add_on.value.code == "add_on_none"


def test_a_bounty_busted_by_a_split_pot_is_shared_by_its_winners_the_odd_unit_left_of_the_button() -> None:
    # given one table of four, a bounty of 25, the button on seat 1; seat 1 is short
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4, bounty=25)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    _stacks(tt, {1: 300, 2: 2000, 3: 2000, 4: 1000})
    short, left, right = _entry_at(tt, 1), _entry_at(tt, 2), _entry_at(tt, 3)

    # when seat 1 moves all in, seats 2 and 3 call, and 2 and 3 tie for the best hand (the pot is split)
    def split(state, legal, rng):  # type: ignore[no-untyped-def]
        if "finish_order" in legal:
            live = set(legal["finish_order"]["seats"])
            return {"type": "finish_order", "order": [[2, 3], *[[s] for s in sorted(live - {2, 3})]]}
        return scripted({1}, {2, 3}, [2, 3, 1, 4])(state, legal, rng)

    hand = play_hand(director, tt.table, random.Random(1), split)
    assert [sorted(p["winners"]) for p in hand.result["pots"]] == [[2, 3]]

    # then seat 1 is out and its bounty of 25 is shared: 13 to seat 2 (first left of the button), 12 to 3
    out = Elimination.objects.get(entry=short)
    assert out.eliminated_by == left
    assert out.bounty_shares == {str(left.pk): 13, str(right.pk): 12}
    left.refresh_from_db()
    right.refresh_from_db()
    assert (left.bounties_won, right.bounties_won) == (13, 12)
    # and the final standings show who busted seat 1 and how its bounty was shared
    row = next(r for r in standings_final(tournament=t)["results"] if r["entry"] == short.pk)
    assert row["eliminated"]["by_entry"] == left.pk
    assert row["eliminated"]["bounty_shares"] == {str(left.pk): 13, str(right.pk): 12}

    # and a correction that undoes the elimination takes each share back from its winner
    taken = results.elimination_bounty_take_back(t=t, elimination=out)
    assert taken == {str(left.pk): 13, str(right.pk): 12}
    assert [Entry.objects.get(pk=e.pk).bounties_won for e in (left, right)] == [0, 0]


def test_a_bounty_goes_to_the_winner_of_the_side_pot_the_player_was_in_not_the_biggest_winner() -> None:
    # given one table of four, a bounty of 20, the button on seat 1: seat 1 has 300, seat 2 has 600
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4, bounty=20)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    _stacks(tt, {1: 300, 2: 600, 3: 2000, 4: 2000})
    short, middle, big = _entry_at(tt, 1), _entry_at(tt, 2), _entry_at(tt, 3)

    # when 1 and 2 are all in and 3 calls; seat 1 has the best hand (the main pot, 925), seat 3 the second
    # (the side pot with seat 2, 600)
    hand = play_hand(director, tt.table, random.Random(1), scripted({1, 2}, {3}, [1, 3, 2, 4]))
    received = hand.result["received"]
    assert (received["1"], received["3"]) == (925, 600)

    # then seat 2 is out, busted by seat 3 who won the pot its last chips were in, and seat 3 collects the
    # whole bounty (not seat 1, the hand's biggest winner)
    out = Elimination.objects.get(entry=middle)
    assert out.eliminated_by == big and out.bounty_shares == {str(big.pk): 20}
    assert Entry.objects.get(pk=big.pk).bounties_won == 20
    assert Entry.objects.get(pk=short.pk).bounties_won == 0
