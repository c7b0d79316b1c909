"""Writes for tables and hands. Every function owns its transaction, takes an explicit ``actor`` and
refuses with an :class:`~apps.core.errors.ApplicationError` (nothing written).

Recording follows *lock, then validate, then append*: the hand row is taken with ``SELECT … FOR UPDATE``,
the engine is asked with the cached state, and only then is one event row appended.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import F, JSONField, OuterRef
from django.utils import timezone

from apps.accounts.models import Club, DeviceToken, Player
from apps.accounts.permissions import Actor, can_deal, device_assigned_to, is_director
from apps.core.errors import Conflict, NotFound, PermissionRefused, RuleViolation, ValidationFailed
from apps.core.inputs import MAX_JSON_DEPTH, text_problem, text_refusal, toml_depth
from apps.engine.award import check_result_award
from apps.engine.errors import EngineError
from apps.engine.games import Game
from apps.engine.hand import FINISHED, HandState, start_hand
from apps.tables.games import game_from_settings
from apps.tables.models import Hand, HandEvent, IdempotentAnswer, Seat, StackAdjustment, Table


def _require_director(actor: Actor, club_id: int) -> None:
    if not is_director(actor, club_id):
        raise PermissionRefused(
            "Only a director of this club may do that", code="not_director", detail={"club": club_id}
        )


def _require_dealer(actor: Actor, table: Table, *, device_assigned: bool | None = None) -> None:
    if not can_deal(actor, table, device_assigned=device_assigned):
        raise PermissionRefused(
            f"{actor.describe()} is not a dealer of this table",
            code="not_dealer_of_table",
            detail={"table": table.pk},
        )


def _who(actor: Actor) -> dict[str, Any]:
    return {"entered_by_user": actor.user, "entered_by_device": actor.device}


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
    _require_director(actor, club.pk)
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
    _require_director(actor, table.club_id)
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


def _hand_in_progress(table: Table) -> Hand | None:
    return Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).first()


@transaction.atomic
def seat_stack_adjust(*, actor: Actor, seat: Seat, kind: str, amount: int, reason: str) -> StackAdjustment:
    """Rebuy, add-on, penalty or correction of a stack between hands, always with its reason."""
    seat = Seat.objects.select_for_update().select_related("table").get(pk=seat.pk)
    _require_director(actor, seat.table.club_id)
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
    if _hand_in_progress(seat.table) is not None:
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
    seat.stack += amount
    seat.save(update_fields=["stack"])
    return StackAdjustment.objects.create(
        seat=seat, kind=kind, amount=amount, stack_after=seat.stack, reason=reason, actor=actor.user
    )


# --- hands ------------------------------------------------------------------------------------------------


def _next_button(previous: int | None, numbers: list[int]) -> int:
    """The button moves one seat left: the next dealt-in seat clockwise after the last button."""
    if previous is None:
        return numbers[0]
    after = [n for n in numbers if n > previous]
    return after[0] if after else numbers[0]


@transaction.atomic
def hand_start(*, actor: Actor, table: Table, button: int | None = None) -> Hand:
    """Deal the next hand: everyone seated with chips (everyone seated in no-bet mode), the button moved
    by the rules (or placed at ``button`` for the first hand), forced bets posted by the engine. Takes the
    table's row first (the lock order of :mod:`apps.core.locks`: tables, hands, seats, the tournament)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    _require_dealer(actor, table)
    current = _hand_in_progress(table)
    if current is not None:
        raise Conflict(
            f"hand {current.number} is still in progress",
            code="hand_in_progress",
            detail={"hand": current.pk},
        )
    # clocks hook (issue 6): the level current now applies from this hand (WSOP 79).
    from apps.clocks.levelclock import game_for_next_hand

    game_json = game_for_next_hand(table)
    game = Game.from_json(game_json)
    seats = list(
        Seat.objects.filter(table=table, left_at__isnull=True).select_related("player").order_by("number")
    )
    dealt = [s for s in seats if s.stack > 0 or not game.betting]
    numbers = [s.number for s in dealt]
    if len(dealt) < 2:
        raise Conflict(
            "a hand needs at least two seated players with chips",
            code="not_enough_players",
            detail={"players": len(dealt)},
        )
    if button is not None:
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
    # tournaments hook (issue 7): a halted table deals no hand (TDA 11-D); a tournament's button and blinds
    # follow the dead button (TDA 32), the blinds marked on the seats so every replay deals the same.
    from apps.tournaments.dealing import tournament_positions

    positions = tournament_positions(table=table, game=game, numbers=numbers, button=button)
    if positions is not None:
        button = positions.button
        dealt = [s for s in dealt if s.number not in positions.waiting]  # until the button passes (TDA 10)
    elif button is None:
        button = _next_button(table.button_seat, numbers)
    number = (
        Hand.objects.filter(table=table).order_by("-number").values_list("number", flat=True).first() or 0
    ) + 1
    seat_specs = [
        {"seat": s.number, "stack": s.stack, "name": s.player.name, "player_id": s.player_id} for s in dealt
    ]
    marks = positions.marks() if positions is not None else {}
    for spec in seat_specs:
        if spec["seat"] in marks:
            spec["blind"] = marks[spec["seat"]]
    try:
        state = start_hand(game, seat_specs, button, number)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    table.button_seat = button
    table.save(update_fields=["button_seat"])
    hand = Hand.objects.create(
        table=table,
        number=number,
        button=button,
        game=game_json,  # clocks hook (issue 6): was table.game
        seats=seat_specs,
        state=state.to_json(),
    )
    # clocks hook (issue 6): arm the turn clock for the first seat to act and push the new hand live.
    from apps.clocks.services import turn_clock_sync

    turn_clock_sync(hand=hand, state=state, kind="hand_started")
    return hand


