"""The club's floor calls, live in the cockpit: a dispute raised at a table (the console's "Call the floor", a
player's dispute) appears at once, with a link to its review, without reloading the page. The club's home and
its disputes page follow the club's floor stream; a tournament's pages hear a call at one of its tables on
the tournament's stream, which they follow already (static/cockpit/live.js), so no page holds two streams."""

from __future__ import annotations

from apps.accounts.models import Club
from apps.clocks.models import LiveChannel
from apps.disputes.floor import floor_channel

FLOOR_SECTIONS = ("tournaments", "disputes")  # the club's pages that follow the floor stream


def floor_stream_of(club: Club) -> str:
    """The stream's address, from the channel's last event now: only calls made after the page was drawn."""
    from django.urls import reverse

    last = LiveChannel.objects.filter(name=floor_channel(club.pk)).values_list("last_id", flat=True).first()
    return f"{reverse('live-floor', args=[club.pk])}?last_event_id={last or 0}"
