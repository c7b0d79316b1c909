"""The final-table redraw confirmed move by move, in any order (through the API and the cockpit): a seat
counts as free when its occupant is moved out of it by the same plan; that player stands until their own
move is confirmed, and meanwhile no hand is dealt, their move is not cancelled and no new plan replaces it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from apps.core.errors import Conflict
from apps.tables import services as tables
from apps.tables.models import Seat, Table
from apps.tournaments import moves, seating
from apps.tournaments.models import Entry, SeatMove, Tournament, TournamentTable
from tests.factories import director_of
from tests.tournaments.helpers import (
    given_director,
    given_tournament,
    open_tables,
    pending,
    play_hand,
    scripted,
    seated,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _at_the_final_table_redraw() -> tuple[Any, Any, Tournament, list[SeatMove]]:
    """Seven players at two tables of six (4 / 3); one goes out, the six left are redrawn to the final
    table: six proposed moves, some into seats whose occupants move too."""
    club, director = given_director()
    t = given_tournament(club, director, 7, seats_per_table=6)
    seating.tournament_start(actor=director, tournament=t)
    tt = max(open_tables(t), key=lambda tt: len(seated(tt)))
    seats = seated(tt)
    caller = max(seats.values(), key=lambda s: s.stack)
    caller.stack = 10**6
    caller.save(update_fields=["stack"])
    victim = min(n for n in seats if n != caller.number)
    order = [caller.number] + [n for n in seats if n != caller.number]
    play_hand(director, tt.table, random.Random(1), scripted({victim}, {caller.number}, order))
    plan = sorted(pending(t), key=lambda m: m.pk)
    assert len(plan) == 6 and {m.kind for m in plan} == {"final"}
    return club, director, t, plan


def _occupied_by_a_mover(plan: list[SeatMove]) -> int:
    """How many moves go into a seat another mover of the plan is sitting in now."""
    leaving = {(m.from_table, m.from_seat) for m in plan}
    return sum((m.to_table, m.to_seat) in leaving for m in plan)


def _check_redrawn(t: Tournament, plan: list[SeatMove], stacks: dict[int, int]) -> None:
    final = TournamentTable.objects.get(tournament=t, broken_at__isnull=True)
    assert final.is_final
    now = {s.player_id: s for s in Seat.objects.filter(table=final.table, left_at__isnull=True)}
    assert len(now) == 6
    for m in plan:
        m.refresh_from_db()
        e = Entry.objects.select_related("seat").get(pk=m.entry_id)
        assert m.status == "confirmed"
        assert e.seat is not None and e.seat.left_at is None
        assert (e.seat.table_id, e.seat.number) == (final.table_id, m.to_seat)
        assert e.seat.stack == stacks[e.pk]  # chips travel with the player
    assert moves.standing_movers(t) == []
    assert Seat.objects.filter(table__tournament_table__tournament=t, left_at__isnull=True).count() == 6
    assert Table.objects.get(pk=final.table_id).button_seat is None  # the final table draws for the button


def _stacks(t: Tournament) -> dict[int, int]:
    return {
        e.pk: e.seat.stack
        for e in Entry.objects.filter(tournament=t, status="playing").select_related("seat")
    }


def _api_confirm(client: Client, m: SeatMove) -> Any:
    return client.post(f"/api/moves/{m.pk}/decide/", {}, content_type="application/json")


@pytest.mark.parametrize("order", ["listed", "reversed", "random"])
def test_the_final_table_redraw_is_confirmed_move_by_move_through_the_api_in_any_order(order: str) -> None:
    # given the final-table redraw of six moves, some into seats that other movers still sit in
    club, _, t, plan = _at_the_final_table_redraw()
    assert _occupied_by_a_mover(plan) >= 1
    stacks = _stacks(t)
    client = Client()
    client.force_login(director_of(club))
    ordered = {
        "listed": plan,
        "reversed": plan[::-1],
        "random": random.Random(t.pk).sample(plan, len(plan)),
    }[order]

    # when the director confirms them one by one in that order
    for m in ordered:
        answer = _api_confirm(client, m)
        assert answer.status_code == 200, answer.json()
        assert answer.json()["status"] == "confirmed"

    # then every player sits where the plan put them, with their chips, and nobody is left standing
    _check_redrawn(t, plan, stacks)


@pytest.mark.parametrize("order", ["listed", "reversed", "random"])
def test_the_final_table_redraw_is_confirmed_move_by_move_in_the_cockpit(order: str) -> None:
    club, _, t, plan = _at_the_final_table_redraw()
    stacks = _stacks(t)
    client = Client()
    client.force_login(director_of(club))
    ordered = {"listed": plan, "reversed": plan[::-1], "random": random.Random(7).sample(plan, len(plan))}[
        order
    ]
    for m in ordered:
        page = client.post(reverse("cockpit:move-decide", args=[m.pk]), {"decision": "confirm"})
        assert page.status_code == 302
        m.refresh_from_db()
        assert m.status == "confirmed"
    _check_redrawn(t, plan, stacks)


def test_a_standing_player_is_not_lost_while_the_plan_is_half_carried_out() -> None:
    # given the redraw, with one move confirmed into a seat whose occupant moves too
    _, director, t, plan = _at_the_final_table_redraw()
    leaving = {(m.from_table, m.from_seat): m for m in plan}
    first = next(
        m for m in plan if (m.to_table, m.to_seat) in leaving and leaving[m.to_table, m.to_seat] != m
    )
    displaced = leaving[first.to_table, first.to_seat]
    stacks = _stacks(t)
    moves.move_decide(actor=director, move=first)
    assert moves.standing_movers(t) == [displaced.entry_id]

    # then the standing player's move cannot be cancelled, no hand is dealt and no new plan is made
    with pytest.raises(Conflict) as refused:
        moves.move_decide(actor=director, move=displaced, confirm=False)
    assert refused.value.code == "mover_standing"
    final = TournamentTable.objects.get(tournament=t, number=first.to_table)
    with pytest.raises(Conflict) as refused:
        tables.hand_start(actor=director, table=final.table)
    assert refused.value.code == "mover_standing"
    with pytest.raises(Conflict) as refused:
        moves.moves_plan(actor=director, tournament=t)
    assert refused.value.code == "mover_standing"
    assert sorted(m.pk for m in pending(t)) == sorted(m.pk for m in plan if m.pk != first.pk)

    # and "confirm all" finishes the plan, the standing player with their chips
    moves.moves_confirm_all(actor=director, tournament=t)
    _check_redrawn(t, plan, stacks)


def test_a_seat_whose_occupant_is_not_moved_by_the_plan_stays_taken() -> None:
    # given the redraw, one move overridden into a seat held by a player the plan does not move
    _, director, _, plan = _at_the_final_table_redraw()
    first = plan[0]
    moves.move_decide(actor=director, move=first)
    # the player just seated has no pending move: their seat is taken for everyone else
    other = next(m for m in plan if m.pk != first.pk)
    with pytest.raises(Conflict) as refused:
        moves.move_decide(actor=director, move=other, to_table=first.to_table, to_seat=first.to_seat)
    assert refused.value.code == "seat_taken"
    other.refresh_from_db()
    assert other.status == "proposed"
