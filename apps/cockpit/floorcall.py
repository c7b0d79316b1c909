"""The club's floor calls, live in the cockpit: a dispute raised at a table (the console's "Call the floor", a
player's dispute) appears at once, with a link to its review, without reloading the page. The club's home and
its disputes page follow the club's floor stream; a tournament's pages hear a call at one of its tables on
the tournament's stream, which they follow already (static/cockpit/live.js), so no page holds two streams."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest, JsonResponse
from django.http.response import HttpResponseBase

from apps.accounts.models import Club
from apps.accounts.permissions import Actor, is_director
from apps.clocks import sse
from apps.clocks.models import LiveChannel
from apps.core.errors import error_body
from apps.disputes.floor import floor_channel

FLOOR_SECTIONS = ("tournaments", "disputes")  # the club's pages that follow the floor stream


def floor_stream_of(club: Club) -> str:
    """The stream's address, from the channel's last event now: only calls made after the page was drawn."""
    from django.urls import reverse

    last = LiveChannel.objects.filter(name=floor_channel(club.pk)).values_list("last_id", flat=True).first()
    return f"{reverse('cockpit:floor-stream', args=[club.pk])}?last_event_id={last or 0}"


def _director_only(request: HttpRequest, club_id: int) -> int | None:
    user = request.user if request.user.is_authenticated else None
    if user is None:
        raise sse.StreamRefused(JsonResponse(error_body("not_authenticated", "log in first"), status=401))
    if not is_director(Actor(user=user), club_id):
        body = error_body("not_director", "Only a director of this club may do that")
        raise sse.StreamRefused(JsonResponse(body, status=403))
    return None


@transaction.non_atomic_requests
async def floor_stream(request: HttpRequest, club_id: int) -> HttpResponseBase:
    return await sse.serve(
        request, channel=floor_channel(club_id), check=lambda r: _director_only(r, club_id)
    )
