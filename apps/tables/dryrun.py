"""What an entry would do, written nowhere: the console shows a showdown's computed result this way and waits
for the dealer's confirmation before the entry that makes the hand final is recorded."""

from __future__ import annotations

from typing import Any

from apps.accounts.permissions import Actor
from apps.core.errors import RuleViolation
from apps.engine.errors import EngineError
from apps.engine.hand import FINISHED, HandState
from apps.tables.handlog import stale_seq_check
from apps.tables.locking import dealer_hand
from apps.tables.models import Hand
from apps.tables.selectors import hand_view


def hand_event_try(*, actor: Actor, hand_id: int, expected_seq: int, event: dict[str, Any]) -> dict[str, Any]:
    """The hand view after ``event`` (status ``finished`` and the result when it ends the hand). Reads only:
    no row is locked, appended or kept, not even a refusal (422 as the real entry would get)."""
    hand = dealer_hand(actor, hand_id, lock=False)
    stale_seq_check(hand, expected_seq)
    try:
        after = HandState.from_json(hand.state).apply(event)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    view = hand_view(hand, state=after)
    view["status"] = Hand.Status.FINISHED if after.phase == FINISHED else Hand.Status.IN_PROGRESS
    view["dry_run"] = True
    return view
