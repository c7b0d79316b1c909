"""The cockpit's tournament pages (the setup form is :mod:`apps.cockpit.views_setup`): the registration
desk (add, rebuy, add-on, re-entry), the seat draw and the table list. Thin: parse the form, call a service
or a selector, then redirect (POST-redirect-GET); a refusal answers the page itself with the refusal's 4xx
status, told in plain words with its rule and code, and nothing is written."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from apps.accounts.models import Club
from apps.cockpit import floorcall, selectors
from apps.cockpit.access import actor, director_required, owned_or_404, refused
from apps.cockpit.forms import RegisterForm
from apps.cockpit.views_desk import desk_attempt, desk_page
from apps.core.errors import ApplicationError
from apps.tournaments import results, seating, services
from apps.tournaments.models import Entry, Tournament
from apps.tournaments.moves import halted


def page(
    request: HttpRequest,
    template: str,
    *,
    club: Club,
    section: str,
    tournament: Tournament | None = None,
    status: int = 200,
    **context: Any,
) -> HttpResponse:
    """Render a cockpit page: the left-hand menu needs the club, the tournament (if any) and the section; a
    tournament's page follows its live stream (the clock page, its level clock's)."""
    if tournament is not None and tournament.status != Tournament.Status.FINISHED:
        context["live"] = selectors.live_stream_of(tournament, clock=section == "clock")
    if tournament is None and section in floorcall.FLOOR_SECTIONS:
        context.setdefault("floor_stream", floorcall.floor_stream_of(club))  # the table calls, live
    clubs = Club.objects.filter(pk__in=request.club_ids) if len(request.club_ids) > 1 else []  # type: ignore[attr-defined]
    return render(
        request,
        template,
        {"club": club, "clubs": clubs, "tournament": tournament, "section": section, **context},
        status=status,
    )


def tournament_or_404(request: HttpRequest, tournament_id: int) -> Tournament:
    t: Tournament = owned_or_404(
        request, Tournament.objects.select_related("club", "level_clock"), tournament_id, "club_id"
    )
    return t


# --- the registration desk ----------------------------------------------------------------------------------


@director_required
def registration(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return desk_page(request, tournament_or_404(request, tournament_id))


@require_POST
@director_required
def entry_register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = tournament_or_404(request, tournament_id)
    form = RegisterForm(request.POST)
    if not form.is_valid() or not form.cleaned_data["player_name"].strip():
        messages.error(request, _("Give the player's name."))
        return desk_page(request, t, status=400)
    name = form.cleaned_data["player_name"].strip()
    return desk_attempt(
        request,
        t,
        lambda: services.entry_register(actor=actor(request), tournament=t, player_name=name),
        _("%(name)s is registered.") % {"name": name},
    )


ENTRY_ACTIONS: dict[str, tuple[Any, Any]] = {
    "rebuy": (services.entry_rebuy, gettext_lazy("%(name)s rebought.")),
    "add-on": (services.entry_add_on, gettext_lazy("%(name)s took the add-on.")),
    "reentry": (
        services.entry_reenter,
        gettext_lazy("%(name)s re-entered with a new stack and a random seat."),
    ),
    "decline-rebuy": (
        results.entry_rebuy_decline,
        gettext_lazy("%(name)s declined the rebuy and is eliminated."),
    ),
}


@require_POST
@director_required
def entry_action(request: HttpRequest, entry_id: int, action: str) -> HttpResponse:
    """Rebuy, add-on, re-entry, or declining a rebuy (the services check the periods and limits)."""
    e: Entry = owned_or_404(request, Entry.objects.select_related("player"), entry_id, "tournament__club_id")
    if action not in ENTRY_ACTIONS:
        raise Http404("no such action")
    service, done = ENTRY_ACTIONS[action]
    return desk_attempt(
        request,
        tournament_or_404(request, e.tournament_id),
        lambda: service(actor=actor(request), entry=e),
        str(done) % {"name": e.player.name},
    )


@require_POST
@director_required
def tournament_publish(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Publish the tournament (the public pages show it) or take it back."""
    t = tournament_or_404(request, tournament_id)
    if request.POST.get("published") not in ("0", "1"):
        messages.error(request, _("Refused: “published” is 1 (publish) or 0 (take back) (code invalid)"))
        return desk_page(request, t, status=400)
    published = request.POST.get("published") == "1"
    return desk_attempt(
        request,
        t,
        lambda: services.tournament_publish(actor=actor(request), tournament=t, published=published),
        _("The tournament is published: the public pages show it.")
        if published
        else _("The tournament is no longer published."),
    )


# --- the seat draw and the tables ---------------------------------------------------------------------------


@director_required
def tables(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _tables_page(request, tournament_or_404(request, tournament_id))


def _tables_page(request: HttpRequest, t: Tournament, status: int = 200) -> HttpResponse:
    """The tables; after a refused seat draw with the refusal's status (flashed on it, nothing written)."""
    open_tables = selectors.tables_of(t)
    return page(
        request,
        "cockpit/tables.html",
        club=t.club,
        tournament=t,
        section="tables",
        tables=open_tables,
        halted=halted(t=t) if len(open_tables) > 1 else [],
        entry_count=t.entries.count(),
        status=status,
    )


@require_POST
@director_required
def tournament_start(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The seat draw (TDA 10): tables opened, every entry seated with the starting stack, the payouts
    computed and the level clock started."""
    t = tournament_or_404(request, tournament_id)
    try:
        seating.tournament_start(actor=actor(request), tournament=t)
    except ApplicationError as exc:
        return _tables_page(request, t, refused(request, exc))
    messages.success(request, _("Seats drawn; the tournament is running and its clock has started."))
    return redirect("cockpit:tables", tournament_id=t.pk)
