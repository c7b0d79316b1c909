"""Seating: the draw, tables opened as entries arrive, late seats, and the moves Floor proposes after each
elimination (balancing, breaking tables, the final-table redraw). The rules are the engine's
(:mod:`apps.engine.tournament.seating`); this module reads the tables, asks it, records every proposal as a
:class:`~apps.tournaments.models.SeatMove` and carries out the ones the director confirms or overrides.

A move takes the player's seat row out (``left_at``) and opens one at the new table with the same stack:
chips travel with the player and no stack adjustment is written (nothing is bought).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from apps.accounts.permissions import Actor, require_director
from apps.core.errors import Conflict, RuleViolation
from apps.engine.errors import EngineError
from apps.tables.models import Hand, Seat, Table
from apps.tables.seats import seat_take, seats_leave
from apps.tournaments.models import Entry, SeatMove, Tournament, TournamentTable
from apps.tournaments.services import lock_tournament, publish

ACTIVE = (Entry.Status.PLAYING, Entry.Status.BUSTED)


def seating_rng(t: Tournament, salt: str) -> random.Random:
    """A reproducible draw: the tournament's seed with what is being drawn (shown with the move)."""
    return random.Random(f"{t.seed}:{salt}")


# --- tables -------------------------------------------------------------------------------------------------


def table_open(*, actor: Actor, t: Tournament, is_final: bool = False) -> TournamentTable:
    """Create the next table of the tournament (its game, seats per table, the tournament's level clock)."""
    from apps.clocks.levelclock import table_level_clock_set
    from apps.tables.services import table_create

    number = (
        TournamentTable.objects.filter(tournament=t)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    ) + 1
    suffix = f" #{t.pk} {'final' if is_final else 'table'} {number}"
    limit = Table._meta.get_field("name").max_length or 80
    table = table_create(
        actor=actor,
        club=t.club,
        name=t.name[: limit - len(suffix)].rstrip() + suffix,  # a long tournament name is shortened
        game=t.game,
        seats_count=t.seats_per_table,
        published=t.published,
    )
    if t.level_clock is not None:
        table_level_clock_set(actor=actor, table=table, level_clock=t.level_clock)
    return TournamentTable.objects.create(tournament=t, table=table, number=number, is_final=is_final)


def tables_busy_refuse(table_ids: list[int]) -> None:
    if Hand.objects.filter(table_id__in=table_ids, status=Hand.Status.IN_PROGRESS).exists():
        raise Conflict(
            "players move between hands: a hand is in progress at one of the tables",
            code="hand_in_progress",
            detail={"tables": table_ids},
        )


def entry_sit(
    *, actor: Actor, t: Tournament, entry: Entry, tt: TournamentTable, number: int, standing: bool = False
) -> Seat:
    """Seat ``entry`` at table ``tt`` seat ``number``: a buy-in of the starting stack when it has no seat
    yet, else a move with its chips (``standing``: the player may have stood up already, for a move of the
    same plan into their seat; their chips are still on the seat row they left)."""
    from apps.tables.services import table_seat_player

    if entry.seat_id is None:
        seat = table_seat_player(
            actor=actor, table=tt.table, number=number, stack=t.starting_stack, player=entry.player
        )
    else:
        # between hands only, checked before taking the seat's lock (a finishing hand holds it)
        tables_busy_refuse(
            [Seat.objects.values_list("table_id", flat=True).get(pk=entry.seat_id), tt.table_id]
        )
        old = Seat.objects.select_for_update().get(pk=entry.seat_id)
        if old.left_at is not None and not standing:
            raise Conflict("that seat was already left", code="seat_left", detail={"entry": entry.pk})
        # a redraw may give a player the seat they are in
        taken = Seat.objects.filter(table=tt.table, number=number, left_at__isnull=True).exclude(pk=old.pk)
        if taken.exists():
            raise Conflict(f"seat {number} is taken", code="seat_taken", detail={"seat": number})
        if old.left_at is None:
            seats_leave(seat_ids=[old.pk])
        seat = seat_take(table=tt.table, number=number, player=entry.player, stack=old.stack)
    entry.seat = seat
    if entry.status == Entry.Status.REGISTERED:
        entry.status = Entry.Status.PLAYING
    entry.save(update_fields=["seat", "status"])
    return seat


