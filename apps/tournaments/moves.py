"""Seat moves after eliminations. Floor asks the engine (:mod:`apps.engine.tournament.balancing`:
the final-table redraw, the next table to break in the published order, or balancing, TDA 10-11) and records
its moves as proposals; the director confirms them (one by one, or all at once: everyone stands up, then
sits), overrides one with another seat, or cancels it. Every move is kept with its rule and who decided.

One by one, the moves of a plan may be confirmed in any order: a seat counts as free when its occupant is
moved out of it by the same plan. That occupant stands up (their seat row is left, their chips stay on it)
until their own move is confirmed or overridden; while anyone stands, no hand is dealt at the tournament's
tables, their move cannot be cancelled, and no new plan replaces the one being carried out.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.accounts.permissions import Actor, require_director
from apps.core.errors import Conflict, NotFound, ValidationFailed
from apps.engine.errors import EngineError
from apps.tables.models import Seat, Table
from apps.tables.seats import seat_take, seats_leave
from apps.tournaments.models import Entry, SeatMove, Tournament, TournamentTable
from apps.tournaments.seating import (
    ACTIVE,
    engine_refusal,
    engine_tables,
    entry_sit,
    move_record,
    open_tables,
    seating_rng,
    tables_busy_refuse,
)
from apps.tournaments.services import lock_tournament, lock_tournament_and_tables, publish

# --- the director decides -----------------------------------------------------------------------------------


@transaction.atomic
def move_decide(
    *,
    actor: Actor,
    move: SeatMove,
    confirm: bool = True,
    to_table: int | None = None,
    to_seat: int | None = None,
    reason: str = "",
) -> SeatMove:
    """Confirm a proposed move (it is carried out), override it with another seat (``to_table``/``to_seat``,
    carried out and marked overridden) or cancel it (``confirm=False`` without a new seat)."""
    t = lock_tournament_and_tables(move.tournament_id)
    require_director(actor, t.club_id)
    m = SeatMove.objects.select_for_update().filter(pk=move.pk).first()
    if m is None:
        raise NotFound(f"no seat move {move.pk}", code="seat_move_not_found")
    if m.status != SeatMove.Status.PROPOSED:
        raise Conflict(f"that move is already {m.status}", code="seat_move_decided", detail={"move": m.pk})
    entry = Entry.objects.select_related("seat", "player").get(pk=m.entry_id)
    m.decided_at, m.decided_by = timezone.now(), actor.user
    overriding = to_table is not None or to_seat is not None
    if not confirm and not overriding:
        if entry.seat is not None and entry.seat.left_at is not None and entry.status in ACTIVE:
            raise Conflict(
                f"{entry.player.name} has stood up for this plan: confirm or override their move",
                code="mover_standing",
                detail={"move": m.pk, "entry": entry.pk},
            )
        m.status = SeatMove.Status.CANCELLED
        m.reason = (m.reason + f"; cancelled: {reason}" if reason else m.reason)[:300]
        m.save()
        return m
    if overriding:
        if to_table is None or to_seat is None:
            raise ValidationFailed("an override names the table and the seat", code="override_incomplete")
        m.status, m.to_table, m.to_seat = SeatMove.Status.OVERRIDDEN, to_table, to_seat
        m.reason = (m.reason + f"; overridden: {reason}" if reason else m.reason)[:300]
    else:
        m.status = SeatMove.Status.CONFIRMED
    tt = (
        TournamentTable.objects.select_related("table")
        .filter(tournament=t, number=m.to_table, broken_at__isnull=True)
        .first()
    )
    if tt is None:
        raise ValidationFailed(
            f"no open table {m.to_table}", code="table_invalid", detail={"table": m.to_table}
        )
    if not 1 <= m.to_seat <= tt.table.seats_count:
        raise ValidationFailed(f"no seat {m.to_seat}", code="seat_invalid", detail={"seat": m.to_seat})
    if entry.status not in ACTIVE:
        raise Conflict("that entry is no longer playing", code="entry_not_live", detail={"entry": entry.pk})
    if entry.seat is not None:
        # between hands only, checked before any seat's lock is taken (a finishing hand holds them)
        tables_busy_refuse([entry.seat.table_id, tt.table_id])
        _make_room(t=t, move=m, table=tt.table, player_id=entry.player_id)
    entry_sit(actor=actor, t=t, entry=entry, tt=tt, number=m.to_seat, standing=entry.seat is not None)
    m.save()
    _close_empty_tables(t)
    if m.kind == SeatMove.Kind.FINAL:
        Table.objects.filter(pk=tt.table_id).update(button_seat=None)  # the final table draws for the button
    publish(
        t,
        "seat_move",
        {
            "move": m.pk,
            "entry": entry.pk,
            "player": entry.player.name,
            "kind": m.kind,
            "from": [m.from_table, m.from_seat],
            "to": [m.to_table, m.to_seat],
            "status": m.status,
            "rule": m.rule,
        },
    )
    return m


def standing_movers(t: Tournament) -> list[int]:
    """The entries standing between seats: stood up by a move of the pending plan into their seat, their own
    move not yet carried out."""
    return list(
        SeatMove.objects.filter(
            tournament=t,
            status=SeatMove.Status.PROPOSED,
            entry__status__in=ACTIVE,
            entry__seat__left_at__isnull=False,
        ).values_list("entry_id", flat=True)
    )


def _make_room(*, t: Tournament, move: SeatMove, table: Table, player_id: int) -> None:
    """The target seat's occupant stands up when the same plan moves them out of it (their move is
    pending), so the plan's moves may be confirmed in any order; otherwise the seat stays taken."""
    seat = (
        Seat.objects.select_for_update()
        .filter(table=table, number=move.to_seat, left_at__isnull=True)
        .exclude(player_id=player_id)
        .first()
    )
    if seat is None:
        return
    leaving = (
        SeatMove.objects.filter(
            tournament=t, status=SeatMove.Status.PROPOSED, entry__seat_id=seat.pk, entry__status__in=ACTIVE
        )
        .exclude(pk=move.pk)
        .exists()
    )
    if leaving:
        seats_leave(seat_ids=[seat.pk])


