"""Re-entries (TDA 8), the payout table kept in step with the pool (the host's percentages by number of
entries; the rounding remainder to first place), the no-bet match on points, and leagues through the API."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from apps.core.errors import Conflict, RuleViolation
from apps.tables.models import Seat
from apps.tournaments import seating, services
from apps.tournaments.models import Entry, Payout, SeatMove, Tournament
from tests.factories import ClubFactory, EntryFactory, TournamentFactory, director_of
from tests.tournaments.helpers import (
    given_director,
    given_tournament,
    open_tables,
    play_hand,
    scripted,
    seated,
    shove,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _knock_out(actor, tt, seat: int) -> None:  # type: ignore[no-untyped-def]
    others = [n for n in seated(tt) if n != seat]
    big = others[0]
    Seat.objects.filter(pk=seated(tt)[big].pk).update(stack=10**6)
    play_hand(actor, tt.table, random.Random(5), scripted({seat}, {big}, [big, *others[1:], seat]))


def test_an_eliminated_player_reenters_with_a_full_stack_at_a_random_seat_within_the_limit() -> None:
    # given re-entry to level 1, one re-entry per player, a 4-seat table of three
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=4, reentry_until_level=1, reentry_limit=1)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    first_seat = min(seated(tt))
    out = Entry.objects.get(seat=seated(tt)[first_seat])
    _knock_out(director, tt, first_seat)
    out.refresh_from_db()
    assert out.status == "eliminated"

    # when the player re-enters
    again = services.entry_reenter(actor=director, entry=out)

    # then a new entry (number 2) sits with the starting stack, by a recorded late seat (TDA 8)
    assert (again.number, again.player_id) == (2, out.player_id)
    again.refresh_from_db()
    assert again.status == "playing" and Seat.objects.get(pk=again.seat_id).stack == 1000
    assert SeatMove.objects.get(entry=again).kind == "late"
    # the pool grows by a buy-in; the old entry keeps its place
    assert sum(Payout.objects.filter(tournament=t).values_list("amount", flat=True)) == 400
    out.refresh_from_db()
    assert out.place == 3

    # and a second re-entry is refused by the limit, a re-entry while still in by the rule
    with pytest.raises(Conflict):
        services.entry_reenter(actor=director, entry=again)
    _knock_out(director, tt, Entry.objects.get(pk=again.pk).seat.number)  # type: ignore[union-attr]
    with pytest.raises(RuleViolation) as refused:
        services.entry_reenter(actor=director, entry=Entry.objects.get(pk=again.pk))
    assert refused.value.code == "reentry_limit"


def test_the_hosts_percentages_by_number_of_entries_and_the_rounding_to_first_place() -> None:
    # given the host's table: up to 5 entries one prize, 6 or more 65/35; prizes in whole hundreds
    club, director = given_director()
    payout = {
        "kind": "by_entries",
        "unit": 100,
        "tables": [
            {"min_entries": 2, "max_entries": 5, "percentages": [100]},
            {"min_entries": 6, "max_entries": 99, "percentages": [65, 35]},
        ],
    }
    t = given_tournament(
        club, director, 5, seats_per_table=6, buy_in=333, payout=payout, late_reg_until_level=1
    )
    seating.tournament_start(actor=director, tournament=t)
    assert list(Payout.objects.filter(tournament=t).values_list("amount", flat=True)) == [1665]

    # when a sixth player registers late
    services.entry_register(actor=director, tournament=t, player_name="Sixth")

    # then the table switches: 65% and 35% of 1998 rounded down to hundreds (1200, 600), the 198 left to first
    amounts = list(Payout.objects.filter(tournament=t).values_list("amount", flat=True))
    assert amounts == [1398, 600] and sum(amounts) == 6 * 333


def test_the_no_bet_match_is_won_on_points_ties_shared() -> None:
    # given a no-bet match of four hands for three players
    club, director = given_director()
    t = given_tournament(
        club,
        director,
        3,
        seats_per_table=3,
        format="match",
        match_hands=4,
        game={"kind": "five-card-draw", "mode": "no-bet"},
        buy_in=100,
    )
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)

    # when the four hands are dealt and shown
    hands = [play_hand(director, tt.table, random.Random(n), shove) for n in range(4)]

    # then places follow the points each player scored, ties shared, prizes summing to the pool
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    points: dict[int, int] = {}
    for h in hands:
        for spec in h.seats:
            points[int(spec["player_id"])] = points.get(int(spec["player_id"]), 0) + int(
                h.result["points"][str(spec["seat"])]
            )
    entries = list(Entry.objects.filter(tournament=t))
    for e in entries:
        better = sum(1 for v in points.values() if v > points[e.player_id])
        equal = sum(1 for v in points.values() if v == points[e.player_id])
        assert (e.place, e.place_to) == (better + 1, better + equal)
    assert sum(e.prize for e in entries) == 300


def test_a_league_through_the_api_scores_a_finished_tournament_and_publishes_its_leaderboard() -> None:
    club = ClubFactory()
    director, public = Client(), Client()
    director.force_login(director_of(club))
    league = director.post(
        "/api/leagues/",
        {
            "club": club.pk,
            "name": "Winter",
            "points": {"kind": "table", "table": [1000, 500]},
            "best_n": 3,
            "published": True,
        },
        content_type="application/json",
    )
    assert league.status_code == 201, league.json()
    season = director.post(
        f"/api/leagues/{league.json()['id']}/seasons/", {"name": "2026"}, content_type="application/json"
    ).json()
    t = TournamentFactory(club=club, status="finished", published=True)
    a, b = EntryFactory(tournament=t, place=1, place_to=1), EntryFactory(tournament=t, place=2, place_to=2)
    added = director.post(
        f"/api/seasons/{season['id']}/tournaments/", {"tournament": t.pk}, content_type="application/json"
    )
    assert added.status_code == 201
    hidden = TournamentFactory(club=club, status="finished")  # not published: the public never sees it
    EntryFactory(tournament=hidden, player=b.player, place=1, place_to=1)
    EntryFactory(tournament=hidden, place=2, place_to=2)
    director.post(
        f"/api/seasons/{season['id']}/tournaments/",
        {"tournament": hidden.pk},
        content_type="application/json",
    )
    board = public.get(f"/api/seasons/{season['id']}/leaderboard/").json()
    assert [(r["player_id"], r["points"], r["rank"]) for r in board["rows"]] == [
        (a.player_id, 1000, 1),
        (b.player_id, 500, 2),
    ]
    own = director.get(f"/api/seasons/{season['id']}/leaderboard/").json()  # the club reads every result
    assert (own["rows"][0]["player_id"], own["rows"][0]["points"]) == (b.player_id, 1500)
    assert board["tie_breakers"][0] == "points_best_n"
