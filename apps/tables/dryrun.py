"""What an entry would do, written nowhere: the console shows a showdown's computed result this way and waits
for the dealer's confirmation before the entry that makes the hand final is recorded."""

from __future__ import annotations

from typing import Any

from apps.accounts.permissions import Actor, can_deal
from apps.core.errors import Conflict, NotFound, PermissionRefused, RuleViolation
from apps.engine.errors import EngineError
from apps.engine.hand import FINISHED, HandState
from apps.tables.models import Hand
from apps.tables.selectors import hand_view


def hand_event_try(*, actor: Actor, hand_id: int, expected_seq: int, event: dict[str, Any]) -> dict[str, Any]:
    """The hand view after ``event`` (status ``finished`` and the result when it ends the hand). Reads only:
    no row is locked, appended or kept, not even a refusal (422 as the real entry would get)."""
    hand = Hand.objects.select_related("table").filter(pk=hand_id).first()
    if hand is None:
        raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id})
    if not can_deal(actor, hand.table):
        raise PermissionRefused(
            f"{actor.describe()} is not a dealer of this table",
            code="not_dealer_of_table",
            detail={"table": hand.table_id},
        )
    if expected_seq != hand.seq:
        raise Conflict(
            f"the hand moved on: expected_seq {expected_seq} but the hand is at {hand.seq}",
            code="stale_seq",
            detail={"expected_seq": expected_seq, "current_seq": hand.seq},
        )
    try:
        after = HandState.from_json(hand.state).apply(event)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    view = hand_view(hand, state=after)
    view["status"] = Hand.Status.FINISHED if after.phase == FINISHED else Hand.Status.IN_PROGRESS
    view["dry_run"] = True
    return view
