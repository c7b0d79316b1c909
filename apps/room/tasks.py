"""Celery tasks of the room: the webhooks' fan-out and each delivery, retried with a growing delay."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.db.models import F
from django.utils import timezone

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 6
BACKOFF = (1, 2, 5, 15, 60)  # seconds before attempts 2, 3, ...


@shared_task(ignore_result=True)
def webhooks_fan_out(tournament_id: int, event_id: int) -> int:
    from apps.room.webhooks import deliveries_create

    ids = deliveries_create(tournament_id=tournament_id, event_id=event_id)
    for pk in ids:
        webhook_deliver.delay(pk)
    return len(ids)


@shared_task(bind=True, ignore_result=True, max_retries=MAX_ATTEMPTS - 1, acks_late=True)
def webhook_deliver(self: Any, delivery_id: int) -> str:
    from apps.room.models import WebhookDelivery
    from apps.room.webhooks import delivery_send

    delivery = WebhookDelivery.objects.select_related("webhook", "tournament").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != WebhookDelivery.Status.PENDING:
        return "done"  # delivered already (a duplicated task), or the webhook was removed
    WebhookDelivery.objects.filter(pk=delivery_id).update(attempts=F("attempts") + 1)
    try:
        delivery_send(delivery=delivery)
    except Exception as exc:
        error = str(exc)[:300]
        attempt = delivery.attempts + 1
        if attempt >= MAX_ATTEMPTS:
            WebhookDelivery.objects.filter(pk=delivery_id).update(
                status=WebhookDelivery.Status.FAILED, last_error=error
            )
            log.warning("webhooks: delivery %s failed for good: %s", delivery_id, error)
            return "failed"
        WebhookDelivery.objects.filter(pk=delivery_id).update(last_error=error)
        raise self.retry(countdown=BACKOFF[min(attempt - 1, len(BACKOFF) - 1)], exc=exc) from exc
    WebhookDelivery.objects.filter(pk=delivery_id).update(
        status=WebhookDelivery.Status.DELIVERED, delivered_at=timezone.now(), last_error=""
    )
    return "delivered"