def _close_empty_tables(t: Tournament) -> None:
    """A table whose last player has moved (a break, the final-table redraw) is broken."""
    for ot in open_tables(t):
        pending_to = SeatMove.objects.filter(
            tournament=t, status=SeatMove.Status.PROPOSED, to_table=ot.tt.number
        ).exists()
        if not ot.seats and not pending_to:
            ot.tt.broken_at = timezone.now()
            ot.tt.save(update_fields=["broken_at"])
            publish(t, "table_broken", {"table": ot.tt.number})


# --- after an elimination: balance, break, final table ----------------------------------------------------


def _collapse(moves: list[Any]) -> list[Any]:
    """One move per player: a player broken to one table and then balanced on goes straight there."""
    from dataclasses import replace

    out: dict[str, Any] = {}
    for m in moves:
        first = out.get(m.player)
        out[m.player] = (
            m
            if first is None
            else replace(
                m,
                from_table=first.from_table,
                from_seat=first.from_seat,
                reason=f"{first.reason}, then {m.reason}",
                rule=f"{first.rule}; {m.rule}",
            )
        )
    return list(out.values())


def moves_propose(*, t: Tournament) -> list[SeatMove]:
    """Ask the engine what to do now (final-table redraw, the next table to break, or balancing) and record
    its moves as proposals, replacing any still pending. Expects the tournament row locked."""
    from apps.engine.tournament import balancing

    if standing_movers(t):
        # a plan half carried out stays until its standing players sit; the director then asks again
        return []
    tables = open_tables(t)
    if len(tables) < 2:
        return []
    pending = SeatMove.objects.filter(tournament=t, status=SeatMove.Status.PROPOSED)
    pending.update(
        status=SeatMove.Status.CANCELLED, decided_at=timezone.now(), reason="superseded by a new plan"
    )
    try:
        plan = balancing.plan_after_elimination(
            engine_tables(tables),
            seats_per_table=t.seats_per_table,
            rng=seating_rng(t, f"plan:{t.entries.filter(status=Entry.Status.ELIMINATED).count()}"),
            break_order=t.break_order or None,
            final_table_seats=t.final_table_size,
        )
    except EngineError as exc:
        raise engine_refusal(exc) from exc
    entries = {str(e.pk): e for ot in tables for e in ot.seats.values()}
    kinds = {"balance": SeatMove.Kind.BALANCE, "break": SeatMove.Kind.BREAK, "final": SeatMove.Kind.FINAL}
    recorded = []
    for m in _collapse(list(plan.moves)):
        reason = m.reason + (": waits for the button" if m.waits else "")
        kind = kinds[m.reason.split(",")[0]]
        recorded.append(
            move_record(t, entries[m.player], kind, (m.to_table, m.to_seat), rule=m.rule, reason=reason)
        )
    if plan.final_table is not None:
        TournamentTable.objects.filter(tournament=t, number=plan.final_table).update(is_final=True)
    if recorded or plan.halted:
        publish(
            t,
            "moves_proposed",
            {
                "kind": plan.kind,
                "moves": [m.pk for m in recorded],
                "halted": plan.halted,
                "broken": plan.broken,
                "final_table": plan.final_table,
                "notes": plan.notes,
            },
        )
    return recorded


