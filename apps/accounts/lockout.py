"""The login lockout, keyed so that a stranger cannot turn it on the owner (OWASP "device cookies").

django-axes counts failed logins and locks after ``AXES_FAILURE_LIMIT`` (5) for ``AXES_COOLOFF_TIME`` (15
minutes). What it counts them *for* is decided here (``AXES_USERNAME_CALLABLE``):

* A browser that has logged in as a user before holds a signed **device cookie** naming that user and a
  random nonce. Its failures for that user count for that browser alone (``ann#device:<digest>``): five
  wrong passwords typed on the director's own laptop lock that laptop for the director, nothing else.
* Every other client (no cookie, a cookie for another user, a forged or expired one) is *untrusted*; their
  failures count together for the username (``ann``), from any address. Five of them lock the username
  for untrusted clients only: the director's browser with its device cookie still logs in.

So brute force stays out (an attacker has no device cookie for the director, and changing address or
browser does not reset the count), while the director, from a browser that has logged in before, cannot be
locked out by anyone else's failures. A director on a new browser while an attack runs waits the cool-off
(or another director clears it: ``manage.py axes_reset_username <username>``).

The cookie is issued by :class:`DeviceCookieMiddleware` on the answer to a successful login (the login page
and the admin's alike); it is HttpOnly, SameSite=Lax, Secure in production, signed with ``SECRET_KEY`` (a
salt of its own), lives 180 days, and holds up to five users (a shared family laptop).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.core import signing
from django.http import HttpRequest
from django.utils.decorators import sync_and_async_middleware

COOKIE_NAME = "floor_device"
COOKIE_SALT = "floor.accounts.device-cookie"
COOKIE_MAX_AGE = 180 * 24 * 3600
MAX_USERS = 5
_ISSUE_ATTR = "_floor_device_cookie_user"


def _entries(request: HttpRequest) -> dict[str, str]:
    """``{username: nonce}`` of the request's device cookie, empty when missing, forged or expired."""
    raw = request.COOKIES.get(COOKIE_NAME)
    if not raw:
        return {}
    try:
        data = signing.loads(raw, salt=COOKIE_SALT, max_age=COOKIE_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def device_nonce(request: HttpRequest, username: str) -> str | None:
    """The nonce of a valid device cookie this browser holds for ``username``, else None."""
    return _entries(request).get(username)


def _submitted_username(request: Any, credentials: Any) -> str | None:
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")
    if isinstance(credentials, dict) and credentials.get(field) is not None:
        return str(credentials[field])
    data = getattr(request, "POST", None) or {}
    value = data.get(field) if hasattr(data, "get") else None
    return None if value is None else str(value)


def lockout_key(request: Any, credentials: Any = None) -> str | None:
    """What a login attempt counts for (``AXES_USERNAME_CALLABLE``): the username from untrusted clients,
    the username and this browser when it presents a valid device cookie for that username."""
    username = _submitted_username(request, credentials)
    if username is None:
        return None
    nonce = device_nonce(request, username) if isinstance(request, HttpRequest) else None
    if nonce is None:
        return username
    digest = hashlib.sha256(nonce.encode()).hexdigest()[:16]  # the nonce itself stays in the cookie
    return f"{username}#device:{digest}"


def remember_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """``user_logged_in`` receiver: the answer to this request gives the browser its device cookie."""
    if request is not None and user is not None:
        setattr(request, _ISSUE_ATTR, user.get_username())


def _issue(request: HttpRequest, response: Any) -> Any:
    username = getattr(request, _ISSUE_ATTR, None)
    if username:
        entries = _entries(request)
        nonce = entries.pop(username, None) or secrets.token_urlsafe(24)
        entries[username] = nonce  # the latest login last; the oldest user drops out past MAX_USERS
        kept = dict(list(entries.items())[-MAX_USERS:])
        response.set_cookie(
            COOKIE_NAME,
            signing.dumps(kept, salt=COOKIE_SALT),
            max_age=COOKIE_MAX_AGE,
            httponly=True,
            secure=bool(getattr(settings, "SESSION_COOKIE_SECURE", False)),
            samesite="Lax",
        )
    return response


@sync_and_async_middleware
def DeviceCookieMiddleware(get_response: Callable[[HttpRequest], Any]) -> Callable[[HttpRequest], Any]:
    """Sets the device cookie on the answer to a successful login (see the module's docstring)."""
    if iscoroutinefunction(get_response):

        async def async_middleware(request: HttpRequest) -> Any:
            return _issue(request, await get_response(request))

        return async_middleware

    def middleware(request: HttpRequest) -> Any:
        return _issue(request, get_response(request))

    return middleware
