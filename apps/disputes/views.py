"""Pages: the public pot calculator (``/pots/``) and the director's dispute review (``/disputes/<id>/``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from apps.core.i18n import hand_result
from apps.disputes import potform
from apps.disputes.correctionform import correction_builder
from apps.disputes.explain import explanation_render
from apps.engine.errors import EngineError
from apps.engine.potjson import resolve_request


def pots_page(request: HttpRequest) -> HttpResponse:
    """The pot calculator. GET shows an empty form; POST resolves it (or adds a row) and shows the result."""
    context: dict[str, Any] = {"ranking": "high", "button": "", "smallest_chip": "1", "ante": ""}
    status = 200
    if request.method == "POST":
        data = request.POST
        rows = potform.row_count(data)
        if "add_row" in data:
            rows = min(potform.MAX_ROWS, rows + 1)
        context.update(
            rows=potform.rows_from_form(data, rows),
            ranking=data.get("ranking", "high"),
            button=data.get("button", ""),
            smallest_chip=data.get("smallest_chip", "1"),
            ante=data.get("ante", ""),
        )
        if "add_row" not in data:
            payload = potform.request_from_form(data)
            try:
                answer = resolve_request(payload)
            except EngineError as error:
                context["error"] = error.as_dict()
                status = 400
            else:
                context["answer"] = answer
                context["result_rows"] = potform.result_rows(payload, answer)
                context["pots"] = potform.pots_named(answer)
                context["lines"] = explanation_render(answer["explanation_lines"])
    else:
        context["rows"] = potform.blank_rows(potform.DEFAULT_ROWS)
    context["max_rows"] = potform.MAX_ROWS
    return render(request, "disputes/pots.html", context, status=status)


# --- the director's review page ---


def _correction_from_form(data: Any) -> tuple[dict[str, Any] | None, str | None]:
    """``(correction, error)`` from the form's ``void_from_seq`` and ``events`` (JSON: a list of events)."""
    from apps.core.errors import ValidationFailed
    from apps.core.inputs import json_loads_checked

    void = str(data.get("void_from_seq") or "").strip()
    text = str(data.get("events") or "").strip()
    if not void and not text:
        return None, None
    try:
        events = json_loads_checked(text, path="events") if text else []
    except ValidationFailed as exc:
        return None, f"events: {exc.message}"
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        return None, 'events: a JSON list of events, e.g. [{"type": "call", "seat": 2}]'
    try:
        void_from = int(void) if void else None
    except ValueError:
        return None, "void_from_seq: a number"
    return {"void_from_seq": void_from, "events": events}, None


@login_required
def dispute_page(request: HttpRequest, dispute_id: int) -> HttpResponse:
    """The director's review: the dispute, the hand event by event, refused entries, the explanation, the PHH
    link, a sandbox to try a correction (nothing written) and the ruling form."""
    from apps.accounts.permissions import Actor, is_director
    from apps.core.errors import ApplicationError
    from apps.disputes import selectors, services
    from apps.disputes.models import Dispute
    from apps.disputes.reflow import correction_plan

    dispute = get_object_or_404(Dispute.objects.select_related("hand__table"), pk=dispute_id)
    actor = Actor(user=request.user)
    if not is_director(actor, dispute.hand.table.club_id):
        raise PermissionDenied
    context: dict[str, Any] = {"form": {}}
    status = 200
    if request.method == "POST":
        data = request.POST
        context["form"] = data
        correction, problem = _correction_from_form(data)
        try:
            if problem is not None:
                context["error"] = {"code": "invalid", "message": problem}
                status = 400
            elif data.get("action") == "sandbox":
                if correction is None:
                    context["error"] = {"code": "correction_empty", "message": gettext("Enter a correction.")}
                    status = 400
                else:
                    plan = correction_plan(dispute.hand, correction["void_from_seq"], correction["events"])
                    summary = plan.summary()
                    result = hand_result(plan.new_state) or summary["result_after"] or {}  # reader's language
                    summary["lines"] = explanation_render(
                        result.get("explanation_lines") or result.get("explanation") or []
                    )
                    context["sandbox"] = summary
            elif data.get("action") == "rule":
                rules = [r.strip() for r in str(data.get("rules_cited", "")).split(",") if r.strip()]
                services.dispute_rule(
                    actor=actor,
                    dispute_id=dispute.pk,
                    text=str(data.get("text", "")),
                    rules_cited=rules,
                    outcome=str(data.get("outcome", "")),
                    correction=correction if data.get("outcome") == "corrected" else None,
                )
                return redirect("disputes:dispute", dispute_id=dispute.pk)
            else:
                context["error"] = {
                    "code": "action_unknown",
                    "field": "action",
                    "message": gettext("Choose to try the correction or to rule."),
                }
                status = 400
        except ApplicationError as exc:
            # dispute_rule's own transaction (a savepoint here) has rolled back: nothing was written
            context["error"] = exc.as_dict()
            status = exc.status_code
        dispute.refresh_from_db()
    review = selectors.hand_review(dispute.hand)
    context.update(
        dispute=selectors.dispute_detail(dispute),
        review=review,
        lines=review["explanation"],
        valid_seqs=[s["seq"] for s in review["steps"] if s["kind"] == "action" and s["voided_by"] is None],
        builder=correction_builder(dispute.hand),
    )
    return render(request, "disputes/dispute.html", context, status=status)


@login_required
def disputes_page(request: HttpRequest) -> HttpResponse:
    """The director's list of disputes in their clubs, newest first."""
    from apps.accounts.models import Membership, Role
    from apps.disputes.selectors import disputes_for_club

    clubs = Membership.objects.filter(user_id=request.user.pk or 0, role=Role.DIRECTOR).values_list(
        "club_id", flat=True
    )
    disputes = [d for club in clubs for d in disputes_for_club(club)]
    return render(request, "disputes/list.html", {"disputes": disputes})
