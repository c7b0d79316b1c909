"""Writes for clubs, memberships, players and device tokens."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from apps.accounts.models import (
    ROOM_TABLES_MAX,
    Club,
    DeviceToken,
    Membership,
    Player,
    Role,
    new_raw_token,
    token_digest,
)
from apps.accounts.permissions import Actor, require_director
from apps.core.errors import Conflict, NotAuthenticated, NotFound, ValidationFailed


def _require_user(actor: Actor) -> None:
    if actor.user is None:
        raise NotAuthenticated("log in first")


def _require_director(actor: Actor, club: Club) -> None:
    _require_user(actor)  # a device is never a club's director: say "log in" rather than "not director"
    require_director(actor, club)


@transaction.atomic
def club_create(*, actor: Actor, name: str) -> Club:
    """A logged-in user founds a club and becomes its director."""
    _require_user(actor)
    base = slugify(name)[:50] or "club"
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    club = Club.objects.create(name=name, slug=slug)
    Membership.objects.create(club=club, user=actor.user, role=Role.DIRECTOR)
    return club


@transaction.atomic
def membership_grant(*, actor: Actor, club: Club, username: str, role: str) -> Membership:
    _require_director(actor, club)
    if role not in Role.values:
        raise ValidationFailed(f"role must be one of {', '.join(Role.values)}", code="role_invalid")
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise NotFound(f"no user {username!r}", code="user_not_found", detail={"field": "username"})
    membership, _ = Membership.objects.get_or_create(club=club, user=user, role=role)
    return membership


@transaction.atomic
def player_create(*, actor: Actor, club: Club, name: str) -> Player:
    _require_director(actor, club)
    if Player.objects.filter(club=club, name=name).exists():
        raise Conflict(f"the club already has a player named {name!r}", code="player_name_taken")
    return Player.objects.create(club=club, name=name)


@transaction.atomic
def device_issue(
    *, actor: Actor, club: Club, name: str, table_ids: list[int], room_table: int | None = None
) -> tuple[DeviceToken, str]:
    """A new device token for a dealer's phone or tablet, pinned to ``table_ids``, or following the room's
    Table ``room_table`` (whichever table that is on the night: :mod:`apps.accounts.rooms`), one or the
    other. The raw token is returned once (for the QR code or link) and only its SHA-256 is stored."""
    _require_director(actor, club)
    if room_table is not None:
        if table_ids:
            raise ValidationFailed(
                "a device follows a table of the room or is pinned to tables, not both",
                code="device_scope_invalid",
                detail={"field": "room_table"},
            )
        if not 1 <= room_table <= ROOM_TABLES_MAX:
            raise ValidationFailed(
                f"room_table is a table number from 1 to {ROOM_TABLES_MAX}",
                code="room_table_invalid",
                detail={"field": "room_table", "value": room_table, "max": ROOM_TABLES_MAX},
            )
        raw = new_raw_token()
        device = DeviceToken.objects.create(
            club=club, name=name, digest=token_digest(raw), issued_by=actor.user, room_table=room_table
        )
        return device, raw

    # The tables app sits above this one: its model is reached through the device's own relation to it.
    table_model: Any = DeviceToken.tables.rel.model
    tables = list(table_model.objects.filter(club=club, pk__in=table_ids))
    missing = sorted(set(table_ids) - {t.pk for t in tables})
    if missing:
        raise ValidationFailed(
            "those tables are not this club's",
            code="table_invalid",
            detail={"field": "tables", "tables": missing},
        )
    raw = new_raw_token()
    device = DeviceToken.objects.create(club=club, name=name, digest=token_digest(raw), issued_by=actor.user)
    device.tables.set(tables)
    return device, raw


@transaction.atomic
def device_revoke(*, actor: Actor, device: DeviceToken) -> DeviceToken:
    device = DeviceToken.objects.select_for_update().get(pk=device.pk)
    _require_director(actor, device.club)
    if device.revoked_at is None:
        device.revoked_at = timezone.now()
        device.revoked_by = actor.user
        device.save(update_fields=["revoked_at", "revoked_by"])
    return device
