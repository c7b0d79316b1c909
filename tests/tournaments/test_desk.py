"""The registration desk's corrections through the services: rename an entry (a typo's player renamed, a
known player's entry moved before it has played), remove it (before the draw: gone and refunded; after: a
reason, kept as removed, out of the pool), undo the last registration, undo the latest bust-out (its own seat
or a new one from the balancer, the bounty and place taken back, the record keeping both). Every refusal
names its rule or code and writes nothing."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from apps.accounts.models import Player
from apps.core.errors import Conflict, ValidationFailed
from apps.tables.models import Seat
from apps.tournaments import bustundo, desk, seating, services
from apps.tournaments.models import DeskRecord, Elimination, Entry, Tournament
from apps.tournaments.payouts import prize_pool_of
from tests.tournaments.helpers import (
    entry_at,
    given_director,
    given_tournament,
    open_tables,
    play_hand,
    scripted,
    seated,
    stacks_set,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _bust(director, tt, victim: int, caller: int):  # type: ignore[no-untyped-def]
    order = [caller] + [n for n in sorted(seated(tt)) if n != caller]
    return play_hand(director, tt.table, random.Random(1), scripted({victim}, {caller}, order))


def test_a_typo_is_renamed_with_its_player_and_the_record_keeps_the_old_name() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 2)
    typo = services.entry_register(actor=director, tournament=t, player_name="Hanna typo")

    renamed = desk.entry_rename(actor=director, entry=typo, name="  Hannah  ")

    assert renamed.player.name == "Hannah" and renamed.player_id == typo.player_id
    assert not Player.objects.filter(club=club, name="Hanna typo").exists()
    [rec] = DeskRecord.objects.filter(tournament=t)
    assert (rec.kind, rec.detail["before"], rec.detail["after"]) == ("renamed", "Hanna typo", "Hannah")


def test_renaming_to_a_registered_name_is_refused_and_changes_nothing() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 2)  # P01, P02
    e = Entry.objects.get(tournament=t, player__name="P02")
    with pytest.raises(Conflict) as refused:
        desk.entry_rename(actor=director, entry=e, name="P01")
    assert refused.value.code == "already_registered"
    with pytest.raises(ValidationFailed) as empty:
        desk.entry_rename(actor=director, entry=e, name="   ")
    assert empty.value.code == "name_required"
    assert Entry.objects.get(pk=e.pk).player.name == "P02"
    assert not DeskRecord.objects.exists()


def test_a_known_players_entry_moves_to_the_right_player_only_before_it_has_played() -> None:
    club, director = given_director()
    regular = Player.objects.create(club=club, name="Regular")
    other = given_tournament(club, director, 0, name="Last week")
    services.entry_register(actor=director, tournament=other, player=regular)
    t = given_tournament(club, director, 3, seats_per_table=4)
    e = services.entry_register(actor=director, tournament=t, player=regular)

    # the regular plays other tournaments: the entry moves to a new player, the regular keeps their name
    moved = desk.entry_rename(actor=director, entry=e, name="Ramon")
    assert moved.player.name == "Ramon" and Player.objects.get(pk=regular.pk).name == "Regular"

    # after the draw and a hand, a known player's entry keeps who played
    e2 = Entry.objects.get(tournament=t, player__name="P01")
    Entry.objects.filter(pk=e2.pk).update(player=regular)
    seating.tournament_start(actor=director, tournament=t)
    Seat.objects.filter(player__name="P01").update(player=regular)
    (tt,) = open_tables(t)
    stacks_set(tt, {n: 2000 for n in seated(tt)})
    from tests.tournaments.helpers import quiet

    play_hand(director, tt.table, random.Random(1), quiet)
    with pytest.raises(Conflict) as refused:
        desk.entry_rename(actor=director, entry=e2, name="Somebody")
    assert refused.value.code == "entry_has_hands"
    assert Entry.objects.get(pk=e2.pk).player_id == regular.pk


def test_before_the_draw_a_removed_entry_is_gone_refunded_and_out_of_the_pool() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 3, fee=10)
    typo = services.entry_register(actor=director, tournament=t, player_name="Hanna typo")
    assert prize_pool_of(t) == (4, 400)

    rec = desk.entry_remove(actor=director, entry=typo)

    assert not Entry.objects.filter(pk=typo.pk).exists()
    assert prize_pool_of(t) == (3, 300)
    assert (rec.kind, rec.refund, rec.player_name, rec.detail["before_draw"]) == (
        "removed",
        110,
        "Hanna typo",
        True,
    )
    assert not Player.objects.filter(club=club, name="Hanna typo").exists()  # gone from the club's list


def test_after_the_draw_a_removal_needs_a_reason_and_keeps_the_entry_as_removed() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 5, seats_per_table=6)
    seating.tournament_start(actor=director, tournament=t)
    e = Entry.objects.filter(tournament=t).select_related("seat").first()
    assert e is not None and e.seat is not None
    payouts_before = list(t.payouts.values_list("amount", flat=True))

    with pytest.raises(ValidationFailed) as refused:
        desk.entry_remove(actor=director, entry=e, reason="  ")
    assert refused.value.code == "reason_required" and refused.value.rule
    assert Entry.objects.get(pk=e.pk).status == "playing" and not DeskRecord.objects.exists()

    rec = desk.entry_remove(actor=director, entry=e, reason="registered twice by mistake")

    e.refresh_from_db()
    assert e.status == "removed"
    assert Seat.objects.get(pk=e.seat_id).left_at is not None
    assert prize_pool_of(t) == (4, 400)
    assert sum(t.payouts.values_list("amount", flat=True)) == 400 != sum(payouts_before)
    assert (rec.refund, rec.reason, rec.entry_id) == (100, "registered twice by mistake", e.pk)
    with pytest.raises(Conflict) as again:
        desk.entry_remove(actor=director, entry=e, reason="again")
    assert again.value.code == "entry_not_live"


def test_only_the_last_registration_is_undone_and_only_right_after() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 2)
    first = Entry.objects.filter(tournament=t).order_by("pk").first()
    last = services.entry_register(actor=director, tournament=t, player_name="Oops")
    assert first is not None

    with pytest.raises(Conflict) as not_last:
        desk.entry_registration_undo(actor=director, entry=first)
    assert not_last.value.code == "not_last_registration"

    Entry.objects.filter(pk=last.pk).update(created_at=last.created_at - timedelta(minutes=10))
    with pytest.raises(Conflict) as late:
        desk.entry_registration_undo(actor=director, entry=last)
    assert late.value.code == "undo_too_late"
    assert Entry.objects.filter(pk=last.pk).exists()

    Entry.objects.filter(pk=last.pk).update(created_at=last.created_at)
    rec = desk.entry_registration_undo(actor=director, entry=last)
    assert not Entry.objects.filter(pk=last.pk).exists()
    assert (rec.kind, rec.player_name) == ("registration_undone", "Oops")
    assert t.entries.count() == 2


def test_an_undone_bust_out_plays_again_at_its_seat_with_its_chips_and_the_bounty_back() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4, bounty=20)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    stacks_set(tt, {1: 300, 2: 2000, 3: 2000, 4: 2000})
    short, hunter = entry_at(tt, 1), entry_at(tt, 2)
    _bust(director, tt, 1, 2)
    short.refresh_from_db()
    assert short.status == "eliminated" and short.place == 4
    assert Entry.objects.get(pk=hunter.pk).bounties_won == 20

    # a reason is needed; nothing is written without one
    with pytest.raises(ValidationFailed) as no_reason:
        bustundo.elimination_undo(actor=director, entry=short, reason="")
    assert no_reason.value.code == "reason_required"
    assert Elimination.objects.filter(entry=short).exists()

    rec = bustundo.elimination_undo(actor=director, entry=short, reason="the dealer pushed the wrong pot")

    short.refresh_from_db()
    assert (short.status, short.place, short.place_to, short.prize) == ("playing", None, None, 0)
    assert short.seat is not None and short.seat.number == 1 and short.seat.left_at is None
    assert short.seat.stack == 300  # its chips as the hand that busted it began
    assert Entry.objects.get(pk=hunter.pk).bounties_won == 0
    assert not Elimination.objects.filter(entry=short).exists()
    # the record keeps the bust next to its undo
    assert rec.kind == "bust_undone" and rec.detail["bust"]["place"] == 4
    assert rec.detail["bust"]["bounty_shares"] == {str(hunter.pk): 20}
    assert rec.detail["bounty_taken_back"] == {str(hunter.pk): 20} and rec.detail["reseated"] is False


def test_an_undone_bust_out_whose_seat_is_taken_is_reseated_by_the_balancer() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4, late_reg_until_level=3)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    stacks_set(tt, {1: 300, 2: 2000, 3: 2000, 4: 2000})
    short = entry_at(tt, 1)
    _bust(director, tt, 1, 2)
    late = services.entry_register(actor=director, tournament=t, player_name="Latecomer")
    late.refresh_from_db()
    assert late.seat is not None and late.seat.number == 1  # the only free seat

    rec = bustundo.elimination_undo(actor=director, entry=short, reason="wrong hand", stack=500)

    short.refresh_from_db()
    assert short.status == "playing" and short.seat is not None and short.seat.left_at is None
    assert short.seat.stack == 500 and rec.detail["reseated"] is True
    assert (rec.detail["table"], rec.detail["seat"]) != (1, 1)
    assert short.moves.filter(kind="late").exists()  # the balancer's seat is recorded as a move


def test_only_the_latest_bust_out_can_be_undone() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    stacks_set(tt, {1: 300, 2: 2000, 3: 2000, 4: 200})
    first, second = entry_at(tt, 1), entry_at(tt, 4)
    _bust(director, tt, 1, 2)
    _bust(director, tt, 4, 2)
    assert Entry.objects.get(pk=second.pk).status == "eliminated"

    with pytest.raises(Conflict) as refused:
        bustundo.elimination_undo(actor=director, entry=first, reason="mistake")
    assert refused.value.code == "bust_not_last" and refused.value.rule
    assert Entry.objects.get(pk=first.pk).status == "eliminated"
    with pytest.raises(Conflict) as not_out:
        bustundo.elimination_undo(actor=director, entry=entry_at(tt, 2), reason="mistake")
    assert not_out.value.code == "entry_not_eliminated"
    bustundo.elimination_undo(actor=director, entry=second, reason="mistake")
    assert Entry.objects.get(pk=second.pk).status == "playing"
    assert Tournament.objects.get(pk=t.pk).status == "running"
