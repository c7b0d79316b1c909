"""Seating through the services (TDA 10, 11): the draw, late entries opening tables, balancing after an
elimination (proposed, then confirmed or overridden, every move kept), halting a short table, breaking a
table in the published order. The pure scenarios are the engine's tests; these check Floor's records."""

from __future__ import annotations

import random

import pytest

from apps.core.errors import Conflict, RuleViolation
from apps.tables.models import Seat, StackAdjustment
from apps.tournaments import moves, seating, services
from apps.tournaments.models import Entry, SeatMove, TournamentTable
from tests.tournaments.helpers import (
    given_director,
    given_tournament,
    level_jump,
    open_tables,
    pending,
    play_hand,
    quiet,
    scripted,
    seated,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _bust(actor, tt, victims: list[int]):  # type: ignore[no-untyped-def]
    """One hand at ``tt``: the seats ``victims`` move all in, the biggest other stack calls and wins."""
    seats = seated(tt)
    caller = max((s for n, s in seats.items() if n not in victims), key=lambda s: s.stack)
    caller.stack = 10**6
    caller.save(update_fields=["stack"])
    order = [caller.number] + [n for n in seats if n != caller.number]
    return play_hand(actor, tt.table, random.Random(1), scripted(set(victims), {caller.number}, order))


def test_the_draw_seats_everyone_at_as_few_tables_as_hold_them() -> None:
    # given 14 entrants and tables of six
    club, director = given_director()
    t = given_tournament(club, director, 14, seats_per_table=6)

    # when the seats are drawn
    seating.tournament_start(actor=director, tournament=t)

    # then three tables of 5/5/4, each entry seated once with the starting stack bought in
    counts = sorted((len(seated(tt)) for tt in open_tables(t)), reverse=True)
    assert counts == [5, 5, 4]
    assert Entry.objects.filter(tournament=t, status="playing", seat__isnull=False).count() == 14
    buy_ins = StackAdjustment.objects.filter(kind="buy_in", seat__table__tournament_table__tournament=t)
    assert sorted(set(buy_ins.values_list("amount", flat=True))) == [1000] and buy_ins.count() == 14
    assert SeatMove.objects.filter(tournament=t, kind="draw", rule="TDA 10").count() == 14
    t.refresh_from_db()
    assert t.status == "running" and t.break_order == [3, 2, 1]


def test_late_entries_open_a_table_when_all_are_full_and_stop_after_late_registration() -> None:
    # given 4 entrants at tables of two, late registration to level 1
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=2, late_reg_until_level=1)
    seating.tournament_start(actor=director, tournament=t)
    assert len(open_tables(t)) == 2

    # when a fifth player registers late
    e = services.entry_register(actor=director, tournament=t, player_name="Late")

    # then a third table is opened for them, with the starting stack
    assert len(open_tables(t)) == 3
    move = SeatMove.objects.get(entry=e)
    assert move.kind == "late" and move.status == "confirmed" and "opened" in move.reason
    assert Seat.objects.get(pk=Entry.objects.get(pk=e.pk).seat_id).stack == 1000

    # and after level 1 registration is refused with the engine's rule
    level_jump(director, t, 1)
    with pytest.raises(RuleViolation) as refused:
        services.entry_register(actor=director, tournament=t, player_name="Too late")
    assert refused.value.code == "registration_closed"


