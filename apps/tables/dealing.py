"""Dealing a hand: :func:`hand_start` (and :func:`hand_deal`, the dealer API's, which also gives what the
answer shows). Lock, then read, then deal: the table's row first (lock 1 of :mod:`apps.core.locks`), then one
read of what the deal needs (the hand in progress, the last hand's number, the seats, and the rows the apps
above read with them: :class:`~apps.tables.hooks.TableRead`), the engine deals, and one statement writes the
hand with the table's moved button (:func:`~apps.tables.handlog.hand_create`).

On PostgreSQL those are three statements (the receivers of ``hand_changed`` add their own: the turn
clock's re-arm with its live event). The read cannot join the lock's statement: that statement's snapshot
predates the lock, so a deal that waited for another would not see the hand it dealt.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from apps.accounts.models import Player
from apps.accounts.permissions import Actor, require_dealer
from apps.core.errors import Conflict, RuleViolation, ValidationFailed
from apps.core.rows import bound_cursor, row_to_instance
from apps.engine.errors import EngineError
from apps.engine.games import Game
from apps.engine.hand import start_hand
from apps.tables import hooks
from apps.tables.handlog import hand_create
from apps.tables.hands import Recorded
from apps.tables.locking import table_lock
from apps.tables.models import Hand, Seat, Table


def hand_in_progress(table: Table) -> Hand | None:
    return Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).first()


def hand_number_next(table: Table) -> int:
    last = Hand.objects.filter(table=table).order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def _next_button(previous: int | None, numbers: list[int]) -> int:
    """The button moves one seat left: the next dealt-in seat clockwise after the last button."""
    if previous is None:
        return numbers[0]
    after = [n for n in numbers if n > previous]
    return after[0] if after else numbers[0]


def _button_check(table: Table, button: int, numbers: list[int]) -> None:
    if table.button_seat is not None:
        raise ValidationFailed(
            "the button moves by the rules after the first hand",
            code="button_fixed",
            detail={"field": "button"},
        )
    if button not in numbers:
        raise ValidationFailed(
            f"seat {button} is not dealt in",
            code="button_invalid",
            detail={"field": "button", "seats": numbers},
        )


@transaction.atomic
def hand_start(*, actor: Actor, table: Table | int, button: int | None = None) -> Hand:
    """Deal the next hand at ``table`` (or the table of that id: 404 ``table_not_found``): everyone seated
    with chips (everyone seated in no-bet mode), the button moved by the rules (or placed at ``button`` for
    the first hand), forced bets posted by the engine. Takes the table's row first (the lock order of
    :mod:`apps.core.locks`: tables, hands, seats, the tournament)."""
    return _deal(actor, table, button, shown=False).hand


def hand_deal(*, actor: Actor, table: Table | int, button: int | None = None) -> Recorded:
    """:func:`hand_start` with what the answer shows: the hand, its state as dealt and the parts of its view
    the hooks added (the turn clock as armed), so the answer reads nothing again.

    No savepoint of its own inside an enclosing transaction (the API request's), as ``hand_event_record``:
    a refusal rolls that whole transaction back anyway, and the savepoint cost two round trips."""
    with transaction.atomic(savepoint=False):
        return _deal(actor, table, button, shown=True)


@dataclass(frozen=True)
class _Seated:
    number: int
    stack: int
    player_id: int
    name: str


@dataclass(frozen=True)
class _Read:
    """What a deal reads once the table is locked: the hand in progress ``(id, number)``, the last hand's
    number, the open seats by number and the apps' :class:`~apps.tables.hooks.TableRead` rows."""

    current: tuple[int, int] | None
    last_number: int
    seats: list[_Seated]
    reads: dict[str, Any] = field(default_factory=dict)


def _deal(actor: Actor, table_or_id: Table | int, button: int | None, *, shown: bool) -> Recorded:
    locked = table_lock(table_or_id if isinstance(table_or_id, int) else table_or_id.pk, actor)
    table = locked.table
    require_dealer(actor, table, device_assigned=locked.device_assigned)
    read = _deal_read(table)
    if read.current is not None:
        raise Conflict(
            f"hand {read.current[1]} is still in progress",
            code="hand_in_progress",
            detail={"hand": read.current[0]},
        )
    # a level clock's current level applies from the next hand (WSOP 79): the game is its receivers' to say
    game_json = hooks.hand_game_choosing.ask(hooks.HandDealing(table=table, reads=read.reads)) or table.game
    game = Game.from_json(game_json)
    dealt = [s for s in read.seats if s.stack > 0 or not game.betting]
    numbers = [s.number for s in dealt]
    if len(dealt) < 2:
        raise Conflict(
            "a hand needs at least two seated players with chips",
            code="not_enough_players",
            detail={"players": len(dealt)},
        )
    if button is not None:
        _button_check(table, button, numbers)
    # a tournament's button and blinds follow the dead button (TDA 32), the blinds marked on the seats so
    # every replay deals the same; a halted table deals nothing (TDA 11-D)
    positions = hooks.hand_positions_choosing.ask(
        hooks.HandPositioning(
            table=table, game=game, numbers=numbers, button=button,
            players={s.number: s.player_id for s in dealt}, reads=read.reads,
        )
    )  # fmt: skip
    if positions is not None:
        button = positions.button
        dealt = [s for s in dealt if s.number not in positions.waiting]  # until the button passes (TDA 10)
    elif button is None:
        button = _next_button(table.button_seat, numbers)
    number = read.last_number + 1
    seat_specs = [
        {"seat": s.number, "stack": s.stack, "name": s.name, "player_id": s.player_id} for s in dealt
    ]
    marks = positions.marks() if positions is not None else {}
    for spec in seat_specs:
        if spec["seat"] in marks:
            spec["blind"] = marks[spec["seat"]]
    try:
        state = start_hand(game, seat_specs, button, number)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    hand = hand_create(
        table=table, number=number, button=button, game=game_json, seats=seat_specs, state=state,
        move_button=True,
    )  # fmt: skip
    parts: dict[str, Any] = {}
    for answer in hooks.hand_changed.send(
        hooks.HandChanged(hand=hand, state=state, kind="hand_started", now=timezone.now(), shown=shown)
    ):
        parts.update(answer or {})
    return Recorded(hand, state, parts)


def _deal_read(table: Table) -> _Read:
    """Expects the table's row locked."""
    if connection.vendor == "postgresql":
        return _deal_read_sql(table)
    current = hand_in_progress(table)
    seats = Seat.objects.filter(table=table, left_at__isnull=True).select_related("player").order_by("number")
    return _Read(
        current=(current.pk, current.number) if current is not None else None,
        last_number=hand_number_next(table) - 1,
        seats=[_Seated(s.number, s.stack, s.player_id, s.player.name) for s in seats],
    )


@functools.cache
def _deal_read_query(reads: tuple[str, ...]) -> str:
    """The one statement of :func:`_deal_read_sql` (what the ORM reads of the other branch compile to, the
    seats as arrays by number, and each of the ``reads``' SQL as a lateral join), built once per set."""
    h = {f.name: f.column for f in Hand._meta.concrete_fields}
    s = {f.name: f.column for f in Seat._meta.concrete_fields}
    hand_t, seat_t, player_t = Hand._meta.db_table, Seat._meta.db_table, Player._meta.db_table
    t_id = f"t.{Table._meta.pk.column}"
    seat_columns = [
        f"s.{s['number']}",
        f"s.{s['stack']}",
        f"s.{s['player']}",
        f"p.{Player._meta.get_field('name').column}",
    ]
    seats = ", ".join(f"array_agg({c} ORDER BY s.{s['number']})" for c in seat_columns)
    current = (
        f"SELECT h.{h['id']}, h.{h['number']} FROM {hand_t} h WHERE h.{h['table']} = {t_id} "
        f"AND h.{h['status']} = %s ORDER BY h.{h['id']} LIMIT 1"
    )
    last = f"SELECT max(h.{h['number']}) FROM {hand_t} h WHERE h.{h['table']} = {t_id}"
    seated = (
        f"SELECT {seats} FROM {seat_t} s JOIN {player_t} p ON p.{Player._meta.pk.column} = s.{s['player']} "
        f"WHERE s.{s['table']} = {t_id} AND s.{s['left_at']} IS NULL"
    )
    columns = ["c.*", "n.*", "s.*"] + [f"r{i}.*" for i in range(len(reads))]
    joins = [f"LEFT JOIN LATERAL ({current}) c ON true", f"CROSS JOIN LATERAL ({last}) n"]
    joins.append(f"CROSS JOIN LATERAL ({seated}) s")
    joins += [
        f"LEFT JOIN LATERAL ({sql.replace('{table}', t_id)}) r{i} ON true" for i, sql in enumerate(reads)
    ]
    return f"SELECT {', '.join(columns)} FROM {Table._meta.db_table} t {' '.join(joins)} WHERE {t_id} = %s"


def _deal_read_sql(table: Table) -> _Read:
    reads = tuple(r for answer in hooks.hand_dealing_reads.send(None) for r in answer)
    with bound_cursor() as cursor:
        cursor.execute(
            _deal_read_query(tuple(r.sql for r in reads)), [Hand.Status.IN_PROGRESS.value, table.pk]
        )
        row = cursor.fetchone()
    current_id, current_number, last, numbers, stacks, players, names = row[:7]
    rows, at = {}, 7
    for r in reads:
        values = row[at : at + len(r.fields)]
        at += len(r.fields)
        pk = next(v for f, v in zip(r.fields, values, strict=True) if f.primary_key)
        rows[r.key] = row_to_instance(r.model, list(r.fields), values) if pk is not None else None
    return _Read(
        current=(current_id, current_number) if current_id is not None else None,
        last_number=last or 0,
        seats=[
            _Seated(*s) for s in zip(numbers or [], stacks or [], players or [], names or [], strict=True)
        ],
        reads=rows,
    )
