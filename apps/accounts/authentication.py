"""Token authentication for dealers' devices: ``Authorization: Device <token>``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils import timezone
from rest_framework import authentication, exceptions

from apps.accounts.models import DeviceToken, token_digest

KEYWORD = "Device"


class DeviceTokenAuthentication(authentication.BaseAuthentication):
    """``request.auth`` is the :class:`DeviceToken`; ``request.user`` stays anonymous. A revoked token is
    refused outright (401), so a lost tablet stops working the moment the director revokes it."""

    def authenticate(self, request: Any) -> tuple[AnonymousUser, DeviceToken] | None:
        header = authentication.get_authorization_header(request).decode(errors="replace").split()
        if not header or header[0] != KEYWORD:
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Device header must be 'Device <token>'")
        device = DeviceToken.objects.select_related("club").filter(digest=token_digest(header[1])).first()
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
