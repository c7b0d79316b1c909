"""A whole tournament played to its winner over real HTTP (a threaded server, urllib, a session login with its
CSRF token), on both backends: several tables, balancing and table breaks, eliminations, a rebuy, the
colour-up at the break, the payouts. Every answer is a 2xx or a 4xx Floor chose to give."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from apps.tables.models import Hand, HandEvent, StackAdjustment
from apps.tournaments.models import ChipRace, Elimination, Entry, Payout
from tests.embedded.floor_http import BUY_IN, REBUY_PRICE, STARTING_STACK, HttpFloor, play_tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sqlite]

PLAYERS = 12


def test_a_director_plays_a_tournament_of_twelve_on_three_tables_to_its_winner_over_http(
    live_server: Any,
) -> None:
    # given a user who logs in through the login form and founds a club through the API
    get_user_model().objects.create_user("host", password="kitchen-table-7")
    floor = HttpFloor(live_server.url)
    floor.login("host", "kitchen-table-7")
    club = floor.post("/api/clubs/", {"name": "Kitchen Table"}, expect=201)["id"]

    # when they run a tournament of twelve at tables of five to its end
    played = play_tournament(floor, club=club, players=PLAYERS, seats_per_table=5, seed=14)

    # then no request failed on the server
    assert floor.server_errors == []
    assert sum(n for status, n in floor.statuses.items() if status >= 500) == 0
    # it was dealt at three tables, which Floor balanced and broke down to one
    moves = floor.get(f"/api/tournaments/{played.tournament}/moves/")
    kinds = Counter(m["kind"] for m in moves if m["status"] == "confirmed")
    assert kinds["draw"] == PLAYERS
    assert kinds["break"] > 0 and kinds["balance"] + kinds["final"] > 0, kinds
    assert len({m["to_table"] for m in moves if m["kind"] == "draw"}) == 3
    # one rebuy was taken (its chips on the table, its price in the pool); the 25s were raced off at the break
    assert played.rebuys == 1
    assert (
        StackAdjustment.objects.filter(
            kind="rebuy", seat__table__tournament_table__tournament_id=played.tournament
        ).count()
        == 1
    )
    races = floor.get(f"/api/tournaments/{played.tournament}/chip-races/")["races"]
    assert races and {r["removed"] for r in races} == {25}
    assert ChipRace.objects.filter(tournament_id=played.tournament).count() == len(races)
    # retried entries counted once: every hand's log is 1..seq with no gap or repeat
    assert played.replays > 0
    for hand in Hand.objects.filter(table__tournament_table__tournament_id=played.tournament):
        seqs = list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, hand.seq + 1))
    # everyone went out in turn but the winner, who holds every chip; the prizes are the pool
    final = floor.get(f"/api/tournaments/{played.tournament}/standings/final/")
    assert final["status"] == "finished"
    ranges = Counter((r["place"], r["place_to"]) for r in final["results"])  # a tie of k covers k places
    assert all(place_to - place + 1 == k for (place, place_to), k in ranges.items())
    assert sorted(p for place, place_to in ranges for p in range(place, place_to + 1)) == list(range(1, 13))
    assert Elimination.objects.filter(entry__tournament_id=played.tournament).count() >= PLAYERS - 1
    pool = BUY_IN * PLAYERS + REBUY_PRICE * played.rebuys
    assert sum(r["prize"] for r in final["results"]) == pool
    assert (
        sum(Payout.objects.filter(tournament_id=played.tournament).values_list("amount", flat=True)) == pool
    )
    winner = Entry.objects.select_related("seat").get(tournament_id=played.tournament, place=1)
    race_change = sum(
        r.result["value_change"] for r in ChipRace.objects.filter(tournament_id=played.tournament)
    )
    assert winner.seat is not None
    assert winner.seat.stack == STARTING_STACK * PLAYERS + 1000 * played.rebuys + race_change
