"""Writes for tables and seats, and the one door to the hand services: every function owns its
transaction, takes an explicit ``actor`` and refuses with an :class:`~apps.core.errors.ApplicationError`
(nothing written).

The hands live in :mod:`apps.tables.dealing` (dealing) and :mod:`apps.tables.hands` (recording,
corrections), the hand log's one writer in :mod:`apps.tables.handlog`, a PHH import in
:mod:`apps.tables.phh_import`; the seat writes the apps above use in :mod:`apps.tables.seats`. Their public
names are here too, so callers import one module.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.accounts.models import Club, Player
from apps.accounts.permissions import Actor, require_director
from apps.core.errors import Conflict, ValidationFailed
from apps.tables.dealing import hand_deal, hand_in_progress, hand_start
from apps.tables.games import game_from_settings
from apps.tables.handlog import NewEvent, hand_event_append, stale_seq_check
from apps.tables.hands import (
    Recorded,
    event_entered_apply,
    event_shape_check,
    hand_award_check,
    hand_correct,
    hand_event_record,
    hand_initial_state,
    request_digest,
)
from apps.tables.models import Seat, StackAdjustment, Table
from apps.tables.phh_import import PhhImport, hand_import_phh
from apps.tables.seats import seat_stack_change

__all__ = [
    "NewEvent",
    "PhhImport",
    "Recorded",
    "event_entered_apply",
    "event_shape_check",
    "hand_award_check",
    "hand_correct",
    "hand_deal",
    "hand_event_append",
    "hand_event_record",
    "hand_import_phh",
    "hand_initial_state",
    "hand_start",
    "request_digest",
    "seat_stack_adjust",
    "stale_seq_check",
    "table_create",
    "table_seat_player",
    "tables_publish",
]


# --- tables and seats -------------------------------------------------------------------------------------


def tables_publish(*, table_ids: list[int], published: bool) -> int:
    """Set the public flag of these tables (a tournament's, when it is published or unpublished: its tables
    follow it). The caller has checked who may; returns how many rows changed."""
    return Table.objects.filter(pk__in=table_ids).exclude(published=published).update(published=published)


@transaction.atomic
def table_create(
    *,
    actor: Actor,
    club: Club,
    name: str,
    game: dict[str, Any],
    seats_count: int = 6,
    published: bool = False,
) -> Table:
    require_director(actor, club.pk)
    engine_game = game_from_settings(game)
    if not engine_game.min_players <= seats_count <= 10:
        raise ValidationFailed(
            f"seats_count must be between {engine_game.min_players} and 10",
            code="seats_count_invalid",
            detail={"field": "seats_count", "value": seats_count},
        )
    if Table.objects.filter(club=club, name=name).exists():
        raise ValidationFailed(
            f"the club already has a table named {name!r}", code="table_name_taken", detail={"field": "name"}
        )
    return Table.objects.create(
        club=club, name=name, game=engine_game.to_json(), seats_count=seats_count, published=published
    )


@transaction.atomic
def table_seat_player(
    *,
    actor: Actor,
    table: Table,
    number: int,
    stack: int,
    player: Player | None = None,
    player_name: str | None = None,
) -> Seat:
    """Seat a player (an existing club player, or a new one by name) with ``stack`` chips (a buy-in)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    require_director(actor, table.club_id)
    if not 1 <= number <= table.seats_count:
        raise ValidationFailed(
            f"seat {number} does not exist at a {table.seats_count}-seat table",
            code="seat_invalid",
            detail={"field": "seat", "seat": number, "seats": table.seats_count},
        )
    if stack < 0:
        raise ValidationFailed("stack cannot be negative", code="stack_invalid", detail={"field": "stack"})
    if player is None:
        if not player_name:
            raise ValidationFailed(
                "give a player id or a player name", code="player_missing", detail={"field": "player"}
            )
        player, _ = Player.objects.get_or_create(club=table.club, name=player_name)
    elif player.club_id != table.club_id:
        raise ValidationFailed(
            "that player belongs to another club", code="player_invalid", detail={"field": "player"}
        )
    if Seat.objects.filter(table=table, number=number, left_at__isnull=True).exists():
        raise Conflict(f"seat {number} is taken", code="seat_taken", detail={"seat": number})
    if Seat.objects.filter(table=table, player=player, left_at__isnull=True).exists():
        raise Conflict(
            f"{player.name} is already seated at this table",
            code="player_already_seated",
            detail={"player": player.pk},
        )
    seat = Seat.objects.create(table=table, number=number, player=player, stack=stack)
    if stack:
        StackAdjustment.objects.create(
            seat=seat,
            kind=StackAdjustment.Kind.BUY_IN,
            amount=stack,
            stack_after=stack,
            reason="seated",
            actor=actor.user,
        )
    return seat


@transaction.atomic
def seat_stack_adjust(*, actor: Actor, seat: Seat, kind: str, amount: int, reason: str) -> StackAdjustment:
    """Rebuy, add-on, penalty or correction of a stack between hands, always with its reason."""
    seat = Seat.objects.select_for_update().select_related("table").get(pk=seat.pk)
    require_director(actor, seat.table.club_id)
    if kind not in StackAdjustment.Kind.values or kind == StackAdjustment.Kind.BUY_IN:
        raise ValidationFailed(
            f"kind must be one of {', '.join(k for k in StackAdjustment.Kind.values if k != 'buy_in')}",
            code="adjustment_kind_invalid",
            detail={"field": "kind"},
        )
    if not reason.strip():
        raise ValidationFailed("a reason is required", code="reason_required", detail={"field": "reason"})
    if amount == 0:
        raise ValidationFailed("amount cannot be zero", code="amount_invalid", detail={"field": "amount"})
    if seat.left_at is not None:
        raise Conflict("that player has left the seat", code="seat_left", detail={"seat": seat.number})
    if hand_in_progress(seat.table) is not None:
        raise Conflict(
            "stacks change between hands only; finish the hand first",
            code="hand_in_progress",
            rule="TDA 27",
            detail={"seat": seat.number},
        )
    if seat.stack + amount < 0:
        raise ValidationFailed(
            f"seat {seat.number} has {seat.stack}; cannot remove {-amount}",
            code="stack_would_be_negative",
            detail={"field": "amount", "stack": seat.stack, "amount": amount},
        )
    return seat_stack_change(seat=seat, delta=amount, kind=kind, reason=reason, user=actor.user)
