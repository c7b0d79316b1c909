"""The hand log's one writer. Every row of ``HandEvent`` and every write of ``Hand.state`` happens here:
a dealer's entry, a director's correction, the turn clock's timeout, a PHH import and a ruling's re-flow all
call :func:`hand_event_append` (a new hand: :func:`hand_create`). Others ask; nobody else writes
(``tests/tables/test_one_writer.py`` fails if anyone does).

:func:`hand_event_append` appends the rows, voids the rows a correction voids, moves the hand to its new
state, moves the change of the end-of-hand chips onto the seats and then sends the hooks
(:data:`~apps.tables.hooks.hand_changed`, then :data:`~apps.tables.hooks.hand_finished` when the hand has just
finished). Should be called while holding a SELECT FOR UPDATE lock on the hand.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.utils import timezone

from apps.accounts.permissions import Actor
from apps.core.errors import Conflict
from apps.core.rows import bound_cursor
from apps.engine.hand import FINISHED, HandState
from apps.tables import hooks
from apps.tables.models import Hand, HandEvent, Table


@dataclass(frozen=True)
class NewEvent:
    """One row to append: an action (``payload`` as entered) or a correction, and the state after it."""

    payload: dict[str, Any]
    state_after: dict[str, Any]
    kind: str = HandEvent.Kind.ACTION


@dataclass(frozen=True)
class Appended:
    """The hand moved to ``state``; ``view_parts``: what the hooks' receivers added to its view (the turn
    clock as just armed), so the answer shows it without reading it again."""

    hand: Hand
    state: HandState
    view_parts: dict[str, Any] = field(default_factory=dict)


def stale_seq_check(hand: Hand, expected_seq: int, *, state: dict[str, Any] | None = None) -> None:
    """409 ``stale_seq`` unless ``expected_seq`` is the hand's seq (someone else recorded first); ``state``:
    the current view, for the caller to catch up."""
    if expected_seq != hand.seq:
        detail: dict[str, Any] = {"expected_seq": expected_seq, "current_seq": hand.seq}
        if state is not None:
            detail["state"] = state
        raise Conflict(
            f"the hand moved on: expected_seq {expected_seq} but the hand is at {hand.seq}",
            code="stale_seq",
            detail=detail,
        )


def who(actor: Actor | None) -> dict[str, Any]:
    """The columns that say who entered a row (nobody: Floor itself, or the clock)."""
    if actor is None:
        return {"entered_by_user": None, "entered_by_device": None}
    return {"entered_by_user": actor.user, "entered_by_device": actor.device}


def hand_create(
    *,
    table: Table,
    number: int,
    button: int,
    game: dict[str, Any],
    seats: list[dict[str, Any]],
    state: HandState,
    source: str = Hand.Source.LIVE,
    move_button: bool = False,
) -> Hand:
    """A new hand row at ``state`` (nothing in its log yet). ``move_button``: the table's button moves to
    ``button`` with it (``table.button_seat``), in the same statement on PostgreSQL. Expects the table's row
    locked."""
    hand = Hand(
        table=table,
        number=number,
        button=button,
        game=game,
        seats=seats,
        state=state.to_json(),
        source=source,
    )
    if connection.vendor == "postgresql":
        _create_and_move(hand, table, button if move_button else None)
        return hand
    if move_button:
        table.button_seat = button
        table.save(update_fields=["button_seat"])
    hand.save(force_insert=True)
    return hand


@functools.cache
def _create_query(move_button: bool) -> tuple[str, list[Any]]:
    """The INSERT of a hand (``Hand.objects.create``), with the UPDATE of its table's button in the same
    statement when ``move_button``, built once from the models' fields: (sql, hand fields)."""
    fields = [f for f in Hand._meta.concrete_fields if not f.primary_key]
    insert = (
        f"INSERT INTO {Hand._meta.db_table} ({', '.join(f.column for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {Hand._meta.pk.column}"
    )
    if not move_button:
        return insert, fields
    button = Table._meta.get_field("button_seat").column
    moved = f"UPDATE {Table._meta.db_table} SET {button} = %s WHERE {Table._meta.pk.column} = %s"
    return f"WITH b AS ({moved}) {insert}", fields


def _create_and_move(hand: Hand, table: Table, button: int | None) -> None:
    """``table.save(update_fields=["button_seat"])`` (unless ``button`` is None) and ``hand.save()`` in one
    round trip (PostgreSQL)."""
    sql, fields = _create_query(button is not None)
    params = [] if button is None else [button, table.pk]
    params += [f.get_db_prep_save(f.pre_save(hand, True), connection) for f in fields]
    with bound_cursor() as cursor:
        cursor.execute(sql, params)
        hand.pk = cursor.fetchone()[0]
    hand._state.adding, hand._state.db = False, connection.alias
    if button is not None:
        table.button_seat = button


