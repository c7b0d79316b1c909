"""Writes of the room: the tournament's announcement choices and the club's webhooks (directors only)."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.db import transaction

from apps.accounts.models import Club
from apps.accounts.permissions import Actor
from apps.core.errors import NotFound, ValidationFailed
from apps.room.models import SOUNDS, WEBHOOK_EVENTS, RoomSettings, Webhook
from apps.tournaments.models import Tournament
from apps.tournaments.services import require_director


@transaction.atomic
def room_sounds_set(*, actor: Actor, tournament: Tournament, sounds: list[str]) -> RoomSettings:
    """What the tournament's clock display announces (a subset of :data:`SOUNDS`)."""
    require_director(actor, tournament.club_id)
    unknown = sorted(set(sounds) - set(SOUNDS))
    if unknown:
        raise ValidationFailed(
            f"unknown announcement {unknown[0]}", code="sound_invalid", detail={"sounds": unknown}
        )
    row, _ = RoomSettings.objects.select_for_update().get_or_create(tournament=tournament)
    row.sounds = [s for s in SOUNDS if s in sounds]
    row.save(update_fields=["sounds", "updated_at"])
    return row


@transaction.atomic
def webhook_create(
    *,
    actor: Actor,
    club: Club,
    name: str,
    url: str,
    format: str,
    events: list[str],
    chat_id: str = "",
    language: str = "en",
) -> Webhook:
    require_director(actor, club.pk)
    name, url, chat_id = name.strip(), url.strip(), chat_id.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname or len(url) > 500:
        raise ValidationFailed(
            "a webhook needs an http or https address", code="webhook_url_invalid", detail={"field": "url"}
        )
    if not name or len(name) > 60:
        raise ValidationFailed(
            "a webhook needs a name of up to 60 characters",
            code="invalid",
            detail={"fields": {"name": "1 to 60 characters"}},
        )
    if format not in Webhook.Format.values:
        raise ValidationFailed(
            f"unknown format {format}", code="invalid", detail={"fields": {"format": format}}
        )
    if format == Webhook.Format.TELEGRAM and not chat_id:
        raise ValidationFailed(
            "a Telegram webhook needs the chat id", code="invalid", detail={"fields": {"chat_id": "required"}}
        )
    if len(chat_id) > 64:  # Telegram's chat ids are short; the column keeps 64
        raise ValidationFailed(
            "a chat id has up to 64 characters", code="invalid", detail={"fields": {"chat_id": "1 to 64"}}
        )
    unknown = sorted(set(events) - set(WEBHOOK_EVENTS))
    if unknown or not events:
        raise ValidationFailed(
            "choose what the webhook is told", code="invalid", detail={"fields": {"events": unknown}}
        )
    return Webhook.objects.create(
        club=club,
        name=name,
        url=url,
        format=format,
        chat_id=chat_id,
        events=[e for e in WEBHOOK_EVENTS if e in events],
        language=language,
    )


@transaction.atomic
def webhook_delete(*, actor: Actor, club: Club, webhook_id: int) -> None:
    require_director(actor, club.pk)
    deleted, _ = Webhook.objects.filter(club=club, pk=webhook_id).delete()
    if not deleted:
        raise NotFound(f"no webhook {webhook_id}", code="webhook_not_found", detail={"webhook": webhook_id})
