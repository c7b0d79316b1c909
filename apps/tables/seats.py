"""Writes of seats and their stacks, for the apps above ``tables`` (a tournament's draw, moves and
eliminations; a ruling that brings a player back) and for the hand log's stack flow. ``tables`` is the one
app that writes ``Seat`` and ``StackAdjustment``; these take no permission check of their own (the caller's
service has made it) and expect the caller to hold the locks :mod:`apps.core.locks` orders (seats are lock
3: after the tables and hands, before the tournament).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import F
from django.utils import timezone

from apps.accounts.models import Player
from apps.core.errors import ApplicationError
from apps.core.rows import bound_cursor
from apps.tables.models import Seat, StackAdjustment, Table


def seat_stack_shift(*, table_id: int, player_id: int, delta: int, refusal: ApplicationError) -> None:
    """Add ``delta`` chips to the player's open seat at the table; ``refusal`` is raised (nothing written)
    when the seat is gone or would go below zero."""
    updated = Seat.objects.filter(
        table_id=table_id, player_id=player_id, left_at__isnull=True, stack__gte=-delta
    ).update(stack=F("stack") + delta)
    if not updated:
        raise refusal


def seat_stacks_shift(*, table_id: int, shifts: Sequence[tuple[int, int, ApplicationError]]) -> None:
    """:func:`seat_stack_shift` for several players at once, each ``(player_id, delta, refusal)``: one
    statement on PostgreSQL (a finished hand moves the chips of every seat that won or lost), the first
    refused player's ``refusal`` raised when one is refused (the caller's transaction then writes
    nothing)."""
    if len(shifts) < 2 or connection.vendor != "postgresql":
        for player_id, delta, refusal in shifts:
            seat_stack_shift(table_id=table_id, player_id=player_id, delta=delta, refusal=refusal)
        return
    with bound_cursor() as cursor:
        cursor.execute(_stacks_shift_sql(len(shifts)), [x for p, d, _ in shifts for x in (p, d)] + [table_id])
        shifted = {row[0] for row in cursor.fetchall()}
    for player_id, _delta, refusal in shifts:
        if player_id not in shifted:
            raise refusal


@functools.cache
def _stacks_shift_sql(count: int) -> str:
    """The UPDATE of :func:`seat_stacks_shift` for ``count`` players: what ``seat_stack_shift``'s query
    does for each (an open seat that keeps a stack of at least zero), built once per count."""
    column = {f.name: f.column for f in Seat._meta.concrete_fields}
    values = ", ".join(["(%s::bigint, %s::bigint)"] * count)
    return (
        f"UPDATE {Seat._meta.db_table} s SET {column['stack']} = s.{column['stack']} + v.delta "
        f"FROM (VALUES {values}) AS v(player_id, delta) "
        f"WHERE s.{column['table']} = %s AND s.{column['player']} = v.player_id "
        f"AND s.{column['left_at']} IS NULL AND s.{column['stack']} >= -v.delta "
        f"RETURNING s.{column['player']}"
    )


def seat_stack_change(*, seat: Seat, delta: int, kind: str, reason: str, user: Any) -> StackAdjustment:
    """Change a locked seat's stack by ``delta`` and record it as a stack adjustment with its reason."""
    seat.stack += delta
    seat.save(update_fields=["stack"])
    return StackAdjustment.objects.create(
        seat=seat, kind=kind, amount=delta, stack_after=seat.stack, reason=reason, actor=user
    )


def seats_leave(*, seat_ids: Iterable[int], at: datetime | None = None) -> int:
    """The players in these seats stand up (their seats stay, left at ``at``); how many stood up."""
    return Seat.objects.filter(pk__in=list(seat_ids), left_at__isnull=True).update(
        left_at=at or timezone.now()
    )


def seats_return(*, seat_ids: Iterable[int]) -> int:
    """The players of these left seats sit down in them again (a ruling undid their elimination)."""
    return Seat.objects.filter(pk__in=list(seat_ids)).update(left_at=None)


def seat_take(*, table: Table, number: int, player: Player, stack: int) -> Seat:
    """``player`` sits down at seat ``number`` with chips brought from another seat (a move, a redraw):
    no buy-in is recorded. The caller has checked the seat is free."""
    return Seat.objects.create(table=table, number=number, player=player, stack=stack)


def seats_player_change(*, seat_ids: Iterable[int], player: Player) -> int:
    """These seats were taken under the wrong player (a registration typo set right at the desk before the
    entry played a hand): they become ``player``'s. How many changed."""
    return Seat.objects.filter(pk__in=list(seat_ids)).update(player=player)
