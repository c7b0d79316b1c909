"""A correction on the last hand of a finished tournament: nobody went out on it after all, so the
tournament runs again; its league points and rating changes are taken back (a copy kept in the audit), and
when it finishes again its new places score and rate."""

from __future__ import annotations

import random

import pytest

from apps.disputes import services
from apps.disputes.models import DisputeAudit
from apps.standings import services as standings
from apps.standings.models import Rating, RatingHistory, SeasonResult
from apps.standings.selectors import leaderboard_for_season
from apps.tables.models import HandEvent, Seat
from apps.tournaments import seating
from apps.tournaments.models import Entry, Tournament
from apps.tournaments.selectors import standings_live
from tests.factories import SeasonFactory
from tests.tournaments.helpers import given_director, given_tournament, open_tables, play_hand, scripted

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def test_the_final_hand_corrected_reopens_the_tournament_and_takes_back_points_and_ratings() -> None:
    # given a rated three-entrant tournament in a league season, stacks 300 / 600 / 2000
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3, rated=True)
    season = SeasonFactory(league__club=club)
    standings.season_tournament_add(actor=director, season=season, tournament=t)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    for number, stack in {1: 300, 2: 600, 3: 2000}.items():
        Seat.objects.filter(table=tt.table, number=number, left_at__isnull=True).update(stack=stack)
    names = {n: Seat.objects.get(table=tt.table, number=n).player.name for n in (1, 2, 3)}
    # ... whose last hand the dealer read for seat 3: seats 1 and 2 out, seat 3 wins the tournament
    hand = play_hand(director, tt.table, random.Random(1), scripted({1, 2}, {3}, [3, 2, 1]))
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert SeasonResult.objects.filter(tournament=t).count() == 3
    first_board = leaderboard_for_season(season=season)
    mu_before = {h.rating.player_id: h.mu_before for h in RatingHistory.objects.filter(tournament=t)}
    dispute = services.dispute_raise(actor=director, hand_id=hand.pk, kind="reading", description="misread")
    assert dispute.in_window

    # when the director corrects the reading: seat 1 best, then seat 2, then seat 3
    seq = HandEvent.objects.get(hand=hand, payload__type="finish_order").seq
    services.dispute_rule(
        actor=director,
        dispute_id=dispute.pk,
        text="Seat 1 holds the best hand, seat 2 the second.",
        rules_cited=["TDA 22", "RULES.md §5"],
        outcome="corrected",
        correction={"void_from_seq": seq, "events": [{"type": "finish_order", "order": [[1], [2], [3]]}]},
    )

    # then the tournament runs again with all three, no one placed
    t.refresh_from_db()
    assert (t.status, t.finished_at) == (Tournament.Status.RUNNING, None)
    assert set(Entry.objects.filter(tournament=t).values_list("status", "place")) == {("playing", None)}
    live = standings_live(tournament=t)
    assert live["players_left"] == 3
    chips = {row["player"]: row["chips"] for row in live["alive"]}
    assert chips == {names[1]: 900, names[2]: 600, names[3]: 1400}
    # its league points and rating changes are taken back, a copy of each in the audit
    assert not SeasonResult.objects.filter(tournament=t).exists()
    assert first_board != leaderboard_for_season(season=season)
    assert {r.player_id: r.mu for r in Rating.objects.filter(player_id__in=mu_before)} == mu_before
    reopened = DisputeAudit.objects.get(dispute=dispute, action="tournament_reopened")
    assert len(reopened.data["season_results"]) == 3 and len(reopened.data["rating_changes"]) == 3
    actions = list(DisputeAudit.objects.filter(dispute=dispute).values_list("action", flat=True))
    assert actions.count("elimination_undone") == 2 and actions.count("finish_undone") == 1

    # and when it finishes again (seat 2 wins it this time: seat 1 goes out, then seat 3), the new places
    # score and rate
    play_hand(director, tt.table, random.Random(1), scripted({1, 3}, {2}, [2, 3, 1]))
    assert Entry.objects.get(tournament=t, player__name=names[1]).place == 3
    play_hand(director, tt.table, random.Random(1), scripted({2, 3}, {2, 3}, [2, 3]))
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    winner = Entry.objects.get(tournament=t, place=1)
    assert winner.player.name == names[2]
    assert SeasonResult.objects.get(tournament=t, place=1).player.name == names[2]
    assert RatingHistory.objects.filter(tournament=t).count() == 3
