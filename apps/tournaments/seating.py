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
from django.utils import timezone

from apps.accounts.permissions import Actor
from apps.core.errors import Conflict, NotFound, RuleViolation, ValidationFailed
from apps.engine.errors import EngineError
from apps.tables.models import Hand, Seat, Table
from apps.tournaments.models import Entry, SeatMove, Tournament, TournamentTable
from apps.tournaments.services import lock_tournament, publish, require_director

ACTIVE = (Entry.Status.PLAYING, Entry.Status.BUSTED)


def _rng(t: Tournament, salt: str) -> random.Random:
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
    table = table_create(
        actor=actor,
        club=t.club,
        name=f"{t.name} #{t.pk} {'final' if is_final else 'table'} {number}",
        game=t.game,
        seats_count=t.seats_per_table,
        published=t.published,
    )
    if t.level_clock is not None:
        table_level_clock_set(actor=actor, table=table, level_clock=t.level_clock)
    return TournamentTable.objects.create(tournament=t, table=table, number=number, is_final=is_final)


def _busy(table_ids: list[int]) -> None:
    if Hand.objects.filter(table_id__in=table_ids, status=Hand.Status.IN_PROGRESS).exists():
        raise Conflict(
            "players move between hands: a hand is in progress at one of the tables",
            code="hand_in_progress",
            detail={"tables": table_ids},
        )


def _sit(*, actor: Actor, t: Tournament, entry: Entry, tt: TournamentTable, number: int) -> Seat:
    """Seat ``entry`` at table ``tt`` seat ``number``: a buy-in of the starting stack when it has no seat
    yet, else a move with its chips."""
    from apps.tables.services import table_seat_player

    if entry.seat_id is None:
        seat = table_seat_player(
            actor=actor, table=tt.table, number=number, stack=t.starting_stack, player=entry.player
        )
    else:
        old = Seat.objects.select_for_update().get(pk=entry.seat_id)
        if old.left_at is not None:
            raise Conflict("that seat was already left", code="seat_left", detail={"entry": entry.pk})
        _busy([old.table_id, tt.table_id])
        if Seat.objects.filter(table=tt.table, number=number, left_at__isnull=True).exists():
            raise Conflict(f"seat {number} is taken", code="seat_taken", detail={"seat": number})
        old.left_at = timezone.now()
        old.save(update_fields=["left_at"])
        seat = Seat.objects.create(table=tt.table, number=number, player=entry.player, stack=old.stack)
    entry.seat = seat
    if entry.status == Entry.Status.REGISTERED:
        entry.status = Entry.Status.PLAYING
    entry.save(update_fields=["seat", "status"])
    return seat