def move_record(
    t: Tournament,
    entry: Entry,
    kind: str,
    to: tuple[int, int],
    *,
    rule: str,
    reason: str,
    status: str = SeatMove.Status.PROPOSED,
    actor: Actor | None = None,
) -> SeatMove:
    tt_from = None
    if entry.seat_id is not None and entry.seat is not None:
        tt_from = (
            TournamentTable.objects.filter(table_id=entry.seat.table_id)
            .values_list("number", flat=True)
            .first()
        )
    done = status != SeatMove.Status.PROPOSED
    return SeatMove.objects.create(
        tournament=t,
        entry=entry,
        kind=kind,
        rule=rule,
        reason=reason,
        from_table=tt_from,
        from_seat=entry.seat.number if tt_from is not None and entry.seat is not None else None,
        to_table=to[0],
        to_seat=to[1],
        status=status,
        decided_at=timezone.now() if done else None,
        decided_by=actor.user if done and actor is not None else None,
    )


# --- what the engine is asked with --------------------------------------------------------------------------


@dataclass
class OpenTable:
    tt: TournamentTable
    seats: dict[int, Entry]  # seat number -> entry


def open_tables(t: Tournament) -> list[OpenTable]:
    """The open tables with their seated live entries (two queries)."""
    tables = list(
        TournamentTable.objects.filter(tournament=t, broken_at__isnull=True)
        .select_related("table")
        .order_by("number")
    )
    by_table: dict[int, OpenTable] = {tt.table_id: OpenTable(tt, {}) for tt in tables}
    entries = Entry.objects.filter(
        tournament=t, status__in=ACTIVE, seat__left_at__isnull=True, seat__table_id__in=list(by_table)
    ).select_related("seat", "player")
    for e in entries:
        assert e.seat is not None
        by_table[e.seat.table_id].seats[e.seat.number] = e
    return list(by_table.values())


def engine_refusal(exc: EngineError) -> RuleViolation:
    return RuleViolation(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail)


# --- the draw and late seats --------------------------------------------------------------------------------


def engine_tables(tables: list[OpenTable]) -> list[Any]:
    """The open tables as the engine's :class:`~apps.engine.tournament.seating.Table` (player = entry id),
    with the positions of each table's last hand."""
    from apps.engine.tournament import seating as es

    # Each table's latest hand in one query that every backend speaks (DISTINCT ON is PostgreSQL's only).
    latest = Hand.objects.filter(table_id=OuterRef("table_id")).order_by("-number").values("pk")[:1]
    last_hands: dict[int, Hand] = {
        h.table_id: h
        for h in Hand.objects.filter(table_id__in=[ot.tt.table_id for ot in tables], pk=Subquery(latest))
    }
    out = []
    for ot in tables:
        last_hand = last_hands.get(ot.tt.table_id)
        last = hand_positions(last_hand) if last_hand is not None else None
        out.append(
            es.Table(
                ot.tt.number, ot.tt.table.seats_count, {n: str(e.pk) for n, e in ot.seats.items()}, last=last
            )
        )
    return out


def hand_positions(h: Hand) -> Any:
    """A hand's button and blinds (the engine's ``Positions``); in an ante game (no blinds) the seats the
    blinds would have had, so balancing still knows who is "due the big blind" next. A dead small blind
    (TDA 32) was the seat of the previous hand's big blind."""
    from apps.engine.tournament import seating as es

    st = h.state or {}
    sb, bb = st.get("sb_seat"), st.get("bb_seat")
    if bb is not None and sb is None:
        previous = (
            Hand.objects.filter(table_id=h.table_id, number__lt=h.number, source=Hand.Source.LIVE)
            .order_by("-number")
            .first()
        )
        sb = hand_positions(previous).big_blind if previous is not None else h.button
    if bb is None:
        dealt = sorted(int(s["seat"]) for s in h.seats)
        after = [n for n in dealt if n > h.button] + [n for n in dealt if n <= h.button]
        if len(dealt) == 2:
            sb, bb = h.button, after[0]
        else:
            sb, bb = after[0], after[1]
    return es.Positions(button=h.button, small_blind=sb if sb is not None else h.button, big_blind=bb)