def _lock_hand(hand_id: int, actor: Actor | None = None) -> Hand:
    """The hand row, locked, with its table. With a device ``actor``, ``hand.device_assigned`` answers
    whether the device is assigned to the hand's table, read in the same query."""
    if connection.vendor == "postgresql":
        return _lock_hand_sql(hand_id, actor)
    hands = Hand.objects.select_for_update(of=("self",)).select_related("table")
    assigned = device_assigned_to(actor, OuterRef("table_id")) if actor is not None else None
    if assigned is not None:
        hands = hands.annotate(device_assigned=assigned)
    try:
        return hands.get(pk=hand_id)
    except Hand.DoesNotExist:
        raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id}) from None


@functools.cache
def _lock_hand_query() -> tuple[str, list[Any], list[Any]]:
    """The SQL of ``_lock_hand`` (what the ORM query above compiles to), built once: the ORM compiled it anew
    for every recorded action, about a millisecond of CPU each time."""
    hand_fields, table_fields = list(Hand._meta.concrete_fields), list(Table._meta.concrete_fields)
    through = DeviceToken.tables.through._meta
    device_col, table_col = through.get_field("devicetoken").column, through.get_field("table").column
    columns = [f"h.{f.column}" for f in hand_fields] + [f"t.{f.column}" for f in table_fields]
    sql = (
        f"SELECT {', '.join(columns)}, EXISTS(SELECT 1 FROM {through.db_table} d "
        f"WHERE d.{device_col} = %s AND d.{table_col} = h.table_id) "
        f"FROM {Hand._meta.db_table} h JOIN {Table._meta.db_table} t ON t.id = h.table_id "
        "WHERE h.id = %s FOR UPDATE OF h"
    )
    return sql, hand_fields, table_fields


def _from_row(model: type[Any], fields: list[Any], values: Any) -> Any:
    values = [
        json.loads(v) if isinstance(v, str) and isinstance(f, JSONField) else v
        for f, v in zip(fields, values, strict=True)
    ]
    return model.from_db(connection.alias, [f.attname for f in fields], values)


def _lock_hand_sql(hand_id: int, actor: Actor | None) -> Hand:
    sql, hand_fields, table_fields = _lock_hand_query()
    device = actor.device if actor is not None else None
    with connection.cursor() as cursor:
        cursor.execute(sql, [device.pk if device is not None else None, hand_id])
        row = cursor.fetchone()
    if row is None:
        raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id})
    n = len(hand_fields)
    hand: Hand = _from_row(Hand, hand_fields, row[:n])
    Hand.table.field.set_cached_value(hand, _from_row(Table, table_fields, row[n:-1]))
    if device is not None:
        hand.device_assigned = bool(row[-1])  # type: ignore[attr-defined]
    return hand


