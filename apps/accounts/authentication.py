"""Token authentication for dealers' devices: ``Authorization: Device <token>``."""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.utils import timezone
from rest_framework import authentication, exceptions

from apps.accounts.models import Club, DeviceToken, token_digest
from apps.core.rows import bound_cursor

KEYWORD = "Device"


@functools.cache
def _device_query() -> tuple[str, list[Any], list[Any]]:
    """The device and its club by the token's digest (a unique index): the SQL the ORM query
    ``DeviceToken.objects.select_related("club").filter(digest=...)`` compiles to, built once (the ORM
    built it anew for every dealer request, about a fifth of an action's CPU)."""
    device_fields, club_fields = list(DeviceToken._meta.concrete_fields), list(Club._meta.concrete_fields)
    club_fk = DeviceToken._meta.get_field("club").column
    digest = DeviceToken._meta.get_field("digest").column
    columns = [f"d.{f.column}" for f in device_fields] + [f"c.{f.column}" for f in club_fields]
    sql = (
        f"SELECT {', '.join(columns)} FROM {DeviceToken._meta.db_table} d "
        f"JOIN {Club._meta.db_table} c ON c.id = d.{club_fk} WHERE d.{digest} = %s"
    )
    return sql, device_fields, club_fields


def device_by_digest(digest: str) -> DeviceToken | None:
    """The device whose token hashes to ``digest``, with its club, in one indexed lookup."""
    if connection.vendor != "postgresql":  # SQLite hands timestamps back as text: let the ORM convert them
        return DeviceToken.objects.select_related("club").filter(digest=digest).first()
    sql, device_fields, club_fields = _device_query()
    with bound_cursor() as cursor:
        cursor.execute(sql, [digest])
        row = cursor.fetchone()
    if row is None:
        return None
    n = len(device_fields)
    db = connection.alias
    device = DeviceToken.from_db(db, [f.attname for f in device_fields], list(row[:n]))
    DeviceToken.club.field.set_cached_value(
        device, Club.from_db(db, [f.attname for f in club_fields], list(row[n:]))
    )
    return device


class DeviceTokenAuthentication(authentication.BaseAuthentication):
    """``request.auth`` is the :class:`DeviceToken`; ``request.user`` stays anonymous. A revoked token is
    refused outright (401), so a lost tablet stops working the moment the director revokes it."""

    def authenticate(self, request: Any) -> tuple[AnonymousUser, DeviceToken] | None:
        header = authentication.get_authorization_header(request).decode(errors="replace").split()
        if not header or header[0] != KEYWORD:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Device header must be 'Device <token>'")
        device = device_by_digest(token_digest(header[1]))
        if device is None:
            raise exceptions.AuthenticationFailed("Unknown device token")
        if device.revoked_at is not None:
            raise exceptions.AuthenticationFailed("This device token was revoked")
        now = timezone.now()
        if device.last_used_at is None or (now - device.last_used_at).total_seconds() > 60:
            DeviceToken.objects.filter(pk=device.pk).update(last_used_at=now)
        return AnonymousUser(), device

    def authenticate_header(self, request: Any) -> str:
        return KEYWORD