@transaction.atomic
def tournament_start(*, actor: Actor, tournament: Tournament) -> Tournament:
    """Close registration's first phase: draw the seats at random (TDA 10), open as few tables as hold every
    entry, seat each with the starting stack, compute the payouts and start the level clock."""
    from apps.clocks.levelclock import level_clock_control
    from apps.engine.tournament import seating as es
    from apps.tournaments.payouts import payouts_refresh

    t = lock_tournament(tournament.pk)
    require_director(actor, t.club_id)
    if t.status != Tournament.Status.REGISTERING:
        raise Conflict("the tournament has already started", code="tournament_started")
    entries = {
        str(e.pk): e for e in Entry.objects.filter(tournament=t).select_related("player").order_by("pk")
    }
    minimum = 2
    if len(entries) < minimum:
        raise Conflict(
            "a tournament needs two or more entries",
            code="not_enough_entries",
            detail={"entries": len(entries)},
        )
    if t.format == Tournament.Format.MATCH and len(entries) > t.seats_per_table:
        raise Conflict(
            "a match is played at one table",
            code="match_one_table",
            detail={"entries": len(entries), "seats": t.seats_per_table},
        )
    try:
        drawn = es.initial_draw(list(entries), t.seats_per_table, seating_rng(t, "draw"))
    except EngineError as exc:
        raise engine_refusal(exc) from exc
    for table in drawn:
        tt = table_open(actor=actor, t=t)
        assert tt.number == table.number
        for seat, key in sorted(table.players.items()):
            e = entries[key]
            move_record(
                t,
                e,
                SeatMove.Kind.DRAW,
                (tt.number, seat),
                rule="TDA 10",
                reason="random seat draw",
                status=SeatMove.Status.CONFIRMED,
                actor=actor,
            )
            entry_sit(actor=actor, t=t, entry=e, tt=tt, number=seat)
    if not t.break_order:
        t.break_order = sorted((tb.number for tb in drawn), reverse=True)  # published: highest number first
    t.status, t.started_at = Tournament.Status.RUNNING, timezone.now()
    t.save(update_fields=["status", "started_at", "break_order"])
    payouts_refresh(t)
    if t.level_clock is not None and t.level_clock.anchor_at is None:
        level_clock_control(actor=actor, clock_id=t.level_clock.pk, action="start")
    publish(t, "started", {"tables": [tb.number for tb in drawn], "entries": len(entries)})
    return t


def seat_late_entry(*, actor: Actor, tournament: Tournament, entry: Entry) -> Seat:
    """Seat a late entry or a re-entry at a random seat of a shortest table, opening a table when all are
    full (TDA 8, 10). Expects the tournament row locked."""
    from apps.engine.tournament import seating as es
    from apps.tournaments.payouts import payouts_refresh

    t = tournament
    tables = open_tables(t)
    try:
        assignment, _ = es.seat_entry(
            engine_tables(tables),
            str(entry.pk),
            seats_per_table=t.seats_per_table,
            rng=seating_rng(t, f"entry:{entry.pk}"),
        )
    except EngineError as exc:
        raise engine_refusal(exc) from exc
    tt = next((ot.tt for ot in tables if ot.tt.number == assignment.table), None)
    if tt is None:
        tt = table_open(actor=actor, t=t)
        assignment = es.SeatAssignment(assignment.player, tt.number, assignment.seat, opened=True)
    reason = "late entry: a random seat at a shortest table" + (
        ", waits for the button" if assignment.waits else ""
    )
    if assignment.opened:
        reason += "; a table was opened"
    move_record(
        t,
        entry,
        SeatMove.Kind.LATE,
        (tt.number, assignment.seat),
        rule=assignment.rule,
        reason=reason,
        status=SeatMove.Status.CONFIRMED,
        actor=actor,
    )
    seat = entry_sit(actor=actor, t=t, entry=entry, tt=tt, number=assignment.seat)
    payouts_refresh(t)
    publish(
        t,
        "seated",
        {"entry": entry.pk, "player": entry.player.name, "table": tt.number, "seat": assignment.seat},
    )
    return seat
