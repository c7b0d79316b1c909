"""Who may open the cockpit, and the lookups that scope every page to the clubs the user directs.

Anonymous: redirected to the login page. Logged in but director of no club: 403. A director asking for a
club, tournament, entry, move or device of a club they do not direct: 404 (the page does not exist for them,
so nobody learns which ids are in use).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from apps.accounts.models import Club, Membership, Role
from apps.accounts.permissions import Actor
from apps.core.errors import ApplicationError
from apps.core.i18n import error_message


def directed_club_ids(user: Any) -> list[int]:
    return list(
        Membership.objects.filter(user=user, role=Role.DIRECTOR).values_list("club_id", flat=True).distinct()
    )


def director_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view runs only for a logged-in director of at least one club; ``request.club_ids`` holds the
    clubs they direct (the lookups below narrow to them)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        club_ids = directed_club_ids(request.user)
        if not club_ids:
            return render(request, "cockpit/forbidden.html", status=403)
        request.club_ids = club_ids  # type: ignore[attr-defined]
        return view(request, *args, **kwargs)

    return wrapper


def actor(request: HttpRequest) -> Actor:
    return Actor(user=request.user)


def club_or_404(request: HttpRequest, club_id: int) -> Club:
    club = Club.objects.filter(pk=club_id, pk__in=request.club_ids).first()  # type: ignore[attr-defined]
    if club is None:
        raise Http404("no such club")
    return club


def owned_or_404(request: HttpRequest, queryset: QuerySet[Any], pk: int, club_path: str) -> Any:
    """``queryset``'s row ``pk`` if its club (reached by ``club_path``, e.g. ``"tournament__club_id"``) is
    one the user directs, else 404."""
    row: Model | None = queryset.filter(
        pk=pk,
        **{f"{club_path}__in": request.club_ids},  # type: ignore[attr-defined]
    ).first()
    if row is None:
        raise Http404("not found")
    return row


def error_text(exc: ApplicationError) -> str:
    """A refusal in plain words with the rule it rests on (the services' message in the request's
    language, its code and rule)."""
    message = error_message(exc.code, exc.detail, exc.message)
    if exc.rule:
        return _("Refused: %(message)s (rule: %(rule)s; code %(code)s)") % {
            "message": message,
            "rule": exc.rule,
            "code": exc.code,
        }
    return _("Refused: %(message)s (code %(code)s)") % {"message": message, "code": exc.code}


def attempt(request: HttpRequest, action: Callable[[], Any], done: str | Callable[[Any], str]) -> Any:
    """Run a service call; on success flash ``done`` (or ``done(result)``), on a refusal flash the refusal
    and return None. The service's transaction has rolled back by then: nothing was written."""
    try:
        result = action()
    except ApplicationError as exc:
        messages.error(request, error_text(exc))
        return None
    messages.success(request, done(result) if callable(done) else done)
    return result if result is not None else True


def refused(request: HttpRequest, exc: ApplicationError) -> int:
    """Flash a refusal in plain words and give its 4xx status, for the view to answer the page itself with
    (the service's transaction has rolled back: nothing was written)."""
    messages.error(request, error_text(exc))
    return exc.status_code
