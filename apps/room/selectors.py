"""Reads of the room."""

from __future__ import annotations

from typing import Any

from apps.room.models import SOUNDS, RoomSettings, Webhook, WebhookDelivery
from apps.tournaments.models import Tournament


def room_sounds(*, tournament: Tournament) -> list[str]:
    """What the tournament's clock display announces (everything until a director chooses)."""
    row = RoomSettings.objects.filter(tournament=tournament).first()
    return list(row.sounds) if row is not None else list(SOUNDS)


def webhooks_of_club(*, club_id: int) -> list[dict[str, Any]]:
    """The club's webhooks, each with its last few deliveries (two queries)."""
    hooks = list(Webhook.objects.filter(club_id=club_id))
    recent: dict[int, list[WebhookDelivery]] = {h.pk: [] for h in hooks}
    for d in WebhookDelivery.objects.filter(webhook__club_id=club_id).order_by("-pk")[:200]:
        if len(recent[d.webhook_id]) < 5:
            recent[d.webhook_id].append(d)
    return [{"webhook": h, "deliveries": recent[h.pk]} for h in hooks]
