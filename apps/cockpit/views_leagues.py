"""The cockpit's leagues: create a league (its points formula and best-N) and its seasons, attach a club's
tournaments to a season and detach them, and read the season's leaderboard. Thin, as
:mod:`apps.cockpit.views`: the standings services and selectors do the work (those the API uses)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from apps.cockpit.access import actor, attempt, club_or_404, director_required, error_text, owned_or_404
from apps.cockpit.forms_leagues import LeagueCreateForm, SeasonAttachForm, SeasonCreateForm
from apps.cockpit.views import page
from apps.core.errors import ApplicationError
from apps.standings import seasons as season_writes
from apps.standings import services
from apps.standings.models import League, Season, SeasonTournament
from apps.standings.selectors import leaderboard_for_season
from apps.tournaments.models import Tournament


def _season_or_404(request: HttpRequest, season_id: int) -> Season:
    s: Season = owned_or_404(
        request, Season.objects.select_related("league__club"), season_id, "league__club_id"
    )
    return s


@director_required
def leagues(request: HttpRequest, club_id: int) -> HttpResponse:
    """GET the club's leagues with their seasons and the new-league form; POST creates a league."""
    club = club_or_404(request, club_id)
    form = LeagueCreateForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            created = attempt(
                request,
                lambda: services.league_create(
                    actor=actor(request),
                    club=club,
                    name=form.cleaned_data["name"].strip(),
                    points=form.points(),
                    best_n=form.cleaned_data["best_n"],
                    published=form.cleaned_data["published"],
                ),
                _("League created. Add a season to it."),
            )
            if created:
                return redirect("cockpit:leagues", club_id=club.pk)
        status = 400
    return _leagues_page(request, club, form, status=status)


def _leagues_page(
    request: HttpRequest, club: Any, form: LeagueCreateForm, *, status: int = 200
) -> HttpResponse:
    rows = League.objects.filter(club=club).prefetch_related("seasons").order_by("name")
    return page(
        request,
        "cockpit/leagues.html",
        club=club,
        section="leagues",
        leagues=rows,
        form=form,
        season_form=SeasonCreateForm(),
        status=status,
    )


@director_required
def league_edit(request: HttpRequest, league_id: int) -> HttpResponse:
    """GET the league's form with its settings; POST changes them and scores its seasons' finished
    tournaments again (a formula that cannot score them is refused, nothing written)."""
    league: League = owned_or_404(request, League.objects.select_related("club"), league_id, "club_id")
    form = LeagueCreateForm(request.POST or None, initial=_league_initial(league))
    status = 200
    if request.method == "POST":
        if form.is_valid():
            scored = attempt(
                request,
                lambda: services.league_update(
                    actor=actor(request),
                    league=league,
                    name=form.cleaned_data["name"].strip(),
                    points=form.points(),
                    best_n=form.cleaned_data["best_n"],
                    published=form.cleaned_data["published"],
                ),
                lambda n: (
                    ngettext(
                        "League saved. Its leaderboards are recomputed (%(n)s tournament scored again).",
                        "League saved. Its leaderboards are recomputed (%(n)s tournaments scored again).",
                        n,
                    )
                    % {"n": n}
                ),
            )
            if scored is not None:
                return redirect("cockpit:leagues", club_id=league.club_id)
        status = 400
    return page(
        request,
        "cockpit/league_edit.html",
        club=league.club,
        section="leagues",
        league=league,
        form=form,
        status=status,
    )


def _league_initial(league: League) -> dict[str, object]:
    points = league.points or {}
    table = ", ".join(f"{p / 100:g}" for p in points.get("table", []))
    return {
        "name": league.name,
        "kind": points.get("kind", "table"),
        "table": table,
        "best_n": league.best_n,
        "published": league.published,
    }


@require_POST
@director_required
def season_new(request: HttpRequest, league_id: int) -> HttpResponse:
    league: League = owned_or_404(request, League.objects.select_related("club"), league_id, "club_id")
    form = SeasonCreateForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the season a name."))
        return _leagues_page(request, league.club, LeagueCreateForm(), status=400)
    try:
        season = services.season_create(actor=actor(request), league=league, name=form.cleaned_data["name"])
    except ApplicationError as exc:
        messages.error(request, error_text(exc))
        return _leagues_page(request, league.club, LeagueCreateForm(), status=exc.status_code)
    messages.success(request, _("Season created. Attach its tournaments."))
    return redirect("cockpit:season", season_id=season.pk)


@director_required
def season(request: HttpRequest, season_id: int) -> HttpResponse:
    """The season: its tournaments (detach), the club's tournaments not yet in a season (attach), and the
    leaderboard as the club reads it (unpublished tournaments included)."""
    return _season_page(request, _season_or_404(request, season_id))


def _season_page(request: HttpRequest, s: Season, status: int = 200) -> HttpResponse:
    """The season's page; after a refusal with its status (the refusal flashed on it, nothing written)."""
    attached = list(
        Tournament.objects.filter(season_link__season=s).order_by("created_at", "pk").only("name", "status")
    )
    free = list(
        Tournament.objects.filter(club_id=s.league.club_id, season_link__isnull=True)
        .order_by("-created_at", "-pk")
        .only("name", "status")[:200]
    )
    return page(
        request,
        "cockpit/season.html",
        club=s.league.club,
        section="leagues",
        season=s,
        attached=attached,
        free=free,
        board=_board(s),
        status=status,
    )


def _board(s: Season) -> dict[str, object]:
    """The leaderboard with its points in points (the league keeps hundredths)."""
    board = leaderboard_for_season(season=s)
    for row in board["rows"]:
        row["points_shown"] = (row["points"] or 0) / 100
    return board


@require_POST
@director_required
def season_attach(request: HttpRequest, season_id: int) -> HttpResponse:
    s = _season_or_404(request, season_id)
    form = SeasonAttachForm(request.POST)
    t = None
    if form.is_valid():
        t = Tournament.objects.filter(pk=form.cleaned_data["tournament"], club_id=s.league.club_id).first()
    if t is None:
        messages.error(request, _("Choose one of the club's tournaments."))
        return _season_page(request, s, 400)
    try:
        services.season_tournament_add(actor=actor(request), season=s, tournament=t)
    except ApplicationError as exc:
        messages.error(request, error_text(exc))
        return _season_page(request, s, exc.status_code)
    messages.success(
        request,
        _("%(name)s counts for the season.") % {"name": t.name}
        + (" " + _("Its results are on the leaderboard.") if t.status == Tournament.Status.FINISHED else ""),
    )
    return redirect("cockpit:season", season_id=s.pk)


@require_POST
@director_required
def season_detach(request: HttpRequest, season_id: int, tournament_id: int) -> HttpResponse:
    s = _season_or_404(request, season_id)
    link = SeasonTournament.objects.filter(season=s, tournament_id=tournament_id).select_related("tournament")
    found = link.first()
    if found is None:
        messages.error(request, _("That tournament does not count for this season."))
        return _season_page(request, s, 404)
    try:
        season_writes.season_tournament_remove(actor=actor(request), season=s, tournament=found.tournament)
    except ApplicationError as exc:
        messages.error(request, error_text(exc))
        return _season_page(request, s, exc.status_code)
    messages.success(
        request,
        _("%(name)s no longer counts for the season; its results left the leaderboard.")
        % {"name": found.tournament.name},
    )
    return redirect("cockpit:season", season_id=s.pk)