def _record(
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


def _engine_error(exc: EngineError) -> RuleViolation:
    return RuleViolation(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail)


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
    t = lock_tournament(move.tournament_id)
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
    _sit(actor=actor, t=t, entry=entry, tt=tt, number=m.to_seat)
    m.save()
    _close_empty_tables(t)
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


# --- the draw and late seats --------------------------------------------------------------------------------


def engine_tables(tables: list[OpenTable]) -> list[Any]:
    """The open tables as the engine's :class:`~apps.engine.tournament.seating.Table` (player = entry id),
    with the positions of each table's last hand."""
    from apps.engine.tournament import seating as es

    last_hands: dict[int, Hand] = {}
    for h in (
        Hand.objects.filter(table_id__in=[ot.tt.table_id for ot in tables])
        .order_by("table_id", "-number")
        .distinct("table_id")
    ):
        last_hands[h.table_id] = h
    out = []
    for ot in tables:
        last_hand = last_hands.get(ot.tt.table_id)
        last = _positions(last_hand) if last_hand is not None else None
        out.append(
            es.Table(
                ot.tt.number, ot.tt.table.seats_count, {n: str(e.pk) for n, e in ot.seats.items()}, last=last
            )
        )
    return out


def _positions(h: Hand) -> Any:
    """The last hand's button and blinds; in an ante game (no blinds) the seats the blinds would have had,
    so balancing still knows who is "due the big blind" next."""
    from apps.engine.tournament import seating as es

    st = h.state or {}
    sb, bb = st.get("sb_seat"), st.get("bb_seat")
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
        drawn = es.initial_draw(list(entries), t.seats_per_table, _rng(t, "draw"))
    except EngineError as exc:
        raise _engine_error(exc) from exc
    for table in drawn:
        tt = table_open(actor=actor, t=t)
        assert tt.number == table.number
        for seat, key in sorted(table.players.items()):
            e = entries[key]
            _record(
                t,
                e,
                SeatMove.Kind.DRAW,
                (tt.number, seat),
                rule="TDA 10",
                reason="random seat draw",
                status=SeatMove.Status.CONFIRMED,
                actor=actor,
            )
            _sit(actor=actor, t=t, entry=e, tt=tt, number=seat)
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
            rng=_rng(t, f"entry:{entry.pk}"),
        )
    except EngineError as exc:
        raise _engine_error(exc) from exc
    tt = next((ot.tt for ot in tables if ot.tt.number == assignment.table), None)
    if tt is None:
        tt = table_open(actor=actor, t=t)
        assignment = es.SeatAssignment(assignment.player, tt.number, assignment.seat, opened=True)
    reason = "late entry: a random seat at a shortest table" + (
        ", waits for the button" if assignment.waits else ""
    )
    if assignment.opened:
        reason += "; a table was opened"
    _record(
        t,
        entry,
        SeatMove.Kind.LATE,
        (tt.number, assignment.seat),
        rule=assignment.rule,
        reason=reason,
        status=SeatMove.Status.CONFIRMED,
        actor=actor,
    )
    seat = _sit(actor=actor, t=t, entry=entry, tt=tt, number=assignment.seat)
    payouts_refresh(t)
    publish(
        t,
        "seated",
        {"entry": entry.pk, "player": entry.player.name, "table": tt.number, "seat": assignment.seat},
    )
    return seat


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
            rng=_rng(t, f"plan:{t.entries.filter(status=Entry.Status.ELIMINATED).count()}"),
            break_order=t.break_order or None,
            final_table_seats=t.final_table_size,
        )
    except EngineError as exc:
        raise _engine_error(exc) from exc
    entries = {str(e.pk): e for ot in tables for e in ot.seats.values()}
    kinds = {"balance": SeatMove.Kind.BALANCE, "break": SeatMove.Kind.BREAK, "final": SeatMove.Kind.FINAL}
    recorded = []
    for m in _collapse(list(plan.moves)):
        reason = m.reason + (": waits for the button" if m.waits else "")
        kind = kinds[m.reason.split(",")[0]]
        recorded.append(
            _record(t, entries[m.player], kind, (m.to_table, m.to_seat), rule=m.rule, reason=reason)
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
    t = lock_tournament(tournament.pk)
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
    table_ids = [tt.table_id for tt in targets.values()]
    _busy(table_ids)
    now = timezone.now()
    stacks: dict[int, int] = {}
    for m in moves:
        e = entries[m.entry_id]
        if (
            e.status not in ACTIVE
            or e.seat is None
            or e.seat.left_at is not None
            or m.to_table not in targets
        ):
            raise Conflict(
                "a move no longer fits the tables; ask for a new plan",
                code="move_stale",
                detail={"move": m.pk},
            )
        stacks[e.pk] = e.seat.stack
        Seat.objects.filter(pk=e.seat.pk).update(left_at=now)  # stand up
    for m in moves:
        e = entries[m.entry_id]
        tt = targets[m.to_table]
        if Seat.objects.filter(table=tt.table, number=m.to_seat, left_at__isnull=True).exists():
            raise Conflict(
                f"table {m.to_table} seat {m.to_seat} is taken", code="seat_taken", detail={"move": m.pk}
            )
        e.seat = Seat.objects.create(table=tt.table, number=m.to_seat, player=e.player, stack=stacks[e.pk])
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
