"""A lean middleware stack for the dealer API.

A dealer's device calls ``/api/…`` with ``Authorization: Device <token>`` many times a minute, and needs
nothing of the session machinery: no session, no CSRF (no cookie is read), no session user, no flash
messages, no login lockout, no static files. :class:`DeviceApiShortcut` (first in ``MIDDLEWARE``) sends
such a request down a chain built once from :data:`LEAN_MIDDLEWARE` (security headers, the language, the
input limits, the common checks, the frame header) straight to the view; every other request takes the whole
stack. The answers carry the same headers as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.handlers.base import BaseHandler
from django.core.handlers.exception import convert_exception_to_response
from django.http import HttpRequest, HttpResponse
from django.utils.module_loading import import_string

LEAN_MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # the input limits hold for a device too (a NUL in a query string would reach a database filter)
    "apps.core.inputs.InputLimitsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",  # the same Content-Security-Policy header as every other answer
]
PREFIX = "/api/"
SCHEME = "Device "


class _LeanHandler(BaseHandler):
    """Django's own request handling (URL resolution, view middleware, exception handling), over the lean
    middleware list instead of ``settings.MIDDLEWARE``."""

    def load_lean(self) -> Callable[[HttpRequest], Any]:
        self._view_middleware: list[Any] = []
        self._template_response_middleware: list[Any] = []
        self._exception_middleware: list[Any] = []
        handler = convert_exception_to_response(self._get_response)  # type: ignore[attr-defined]
        for path in reversed(LEAN_MIDDLEWARE):
            mw = import_string(path)(handler)
            if hasattr(mw, "process_view"):
                self._view_middleware.insert(0, mw.process_view)
            if hasattr(mw, "process_template_response"):
                self._template_response_middleware.append(mw.process_template_response)
            if hasattr(mw, "process_exception"):
                self._exception_middleware.append(mw.process_exception)
            handler = convert_exception_to_response(mw)
        return handler


class DeviceApiShortcut:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.lean = _LeanHandler().load_lean()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info.startswith(PREFIX) and request.META.get("HTTP_AUTHORIZATION", "").startswith(
            SCHEME
        ):
            request.user = AnonymousUser()  # a device is never a session user
            response: HttpResponse = self.lean(request)
            return response
        return self.get_response(request)
