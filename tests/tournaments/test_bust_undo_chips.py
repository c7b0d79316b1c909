"""An undone bust-out takes the player's chips back from the seats that won them, so the chips in play stay
what they were; it is refused (409, nothing written) when a winner has since lost them, unless the director
gives the stack, which is then recorded as the director's. The entry shows as playing again in the
standings and on the public page."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from apps.core.errors import Conflict
from apps.tables.models import Seat, StackAdjustment
from apps.tournaments import bustundo, seating
from apps.tournaments.bustchips import chips_won_of
from apps.tournaments.models import DeskRecord, Elimination, Entry
from apps.tournaments.selectors import standings_live
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


def _in_play(tt):  # type: ignore[no-untyped-def]
    return sum(s.stack for s in seated(tt).values())


def test_the_busted_seats_part_of_each_pot_goes_to_that_pots_winners_in_their_shares() -> None:
    # seat 1 all in for 300; seats 2 and 3 put in 1000 each (the side pot of 1400); seat 4 folded its 50
    result = {
        "received": {"1": 0, "2": 475, "3": 1875, "4": 0},
        "net": {"1": -300, "2": -525, "3": 875, "4": -50},
        "returned": {},
        "pots": [
            {"eligible": [1, 2, 3], "winners": [2, 3], "shares": {"2": 475, "3": 475}, "amount": 950},
            {"eligible": [2, 3], "winners": [3], "shares": {"3": 1400}, "amount": 1400},
        ],
    }
    assert chips_won_of(result, 1) == {2: 150, 3: 150}  # the main pot split: its 300 of it too
    odd = {**result, "pots": [{**result["pots"][0], "shares": {"2": 476, "3": 474}}, result["pots"][1]]}
    assert sum(chips_won_of(odd, 1).values()) == 300  # never a chip made or lost by the rounding
    assert chips_won_of({"pots": [], "net": {"1": -300}}, 1) == {}  # nothing accounts for them


def _busted(bounty: int = 0):  # type: ignore[no-untyped-def]
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4, bounty=bounty)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    stacks_set(tt, {1: 300, 2: 2000, 3: 2000, 4: 2000})
    before = _in_play(tt)
    play_hand(director, tt.table, random.Random(1), scripted({1}, {2}, [2, 3, 1, 4]))
    short, hunter = entry_at_out(tt, 1), entry_at(tt, 2)
    assert short.status == "eliminated"
    return club, director, t, tt, short, hunter, before


def entry_at_out(tt, number):  # type: ignore[no-untyped-def]
    seat = Seat.objects.get(table=tt.table, number=number)
    return Entry.objects.get(seat=seat)


def test_an_undone_bust_out_takes_its_chips_back_from_the_winner() -> None:
    _, director, t, tt, short, hunter, before = _busted(bounty=20)
    hunter_stack = hunter.seat.stack
    assert _in_play(tt) == before

    rec = bustundo.elimination_undo(actor=director, entry=short, reason="the wrong pot was pushed")

    short.refresh_from_db()
    hunter.seat.refresh_from_db()
    assert short.status == "playing" and short.seat.stack == 300
    assert hunter.seat.stack == hunter_stack - 300
    assert _in_play(tt) == before  # no chip made
    taken = StackAdjustment.objects.get(seat=hunter.seat, kind="correction")
    assert taken.amount == -300 and "its chips back: the wrong pot was pushed" in taken.reason
    given = StackAdjustment.objects.get(seat=short.seat, kind="correction")
    assert given.amount == 300 and "chips from the winners" in given.reason
    assert rec.detail["chips_from"] == "winners"
    assert rec.detail["chips_taken_back"] == {
        str(hunter.seat.pk): {"player": hunter.player.name, "chips": 300}
    }
    # the elimination row is gone; the desk record keeps its full copy
    assert not Elimination.objects.filter(entry=short).exists()
    assert DeskRecord.objects.get(pk=rec.pk).detail["bust"]["start_chips"] == 300

    live = standings_live(tournament=t)
    assert short.player.name in [r["player"] for r in live["alive"]] and live["out"] == []
    t.published = True
    t.save(update_fields=["published"])
    page = Client().get(f"/t/{t.pk}/standings/")
    assert page.status_code == 200 and short.player.name in page.content.decode()


def test_a_winner_who_has_lost_those_chips_since_is_refused_unless_the_director_gives_the_stack() -> None:
    _, director, _t, _tt, short, hunter, _before = _busted()
    Seat.objects.filter(pk=hunter.seat.pk).update(stack=250)  # played on and lost most of it

    with pytest.raises(Conflict) as gone:
        bustundo.elimination_undo(actor=director, entry=short, reason="wrong pot")
    assert gone.value.code == "bust_chips_gone" and gone.value.rule
    assert gone.value.detail == {"hand": gone.value.detail["hand"], "seat": 2, "chips": 300, "has": 250}
    assert Entry.objects.get(pk=short.pk).status == "eliminated"
    assert not StackAdjustment.objects.filter(kind="correction").exists()  # nothing written

    rec = bustundo.elimination_undo(actor=director, entry=short, reason="wrong pot", stack=300)
    assert rec.detail["chips_from"] == "director" and rec.detail["chips_taken_back"] == {}
    given = StackAdjustment.objects.get(seat=Entry.objects.get(pk=short.pk).seat, kind="correction")
    assert given.amount == 300 and "given by the director" in given.reason
    assert Seat.objects.get(pk=hunter.seat.pk).stack == 250
