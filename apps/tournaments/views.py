"""The tournament's live stream (SSE): seat moves, eliminations, rebuys, hand-for-hand, chip races, deals,
and the level clock (``clock`` with its action, ``level_started``, ``break_started``, ``break_ended``,
``hand_for_hand_round``: :mod:`apps.tournaments.levels`), so one stream drives a clock display.

The stream machinery is the clocks app's (:func:`apps.clocks.sse.stream`: the PostgreSQL event log replayed
from ``Last-Event-ID``, a Redis wake-up); this view only says which channel and who may follow it (anyone
for a published tournament, the club's members otherwise).
"""

from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase

from apps.accounts.permissions import is_member
from apps.clocks import sse
from apps.core.errors import error_body
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_channel


@transaction.non_atomic_requests
def tournament_stream(request: HttpRequest, tournament_id: int) -> HttpResponseBase:
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None:
        return JsonResponse(error_body("tournament_not_found", f"no tournament {tournament_id}"), status=404)
    if not t.published and not is_member(sse._actor(request), t.club_id):
        return JsonResponse(error_body("not_published", "this tournament is not published"), status=403)
    body = sse.stream(tournament_channel(t.pk), sse._last_event_id(request), lifetime=sse._lifetime())
    return sse._response(body)
