"""Clock-only games (Hold'em, Omaha...): Floor runs the clock, seats and money, deals no hand, and takes the
eliminations and chip counts from the director or the table's dealer."""

from __future__ import annotations

import pytest

from apps.accounts.permissions import Actor
from apps.core.errors import Conflict, PermissionRefused, ValidationFailed
from apps.tables import services as tables
from apps.tables.models import StackAdjustment
from apps.tournaments import clockonly, services
from apps.tournaments.models import Elimination, Entry, Payout, Tournament, TournamentTable
from tests.factories import UserFactory, dealer_of
from tests.tournaments.clockonly_helpers import BLINDS, given_holdem, playing
from tests.tournaments.helpers import given_director

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def test_a_clock_only_tournament_names_its_game_and_seats_ten_a_table() -> None:
    club, actor = given_director()
    t = given_holdem(club, actor, 10, seats_per_table=10)
    assert (t.game_kind, t.game_name) == ("clock_only", "Hold'em")
    assert clockonly.game_label(t) == "Hold'em"
    assert TournamentTable.objects.filter(tournament=t).count() == 1


def test_a_clock_only_tournament_without_a_game_name_is_refused_and_nothing_is_written() -> None:
    club, actor = given_director()
    with pytest.raises(ValidationFailed) as caught:
        services.tournament_create(
            actor=actor, club=club, name="X", game={}, starting_stack=100, structure=BLINDS,
            game_kind="clock_only", game_name="  ",
        )  # fmt: skip
    assert caught.value.code == "game_name_required"
    assert caught.value.detail["field"] == "game_name"
    assert not Tournament.objects.filter(club=club).exists()


def test_dealing_at_a_clock_only_table_is_refused_with_its_code() -> None:
    club, actor = given_director()
    t = given_holdem(club, actor, 4)
    tt = TournamentTable.objects.get(tournament=t)
    with pytest.raises(Conflict) as caught:
        tables.hand_start(actor=actor, table=tt.table)
    assert caught.value.code == "clock_only_table"
    assert not tt.table.hands.exists()


def test_player_out_moves_the_chips_to_the_hunter_places_and_pays_and_the_last_one_wins() -> None:
    club, actor = given_director()
    t = given_holdem(club, actor, 3)
    assert list(Payout.objects.filter(tournament=t).values_list("amount", flat=True)) == [300]
    a, b, c = playing(t)
    clockonly.entry_out_record(actor=actor, entry=c, knocked_out_by=a)
    c.refresh_from_db()
    a.seat.refresh_from_db()
    assert (c.status, c.place, c.prize) == (Entry.Status.ELIMINATED, 3, 0)
    assert a.seat.stack == 10000
    assert Elimination.objects.get(entry=c).eliminated_by_id == a.pk
    assert StackAdjustment.objects.filter(seat=c.seat, amount=-5000).exists()

    clockonly.entry_out_record(actor=actor, entry=b)
    t.refresh_from_db()
    a.refresh_from_db()
    b.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    assert (b.place, a.place, a.prize, a.status) == (2, 1, 300, Entry.Status.FINISHED)


def test_chip_counts_replace_the_stack_and_the_dealer_of_the_table_may_enter_them() -> None:
    club, actor = given_director()
    t = given_holdem(club, actor, 3)
    a, b, _ = playing(t)
    dealer = Actor(user=dealer_of(a.seat.table))
    clockonly.entry_chips_count(actor=dealer, entry=a, chips=7200)
    a.seat.refresh_from_db()
    assert a.seat.stack == 7200
    adj = StackAdjustment.objects.get(seat=a.seat, kind=StackAdjustment.Kind.CORRECTION)
    assert (adj.amount, adj.stack_after, adj.reason) == (2200, 7200, "chip count")
    with pytest.raises(ValidationFailed) as caught:
        clockonly.entry_chips_count(actor=actor, entry=b, chips=0)
    assert caught.value.code == "chips_invalid"
    with pytest.raises(PermissionRefused):
        clockonly.entry_chips_count(actor=Actor(user=UserFactory()), entry=b, chips=10)


def test_player_out_is_refused_in_a_refereed_game_and_for_a_hunter_not_playing() -> None:
    from tests.cockpit.helpers import given_running

    club, actor = given_director()
    refereed = given_running(club, actor, 3)
    e = Entry.objects.filter(tournament=refereed).first()
    assert e is not None
    with pytest.raises(Conflict) as caught:
        clockonly.entry_out_record(actor=actor, entry=e)
    assert caught.value.code == "not_clock_only"

    t = given_holdem(club, actor, 3)
    _a, b, c = playing(t)
    clockonly.entry_out_record(actor=actor, entry=c)
    with pytest.raises(ValidationFailed) as caught2:
        clockonly.entry_out_record(actor=actor, entry=b, knocked_out_by=c)
    assert caught2.value.code == "knocked_out_by_invalid"
    b.refresh_from_db()
    assert b.status == Entry.Status.PLAYING