def _final_stacks(hand: Hand, state: HandState) -> dict[int, int]:
    """Each seat's chips once the hand is over; the starting stacks while it is not."""
    if state.phase == FINISHED:
        return state.stacks()
    return {int(s["seat"]): int(s["stack"]) for s in hand.seats}


def _flow_stacks(hand: Hand, before: HandState, after: HandState) -> None:
    """Move the change of each seat's end-of-hand chips onto its seat (a delta, so rebuys made since stay)."""
    old, new = _final_stacks(hand, before), _final_stacks(hand, after)
    for spec in hand.seats:
        delta = new[int(spec["seat"])] - old[int(spec["seat"])]
        if delta:
            updated = Seat.objects.filter(
                table_id=hand.table_id, player_id=spec["player_id"], left_at__isnull=True, stack__gte=-delta
            ).update(stack=F("stack") + delta)
            if not updated:
                raise Conflict(
                    f"seat {spec['seat']} no longer has the chips this change takes back",
                    code="stack_would_be_negative",
                    detail={"seat": spec["seat"], "delta": delta},
                )


def _set_state(
    hand: Hand,
    before: HandState,
    after: HandState,
    seq: int,
    *,
    after_json: dict[str, Any] | None = None,
    event: HandEvent | None = None,
) -> None:
    """Move the hand to ``after`` (its event rows appended, or ``event``: the unsaved row of the event that
    led there, appended here in the same statement as the hand's update). Expects the hand row locked."""
    _flow_stacks(hand, before, after)
    hand.seq = seq
    hand.state = after_json if after_json is not None else after.to_json()
    if after.phase == FINISHED:
        hand.status = Hand.Status.FINISHED
        hand.result = after.result
        hand.finished_at = hand.finished_at or timezone.now()
    else:
        hand.status = Hand.Status.IN_PROGRESS
        hand.result = None
        hand.finished_at = None
    if event is not None and connection.vendor == "postgresql":
        _append_and_save(hand, event)
    else:
        if event is not None:
            event.save(force_insert=True)
        hand.save(update_fields=["seq", "state", "status", "result", "finished_at"])
    # clocks hook (issue 6): re-arm or clear the turn clock for the new state and push it live.
    from apps.clocks.services import turn_clock_sync

    hand.armed_clock = turn_clock_sync(hand=hand, state=after)  # type: ignore[attr-defined]  # read by hand_view
    # tournaments hook (issue 7): a hand that has just finished at a tournament table yields its eliminations,
    # places and the seat moves Floor proposes (a no-op for other tables).
    if after.phase == FINISHED and before.phase != FINISHED:
        from apps.tournaments.results import tournament_hand_finished

        tournament_hand_finished(hand=hand)


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
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        event.pk = cursor.fetchone()[0]
    event._state.adding, event._state.db = False, connection.alias


def request_digest(payload: Any) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


@dataclass(frozen=True)
class Recorded:
    hand: Hand
    status_code: int
    body: dict[str, Any]
    replayed: bool = False  # the answer of an earlier request with the same Idempotency-Key


def hand_event_record(
    *,
    actor: Actor,
    hand_id: int,
    expected_seq: int,
    event: dict[str, Any],
    idempotency_key: str | None = None,
    by_clock: bool = False,
) -> Recorded:
    """:func:`_hand_event_record`; an entry the rules refuse (422) is also kept, append-only, for the dispute
    review (disputes hook, issue 8), once the refused request's transaction has rolled back."""
    try:
        return _hand_event_record(
            actor=actor,
            hand_id=hand_id,
            expected_seq=expected_seq,
            event=event,
            idempotency_key=idempotency_key,
            by_clock=by_clock,
        )
    except RuleViolation as refused:
        from apps.disputes.refusals import refusal_keep

        refusal_keep(
            hand_id=hand_id,
            actor=actor,
            expected_seq=expected_seq,
            event=event,
            error=refused,
            by_clock=by_clock,
        )
        raise


