"""Chip counts entered at a table whose hands Floor does not referee (a clock-only game: Hold'em, Omaha...).

There no hand moves chips, so the stacks are what the director or the table's dealer counts, and a
knocked-out player's chips go to whoever knocked them out. Each change is a
:class:`~apps.tables.models.StackAdjustment` (a correction, with its reason), as every stack change between
hands is. The caller decides whether the table is one of those games; the seat is locked here (the lock
order of :mod:`apps.core.locks`: a caller holding the tables may call this).
"""

from __future__ import annotations

from django.db import transaction

from apps.accounts.permissions import Actor, can_deal
from apps.core.bounds import MAX_CHIPS
from apps.core.errors import Conflict, PermissionRefused, ValidationFailed
from apps.tables.models import Hand, Seat, StackAdjustment


def _locked_seat(actor: Actor, seat: Seat) -> Seat:
    seat = Seat.objects.select_for_update().select_related("table").get(pk=seat.pk)
    if not can_deal(actor, seat.table):
        raise PermissionRefused("only the table's dealer or the director counts its chips", code="not_dealer")
    if seat.left_at is not None:
        raise Conflict("that player has left the seat", code="seat_left", detail={"seat": seat.number})
    if Hand.objects.filter(table_id=seat.table_id, status=Hand.Status.IN_PROGRESS).exists():
        raise Conflict(
            "stacks change between hands only; finish the hand first",
            code="hand_in_progress",
            rule="TDA 27",
            detail={"seat": seat.number},
        )
    return seat


def _adjust(actor: Actor, seat: Seat, amount: int, reason: str) -> StackAdjustment | None:
    if amount == 0:
        return None
    seat.stack += amount
    seat.save(update_fields=["stack"])
    return StackAdjustment.objects.create(
        seat=seat,
        kind=StackAdjustment.Kind.CORRECTION,
        amount=amount,
        stack_after=seat.stack,
        reason=reason,
        actor=actor.user,
    )


@transaction.atomic
def seat_chips_count(*, actor: Actor, seat: Seat, chips: int, reason: str) -> StackAdjustment | None:
    """The seat's counted stack replaces the recorded one (None when they agree: nothing is written)."""
    if isinstance(chips, bool) or not isinstance(chips, int) or not 1 <= chips <= MAX_CHIPS:
        raise ValidationFailed(
            f"a chip count is a whole number from 1 to {MAX_CHIPS}; a player with no chips is out",
            code="chips_invalid",
            detail={"field": "chips", "value": chips, "max": MAX_CHIPS},
        )
    seat = _locked_seat(actor, seat)
    return _adjust(actor, seat, chips - seat.stack, reason)


@transaction.atomic
def seat_chips_hand_over(*, actor: Actor, loser: Seat, winner: Seat | None, reason: str) -> int:
    """A player out: their whole stack goes to ``winner`` (who knocked them out, at the same table), or
    out of play when nobody is named. Returns the chips moved; the loser's seat is left at 0."""
    if winner is not None and winner.table_id != loser.table_id:
        raise ValidationFailed(
            "a player is knocked out by someone at the same table",
            code="knocked_out_by_invalid",
            detail={"field": "knocked_out_by"},
        )
    lost = _locked_seat(actor, loser)
    chips = lost.stack
    _adjust(actor, lost, -chips, reason)
    if winner is not None:
        _adjust(actor, _locked_seat(actor, winner), chips, reason)
    return chips
