"""The tournament's live stream (SSE): seat moves, eliminations, rebuys, hand-for-hand, chip races, deals,
and the level clock (``clock`` with its action, ``level_started``, ``break_started``, ``break_ended``,
``hand_for_hand_round``: :mod:`apps.tournaments.levels`), so one stream drives a clock display.

The stream machinery is the clocks app's (:func:`apps.clocks.sse.serve`: the PostgreSQL event log replayed
from ``Last-Event-ID``, the process's hub fed by Redis); this view only says which channel and who may
follow it (anyone for a published tournament, the club's members otherwise).
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


def _tournament_access(request: HttpRequest, tournament_id: int) -> int | None:
    t = Tournament.objects.filter(pk=tournament_id).only("pk", "club_id", "published").first()
    if t is None:
        body = error_body("tournament_not_found", f"no tournament {tournament_id}")
        raise sse.StreamRefusal(JsonResponse(body, status=404))
    actor = sse.stream_actor(request)
    if not t.published and not is_member(actor, t.club_id):
        body = error_body("not_published", "this tournament is not published")
        raise sse.StreamRefusal(JsonResponse(body, status=403))
    return sse.stream_device_id(actor)


@transaction.non_atomic_requests
async def tournament_stream(request: HttpRequest, tournament_id: int) -> HttpResponseBase:
    return await sse.serve(
        request,
        channel=tournament_channel(tournament_id),
        check=lambda r: _tournament_access(r, tournament_id),
    )