@transaction.atomic
def moves_confirm_all(*, actor: Actor, tournament: Tournament) -> list[SeatMove]:
    """Confirm every pending move at once: all movers stand up first, then sit (so a redraw may give a
    player a seat another mover is leaving, as at the final table)."""
    t = lock_tournament_and_tables(tournament.pk)
    require_director(actor, t.club_id)
    moves = list(
        SeatMove.objects.select_for_update()
        .filter(tournament=t, status=SeatMove.Status.PROPOSED)
        .order_by("pk")
    )
    if not moves:
        return []
    entries = {
        e.pk: e
        for e in Entry.objects.filter(pk__in=[m.entry_id for m in moves]).select_related("seat", "player")
    }
    targets = {
        tt.number: tt
        for tt in TournamentTable.objects.filter(tournament=t, broken_at__isnull=True).select_related("table")
    }
    # only the tables the players leave and join must be between hands
    involved = {targets[m.to_table].table_id for m in moves if m.to_table in targets}
    involved |= {e.seat.table_id for e in entries.values() if e.seat is not None}
    tables_busy_refuse(sorted(involved))
    now = timezone.now()
    stacks: dict[int, int] = {}
    for m in moves:
        e = entries[m.entry_id]
        if e.status not in ACTIVE or e.seat is None or m.to_table not in targets:
            raise Conflict(
                "a move no longer fits the tables; ask for a new plan",
                code="move_stale",
                detail={"move": m.pk},
            )
        stacks[e.pk] = e.seat.stack
        if e.seat.left_at is None:  # else already standing: stood up by a move confirmed before
            seats_leave(seat_ids=[e.seat.pk], at=now)  # stand up
    for m in moves:
        e = entries[m.entry_id]
        tt = targets[m.to_table]
        if Seat.objects.filter(table=tt.table, number=m.to_seat, left_at__isnull=True).exists():
            raise Conflict(
                f"table {m.to_table} seat {m.to_seat} is taken", code="seat_taken", detail={"move": m.pk}
            )
        e.seat = seat_take(table=tt.table, number=m.to_seat, player=e.player, stack=stacks[e.pk])
        e.save(update_fields=["seat"])
        m.status, m.decided_at, m.decided_by = SeatMove.Status.CONFIRMED, now, actor.user
        m.save(update_fields=["status", "decided_at", "decided_by"])
    _close_empty_tables(t)
    final = next((tt for tt in targets.values() if tt.is_final), None)
    if final is not None:
        Table.objects.filter(pk=final.table_id).update(
            button_seat=None
        )  # the final table draws for the button
    publish(t, "moves_confirmed", {"moves": [m.pk for m in moves]})
    return moves


def halted(*, t: Tournament) -> list[int]:
    """Tables where play halts (three or more players short, TDA 11-D)."""
    from apps.engine.tournament import balancing

    return list(balancing.halted_tables(engine_tables(open_tables(t))))


@transaction.atomic
def moves_plan(*, actor: Actor, tournament: Tournament) -> list[SeatMove]:
    """Ask for a fresh plan now (the pending proposals are replaced), e.g. after cancelling one."""
    t = lock_tournament(tournament.pk)
    require_director(actor, t.club_id)
    standing = standing_movers(t)
    if standing:
        raise Conflict(
            "players are standing between seats: confirm or override their moves first",
            code="mover_standing",
            detail={"entries": standing},
        )
    return moves_propose(t=t)
