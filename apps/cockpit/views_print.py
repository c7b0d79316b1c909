"""Print-ready sheets, linked from the cockpit: the seat cards of the draw, move slips, a sign-in sheet, the
payout table and the final results. Each is a page of its own (no menu) with a print stylesheet
(``@media print``) and the paper chosen with ``?paper=a4`` or ``?paper=letter`` (the ``@page`` size)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from apps.cockpit import printing
from apps.cockpit.access import director_required
from apps.cockpit.forms_desk import PaperForm
from apps.tournaments.models import Tournament


def _tournament(request: HttpRequest, tournament_id: int) -> Tournament:
    from apps.cockpit.views import tournament_or_404

    return tournament_or_404(request, tournament_id)


def _paper(request: HttpRequest) -> str:
    form = PaperForm(request.GET)
    if not form.is_valid():
        raise Http404("no such paper")
    return form.cleaned_data["paper"] or "a4"


@director_required
def print_index(request: HttpRequest, tournament_id: int) -> HttpResponse:
    from apps.cockpit.views import page

    t = _tournament(request, tournament_id)
    return page(
        request,
        "cockpit/print_index.html",
        club=t.club,
        tournament=t,
        section="print",
        sheets=printing.SHEETS,
        paper=_paper(request),
    )


@director_required
def print_sheet(request: HttpRequest, tournament_id: int, sheet: str) -> HttpResponse:
    t = _tournament(request, tournament_id)
    if sheet not in printing.SHEETS:
        raise Http404("no such sheet")
    paper = _paper(request)
    reads: dict[str, Callable[[], dict[str, Any]]] = {
        "seats": lambda: {"cards": printing.seat_cards(t)},
        "moves": lambda: {"slips": printing.move_slips(t)},
        "signin": lambda: {"entries": printing.sign_in(t)},
        "payouts": lambda: printing.payout_table(t),
        "results": lambda: {"results": printing.final_results(t)},
    }
    return render(
        request,
        f"cockpit/print/{sheet}.html",
        {"tournament": t, "club": t.club, "sheet": sheet, "paper": paper, **reads[sheet]()},
    )
