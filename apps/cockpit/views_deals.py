"""The cockpit's deal page at a running tournament: calculate ICM, chip-chop and an even split for the
players left (:func:`apps.tournaments.payouts.deal_calculate`, the API's service), read each in plain words,
and record the one the players accept (:func:`~apps.tournaments.payouts.deal_accept`), whose refusals
(a hand in play, chips changed since) are told in words the director can act on, on the page answered with
the refusal's 4xx status."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.cockpit.access import actor, director_required, error_text, owned_or_404
from apps.cockpit.deals import METHODS, deal_views, players_left
from apps.cockpit.views import page, tournament_or_404
from apps.core.errors import ApplicationError
from apps.tournaments import payouts
from apps.tournaments.models import Deal, Tournament

PLAIN = {
    "hand_in_progress": lambda: _(
        "A hand is being played. A deal is made on the chips between hands: finish the hand, then "
        "calculate the deal again and accept it."
    ),
    "deal_stale": lambda: _(
        "The chips or the players left have changed since this deal was calculated. Calculate it again "
        "on the chips as they are now, and let the players agree to the new figures."
    ),
    "deal_too_few": lambda: _("A deal needs two or more players left."),
    "tournament_not_running": lambda: _("Deals are made while the tournament is running."),
}


def _refusal(request: HttpRequest, exc: ApplicationError) -> None:
    plain = PLAIN.get(exc.code)
    messages.error(request, f"{plain()} ({exc.code})" if plain else error_text(exc))


@director_required
def deals(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _page(request, tournament_or_404(request, tournament_id))


def _page(request: HttpRequest, t: Tournament, status: int = 200) -> HttpResponse:
    """The deal page; after a refusal with its status (the refusal flashed on it, nothing written)."""
    left = players_left(t)
    accepted = Deal.objects.filter(tournament=t, accepted=True).first()
    return page(
        request,
        "cockpit/deals.html",
        club=t.club,
        tournament=t,
        section="deals",
        left=left,
        chips=sum(row["chips"] for row in left),
        views=deal_views(t, left),
        accepted=accepted,
        status=status,
    )


@require_POST
@director_required
def deals_calculate(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The three calculations at once, on the chips as they are now (none is accepted yet)."""
    t = tournament_or_404(request, tournament_id)
    try:
        for method in METHODS:
            payouts.deal_calculate(actor=actor(request), tournament=t, method=method)
    except ApplicationError as exc:
        _refusal(request, exc)
        return _page(request, t, exc.status_code)
    messages.success(request, _("ICM, chip-chop and even split calculated on the chips as they are now."))
    return redirect("cockpit:deals", tournament_id=t.pk)


@require_POST
@director_required
def deal_accept(request: HttpRequest, deal_id: int) -> HttpResponse:
    d: Deal = owned_or_404(request, Deal.objects.select_related("tournament"), deal_id, "tournament__club_id")
    try:
        payouts.deal_accept(actor=actor(request), deal=d)
    except ApplicationError as exc:
        _refusal(request, exc)
        return _page(request, d.tournament, exc.status_code)
    messages.success(
        request,
        _("The deal is recorded: the players left are paid its amounts and the tournament is over."),
    )
    return redirect("cockpit:deals", tournament_id=d.tournament_id)
