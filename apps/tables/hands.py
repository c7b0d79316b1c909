"""Recording a hand's actions and a director's correction (dealing it: :mod:`apps.tables.dealing`). Every
function owns its transaction, takes an explicit ``actor`` and refuses with an
:class:`~apps.core.errors.ApplicationError` (nothing written); each returns a domain result and leaves the
answer's rendering (its language, its status) to the API.

Recording follows *lock, then validate, then append*: the hand row is taken with ``SELECT … FOR UPDATE``,
the engine is asked with the cached state, and only then does the hand log's writer
(:func:`apps.tables.handlog.hand_event_append`) append the row and send the hooks.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from apps.accounts.authentication import is_deferred_device
from apps.accounts.permissions import Actor, require_dealer, require_director
from apps.core.errors import Conflict, RuleViolation, ValidationFailed
from apps.engine.award import check_result_award
from apps.engine.errors import EngineError
from apps.engine.games import Game
from apps.engine.hand import HandState, start_hand
from apps.tables import hooks
from apps.tables.handlog import NewEvent, hand_event_append, stale_seq_check
from apps.tables.locking import hand_lock
from apps.tables.models import Hand, HandEvent, IdempotentAnswer


def request_digest(payload: Any) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


@dataclass(frozen=True)
class Recorded:
    """The hand after a recorded event (or as dealt: :func:`apps.tables.dealing.hand_deal`): its ``state`` and
    the ``view_parts`` the hooks added (the turn clock as armed, the seq and status it was recorded at).
    ``replayed``: the result of an earlier request with the same Idempotency-Key, which the API renders again
    in this request's language."""

    hand: Hand
    state: HandState
    view_parts: dict[str, Any]
    replayed: bool = False


def hand_event_record(
    *,
    actor: Actor,
    hand_id: int,
    expected_seq: int,
    event: dict[str, Any],
    idempotency_key: str | None = None,
) -> Recorded:
    """Append one event if the rules allow it. 409 ``stale_seq`` if someone else recorded first; 422 with the
    engine's code and rule if the rules forbid it (the refusal also goes to the ``entry_refused`` hook, kept
    for the dispute review); with an ``idempotency_key``, a retry gets the first result and appends nothing.

    No savepoint of its own inside an enclosing transaction (the API request's): a refusal rolls that whole
    transaction back anyway, and the savepoint cost two round trips on the hottest path."""
    try:
        with transaction.atomic(savepoint=False):
            return _record(actor, hand_id, expected_seq, event, idempotency_key)
    except RuleViolation as refused:
        hooks.entry_refused.send(
            hooks.EntryRefused(
                hand_id=hand_id, actor=actor, expected_seq=expected_seq, event=event, error=refused,
                by_clock=False,
            )
        )  # fmt: skip
        raise


def _record(
    actor: Actor, hand_id: int, expected_seq: int, event: dict[str, Any], key: str | None
) -> Recorded:
    locked = hand_lock(hand_id, actor)
    hand = locked.hand
    if is_deferred_device(actor.device):  # looked up by the lock: the rows below name the device itself
        actor = Actor(user=actor.user, device=actor.device.resolve())
    require_dealer(actor, hand.table, device_assigned=locked.device_assigned)
    digest = request_digest({"expected_seq": expected_seq, "event": event}) if key else ""
    if key:
        answer = IdempotentAnswer.objects.filter(hand=hand, key=key).first()
        if answer is not None:
            if answer.request_digest != digest:
                raise Conflict(
                    "this Idempotency-Key was already used for a different request",
                    code="idempotency_key_reused",
                    detail={"key": key},
                )
            return _replayed(hand, answer.body)
    if expected_seq != hand.seq:
        from apps.tables.selectors import hand_view

        stale_seq_check(hand, expected_seq, state=hand_view(hand))
    before = HandState.from_json(hand.state)
    try:
        after = before.apply(event)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    appended = hand_event_append(
        hand=hand, before=before, after=after, events=[NewEvent(event, after.to_json())], actor=actor
    )
    parts = {**appended.view_parts, "seq": hand.seq, "status": hand.status}
    if key:
        # the domain result, not a rendered answer: a retry in another language gets its own language
        IdempotentAnswer.objects.create(
            hand=hand, key=key, request_digest=digest, status_code=201, body=parts
        )
    return Recorded(hand, after, parts)


def _replayed(hand: Hand, parts: dict[str, Any]) -> Recorded:
    state_after = HandEvent.objects.filter(hand=hand, seq=parts["seq"]).values_list("state_after", flat=True)
    return Recorded(hand, HandState.from_json(state_after.get()), parts, replayed=True)


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


def hand_initial_state(hand: Hand) -> HandState:
    """The hand as dealt, before any event."""
    return start_hand(Game.from_json(hand.game), hand.seats, hand.button, hand.number)


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
    dealer_undo: bool = False,
) -> Hand:
    """A director's correction: void the valid actions from ``void_from_seq`` on (undo back to the event
    before it) and/or append ``events`` in their place. The voided rows stay, marked with this correction;
    the state is recomputed from the last kept event and the stacks re-flow. ``later_hands``: the dispute
    desk's ruling, which re-flows the later hands itself, may correct a hand before the last.
    ``dealer_undo``: the console's undo of the dealer's own last entry (:mod:`apps.disputes.undo` checks
    that it is theirs and the last), which the table's dealer may make, not only the director."""
    hand = hand_lock(hand_id).hand
    if dealer_undo:
        require_dealer(actor, hand.table)
    else:
        require_director(actor, hand.table.club_id)
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
    stale_seq_check(hand, expected_seq)
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
        base = HandState.from_json(kept.state_after) if kept else hand_initial_state(hand)
    rows = [
        NewEvent(
            {"reason": reason, "void_from_seq": void_from_seq, "voided": to_void, "appended": len(events)},
            base.to_json(),
            kind=HandEvent.Kind.CORRECTION,
        )
    ]
    state = base
    for index, ev in enumerate(events):
        state = event_entered_apply(state, ev, index)
        rows.append(NewEvent(ev, state.to_json()))
    try:
        hand_event_append(hand=hand, before=before, after=state, events=rows, actor=actor, voids=to_void)
    except IntegrityError as exc:  # pragma: no cover - guarded by the stack check of the stack flow
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