def test_an_elimination_proposes_the_balancing_move_which_the_director_confirms() -> None:
    # given two tables of six
    club, director = given_director()
    t = given_tournament(club, director, 12, seats_per_table=6)
    seating.tournament_start(actor=director, tournament=t)
    one, two = open_tables(t)
    play_hand(director, one.table, random.Random(3), quiet)  # a first hand: table 1 has a button
    assert pending(t) == []

    # when two players at table 2 go out on one hand (6 / 4)
    victims = sorted(seated(two))[:2]
    _bust(director, two, victims)

    # then Floor proposes one move: the player due the big blind at table 1 goes to table 2 (TDA 11-A)
    proposals = pending(t)
    assert [(m.kind, m.rule, m.from_table, m.to_table) for m in proposals] == [("balance", "TDA 11-A", 1, 2)]
    move = proposals[0]
    assert move.to_seat not in seated(two)

    # when the director confirms it
    moves.move_decide(actor=director, move=move)

    # then the player sits there with their chips, the old seat is left, the move is kept as confirmed
    move.refresh_from_db()
    assert move.status == "confirmed" and move.decided_by_id == director.user.pk
    assert [len(seated(tt)) for tt in open_tables(t)] == [5, 5]
    e = Entry.objects.select_related("seat").get(pk=move.entry_id)
    assert e.seat is not None and e.seat.table_id == two.table_id and e.seat.number == move.to_seat
    assert Seat.objects.filter(table=one.table, player=e.player, left_at__isnull=False).exists()


def test_the_director_overrides_a_proposed_move_and_a_short_table_halts() -> None:
    # given two tables of six, three players out at table 2 (6 / 3: three short, TDA 11-D)
    club, director = given_director()
    t = given_tournament(club, director, 12, seats_per_table=6)
    seating.tournament_start(actor=director, tournament=t)
    _, two = open_tables(t)
    _bust(director, two, sorted(seated(two))[:3])

    # then play halts at table 2 and one move is proposed (6 / 3 -> 5 / 4)
    assert moves.halted(t=t) == [2]
    (move,) = pending(t)

    # when the director overrides the seat
    free = next(n for n in range(1, 7) if n not in seated(two) and n != move.to_seat)
    moves.move_decide(
        actor=director, move=move, to_table=2, to_seat=free, reason="keeps the player off the rail"
    )

    # then the move is carried out to that seat and shown as overridden
    move.refresh_from_db()
    assert (move.status, move.to_table, move.to_seat) == ("overridden", 2, free)
    assert "overridden" in move.reason
    assert seated(two)[free].player_id == move.entry.player_id

    # and a decided move cannot be decided again
    with pytest.raises(Conflict):
        moves.move_decide(actor=director, move=move)


def test_a_table_breaks_in_the_published_order_with_a_random_redraw() -> None:
    # given 11 players at tables of four (4 / 4 / 3), break order 2 first
    club, director = given_director()
    t = given_tournament(club, director, 11, seats_per_table=4, break_order=[2, 3, 1])
    seating.tournament_start(actor=director, tournament=t)
    tables = {tt.number: tt for tt in open_tables(t)}
    assert sorted(len(seated(tt)) for tt in tables.values()) == [3, 4, 4]

    # when three players at table 1 go out on one hand (8 left: they fit at two tables)
    _bust(director, tables[1], sorted(seated(tables[1]))[:3])

    # then table 2 is broken: its players are redrawn to the free seats (TDA 10-B)
    proposals = pending(t)
    breaks = [m for m in proposals if m.kind == "break"]
    assert {m.from_table for m in breaks} == {2} and len(breaks) == len(seated(tables[2]))
    assert all(m.rule.startswith("TDA 10-B") for m in breaks)

    # when the director confirms them all
    moves.moves_confirm_all(actor=director, tournament=t)

    # then table 2 is closed and the other two hold everyone, within one
    assert TournamentTable.objects.get(tournament=t, number=2).broken_at is not None
    counts = sorted(len(seated(tt)) for tt in open_tables(t))
    assert sum(counts) == 8 and counts[-1] - counts[0] <= 1
    assert SeatMove.objects.filter(tournament=t, status="confirmed", kind="break").count() == len(breaks)


def test_a_long_tournament_name_is_shortened_in_its_table_names() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 12, seats_per_table=6, name="Sunday Deepstack " * 7)  # 119 chars

    seating.tournament_start(actor=director, tournament=t)

    names = [tt.table.name for tt in TournamentTable.objects.filter(tournament=t).order_by("number")]
    assert len(names) == 2
    for number, name in enumerate(names, 1):
        assert len(name) <= 80
        assert name.startswith("Sunday Deepstack Sunday Deepstack")
        assert name.endswith(f" #{t.pk} table {number}")
