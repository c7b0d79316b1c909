"""Taking a hand's row lock (lock 2 of :mod:`apps.core.locks`) the way the hottest path needs it: with its
table, and for a device, whether the device is assigned to that table, all in one round trip; and a table's
(lock 1) the same way, to deal its next hand."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import OuterRef

from apps.accounts.authentication import DeferredDevice, device_columns, device_from_row, is_deferred_device
from apps.accounts.models import Club, DeviceToken
from apps.accounts.permissions import Actor, can_deal, device_assigned_to
from apps.core.errors import NotFound, PermissionRefused
from apps.core.rows import bound_cursor, execute_first, row_to_instance
from apps.tables.models import Hand, Table


@dataclass(frozen=True)
class LockedHand:
    """The hand row, locked, with its table; ``device_assigned``: for a device actor, whether the device is
    assigned to the hand's table (None for anyone else)."""

    hand: Hand
    device_assigned: bool | None = None


def hand_lock(hand_id: int, actor: Actor | None = None) -> LockedHand:
    """``SELECT … FOR UPDATE`` of the hand (404 ``hand_not_found``), with what :class:`LockedHand` says."""
    if connection.vendor == "postgresql":
        return _hand_lock_sql(hand_id, actor)
    hands = Hand.objects.select_for_update(of=("self",)).select_related("table")
    assigned = device_assigned_to(actor, OuterRef("table_id")) if actor is not None else None
    if assigned is not None:
        hands = hands.annotate(device_assigned=assigned)
    try:
        hand = hands.get(pk=hand_id)
    except Hand.DoesNotExist:
        raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id}) from None
    return LockedHand(hand, getattr(hand, "device_assigned", None))


def _hand_lock_statement(device_id: str, device_columns_sql: str = "", device_join: str = "") -> str:
    """``SELECT … FOR UPDATE OF h`` of the hand with its table and whether the device ``device_id`` (an SQL
    expression) is assigned to it, plus any ``device_columns_sql`` read through ``device_join``."""
    hand_fields, table_fields = list(Hand._meta.concrete_fields), list(Table._meta.concrete_fields)
    through = DeviceToken.tables.through._meta
    device_col, table_col = through.get_field("devicetoken").column, through.get_field("table").column
    columns = [f"h.{f.column}" for f in hand_fields] + [f"t.{f.column}" for f in table_fields]
    return (
        f"SELECT {', '.join(columns)}, EXISTS(SELECT 1 FROM {through.db_table} d "
        f"WHERE d.{device_col} = {device_id} AND d.{table_col} = h.table_id){device_columns_sql} "
        f"FROM {Hand._meta.db_table} h JOIN {Table._meta.db_table} t ON t.id = h.table_id "
        f"{device_join}WHERE h.id = %s FOR UPDATE OF h"
    )


@functools.cache
def _hand_lock_query() -> tuple[str, list[Any], list[Any]]:
    """The SQL of ``hand_lock`` (what the ORM query above compiles to), built once: the ORM compiled it anew
    for every recorded action, about a millisecond of CPU each time."""
    hand_fields, table_fields = list(Hand._meta.concrete_fields), list(Table._meta.concrete_fields)
    return _hand_lock_statement("%s"), hand_fields, table_fields


@functools.cache
def _hand_and_device_lock_query() -> tuple[str, list[Any], list[Any], list[Any], list[Any]]:
    """``hand_lock``'s SQL for a device whose token the request has not looked up yet
    (:class:`~apps.accounts.authentication.DeferredDevice`): the device and its club joined in by the token's
    digest, so the token costs the request no round trip of its own. A digest no device has gives the
    device's columns as NULL (the hand is still found, and the caller refuses the token)."""
    _, hand_fields, table_fields = _hand_lock_query()
    device_cols, device_fields, club_fields = device_columns("dv", "dc")
    digest = DeviceToken._meta.get_field("digest").column
    club_fk = DeviceToken._meta.get_field("club").column
    sql = _hand_lock_statement(
        "dv.id",
        f", {', '.join(device_cols)}",
        f"LEFT JOIN ({DeviceToken._meta.db_table} dv JOIN {Club._meta.db_table} dc ON dc.id = dv.{club_fk}) "
        f"ON dv.{digest} = %s ",
    )
    return sql, hand_fields, table_fields, device_fields, club_fields


def _hand_lock_sql(hand_id: int, actor: Actor | None) -> LockedHand:
    device = actor.device if actor is not None else None
    if is_deferred_device(device) and not device.resolved:
        return _hand_and_device_lock_sql(hand_id, device)
    sql, hand_fields, table_fields = _hand_lock_query()
    with bound_cursor() as cursor:
        execute_first(cursor, sql, [device.pk if device is not None else None, hand_id])
        row = cursor.fetchone()
    if row is None:
        raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id})
    return LockedHand(
        _hand_from_row(row, hand_fields, table_fields), bool(row[-1]) if device is not None else None
    )


