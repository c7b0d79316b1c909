"""Clubs, the people with a role in them (director, dealer, player), players at the tables, and the
device tokens a director issues to dealers' phones and tablets."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    DIRECTOR = "director", "Director"
    DEALER = "dealer", "Dealer"
    PLAYER = "player", "Player"


class Membership(models.Model):
    """A user's role in a club. A user may hold several roles in one club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user", "role"], name="membership_unique_role"),
        ]

    def __str__(self) -> str:
        return f"{self.user} is {self.role} of {self.club}"


class Player(models.Model):
    """Someone who sits at a table. Home-game players need no login; ``user`` links one when they have it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="player_unique_name_per_club")]

    def __str__(self) -> str:
        return self.name


#: the highest table number of a room a device may follow ("Table 1" … "Table 99")
ROOM_TABLES_MAX = 99


def token_digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def new_raw_token() -> str:
    return secrets.token_urlsafe(32)


class DeviceToken(models.Model):
    """A dealer's phone or tablet. Only the SHA-256 of the token is stored; revoking is final.

    A device deals either at the tables it is pinned to (``tables``), or at a table *of the room*
    (``room_table`` = N): whatever the club's Table N is at the time of each request (tonight's tournament
    table N, else the cash table named "Table N"; :mod:`apps.accounts.rooms`), so the tablet that lives on
    the room's first table needs no new token or QR code from one night to the next."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="devices")
    name = models.CharField(max_length=80)
    digest = models.CharField(max_length=64, unique=True)
    tables = models.ManyToManyField("tables.Table", related_name="devices", blank=True)
    room_table = models.PositiveSmallIntegerField(null=True, blank=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(room_table__isnull=True)
                | models.Q(room_table__gte=1, room_table__lte=ROOM_TABLES_MAX),
                name="device_room_table_1_to_max",
            ),
        ]

    def __str__(self) -> str:
        return f"device {self.name} of {self.club}"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class DealerAssignment(models.Model):
    """A dealer's user account assigned to a table (devices are assigned through ``DeviceToken.tables``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="dealer_tables")
    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="dealer_assignments")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "table"], name="dealer_assignment_unique")]

    def __str__(self) -> str:
        return f"{self.user} deals at {self.table}"