def _hand_event_record(
    *,
    actor: Actor,
    hand_id: int,
    expected_seq: int,
    event: dict[str, Any],
    idempotency_key: str | None = None,
    by_clock: bool = False,
) -> Recorded:
    """Append one event if the rules allow it. 409 ``stale_seq`` if someone else recorded first; 422 with the
    engine's code and rule if the rules forbid it; with an ``idempotency_key``, a retry returns the first
    answer and appends nothing.

    No savepoint of its own inside an enclosing transaction (the API request's): a refusal rolls that whole
    transaction back anyway, and the savepoint cost two round trips on the hottest path."""
    with transaction.atomic(savepoint=False):
        hand = _lock_hand(hand_id, actor)
        if not by_clock:
            _require_dealer(actor, hand.table, device_assigned=getattr(hand, "device_assigned", None))
        digest = request_digest({"expected_seq": expected_seq, "event": event}) if idempotency_key else ""
        if idempotency_key:
            answer = IdempotentAnswer.objects.filter(hand=hand, key=idempotency_key).first()
            if answer is not None:
                if answer.request_digest != digest:
                    raise Conflict(
                        "this Idempotency-Key was already used for a different request",
                        code="idempotency_key_reused",
                        detail={"key": idempotency_key},
                    )
                return Recorded(hand, answer.status_code, answer.body, replayed=True)
        if expected_seq != hand.seq:
            from apps.tables.selectors import hand_view

            raise Conflict(
                f"the hand moved on: expected_seq {expected_seq} but the hand is at {hand.seq}",
                code="stale_seq",
                detail={"expected_seq": expected_seq, "current_seq": hand.seq, "state": hand_view(hand)},
            )
        before = HandState.from_json(hand.state)
        try:
            after = before.apply(event)
        except EngineError as exc:
            raise RuleViolation.from_engine(exc) from exc
        seq = hand.seq + 1
        after_json = after.to_json()
        row = HandEvent(
            hand=hand, seq=seq, payload=event, by_clock=by_clock, state_after=after_json, **_who(actor)
        )
        _set_state(hand, before, after, seq, after_json=after_json, event=row)
        from apps.tables.selectors import hand_view

        body = hand_view(hand, state=after)
        if idempotency_key:
            IdempotentAnswer.objects.create(
                hand=hand, key=idempotency_key, request_digest=digest, status_code=201, body=body
            )
        return Recorded(hand, 201, body)


def _initial_state(hand: Hand) -> HandState:
    return start_hand(Game.from_json(hand.game), hand.seats, hand.button, hand.number)


