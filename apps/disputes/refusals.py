"""Refused entries: every event the referee refused at a hand, kept for the dispute review.

The table service sends ``tables.entry_refused`` when the engine refuses an event (``hand_event_record``). The
refusal rolls back the request's transaction (``ATOMIC_REQUESTS``), which would take a row written in it
along; so inside a transaction the refusal waits and is written once the request has finished (Django's
``request_finished``, connected in :mod:`apps.disputes.apps`), in a transaction of its own. Outside any
transaction it is written at once. The hand itself is never changed by a refusal.
"""

from __future__ import annotations

import contextvars
import logging
from typing import Any

from django.db import DatabaseError, transaction

from apps.accounts.permissions import Actor
from apps.tables.hooks import EntryRefused

log = logging.getLogger(__name__)
_pending: contextvars.ContextVar[list[dict[str, Any]] | None] = contextvars.ContextVar(
    "floor_refusals_pending", default=None
)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _row(
    *, hand_id: int, actor: Actor, expected_seq: int, event: dict[str, Any], error: Any, by_clock: bool
) -> dict[str, Any]:
    return {
        "hand_id": hand_id,
        "expected_seq": expected_seq,
        "event": _jsonable(event),
        "code": str(error.code)[:64],
        "message": str(error.message)[:500],
        "rule": str(error.rule or "")[:200],
        "detail": _jsonable(error.detail),
        "by_user_id": getattr(actor.user, "pk", None),
        "by_device_id": getattr(actor.device, "pk", None),
        "by_clock": by_clock,
    }


def refusal_keep(
    *,
    hand_id: int,
    actor: Actor,
    expected_seq: int,
    event: dict[str, Any],
    error: Any,
    by_clock: bool = False,
) -> None:
    """Keep the refusal ``error`` (code, message, rule, detail) of ``event`` at hand ``hand_id``."""
    row = _row(
        hand_id=hand_id, actor=actor, expected_seq=expected_seq, event=event, error=error, by_clock=by_clock
    )
    if not transaction.get_connection().in_atomic_block:
        _write([row])
        return
    pending = _pending.get()
    if pending is None:
        pending = []
        _pending.set(pending)
    pending.append(row)


def refusal_on_entry(refused: EntryRefused) -> None:
    """``tables.entry_refused``: keep the refusal (see :func:`refusal_keep`)."""
    refusal_keep(
        hand_id=refused.hand_id,
        actor=refused.actor,
        expected_seq=refused.expected_seq,
        event=refused.event,
        error=refused.error,
        by_clock=refused.by_clock,
    )


def _write(rows: list[dict[str, Any]]) -> None:
    from apps.disputes.models import RefusedEntry

    try:
        with transaction.atomic():
            RefusedEntry.objects.bulk_create([RefusedEntry(**row) for row in rows])
    except DatabaseError as exc:  # never fail a request over its refusal's record
        log.warning("disputes: could not keep %d refused entries: %s", len(rows), exc)


def refusals_flush(**_: Any) -> None:
    """``request_finished``: write the refusals the request kept waiting (its transaction is over)."""
    pending = _pending.get()
    if not pending:
        return
    _pending.set(None)
    if transaction.get_connection().in_atomic_block:  # a test's transaction: nothing to wait for
        log.debug("disputes: writing %d refused entries inside a transaction", len(pending))
    _write(pending)


def refusals_forget(**_: Any) -> None:
    """``request_started``: a new request starts with nothing pending."""
    _pending.set(None)
