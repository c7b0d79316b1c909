"""Writes of the dispute desk: raising a dispute, ruling on it (the correction and its re-flow are in
:mod:`apps.disputes.reflow`), and the audit trail.

Who may raise a dispute about a hand: the club's director, the hand's table dealer (a device assigned to
the table, or a dealer account assigned to it), or a player seated in that hand (a club player linked to
the user). Who may rule: the club's director only.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.accounts.models import DealerAssignment, Player, Role
from apps.accounts.permissions import Actor, is_director
from apps.core.errors import Conflict, NotFound, PermissionRefused, ValidationFailed
from apps.disputes.models import Dispute, DisputeAudit, Ruling
from apps.disputes.windows import NextHand, dispute_window
from apps.tables.models import Hand, HandEvent


def audit(
    dispute: Dispute, action: str, actor: Actor | None, data: dict[str, Any] | None = None
) -> DisputeAudit:
    return DisputeAudit.objects.create(
        dispute=dispute,
        action=action,
        by_user=actor.user if actor else None,
        by_device=actor.device if actor else None,
        data=data or {},
    )


def raiser_role(actor: Actor, hand: Hand) -> tuple[str, Player | None] | None:
    """The role in which ``actor`` may raise a dispute about ``hand`` (and the player, for a player), or
    None if they may not."""
    table = hand.table
    if actor.device is not None:
        from apps.accounts.rooms import device_deals_at

        if device_deals_at(device=actor.device, table=table):
            return Dispute.Role.DEALER, None
        return None
    if actor.user is None:
        return None
    if is_director(actor, table.club_id):
        return Dispute.Role.DIRECTOR, None
    if (
        DealerAssignment.objects.filter(user=actor.user, table=table).exists()
        and actor.user.memberships.filter(club_id=table.club_id, role=Role.DEALER).exists()
    ):
        return Dispute.Role.DEALER, None
    seated = [int(s["player_id"]) for s in hand.seats]
    player = Player.objects.filter(club_id=table.club_id, user=actor.user, pk__in=seated).first()
    if player is not None:
        return Dispute.Role.PLAYER, player
    return None


def next_hand_of(hand: Hand) -> NextHand:
    """What has happened at the table since ``hand``: the next hand, its valid actions, a later one."""
    later = list(
        Hand.objects.filter(table_id=hand.table_id, number__gt=hand.number)
        .order_by("number")
        .values("pk", "number", "status")[:2]
    )
    if not later:
        return NextHand()
    nxt = later[0]
    events = HandEvent.objects.filter(
        hand_id=nxt["pk"], kind=HandEvent.Kind.ACTION, voided_by__isnull=True
    ).order_by("seq")
    return NextHand(
        number=nxt["number"],
        finished=nxt["status"] == Hand.Status.FINISHED,
        events=tuple(e.payload for e in events),
        later_started=len(later) > 1,
    )


@transaction.atomic
def dispute_raise(*, actor: Actor, hand_id: int, kind: str, description: str) -> Dispute:
    """Flag ``hand`` with a short description. Late disputes (outside TDA 22's window) are accepted and marked
    late. Tells the table on its live stream."""
    hand = Hand.objects.select_related("table").filter(pk=hand_id).first()
    if hand is None:
        raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id})
    role = raiser_role(actor, hand)
    if role is None:
        raise PermissionRefused(
            f"{actor.describe()} may not dispute this hand: only its table's dealer, a player in the hand or "
            "the club's director may",
            code="not_allowed_to_dispute",
            detail={"hand": hand.pk},
        )
    if kind not in Dispute.Kind.values:
        raise ValidationFailed(
            f"kind is one of {', '.join(Dispute.Kind.values)}",
            code="dispute_kind_invalid",
            detail={"field": "kind"},
        )
    description = description.strip()
    if not description:
        raise ValidationFailed(
            "say in a few words what is disputed",
            code="description_required",
            detail={"field": "description"},
        )
    # The table's dealer and the director call the floor while a hand is being played too (the console's
    # "Call the floor"); a player disputes a hand once it is over.
    if hand.status != Hand.Status.FINISHED and role[0] == Dispute.Role.PLAYER:
        raise Conflict(
            "the hand is still being played: the dealer corrects it, or call the director",
            code="hand_not_finished",
            detail={"hand": hand.pk},
        )
    window = dispute_window(kind, next_hand_of(hand))
    dispute = Dispute.objects.create(
        hand=hand,
        kind=kind,
        description=description[:1000],
        raised_by_user=actor.user,
        raised_by_device=actor.device,
        raised_by_player=role[1],
        role=role[0],
        window=kind,
        in_window=window.in_window,
        late=window.late,
        window_detail={"reason": window.reason, **window.detail},
    )
    audit(
        dispute,
        "raised",
        actor,
        {"kind": kind, "role": role[0], "late": window.late, "reason": window.reason},
    )
    from apps.disputes.floor import floor_tell

    floor_tell(dispute)
    _tell_table(
        hand,
        "dispute_raised",
        {"dispute": dispute.pk, "hand": hand.pk, "number": hand.number, "kind": kind, "late": window.late},
    )
    return dispute


def _tell_table(hand: Hand, type: str, data: dict[str, Any]) -> None:
    from apps.clocks.live import live_publish, table_channel

    live_publish(channel=table_channel(hand.table_id), type=type, data=data)


def require_ruler(actor: Actor, dispute: Dispute) -> None:
    if not is_director(actor, dispute.hand.table.club_id):
        raise PermissionRefused(
            "only the club's director rules on a dispute", code="not_director", detail={"dispute": dispute.pk}
        )


def lock_dispute(dispute_id: int) -> Dispute:
    dispute = (
        Dispute.objects.select_for_update(of=("self",))
        .select_related("hand__table")
        .filter(pk=dispute_id)
        .first()
    )
    if dispute is None:
        raise NotFound(f"no dispute {dispute_id}", code="dispute_not_found", detail={"dispute": dispute_id})
    return dispute


@transaction.atomic
def dispute_rule(
    *,
    actor: Actor,
    dispute_id: int,
    text: str,
    rules_cited: list[str],
    outcome: str,
    correction: dict[str, Any] | None = None,
) -> Ruling:
    """The director's ruling, written once. ``corrected`` needs a ``correction`` (``void_from_seq`` and/or
    ``events``): the hand is corrected through the table service and everything after it re-flows
    (:func:`apps.disputes.reflow.correction_apply`). Everyone at the table is told on the live stream."""
    dispute = lock_dispute(dispute_id)
    require_ruler(actor, dispute)
    if dispute.status == Dispute.Status.RULED:
        raise Conflict(
            "this dispute has been ruled on", code="dispute_already_ruled", detail={"dispute": dispute.pk}
        )
    if not text.strip():
        raise ValidationFailed(
            "a ruling needs its text", code="ruling_text_required", detail={"field": "text"}
        )
    if outcome not in Ruling.Outcome.values:
        raise ValidationFailed(
            f"outcome is one of {', '.join(Ruling.Outcome.values)}",
            code="outcome_invalid",
            detail={"field": "outcome"},
        )
    if (outcome == Ruling.Outcome.CORRECTED) != (correction is not None):
        raise ValidationFailed(
            "a corrected outcome needs a correction, and only a corrected outcome has one",
            code="correction_mismatch",
            detail={"field": "correction", "outcome": outcome},
        )
    reflow: dict[str, Any] = {}
    if correction is not None:
        from apps.disputes.reflow import correction_apply

        reflow = correction_apply(
            actor=actor,
            dispute=dispute,
            void_from_seq=correction.get("void_from_seq"),
            events=list(correction.get("events") or []),
            reason=f"ruling on dispute {dispute.pk}: {text.strip()}"[:300],
        )
    ruling = Ruling.objects.create(
        dispute=dispute,
        text=text.strip(),
        rules_cited=[str(r) for r in rules_cited],
        outcome=outcome,
        correction=correction,
        reflow=reflow,
        ruled_by=actor.user,
    )
    dispute.status = Dispute.Status.RULED
    dispute.save(update_fields=["status"])
    audit(dispute, "ruled", actor, {"outcome": outcome, "rules_cited": ruling.rules_cited})
    _tell_table(
        dispute.hand,
        "dispute_ruled",
        {
            "dispute": dispute.pk,
            "hand": dispute.hand_id,
            "number": dispute.hand.number,
            "outcome": outcome,
            "text": ruling.text,
            "rules_cited": ruling.rules_cited,
            "stacks_changed": reflow.get("stack_changes", {}),
            "hands_reflowed": [h["number"] for h in reflow.get("hands", [])],
            "eliminations_undone": reflow.get("eliminations_undone", []),
        },
    )
    return ruling