def event_shape_check(event: Any, index: int) -> None:
    """Refuse (400 ``event_invalid``) an event that is not an object with a text ``type``, before the engine
    reads it (a correction's, a ruling's, the dispute sandbox's events)."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise ValidationFailed(
            f"event {index} must be an object with a type",
            code="event_invalid",
            detail={"field": "events", "index": index},
        )


def event_entered_apply(state: HandState, event: Any, index: int) -> HandState:
    """``state`` after an event a person entered (a correction's, a ruling's): a refusal says which one."""
    event_shape_check(event, index)
    try:
        return state.apply(event)
    except EngineError as exc:
        error = RuleViolation.from_engine(exc)
        error.detail = {**error.detail, "index": index}
        raise error from exc
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # a field of the wrong type the engine's checks did not foresee
        raise ValidationFailed(
            f"event {index} has a field of the wrong type",
            code="event_invalid",
            detail={"field": "events", "index": index, "error": type(exc).__name__},
        ) from exc


@transaction.atomic
def hand_correct(
    *,
    actor: Actor,
    hand_id: int,
    expected_seq: int,
    reason: str,
    void_from_seq: int | None = None,
    events: list[dict[str, Any]] | None = None,
    later_hands: bool = False,
) -> Hand:
    """A director's correction: void the valid actions from ``void_from_seq`` on (undo back to the event
    before it) and/or append ``events`` in their place. The voided rows stay, marked with this correction;
    the state is recomputed from the last kept event and the stacks re-flow. ``later_hands``: the dispute
    desk's ruling (issue 8), which re-flows the later hands itself, may correct a hand before the last."""
    hand = _lock_hand(hand_id)
    _require_director(actor, hand.table.club_id)
    events = list(events or [])
    if not reason.strip():
        raise ValidationFailed(
            "a correction needs a reason", code="reason_required", detail={"field": "reason"}
        )
    if void_from_seq is None and not events:
        raise ValidationFailed(
            "say which event to undo from (void_from_seq) and/or the events to append",
            code="correction_empty",
            detail={"field": "void_from_seq"},
        )
    if expected_seq != hand.seq:
        raise Conflict(
            f"the hand moved on: expected_seq {expected_seq} but the hand is at {hand.seq}",
            code="stale_seq",
            detail={"expected_seq": expected_seq, "current_seq": hand.seq},
        )
    if not later_hands and Hand.objects.filter(table_id=hand.table_id, number__gt=hand.number).exists():
        raise Conflict(
            "a later hand has started at this table; correct it through the dispute desk",
            code="later_hands_started",
            rule="TDA 22",
            detail={"hand": hand.pk},
        )
    valid = HandEvent.objects.filter(hand=hand, kind=HandEvent.Kind.ACTION, voided_by__isnull=True)
    before = HandState.from_json(hand.state)
    base = before
    to_void: list[int] = []
    if void_from_seq is not None:
        to_void = list(valid.filter(seq__gte=void_from_seq).values_list("seq", flat=True))
        if not to_void or to_void[0] != void_from_seq:
            raise ValidationFailed(
                f"event {void_from_seq} is not a valid action of this hand",
                code="void_from_invalid",
                detail={"field": "void_from_seq", "valid": list(valid.values_list("seq", flat=True))},
            )
        kept = valid.filter(seq__lt=void_from_seq).order_by("-seq").first()
        base = HandState.from_json(kept.state_after) if kept else _initial_state(hand)
    state = base
    for index, ev in enumerate(events):
        state = event_entered_apply(state, ev, index)
    seq = hand.seq + 1
    correction = HandEvent.objects.create(
        hand=hand,
        seq=seq,
        kind=HandEvent.Kind.CORRECTION,
        payload={
            "reason": reason,
            "void_from_seq": void_from_seq,
            "voided": to_void,
            "appended": len(events),
        },
        state_after=base.to_json(),
        **_who(actor),
    )
    if to_void:
        valid.filter(seq__in=to_void).update(voided_by=correction)
    replay_state = base
    for ev in events:
        replay_state = replay_state.apply(ev)
        seq += 1
        HandEvent.objects.create(
            hand=hand, seq=seq, payload=ev, state_after=replay_state.to_json(), **_who(actor)
        )
    try:
        _set_state(hand, before, state, seq)
    except IntegrityError as exc:  # pragma: no cover - guarded by the stack check in _flow_stacks
        raise Conflict("the correction would leave a stack negative", code="stack_would_be_negative") from exc
    return hand


def hand_award_check(*, hand: Hand, proposed: dict[str, Any]) -> dict[str, Any]:
    """Is the dealer's proposed award (seat → chips received) right? Why not, seat by seat."""
    if hand.status != Hand.Status.FINISHED or not hand.result:
        raise Conflict("the hand is not finished yet", code="hand_not_finished", detail={"hand": hand.pk})
    try:
        return check_result_award(hand.result, proposed)
    except EngineError as exc:
        raise ValidationFailed(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail) from exc


@dataclass(frozen=True)
class PhhImport:
    """An imported hand, the reading it was replayed under and the notes where RULES.md would rule
    otherwise (under ``phh``; each also rides on its event as the event's ``note``)."""

    hand: Hand
    rules: str
    notes: list[dict[str, Any]]


def _notes_on_events(
    events: list[dict[str, Any]], event_actions: list[int], notes: list[dict[str, Any]]
) -> None:
    """Each note on the event of its action (a note on the hand, or on an action that made no event such as
    PokerKit's extra check, on the event before it, or the first one)."""
    for note in notes:
        index = note["index"]
        at = 0
        for k, action in enumerate(event_actions):
            if index is not None and action <= index:
                at = k
        if events:
            event = events[at]
            event["note"] = f"{event['note']} | {note['note']}" if event.get("note") else note["note"]


