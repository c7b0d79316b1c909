"""Reads of the dispute desk: a dispute with its ruling and audit, and the review of its hand."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from apps.accounts.permissions import Actor, can_see_cards, director_user_ids
from apps.core.i18n import error_message, hand_result
from apps.disputes.explain import explanation_render
from apps.disputes.models import Dispute, RefusedEntry
from apps.engine.games import Game
from apps.engine.hand import HandState, start_hand
from apps.tables.models import Hand, HandEvent
from apps.tables.redact import public_event


def _who(user: Any, device: Any, by_clock: bool = False) -> str:
    if by_clock:
        return "clock"
    if device is not None:
        return f"device {device.name}"
    if user is not None:
        return str(user.get_username())
    return ""


def event_text(event: dict[str, Any] | None) -> str:
    """An event in words for the review: "seat 2: raise to 60", "finishing order: 3, then 1 and 5"."""
    if not event:
        return ""
    kind = str(event.get("type", ""))
    if kind == "finish_order":
        groups = [" = ".join(str(s) for s in group) for group in event.get("order") or []]
        return _("finishing order: %(order)s") % {"order": " > ".join(groups)}
    words = {
        "fold": _("fold"), "check": _("check"), "call": _("call"), "bet": _("bet %(amount)s"),
        "raise": _("raise to %(amount)s"), "draw": _("draw %(count)s"), "show": _("show %(cards)s"),
        "muck": _("muck"), "prove_openers": _("prove openers"), "timeout": _("time out"),
        "deal": _("dealt %(cards)s"), "reshuffle": _("reshuffle"),
    }  # fmt: skip
    text = words.get(kind, kind) % {k: event.get(k, "") for k in ("amount", "count", "cards")}
    if event.get("seat") is not None:
        return _("seat %(seat)s: %(action)s") % {"seat": event["seat"], "action": text}
    return text


def state_brief(state: HandState) -> dict[str, Any]:
    """What the review shows after each event: stacks, bets, pots, who was to act and what was legal."""
    return {
        "phase": state.phase,
        "to_act": state.to_act,
        "stacks": {str(s.seat): s.stack for s in state.seats},
        "bets": {str(s.seat): s.bet for s in state.seats if s.bet},
        "folded": [s.seat for s in state.seats if s.folded],
        "pot_total": state.pot_total,
        "pots": state.pots(),
        "legal": [a for a in state.legal_actions() if a["type"] != "timeout"],
    }


def _role(user: Any, device: Any, directors: set[int], by_clock: bool = False) -> str:
    """Who acted, as a reader outside the table's staff reads it: a role, never a name."""
    if by_clock:
        return "clock"
    if device is not None:
        return "dealer"
    if user is not None:
        return "director" if user.pk in directors else "player"
    return ""


def _public_correction(correction: Any) -> Any:
    if not isinstance(correction, dict):
        return correction
    events = correction.get("events")
    if not isinstance(events, list):
        return correction
    return {**correction, "events": [public_event(e) if isinstance(e, dict) else e for e in events]}


def dispute_detail(dispute: Dispute, *, actor: Actor | None = None) -> dict[str, Any]:
    """The dispute, its ruling and audit. The club's directors and the table's dealers (``actor=None``:
    Floor's own reads) read who did what by name and the correction's cards; the player who raised it reads
    roles ("director", "dealer") and only cards that were shown."""
    ruling = getattr(dispute, "ruling", None)
    if actor is None or can_see_cards(actor, dispute.hand.table):
        who = _who
        correction = ruling.correction if ruling is not None else None
    else:
        directors = director_user_ids(dispute.hand.table.club_id)

        def who(user: Any, device: Any, by_clock: bool = False) -> str:
            return _role(user, device, directors, by_clock)

        correction = _public_correction(ruling.correction) if ruling is not None else None
    return {
        "id": dispute.pk,
        "hand": dispute.hand_id,
        "hand_number": dispute.hand.number,
        "table": dispute.hand.table_id,
        "kind": dispute.kind,
        "description": dispute.description,
        "role": dispute.role,
        "raised_by": who(dispute.raised_by_user, dispute.raised_by_device),
        "player": dispute.raised_by_player.name if dispute.raised_by_player else None,
        "created_at": dispute.created_at,
        "window": dispute.window,
        "in_window": dispute.in_window,
        "late": dispute.late,
        "window_detail": dispute.window_detail,
        "status": dispute.status,
        "ruling": None
        if ruling is None
        else {
            "text": ruling.text,
            "rules_cited": ruling.rules_cited,
            "outcome": ruling.outcome,
            "correction": correction,
            "reflow": ruling.reflow,
            "ruled_by": who(ruling.ruled_by, None),
            "created_at": ruling.created_at,
        },
        "audit": [
            {"action": a.action, "by": who(a.by_user, a.by_device), "at": a.created_at, "data": a.data}
            for a in dispute.audit.select_related("by_user", "by_device").all()
        ],
    }


def hand_review(hand: Hand) -> dict[str, Any]:
    """The hand replayed event by event: every row of its log (voided rows and corrections included, as
    recorded) with the state after it, every refused entry with its rule, the result and its explanation."""
    start = start_hand(Game.from_json(hand.game), hand.seats, hand.button, hand.number)
    steps: list[dict[str, Any]] = [
        {"seq": 0, "kind": "start", "event": None, "by": "", "at": hand.started_at, "voided_by": None,
         "state": state_brief(start)}
    ]  # fmt: skip
    rows = HandEvent.objects.filter(hand=hand).select_related(
        "entered_by_user", "entered_by_device", "voided_by"
    )
    for row in rows.order_by("seq"):
        steps.append(
            {
                "seq": row.seq,
                "kind": row.kind,
                "event": row.payload,
                "text": event_text(row.payload) if row.kind == HandEvent.Kind.ACTION else "",
                "by": _who(row.entered_by_user, row.entered_by_device, row.by_clock),
                "at": row.created_at,
                "voided_by": row.voided_by.seq if row.voided_by else None,
                "state": state_brief(HandState.from_json(row.state_after)),
            }
        )
    refused = [
        {
            "expected_seq": r.expected_seq,
            "event": r.event,
            "text": event_text(r.event),
            "code": r.code,
            "message": error_message(r.code, r.detail, r.message),  # in the reader's language
            "rule": r.rule,
            "detail": r.detail,
            "by": _who(r.by_user, r.by_device, r.by_clock),
            "at": r.created_at,
        }
        for r in RefusedEntry.objects.filter(hand=hand).select_related("by_user", "by_device")
    ]
    # the result in the reader's language (remade from the hand's state; the stored one is English)
    result = (hand_result(hand.state) if hand.result and hand.state else None) or hand.result or {}
    return {
        "hand": hand.pk,
        "number": hand.number,
        "table": hand.table_id,
        "button": hand.button,
        "seats": hand.seats,
        "status": hand.status,
        "steps": steps,
        "refused": refused,
        "result": result,
        "explanation": explanation_render(result.get("explanation_lines") or result.get("explanation") or []),
        "phh_url": f"/api/hands/{hand.pk}/phh",
    }


def disputes_for_club(club_id: int) -> list[Dispute]:
    return list(
        Dispute.objects.filter(hand__table__club_id=club_id)
        .select_related("hand__table")
        .order_by("-created_at")[:200]
    )
