"""The room around the tables: what the TV says aloud (per tournament) and where a club's announcements go
out of the room (webhooks, with every delivery kept)."""

from __future__ import annotations

from django.db import models

from apps.accounts.models import Club
from apps.tournaments.models import Tournament

# What the clock display may chime and say, in the order the cockpit lists them.
SOUNDS = ("level", "minute", "break", "move", "elimination")
# What a webhook may be told.
WEBHOOK_EVENTS = ("start", "level", "break", "elimination", "results")


def all_sounds() -> list[str]:
    return list(SOUNDS)


def all_webhook_events() -> list[str]:
    return list(WEBHOOK_EVENTS)


class RoomSettings(models.Model):
    """A tournament's choice of what its clock display announces (every kind until the director says)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="room_settings")
    sounds = models.JSONField(default=all_sounds, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.tournament_id}: {', '.join(self.sounds)}"


class Webhook(models.Model):
    class Format(models.TextChoices):
        DISCORD = "discord", "Discord"
        SLACK = "slack", "Slack"
        TELEGRAM = "telegram", "Telegram"
        JSON = "json", "JSON"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="webhooks")
    name = models.CharField(max_length=60)
    url = models.URLField(max_length=500)
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.JSON)
    chat_id = models.CharField(max_length=64, blank=True)  # Telegram's sendMessage needs the chat
    events = models.JSONField(default=all_webhook_events)
    language = models.CharField(max_length=8, default="en")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name


class WebhookDelivery(models.Model):
    """One announcement to one webhook: queued after commit, retried, kept with how it ended."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DELIVERED = "delivered", "Delivered"
        FAILED = "failed", "Failed"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    event_id = models.PositiveIntegerField()  # the tournament channel's live event it announces
    kind = models.CharField(max_length=16)
    text = models.TextField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        constraints = [
            # A live event is announced once per webhook, however often the fan-out runs.
            models.UniqueConstraint(fields=["webhook", "tournament", "event_id"], name="delivery_once")
        ]

    def __str__(self) -> str:
        return f"{self.webhook_id} #{self.event_id} {self.status}"