def _phh_read(text: str, rules: str | None) -> tuple[Any, Any, list[dict[str, Any]], int]:
    """The file's one hand: its replay under ``rules`` (None: the file's default reading), its game (with
    that reading), its seats and its button."""
    from apps.engine import phh

    if toml_depth(text) > MAX_JSON_DEPTH:
        raise ValidationFailed(
            f"the PHH file nests arrays or tables more than {MAX_JSON_DEPTH} deep",
            code="phh_toml_invalid",
            rule="PHH 0.0.2",
            detail={"limit": MAX_JSON_DEPTH},
        )
    try:
        histories = [phh.loads(text)]  # one .phh hand, as documented (and as GET /hands/{id}/phh writes)
    except EngineError:
        histories = phh.loads_all(text)  # a .phhs collection holding one hand is fine too
    if len(histories) != 1:
        raise ValidationFailed(
            f"send one hand per request, not {len(histories)}",
            code="phh_one_hand",
            detail={"hands": len(histories)},
        )
    hh = histories[0]
    result = phh.replay_phh(hh, rules=rules)
    if result.error is not None:
        return result, None, [], 0
    game = phh.game_from_phh(hh, rules=result.rules)
    seats, button = phh.seats_from_phh(hh)
    return result, game, seats, int(button)


@transaction.atomic
def hand_import_phh(*, actor: Actor, table: Table, text: str, rules: str | None = None) -> PhhImport:
    """Record a finished hand from a PHH file, every action checked by the engine as live entry is. The
    hand joins the table's history with ``source="import"``; it does not touch the seats' stacks (it is a
    record of a hand played elsewhere or earlier) and does not move the button. Refused (409) while a hand
    is in play at the table. ``rules``: ``phh`` or ``house`` (see ``apps.engine.phh.replay_phh``; unless
    given, the reading of a file Floor wrote, ``phh`` for a standard one); the hand keeps that reading in
    its game, so it replays the same later."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    _require_dealer(actor, table)
    live = list(
        Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).values_list("number", flat=True)
    )
    if live:
        # An imported hand takes the next number; numbered after a live hand it would be a "later hand"
        # and block the director's correction of the live one.
        raise Conflict(
            f"hand {live[0]} is in play at this table: import the file when it is over",
            code="hand_in_progress",
            detail={"hand": live[0]},
        )
    try:
        result, game, seats, button = _phh_read(text, rules)
    except EngineError as exc:
        raise ValidationFailed(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail) from exc
    except (
        TypeError,
        ValueError,
        KeyError,
        AttributeError,
        IndexError,
        ArithmeticError,
        RecursionError,
    ) as exc:
        # a file the engine's reader did not foresee (a table where a number belongs, say)
        raise ValidationFailed(
            f"the PHH file has a field of the wrong type: {type(exc).__name__}",
            code="phh_field_invalid",
            rule="PHH 0.0.2",
            detail={},
        ) from exc
    if result.error is not None:
        err = result.error
        raise RuleViolation(
            err.message,
            code=err.code,
            rule=err.rule,
            detail={**err.detail, "action_index": err.index, "action": err.action},
        )
    notes = result.notes
    events = [dict(e) for e in result.events]
    _notes_on_events(events, result.event_actions, notes)
    for spec in seats:
        name = str(spec.get("name") or f"Seat {spec['seat']}")[:80]
        problem = text_problem(name)
        if problem:
            raise text_refusal("players", problem)
        spec["name"] = name
        spec["player_id"] = Player.objects.get_or_create(club=table.club, name=name)[0].pk
    state = start_hand(game, seats, button, 1)
    number = (
        Hand.objects.filter(table=table).order_by("-number").values_list("number", flat=True).first() or 0
    ) + 1
    hand = Hand.objects.create(
        table=table,
        number=number,
        button=button,
        game=game.to_json(),
        seats=seats,
        state=state.to_json(),
        source=Hand.Source.IMPORT,
    )
    for seq, event in enumerate(events, start=1):
        state = state.apply(event)
        HandEvent.objects.create(
            hand=hand, seq=seq, payload=event, state_after=state.to_json(), **_who(actor)
        )
    if state.phase != FINISHED:
        raise RuleViolation(
            "the file's hand does not reach its end", code="phh_hand_unfinished", rule="PHH 0.0.2", detail={}
        )
    hand.seq = len(events)
    hand.state = state.to_json()
    hand.status = Hand.Status.FINISHED
    hand.result = state.result
    hand.finished_at = timezone.now()
    hand.save()
    return PhhImport(hand=hand, rules=result.rules, notes=notes)
