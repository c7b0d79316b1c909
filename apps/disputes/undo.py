"""The console's "Undo my last entry": the dealer takes back the last action they entered.

It is a correction like a director's (:func:`apps.tables.services.hand_correct`): a row that voids the entry,
with its reason, appended to the hand's log; nothing is deleted and the hand continues from the state before
the entry. It is the dealer's own to make only while it is the last thing that happened:

- the entry is the hand's last row (no one entered anything after it, no correction since);
- it was entered by this device, or the actor deals at this table (a dealer account, the director);
- the turn clock's own entries (a timeout's fold) are the director's to correct, through the floor;
- once the hand is over, only while no later hand has started and nobody was eliminated by it (an
  elimination moves places and payouts: that is the floor's ruling).
"""

from __future__ import annotations

from django.db import transaction

from apps.accounts.permissions import Actor, is_director
from apps.core.errors import ApplicationError, Conflict, PermissionRefused, ValidationFailed
from apps.tables.handlog import stale_seq_check
from apps.tables.locking import dealer_hand
from apps.tables.models import Hand, HandEvent
from apps.tables.services import hand_correct
from apps.tournaments.models import Elimination

RULE_UNDO = "RULES.md §8"


def _last_row(hand: Hand) -> HandEvent | None:
    return HandEvent.objects.filter(hand=hand).order_by("-seq").first()


def _require_own(actor: Actor, hand: Hand, row: HandEvent) -> None:
    """The entering device, or the dealer who entered it, or the director."""
    if actor.device is not None:
        if row.entered_by_device_id != actor.device.pk:
            raise PermissionRefused(
                "another device entered the last action: only that device, or the director, may undo it",
                code="undo_not_yours",
                detail={"seq": row.seq},
            )
        return
    if actor.user is None:
        raise PermissionRefused("log in first", code="not_authenticated")
    if row.entered_by_user_id != actor.user.pk and not is_director(actor, hand.table.club_id):
        # a dealer account undoes its own entries; another device's or dealer's is the director's to undo
        raise PermissionRefused(
            "someone else entered the last action: only they, or the director, may undo it",
            code="undo_not_yours",
            detail={"seq": row.seq},
        )


def undo_refusal(actor: Actor, hand: Hand, row: HandEvent | None = None) -> ApplicationError | None:
    """Why the hand's last entry may not be undone by ``actor`` now (None: it may), read without writing:
    the console hides its button when the server would refuse it."""
    row = row if row is not None else _last_row(hand)
    if row is None or row.kind != HandEvent.Kind.ACTION or row.voided_by_id is not None:
        return Conflict(
            "there is no entry to undo: nothing was entered since the deal or the last correction",
            code="nothing_to_undo",
            rule=RULE_UNDO,
            detail={"hand": hand.pk, "seq": hand.seq},
        )
    if row.by_clock:
        return Conflict(
            "the turn clock entered the last action: call the floor to correct it",
            code="undo_clock_entry",
            rule=RULE_UNDO,
            detail={"seq": row.seq},
        )
    try:
        _require_own(actor, hand, row)
    except PermissionRefused as exc:
        return exc
    if Hand.objects.filter(table_id=hand.table_id, number__gt=hand.number).exists():
        return Conflict(
            "the next hand has started: call the floor to correct this one",
            code="later_hands_started",
            rule="TDA 22",
            detail={"hand": hand.pk},
        )
    if hand.status == Hand.Status.FINISHED and Elimination.objects.filter(hand=hand).exists():
        return Conflict(
            "this hand eliminated a player: call the floor to correct it",
            code="undo_after_elimination",
            rule=RULE_UNDO,
            detail={"hand": hand.pk},
        )
    return None


@transaction.atomic
def hand_entry_undo(*, actor: Actor, hand_id: int, expected_seq: int, reason: str) -> Hand:
    """Void the hand's last entry (``expected_seq`` is the seq the console shows: it must be that entry's)."""
    hand = dealer_hand(actor, hand_id, lock=True)
    reason = reason.strip()
    if not reason:
        raise ValidationFailed(
            "say why the entry is undone", code="reason_required", detail={"field": "reason"}
        )
    stale_seq_check(hand, expected_seq)
    row = _last_row(hand)
    refusal = undo_refusal(actor, hand, row)
    if refusal is not None:
        raise refusal
    assert row is not None  # undo_refusal refuses a hand with nothing to undo
    return hand_correct(
        actor=actor,
        hand_id=hand.pk,
        expected_seq=hand.seq,
        reason=f"undo: {reason}"[:300],
        void_from_seq=row.seq,
        dealer_undo=True,
    )
