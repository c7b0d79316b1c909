"""The one error shape of Floor: ``{"code", "message", "rule", "detail"}``.

Services raise the :class:`ApplicationError` family; the engine raises
:class:`apps.engine.errors.EngineError`. :func:`api_exception_handler` (DRF's
``EXCEPTION_HANDLER``) turns both, and DRF's own exceptions, into that shape with the right
4xx status, and marks the transaction for rollback so nothing is written.

The ``message`` is in the request's language (``Accept-Language``, the language switch): :func:`error_body`
translates it with :func:`apps.core.i18n.error_message`; ``code``, ``rule`` and ``detail`` never change.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions as drf_exceptions
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from apps.core.i18n import error_message
from apps.engine.errors import EngineError


class ApplicationError(Exception):
    """A request Floor refuses. Subclasses fix the HTTP status and a default code."""

    status_code: int = status.HTTP_400_BAD_REQUEST
    code = "bad_request"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        rule: str | None = None,
        detail: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.rule = rule
        self.detail = dict(detail or {})

    def as_dict(self) -> dict[str, Any]:
        return error_body(self.code, self.message, rule=self.rule, detail=self.detail)


class ValidationFailed(ApplicationError):
    code = "invalid"


class NotFound(ApplicationError):
    status_code = status.HTTP_404_NOT_FOUND
    code = "not_found"


class NotAuthenticated(ApplicationError):
    status_code = status.HTTP_401_UNAUTHORIZED
    code = "not_authenticated"


class PermissionRefused(ApplicationError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "permission_denied"


class Conflict(ApplicationError):
    status_code = status.HTTP_409_CONFLICT
    code = "conflict"


class RuleViolation(ApplicationError):
    """An entry the rules forbid (the engine said no): 422."""

    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    code = "rule_violation"

    @classmethod
    def from_engine(cls, error: EngineError) -> RuleViolation:
        return cls(error.message, code=error.code, rule=error.rule, detail=error.detail)


def error_body(
    code: str, message: str, *, rule: str | None = None, detail: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The answer's body; ``message`` (English, as raised) in the active language."""
    return {
        "code": code,
        "message": error_message(code, detail, message),
        "rule": rule,
        "detail": detail or {},
    }


_DRF_CODES: dict[type[Exception], str] = {
    drf_exceptions.ParseError: "malformed_request",
    drf_exceptions.UnsupportedMediaType: "unsupported_media_type",
    drf_exceptions.NotAuthenticated: "not_authenticated",
    drf_exceptions.AuthenticationFailed: "authentication_failed",
    drf_exceptions.PermissionDenied: "permission_denied",
    drf_exceptions.NotFound: "not_found",
    drf_exceptions.MethodNotAllowed: "method_not_allowed",
    drf_exceptions.NotAcceptable: "not_acceptable",
    drf_exceptions.Throttled: "throttled",
    drf_exceptions.ValidationError: "invalid",
}


def _drf_body(exc: drf_exceptions.APIException) -> dict[str, Any]:
    code = next((c for k, c in _DRF_CODES.items() if isinstance(exc, k)), "bad_request")
    if isinstance(exc, drf_exceptions.ValidationError):
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        first = next(iter(fields), None)
        message = "The request has invalid fields" if first is None else f"Invalid field '{first}'"
        return error_body(code, message, rule=None, detail={"fields": fields})
    detail: dict[str, Any] = {}
    wait = getattr(exc, "wait", None)
    if wait is not None:
        detail["retry_after_seconds"] = int(wait)
    return error_body(code, str(exc.detail), detail=detail)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF ``EXCEPTION_HANDLER``: every refusal in one shape, and the transaction rolled back."""
    if isinstance(exc, Http404):
        exc = drf_exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = drf_exceptions.PermissionDenied()

    if isinstance(exc, ApplicationError):
        set_rollback()
        headers = {"WWW-Authenticate": "Device"} if exc.status_code == 401 else None
        return Response(exc.as_dict(), status=exc.status_code, headers=headers)
    if isinstance(exc, EngineError):
        set_rollback()
        return Response(RuleViolation.from_engine(exc).as_dict(), status=RuleViolation.status_code)
    if isinstance(exc, drf_exceptions.APIException):
        set_rollback()
        headers = {}
        if getattr(exc, "auth_header", None):
            headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
        wait = getattr(exc, "wait", None)
        if wait is not None:
            headers["Retry-After"] = str(int(wait))
        return Response(_drf_body(exc), status=exc.status_code, headers=headers)
    return None  # a real bug: let Django answer 500 and log it


def _wants_html(request: HttpRequest) -> bool:
    accept = request.headers.get("Accept", "")
    return not request.path.startswith("/api/") and "text/html" in accept


def json_error_response(
    request: HttpRequest,
    *,
    status_code: int,
    code: str,
    message: str,
    detail: dict[str, Any] | None = None,
    rollback: bool = True,
) -> Any:
    body = error_body(code, message, detail=detail)
    if _wants_html(request):
        from django.shortcuts import render

        return render(request, "error.html", {"error": body, "status": status_code}, status=status_code)
    if rollback and transaction.get_connection().in_atomic_block:
        transaction.set_rollback(True)
    return JsonResponse(body, status=status_code)


# Django calls the handlers below after the view's transaction has ended (an exception rolled it back), or
# before any view ran (CSRF): there is nothing of the request's to roll back, and marking the caller's
# transaction (a test's, say) for rollback would break it.
def handler404(request: HttpRequest, exception: Exception | None = None) -> Any:
    return json_error_response(
        request,
        status_code=404,
        code="not_found",
        message=f"No page or endpoint at {request.path}",
        detail={"path": request.path},
        rollback=False,
    )


def handler403(request: HttpRequest, exception: Exception | None = None) -> Any:
    return json_error_response(
        request, status_code=403, code="permission_denied", message="Not allowed", rollback=False
    )


def handler400(request: HttpRequest, exception: Exception | None = None) -> Any:
    return json_error_response(
        request, status_code=400, code="bad_request", message="Bad request", rollback=False
    )


def handler500(request: HttpRequest) -> Any:
    return json_error_response(
        request,
        status_code=500,
        code="server_error",
        message="Floor made a mistake; it has been logged",
        rollback=False,
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> Any:
    return json_error_response(
        request,
        status_code=403,
        code="csrf_failed",
        message="CSRF check failed",
        detail={"reason": reason},
        rollback=False,
    )


def login_locked(request: HttpRequest, credentials: Any = None, *args: Any, **kwargs: Any) -> Any:
    """django-axes' lockout answer: too many failed logins for this username from this address."""
    from django.conf import settings

    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    response = json_error_response(
        request,
        status_code=429,
        code="login_locked",
        message=f"Too many failed logins; try again in {minutes} minutes",
        detail={"retry_after_seconds": minutes * 60},
        rollback=False,  # the failed-attempt count must be kept
    )
    response["Retry-After"] = str(minutes * 60)
    return response
