""" "Call the floor" from a hand's replay page: a player of the hand (or its table's dealer, the director)
raises a dispute on a recent hand without the API; the director's cockpit is told at once
(:func:`apps.disputes.floor.floor_tell`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from apps.accounts.permissions import Actor
from apps.core.errors import ApplicationError, json_error_response
from apps.disputes.services import dispute_raise, raiser_role
from apps.tables.models import Hand

RECENT_HANDS = 2  # this hand and the next one: TDA 22's windows close within them (a later call is late)


def floor_call_offer(request: HttpRequest, hand: Hand) -> dict[str, Any] | None:
    """The form's data when the reader may call the floor on ``hand`` and it is recent, else None."""
    if not request.user.is_authenticated or hand.status != Hand.Status.FINISHED:
        return None
    later = Hand.objects.filter(table_id=hand.table_id, number__gt=hand.number).count()
    if later >= RECENT_HANDS or raiser_role(Actor(user=request.user), hand) is None:
        return None
    return {"url": reverse("public:replay-call-floor", args=[hand.pk])}


@require_POST
def hand_call_floor(request: HttpRequest, hand_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return json_error_response(request, status_code=401, code="not_authenticated", message="log in first")
    try:
        dispute = dispute_raise(
            actor=Actor(user=request.user),
            hand_id=hand_id,
            kind=str(request.POST.get("kind") or "reading"),
            description=str(request.POST.get("description") or ""),
        )
    except ApplicationError as exc:
        return json_error_response(
            request, status_code=exc.status_code, code=exc.code, message=exc.message, detail=exc.detail
        )
    target = reverse("public:replay", args=[hand_id]) + f"?called={dispute.pk}#floor"
    return HttpResponseRedirect(target, status=303)
