"""Token authentication for dealers' devices: ``Authorization: Device <token>``."""

from __future__ import annotations

import functools
from typing import Any, TypeGuard, cast

from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.utils import timezone
from django.utils.functional import SimpleLazyObject, empty
from rest_framework import authentication, exceptions

from apps.accounts.models import Club, DeviceToken, token_digest
from apps.core.rows import bound_cursor

KEYWORD = "Device"


@functools.cache
def device_columns(device: str = "d", club: str = "c") -> tuple[list[str], list[Any], list[Any]]:
    """The columns of a device (table alias ``device``) and its club (``club``) as :func:`device_from_row`
    reads them, and the fields they are."""
    device_fields, club_fields = list(DeviceToken._meta.concrete_fields), list(Club._meta.concrete_fields)
    columns = [f"{device}.{f.column}" for f in device_fields] + [f"{club}.{f.column}" for f in club_fields]
    return columns, device_fields, club_fields


@functools.cache
def _device_query() -> tuple[str, list[Any], list[Any]]:
    """The device and its club by the token's digest (a unique index): the SQL the ORM query
    ``DeviceToken.objects.select_related("club").filter(digest=...)`` compiles to, built once (the ORM
    built it anew for every dealer request, about a fifth of an action's CPU)."""
    columns, device_fields, club_fields = device_columns()
    club_fk = DeviceToken._meta.get_field("club").column
    digest = DeviceToken._meta.get_field("digest").column
    sql = (
        f"SELECT {', '.join(columns)} FROM {DeviceToken._meta.db_table} d "
        f"JOIN {Club._meta.db_table} c ON c.id = d.{club_fk} WHERE d.{digest} = %s"
    )
    return sql, device_fields, club_fields


def device_from_row(row: Any, device_fields: list[Any], club_fields: list[Any]) -> DeviceToken:
    """The device, with its club cached on it, from the columns :func:`device_columns` names (in a row of
    this module's query or of one that joins the device into its own)."""
    n = len(device_fields)
    db = connection.alias
    device = DeviceToken.from_db(db, [f.attname for f in device_fields], list(row[:n]))
    DeviceToken.club.field.set_cached_value(
        device, Club.from_db(db, [f.attname for f in club_fields], list(row[n:]))
    )
    return device


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
    return device_from_row(row, device_fields, club_fields)


def device_checked(device: DeviceToken | None) -> DeviceToken:
    """``device`` if it may act: 401 for an unknown or a revoked token. Notes its use, at most once a
    minute (a write on every request would cost each action a round trip)."""
    if device is None:
        raise exceptions.AuthenticationFailed("Unknown device token")
    if device.revoked_at is not None:
        raise exceptions.AuthenticationFailed("This device token was revoked")
    now = timezone.now()
    if device.last_used_at is None or (now - device.last_used_at).total_seconds() > 60:
        DeviceToken.objects.filter(pk=device.pk).update(last_used_at=now)
    return device


def _token_digest_of(request: Any) -> str | None:
    """The digest of the request's ``Device`` token; None when it names no device (another scheme)."""
    header = authentication.get_authorization_header(request).decode(errors="replace").split()
    if not header or header[0] != KEYWORD:
        return None
    if len(header) != 2:
        raise exceptions.AuthenticationFailed("Device header must be 'Device <token>'")
    return token_digest(header[1])


class DeferredDevice(SimpleLazyObject):
    """The device of a request's token, checked as :class:`DeviceTokenAuthentication` checks it, but looked
    up only when first used: a statement that must read the database anyway (the hand's row lock,
    :mod:`apps.tables.locking`) joins the device in by its ``digest`` and hands it over with :meth:`fill`,
    so the dealer's hottest request spends no round trip of its own on the token. Revocation stays
    immediate: the device row is read in the same transaction as the action it allows."""

    digest: str  # the token's SHA-256, kept in the instance's own dict: reading it looks nothing up

    def __init__(self, digest: str) -> None:
        self.__dict__["digest"] = digest
        super().__init__(lambda: device_checked(device_by_digest(digest)))

    @property
    def resolved(self) -> bool:
        return self._wrapped is not empty

    def fill(self, device: DeviceToken | None) -> DeviceToken:
        """Take ``device`` (None: no device has this token) as read by the caller's own statement. A refusal
        is kept: asked again, it is raised again without a lookup (the refusal breaks the transaction)."""
        try:
            checked = device_checked(device)
        except exceptions.AuthenticationFailed as refused:
            self.__dict__["_setupfunc"] = functools.partial(_raise, refused)
            raise
        self._wrapped = checked
        return checked

    def resolve(self) -> DeviceToken:
        """The device itself (looked up now if nothing filled it): 401 for an unknown or revoked token."""
        if not self.resolved:
            self._setup()  # type: ignore[attr-defined]
        device: DeviceToken = self._wrapped
        return device


def _raise(error: Exception) -> Any:
    raise error


def is_deferred_device(value: Any) -> TypeGuard[DeferredDevice]:
    """Whether ``value`` is a :class:`DeferredDevice` (told without looking it up: ``isinstance`` would)."""
    return type(value) is DeferredDevice


class DeviceTokenAuthentication(authentication.BaseAuthentication):
    """``request.auth`` is the :class:`DeviceToken`; ``request.user`` stays anonymous. A revoked token is
    refused outright (401), so a lost tablet stops working the moment the director revokes it. For a view
    that defers the lookup (:class:`DeferredDeviceView`), ``request.auth`` is a :class:`DeferredDevice`,
    checked the same way when the view first uses it."""

    def authenticate(self, request: Any) -> tuple[AnonymousUser, DeviceToken] | None:
        digest = _token_digest_of(request)
        if digest is None:
            return None
        view = (getattr(request, "parser_context", None) or {}).get("view")
        if getattr(view, "defers_device_lookup", False):
            return AnonymousUser(), cast(DeviceToken, DeferredDevice(digest))  # it stands for the device
        return AnonymousUser(), device_checked(device_by_digest(digest))

    def authenticate_header(self, request: Any) -> str:
        return KEYWORD


class DeferredDeviceView:
    """A DRF view mixin for the dealer's hottest view: its device token is checked the deferred way
    (``request.auth`` is a :class:`DeferredDevice`, checked when the view first uses it or filled from the
    view's own statement), and resolved before any error answer and after the handler, so no request with a
    bad token gets anything but the 401 :class:`DeviceTokenAuthentication` answers everywhere else."""

    defers_device_lookup = True

    def _device_resolved(self) -> None:
        auth = getattr(getattr(self, "request", None), "_auth", None)
        if not is_deferred_device(auth) or auth.resolved:
            return
        if connection.in_atomic_block and connection.needs_rollback:
            return  # the statement that would have read the device failed: its error is the answer
        auth.resolve()

    def finalize_response(self, request: Any, response: Any, *args: Any, **kwargs: Any) -> Any:
        if 200 <= response.status_code < 300:
            try:  # a handler that never looked at the device has still not answered a bad token
                self._device_resolved()
            except exceptions.AuthenticationFailed as refused:
                response = self.handle_exception(refused)
        return super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]

    def handle_exception(self, exc: Exception) -> Any:
        try:
            self._device_resolved()
        except exceptions.AuthenticationFailed as refused:
            exc = refused
        return super().handle_exception(exc)  # type: ignore[misc]
