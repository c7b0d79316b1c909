"""The cockpit's room pages: a tournament's TV screens, what they announce aloud and each player's own link;
the club's webhooks (announcements out of the room)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.accounts.models import Club
from apps.cockpit.access import actor, attempt, club_or_404, director_required, owned_or_404, refused
from apps.cockpit.views import page, tournament_or_404
from apps.core.errors import ApplicationError
from apps.room import selectors, services
from apps.room.models import SOUNDS, WEBHOOK_EVENTS, Webhook
from apps.tournaments.models import Entry, Tournament


def sound_labels() -> list[tuple[str, str]]:
    names = {
        "level": _("A new level"),
        "minute": _("One minute left"),
        "break": _("A break starting and ending"),
        "move": _("Seat moves"),
        "elimination": _("Eliminations"),
    }
    return [(k, names[k]) for k in SOUNDS]


def event_labels() -> list[tuple[str, str]]:
    names = {
        "start": _("Tournament start"),
        "level": _("Each level"),
        "break": _("Breaks"),
        "elimination": _("Eliminations"),
        "results": _("Final results"),
    }
    return [(k, names[k]) for k in WEBHOOK_EVENTS]


@director_required
def room(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = tournament_or_404(request, tournament_id)
    if request.method == "POST":
        try:
            services.room_sounds_set(
                actor=actor(request), tournament=t, sounds=request.POST.getlist("sounds")
            )
        except ApplicationError as exc:
            return _room_page(request, t, refused(request, exc))
        messages.success(request, _("Saved: the clock display announces what is ticked."))
        return redirect("cockpit:room", tournament_id=t.pk)
    return _room_page(request, t)


def _room_page(request: HttpRequest, t: Tournament, status: int = 200) -> HttpResponse:
    """The room page; after a refusal with its status (the refusal flashed on it, nothing written)."""
    entries = Entry.objects.filter(tournament=t).select_related("player").order_by("player__name", "number")
    players = [
        {"entry": e, "link": request.build_absolute_uri(reverse("public:me", args=[t.pk, e.pk]))}
        for e in entries
    ]
    return page(
        request,
        "cockpit/room.html",
        club=t.club,
        tournament=t,
        section="room",
        sounds=selectors.room_sounds(tournament=t),
        sound_choices=sound_labels(),
        players=players,
        tv=request.build_absolute_uri(reverse("public:clock", args=[t.pk])),
        tv_second=request.build_absolute_uri(reverse("public:clock-second", args=[t.pk])),
        status=status,
    )


@director_required
def webhooks(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_or_404(request, club_id)
    if request.method == "POST":
        created = attempt(
            request,
            lambda: services.webhook_create(
                actor=actor(request),
                club=club,
                name=request.POST.get("name", ""),
                url=request.POST.get("url", ""),
                format=request.POST.get("format", ""),
                events=request.POST.getlist("events"),
                chat_id=request.POST.get("chat_id", ""),
                language=(get_language() or "en")[:8],
            ),
            lambda hook: _("Webhook %(name)s added.") % {"name": hook.name},
        )
        if created:
            return redirect("cockpit:webhooks", club_id=club.pk)
        return _webhooks_page(request, club, posted=request.POST, status=400)
    return _webhooks_page(request, club)


def _webhooks_page(
    request: HttpRequest, club: Club, *, posted: Any = None, status: int = 200
) -> HttpResponse:
    """The club's webhooks; after a refusal the form again (as posted) with the refusal flashed and its
    status: nothing was written."""
    return page(
        request,
        "cockpit/webhooks.html",
        club=club,
        section="webhooks",
        hooks=selectors.webhooks_of_club(club_id=club.pk),
        formats=Webhook.Format.choices,
        event_choices=event_labels(),
        posted=posted,
        status=status,
    )


@require_POST
@director_required
def webhook_delete(request: HttpRequest, webhook_id: int) -> HttpResponse:
    hook = owned_or_404(request, Webhook.objects.select_related("club"), webhook_id, "club_id")
    try:
        services.webhook_delete(actor=actor(request), club=hook.club, webhook_id=hook.pk)
    except ApplicationError as exc:
        return _webhooks_page(request, hook.club, status=refused(request, exc))
    messages.success(request, _("Webhook %(name)s removed.") % {"name": hook.name})
    return redirect("cockpit:webhooks", club_id=hook.club_id)
