"""Undo a bust-out at the desk (a player marked out by mistake): the entry plays again, at its table and seat
if that seat is still free, else re-seated by the balancer (a random seat at a shortest table, TDA 10), with
its chips back. When a recorded hand busted it, the chips are taken back from each seat that won them
(:mod:`apps.tournaments.bustchips`; refused when a winner has played on and lost them), so the chips in play
stay conserved; when the director gives the stack explicitly, or the bust was entered by hand (a clock-only
game's "player out"), the chips are the director's and recorded as such. The bounty it paid is taken
back from each winner (PKO: the cash and what went onto their heads), its place and prize are cleared.

Only the latest bust-out can be undone, and not one that shared its place: any later one was placed
counting this entry as out. The elimination row is replaced by a
:class:`~apps.tournaments.models.DeskRecord` that keeps a full copy of it (hand, place, who busted it,
bounty shares) next to the undo, so the history keeps both the bust and its undo.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.accounts.permissions import Actor, require_director
from apps.core.errors import Conflict, ValidationFailed
from apps.tables.models import Seat
from apps.tables.seats import seats_return
from apps.tournaments.desk import lock_entry, record
from apps.tournaments.desk_offers import undoable_bust
from apps.tournaments.models import DeskRecord, Elimination, Entry, Tournament, TournamentTable
from apps.tournaments.services import publish


def _snapshot(el: Elimination) -> dict[str, Any]:
    return {
        "elimination": el.pk,
        "hand": el.hand_id,
        "table": el.table_number,
        "start_chips": el.start_chips,
        "alive_before": el.alive_before,
        "place": el.place,
        "place_to": el.place_to,
        "eliminated_by": el.eliminated_by_id,
        "bounty_shares": dict(el.bounty_shares or {}),
        "head_shares": dict(el.head_shares or {}),
        "at": el.created_at.isoformat(),
    }


def _seat_free(seat: Seat) -> bool:
    tt = TournamentTable.objects.filter(table_id=seat.table_id).first()
    if tt is None or tt.broken_at is not None:
        return False
    return not Seat.objects.filter(table_id=seat.table_id, number=seat.number, left_at__isnull=True).exists()


@transaction.atomic
def elimination_undo(*, actor: Actor, entry: Entry, reason: str, stack: int | None = None) -> DeskRecord:
    """Bring ``entry`` back into play (see the module docstring). ``stack``: its chips, the director's (None:
    its stack at the start of the hand that busted it, taken back from that hand's winners). Refused, with
    nothing written, unless it is the latest bust-out of a running tournament, untied, and its player has not
    re-entered."""
    t, e = lock_entry(entry.pk)
    require_director(actor, t.club_id)
    if t.status != Tournament.Status.RUNNING:
        raise Conflict(
            "only a running tournament's bust-out is undone here (a finished one reopens by a ruling)",
            code="tournament_not_running",
            detail={"status": t.status},
        )
    el = Elimination.objects.filter(entry=e).first()
    if e.status != Entry.Status.ELIMINATED or el is None:
        raise Conflict(f"{e.player.name} is not out", code="entry_not_eliminated", detail={"entry": e.pk})
    if undoable_bust(t) != e.pk:
        raise Conflict(
            "only the latest bust-out, shared with nobody, can be undone (undo the later ones first)",
            code="bust_not_last",
            rule="places count the players left when each went out",
            detail={"entry": e.pk},
        )
    reason = " ".join((reason or "").split())[:300]
    if not reason:
        raise ValidationFailed(
            "say why the bust-out is undone", code="reason_required", detail={"field": "reason"}
        )
    chips = el.start_chips if stack is None else int(stack)
    source = "winners" if stack is None and el.hand_id is not None else "director"
    if chips < 1:
        raise ValidationFailed(
            "a player back in play needs chips",
            code="stack_invalid",
            detail={"field": "stack", "stack": chips},
        )
    bust = _snapshot(el)
    plan = []
    if source == "winners" and el.hand is not None:
        from apps.tournaments.bustchips import take_back_plan

        plan = take_back_plan(t=t, hand=el.hand, player_id=e.player_id, chips=chips)
    from apps.tournaments.results import elimination_bounty_take_back

    cash = elimination_bounty_take_back(t=t, elimination=el)
    el.delete()
    Entry.objects.filter(pk=e.pk).update(status=Entry.Status.PLAYING, place=None, place_to=None, prize=0)
    e.refresh_from_db()
    seat, reseated = _back_in_seat(actor, t, e)
    from apps.tables.services import seat_stack_adjust

    taken = {}
    for winner, amount, name in plan:
        seat_stack_adjust(
            actor=actor,
            seat=winner,
            kind="correction",
            amount=-amount,
            reason=f"bust-out of {e.player.name} undone, its chips back: {reason}",
        )
        taken[str(winner.pk)] = {"player": name, "chips": amount}
    if chips != seat.stack:
        origin = "from the winners" if source == "winners" else "given by the director"
        seat_stack_adjust(
            actor=actor,
            seat=seat,
            kind="correction",
            amount=chips - seat.stack,
            reason=f"bust-out undone, chips {origin}: {reason}",
        )
    from apps.tournaments.moves import moves_propose

    moves_propose(t=t)
    number = TournamentTable.objects.filter(table_id=seat.table_id).values_list("number", flat=True).first()
    publish(
        t,
        "elimination_undone",
        {"entry": e.pk, "player": e.player.name, "table": number, "seat": seat.number},
    )
    return record(
        t, e, DeskRecord.Kind.BUST_UNDONE, actor, name=e.player.name, reason=reason, bust=bust,
        bounty_taken_back=cash, heads_taken_back=bust["head_shares"], stack=chips, chips_from=source,
        chips_taken_back=taken, table=number,
        seat=seat.number, reseated=reseated,
    )  # fmt: skip


def _back_in_seat(actor: Actor, t: Tournament, e: Entry) -> tuple[Seat, bool]:
    """Its own seat when still free, else one from the balancer (a new seat row; the move is recorded)."""
    old = e.seat
    if old is not None and _seat_free(old):
        seats_return(seat_ids=[old.pk])
        old.refresh_from_db()
        return old, False
    from apps.tournaments.seating import seat_late_entry

    Entry.objects.filter(pk=e.pk).update(seat=None)
    e.seat = None
    e.seat_id = None
    seat = seat_late_entry(actor=actor, tournament=t, entry=e)
    return seat, True
