"""The club's floor stream (SSE, ``/api/live/clubs/<id>/floor/``): every dispute raised at the club's tables
(``floor_called``, :mod:`apps.disputes.floor`), for the club's directors only; the cockpit follows it."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase

from apps.accounts.permissions import Actor, is_director
from apps.clocks import sse
from apps.core.errors import error_body
from apps.disputes.floor import floor_channel


def _director_only(request: HttpRequest, club_id: int) -> int | None:
    user = request.user if request.user.is_authenticated else None
    if user is None:
        raise sse.StreamRefusal(JsonResponse(error_body("not_authenticated", "log in first"), status=401))
    if not is_director(Actor(user=user), club_id):
        body = error_body("not_director", "Only a director of this club may do that")
        raise sse.StreamRefusal(JsonResponse(body, status=403))
    return None


@transaction.non_atomic_requests
async def floor_stream(request: HttpRequest, club_id: int) -> HttpResponseBase:
    return await sse.serve(
        request, channel=floor_channel(club_id), check=lambda r: _director_only(r, club_id)
    )