def hand_event_append(
    *,
    hand: Hand,
    before: HandState,
    after: HandState,
    events: Sequence[NewEvent],
    actor: Actor | None,
    by_clock: bool = False,
    voids: Sequence[int] = (),
    seats: list[dict[str, Any]] | None = None,
    flow_stacks: bool = True,
    announce: bool = True,
    kind: str = "hand",
    shown: bool = True,
) -> Appended:
    """Append ``events`` (their seqs follow the hand's), move the hand from ``before`` to ``after`` and tell
    the apps above (see the module). ``voids``: the seqs the first event (a correction) voids. ``seats``:
    the hand's new starting seats (a re-flow). ``flow_stacks``: move the change of the end-of-hand chips onto
    the seats (not for an import, a record of the past, nor a re-flow, which moves them itself).
    ``announce``: send the hooks (not for an import: nothing reacts to a past hand). ``shown``: the caller
    shows the hand next (see :class:`~apps.tables.hooks.HandChanged`).

    Expects the hand row locked."""
    if flow_stacks:
        _flow_stacks(hand, before, after)
    first_seq = hand.seq + 1
    hand.seq += len(events)
    if seats is not None:
        hand.seats = seats
    _move(hand, after, events[-1].state_after if events else None)
    rows = [
        HandEvent(
            hand=hand, seq=first_seq + i, kind=e.kind, payload=e.payload, by_clock=by_clock,
            state_after=e.state_after, **who(actor),
        )
        for i, e in enumerate(events)
    ]  # fmt: skip
    if len(rows) == 1 and not voids and seats is None and connection.vendor == "postgresql":
        _append_and_save(hand, rows[0])  # the hot path: one round trip
    else:
        for i, row in enumerate(rows):
            row.save(force_insert=True)
            if i == 0 and voids:
                HandEvent.objects.filter(hand=hand, seq__in=list(voids)).update(voided_by=row)
        update = ["seq", "state", "status", "result", "finished_at"] + (
            ["seats"] if seats is not None else []
        )
        hand.save(update_fields=update)
    if not announce:
        return Appended(hand, after)
    parts: dict[str, Any] = {}
    for answer in hooks.hand_changed.send(
        hooks.HandChanged(hand=hand, state=after, kind=kind, now=timezone.now(), shown=shown)
    ):
        parts.update(answer or {})
    if after.phase == FINISHED and before.phase != FINISHED:
        hooks.hand_finished.send(hooks.HandFinished(hand=hand, state=after))
    return Appended(hand, after, parts)


def _move(hand: Hand, after: HandState, after_json: dict[str, Any] | None) -> None:
    hand.state = after_json if after_json is not None else after.to_json()
    if after.phase == FINISHED:
        hand.status = Hand.Status.FINISHED
        hand.result = after.result
        hand.finished_at = hand.finished_at or timezone.now()
    else:
        hand.status = Hand.Status.IN_PROGRESS
        hand.result = None
        hand.finished_at = None


def _final_stacks(hand: Hand, state: HandState) -> dict[int, int]:
    """Each seat's chips once the hand is over; the starting stacks while it is not."""
    if state.phase == FINISHED:
        return state.stacks()
    return {int(s["seat"]): int(s["stack"]) for s in hand.seats}


def _flow_stacks(hand: Hand, before: HandState, after: HandState) -> None:
    """Move the change of each seat's end-of-hand chips onto its seat (a delta, so rebuys made since stay)."""
    from apps.tables.seats import seat_stacks_shift

    old, new = _final_stacks(hand, before), _final_stacks(hand, after)
    shifts = []
    for spec in hand.seats:
        delta = new[int(spec["seat"])] - old[int(spec["seat"])]
        if delta:
            refusal = Conflict(
                f"seat {spec['seat']} no longer has the chips this change takes back",
                code="stack_would_be_negative",
                detail={"seat": spec["seat"], "delta": delta},
            )
            shifts.append((spec["player_id"], delta, refusal))
    if shifts:
        seat_stacks_shift(table_id=hand.table_id, shifts=shifts)


@functools.cache
def _append_query() -> tuple[str, list[Any], list[Any]]:
    """One statement that appends an event row and moves the hand to its ``state_after`` (the state's JSON
    is sent once, not twice), built once from the models' fields: (sql, event fields, hand fields)."""
    fields = [f for f in HandEvent._meta.concrete_fields if not f.primary_key]
    moved = [f for f in Hand._meta.concrete_fields if f.name in ("seq", "status", "result", "finished_at")]
    state = next(f.column for f in Hand._meta.concrete_fields if f.name == "state")
    state_after = next(f.column for f in fields if f.name == "state_after")
    hand_t, event_t = Hand._meta.db_table, HandEvent._meta.db_table
    sql = (
        f"WITH e AS (INSERT INTO {event_t} ({', '.join(f.column for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING id, {state_after}) "
        f"UPDATE {hand_t} SET {', '.join(f'{f.column} = %s' for f in moved)}, {state} = e.{state_after} "
        f"FROM e WHERE {hand_t}.id = %s RETURNING e.id"
    )
    return sql, fields, moved


def _append_and_save(hand: Hand, event: HandEvent) -> None:
    """``event.save()`` and ``hand.save(update_fields=[...])`` in one round trip (PostgreSQL)."""
    sql, fields, moved = _append_query()
    params = [f.get_db_prep_save(f.pre_save(event, True), connection) for f in fields]
    params += [f.get_db_prep_save(getattr(hand, f.attname), connection) for f in moved]
    params.append(hand.pk)
    with bound_cursor() as cursor:
        cursor.execute(sql, params)
        event.pk = cursor.fetchone()[0]
    event._state.adding, event._state.db = False, connection.alias
