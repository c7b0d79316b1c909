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

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
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
    # the same Content-Security-Policy header as every other answer, built once
    "apps.core.middleware.LeanCSPMiddleware",
]
PREFIX = "/api/"
SCHEME = "Device "


_PER_ANSWER = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)


class LeanCSPMiddleware(CSPMiddleware):
    """django-csp's middleware, with the header of an answer that asks nothing of its own (no nonce, no
    per-view policy, no exemption) built once per policy instead of twice per request. Anything else takes
    django-csp's own way."""

    _built: tuple[tuple[int, int], str, str] | None = None

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:  # type: ignore[override]
        if (
            settings.DEBUG
            or getattr(request, "_csp_nonce", None) is not None
            or getattr(response, "_csp_exempt", False) is not False
            or getattr(response, "_csp_exempt_ro", False) is not False
            or any(getattr(response, name, None) is not None for name in _PER_ANSWER)
        ):
            return super().process_response(request, response)  # type: ignore[return-value]
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", None)
        report_only = getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
        if (policy or {}).get("EXCLUDE_URL_PREFIXES") or (report_only or {}).get("EXCLUDE_URL_PREFIXES"):
            return super().process_response(request, response)  # type: ignore[return-value]
        key = (id(policy), id(report_only))  # settings overridden (a test): built again
        built = LeanCSPMiddleware._built
        if built is None or built[0] != key:
            built = (key, build_policy(), build_policy(report_only=True))
            LeanCSPMiddleware._built = built
        for header, value in ((HEADER, built[1]), (HEADER_REPORT_ONLY, built[2])):
            if value and header not in response:
                response[header] = value
        # as django-csp does: a nonce asked for after the header is written is an error
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response


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
