"""Announcements out of the room: a club's webhooks (Discord, Slack, Telegram or plain JSON) told of a
tournament's start, its levels and breaks, its eliminations and its final results.

Nothing here runs in a dealer's request beyond one indexed ``exists()``: the tournament's push
(the hook ``tournaments.tournament_published``) schedules :func:`apps.room.tasks.webhooks_fan_out`
after commit; the fan-out writes one :class:`WebhookDelivery` per webhook (unique per live event, so a
repeated fan-out sends nothing twice) and queues each delivery, which is retried with a growing delay.
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request
from typing import Any

from django.db import transaction
from django.utils import translation

from apps.room import texts
from apps.room.models import Webhook, WebhookDelivery
from apps.tournaments.hooks import TournamentPublished
from apps.tournaments.models import Tournament

log = logging.getLogger(__name__)
TIMEOUT = 5.0  # seconds a receiver may take to answer
USER_AGENT = "Floor-webhooks/1"

# The tournament channel's event types a webhook may hear, by the kind a club subscribes to.
KIND_OF = {
    "started": "start",
    "level_started": "level",
    "break_started": "break",
    "break_ended": "break",
    "eliminated": "elimination",
    "finished": "results",
}


def webhooks_on_tournament_published(published: TournamentPublished) -> None:
    """``tournaments.tournament_published``: see :func:`webhooks_on_publish`."""
    webhooks_on_publish(published.tournament, published.type, published.data, published.event_id)


def webhooks_on_publish(tournament: Tournament, type: str, data: dict[str, Any], event_id: int) -> None:
    """The receiver of every tournament push: a fan-out after commit when the club has a webhook."""
    if type not in KIND_OF or not Webhook.objects.filter(club_id=tournament.club_id).exists():
        return
    tid = tournament.pk

    def enqueue() -> None:
        from apps.room.tasks import webhooks_fan_out

        try:
            webhooks_fan_out.delay(tid, event_id)
        except Exception as exc:  # the broker is down: the announcement is lost, the dealer's entry is not
            log.warning("webhooks: could not queue the fan-out of event %s (%s)", event_id, exc)

    transaction.on_commit(enqueue, robust=True)


def deliveries_create(*, tournament_id: int, event_id: int) -> list[int]:
    """One delivery per webhook of the club that wants this event (none twice); returns the new ones' ids."""
    from apps.clocks.models import LiveEvent
    from apps.tournaments.services import tournament_channel

    event = LiveEvent.objects.filter(channel_id=tournament_channel(tournament_id), event_id=event_id).first()
    t = Tournament.objects.filter(pk=tournament_id).first()
    if event is None or t is None or event.type not in KIND_OF:
        return []
    kind = KIND_OF[event.type]
    created = []
    for hook in Webhook.objects.filter(club_id=t.club_id):
        if kind not in (hook.events or []):
            continue
        with translation.override(hook.language or "en"):
            text = texts.announcement(t, event.type, dict(event.data))
        row, new = WebhookDelivery.objects.get_or_create(
            webhook=hook, tournament=t, event_id=event_id, defaults={"kind": kind, "text": text}
        )
        if new:
            created.append(row.pk)
    return created


def payload(delivery: WebhookDelivery) -> dict[str, Any]:
    """The body a receiver of the webhook's format expects."""
    hook, text = delivery.webhook, delivery.text
    if hook.format == Webhook.Format.DISCORD:
        return {"content": text[:2000], "username": "Floor", "allowed_mentions": {"parse": []}}
    if hook.format == Webhook.Format.SLACK:
        return {"text": text}
    if hook.format == Webhook.Format.TELEGRAM:
        return {"chat_id": hook.chat_id, "text": text, "disable_web_page_preview": True}
    return {
        "event": delivery.kind,
        "tournament": {"id": delivery.tournament_id, "name": delivery.tournament.name},
        "live_event_id": delivery.event_id,
        "text": text,
    }


def delivery_send(*, delivery: WebhookDelivery) -> None:
    """POST the delivery once; raises ``OSError`` (``urllib.error.URLError``) when it did not land."""
    body = json.dumps(payload(delivery)).encode()
    request = urllib.request.Request(
        delivery.webhook.url,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "User-Agent": USER_AGENT},
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # http/https only (webhook_create)
        if not 200 <= response.status < 300:
            raise urllib.error.URLError(f"answered {response.status}")