def _hand_and_device_lock_sql(hand_id: int, device: DeferredDevice) -> LockedHand:
    sql, hand_fields, table_fields, device_fields, club_fields = _hand_and_device_lock_query()
    with bound_cursor() as cursor:
        execute_first(cursor, sql, [device.digest, hand_id])
        row = cursor.fetchone()
    if row is None:
        device.resolve()  # a bad token answers 401 before a missing hand's 404, as everywhere
        raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id})
    n = len(hand_fields) + len(table_fields)
    device_row = row[n + 1 :]
    device.fill(
        device_from_row(device_row, device_fields, club_fields) if device_row[0] is not None else None
    )
    return LockedHand(_hand_from_row(row[:n], hand_fields, table_fields), bool(row[n]))


def _hand_from_row(row: Any, hand_fields: list[Any], table_fields: list[Any]) -> Hand:
    n = len(hand_fields)
    hand: Hand = row_to_instance(Hand, hand_fields, row[:n])
    Hand.table.field.set_cached_value(
        hand, row_to_instance(Table, table_fields, row[n : n + len(table_fields)])
    )
    return hand


@dataclass(frozen=True)
class LockedTable:
    """The table row, locked; ``device_assigned`` as :class:`LockedHand`'s."""

    table: Table
    device_assigned: bool | None = None


def table_lock(table_id: int, actor: Actor | None = None) -> LockedTable:
    """``SELECT … FOR UPDATE`` of the table (404 ``table_not_found``), with what :class:`LockedTable` says.
    Nothing else is read with it: a read in the same statement would see the rows as they were before the
    lock was granted (the statement's snapshot), not what the transaction that held it has just committed."""
    if connection.vendor == "postgresql":
        return _table_lock_sql(table_id, actor)
    tables = Table.objects.select_for_update()
    assigned = device_assigned_to(actor, OuterRef("pk")) if actor is not None else None
    if assigned is not None:
        tables = tables.annotate(device_assigned=assigned)
    table = tables.filter(pk=table_id).first()
    if table is None:
        raise _no_table(table_id)
    return LockedTable(table, getattr(table, "device_assigned", None))


def _no_table(table_id: int) -> NotFound:
    return NotFound(f"no table {table_id}", code="table_not_found", detail={"table": table_id})


@functools.cache
def _table_lock_query() -> tuple[str, list[Any]]:
    """The SQL of ``table_lock``, built once (as ``_hand_lock_query``)."""
    fields = list(Table._meta.concrete_fields)
    through = DeviceToken.tables.through._meta
    device_col, table_col = through.get_field("devicetoken").column, through.get_field("table").column
    sql = (
        f"SELECT {', '.join(f't.{f.column}' for f in fields)}, EXISTS(SELECT 1 FROM {through.db_table} d "
        f"WHERE d.{device_col} = %s AND d.{table_col} = t.{Table._meta.pk.column}) "
        f"FROM {Table._meta.db_table} t WHERE t.{Table._meta.pk.column} = %s FOR UPDATE OF t"
    )
    return sql, fields


def _table_lock_sql(table_id: int, actor: Actor | None) -> LockedTable:
    sql, fields = _table_lock_query()
    device = actor.device if actor is not None else None
    with bound_cursor() as cursor:
        cursor.execute(sql, [device.pk if device is not None else None, table_id])
        row = cursor.fetchone()
    if row is None:
        raise _no_table(table_id)
    table: Table = row_to_instance(Table, fields, row[:-1])
    return LockedTable(table, bool(row[-1]) if device is not None else None)


def dealer_hand(actor: Actor, hand_id: int, *, lock: bool) -> Hand:
    """The hand, with its table, that ``actor`` acts on as its table's dealer: 404 ``hand_not_found``, 403
    ``not_dealer_of_table``. ``lock``: ``SELECT … FOR UPDATE`` of the hand row (lock 2
    of :mod:`apps.core.locks`), for a caller that writes."""
    hands = Hand.objects.select_related("table")
    if lock:
        hands = hands.select_for_update(of=("self",))
    hand = hands.filter(pk=hand_id).first()
    if hand is None:
        raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id})
    if not can_deal(actor, hand.table):
        raise PermissionRefused(
            f"{actor.describe()} is not a dealer of this table",
            code="not_dealer_of_table",
            detail={"table": hand.table_id},
        )
    return hand
