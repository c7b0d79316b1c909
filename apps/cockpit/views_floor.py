"""The cockpit's floor pages: the level clock's controls, the seat moves Floor proposes (confirm, override,
cancel, ask for a new plan), and the eliminations and payouts. Thin, as :mod:`apps.cockpit.views`."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from apps.clocks.levelclock import level_clock_control
from apps.cockpit import selectors
from apps.cockpit.access import actor, director_required, owned_or_404, refused
from apps.cockpit.forms import AddTimeForm, JumpForm, MoveOverrideForm
from apps.cockpit.views import page, tournament_or_404
from apps.core.errors import ApplicationError
from apps.tournaments import moves as seat_moves
from apps.tournaments.models import SeatMove, Tournament
from apps.tournaments.results import tournament_hand_for_hand
from apps.tournaments.selectors import standings_live
from apps.tournaments.services import level_clock_of

# --- the clock ----------------------------------------------------------------------------------------------


def _jump_choices(clock: dict) -> list[tuple[int, str]]:
    return [(row["index"], row["label"]) for row in clock["rows"]]


@director_required
def clock(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _clock_page(request, tournament_or_404(request, tournament_id))


def _clock_page(
    request: HttpRequest, t: Tournament, status: int = 200, *, add_form: AddTimeForm | None = None
) -> HttpResponse:
    """The clock's controls; after a refusal with its status (flashed on the page, the minutes' error on
    their field; nothing written)."""
    view = selectors.clock_of(t)
    return page(
        request,
        "cockpit/clock.html",
        club=t.club,
        tournament=t,
        section="clock",
        clock=view,
        add_form=add_form or AddTimeForm(),
        jump_form=JumpForm(levels=_jump_choices(view), initial={"level": view["level"]}) if view else None,
        status=status,
    )


@require_POST
@director_required
def clock_control(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Start, pause, resume, add or remove minutes, jump to a level, or hand-for-hand on or off (the clocks
    and tournaments services check). A refusal answers the clock page with its 4xx status."""
    t = tournament_or_404(request, tournament_id)
    action = request.POST.get("action", "")
    kwargs: dict[str, int] = {}
    if action == "add_time":
        form = AddTimeForm(request.POST)
        if not form.is_valid():
            messages.error(request, " ".join(str(e) for e in form.errors["minutes"]))
            return _clock_page(request, t, 400, add_form=form)
        kwargs["seconds"] = form.cleaned_data["minutes"] * 60
        done = _("%(minutes)+d min on the clock.") % {"minutes": form.cleaned_data["minutes"]}
    elif action == "jump":
        view = selectors.clock_of(t)
        jump = JumpForm(request.POST, levels=_jump_choices(view) if view else [])
        if not jump.is_valid():
            messages.error(request, _("Choose a level of the structure."))
            return _clock_page(request, t, 400)
        kwargs["level"] = jump.cleaned_data["level"]
        done = _("The clock jumped to the chosen level.")
    elif action in ("hand_for_hand_on", "hand_for_hand_off"):
        on = action == "hand_for_hand_on"
        try:
            tournament_hand_for_hand(actor=actor(request), tournament=t, on=on)
        except ApplicationError as exc:
            return _clock_page(request, t, refused(request, exc))
        messages.success(
            request,
            _("Hand-for-hand is on: the clock waits, two minutes come off per hand.")
            if on
            else _("Hand-for-hand is off: the clock runs again."),
        )
        return redirect("cockpit:clock", tournament_id=t.pk)
    elif action in ("start", "pause", "resume"):
        done = {
            "start": _("The clock started."),
            "pause": _("The clock is paused."),
            "resume": _("The clock runs again."),
        }[action]
    else:
        messages.error(request, _("Unknown clock action."))
        return _clock_page(request, t, 400)
    try:
        level_clock_control(actor=actor(request), clock_id=level_clock_of(t).pk, action=action, **kwargs)
    except ApplicationError as exc:
        return _clock_page(request, t, refused(request, exc))
    messages.success(request, done)
    return redirect("cockpit:clock", tournament_id=t.pk)


# --- balancing moves ----------------------------------------------------------------------------------------


@director_required
def moves(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _moves_page(request, tournament_or_404(request, tournament_id))


def _moves_page(request: HttpRequest, t: Tournament, status: int = 200) -> HttpResponse:
    """The moves to decide; after a refusal with its status (flashed on the page, nothing written)."""
    found = selectors.moves_of(t)
    open_tables = selectors.tables_of(t)
    return page(
        request,
        "cockpit/moves.html",
        club=t.club,
        tournament=t,
        section="moves",
        pending=found["pending"],
        decided=found["decided"][:50],
        halted=seat_moves.halted(t=t) if len(open_tables) > 1 else [],
        table_numbers=[row["number"] for row in open_tables],
        status=status,
    )


@require_POST
@director_required
def moves_plan(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = tournament_or_404(request, tournament_id)
    try:
        made = seat_moves.moves_plan(actor=actor(request), tournament=t)
    except ApplicationError as exc:
        return _moves_page(request, t, refused(request, exc))
    messages.success(
        request,
        ngettext("Floor proposes %(count)s move.", "Floor proposes %(count)s moves.", len(made))
        % {"count": len(made)}
        if made
        else _("The tables are balanced: no move is needed."),
    )
    return redirect("cockpit:moves", tournament_id=t.pk)


@require_POST
@director_required
def moves_confirm_all(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = tournament_or_404(request, tournament_id)
    try:
        done = seat_moves.moves_confirm_all(actor=actor(request), tournament=t)
    except ApplicationError as exc:
        return _moves_page(request, t, refused(request, exc))
    messages.success(
        request,
        ngettext("%(count)s move is confirmed.", "%(count)s moves are confirmed.", len(done))
        % {"count": len(done)}
        if done
        else _("There were no moves to confirm."),
    )
    return redirect("cockpit:moves", tournament_id=t.pk)


@require_POST
@director_required
def move_decide(request: HttpRequest, move_id: int) -> HttpResponse:
    """``decision`` confirm, cancel or override (with ``to_table``, ``to_seat`` and a reason). A refusal
    answers the moves page with its 4xx status."""
    m: SeatMove = owned_or_404(request, SeatMove.objects.all(), move_id, "tournament__club_id")
    t = tournament_or_404(request, m.tournament_id)
    decision = request.POST.get("decision")
    how: dict[str, Any]
    if decision == "confirm":
        how, done = {}, _("The move is confirmed.")
    elif decision == "cancel":
        how, done = {"confirm": False, "reason": request.POST.get("reason", "")}, _("The move is cancelled.")
    elif decision == "override":
        form = MoveOverrideForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("An override names a table and a seat."))
            return _moves_page(request, t, 400)
        how = {"confirm": False, **form.cleaned_data}
        done = _("The move is overridden: the player goes to the seat you chose.")
    else:
        messages.error(request, _("Confirm, cancel or override the move."))
        return _moves_page(request, t, 400)
    try:
        seat_moves.move_decide(actor=actor(request), move=m, **how)
    except ApplicationError as exc:
        return _moves_page(request, t, refused(request, exc))
    messages.success(request, done)
    return redirect("cockpit:moves", tournament_id=t.pk)


# --- eliminations and payouts -------------------------------------------------------------------------------


@director_required
def results(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = tournament_or_404(request, tournament_id)
    return page(
        request,
        "cockpit/results.html",
        club=t.club,
        tournament=t,
        section="results",
        standings=standings_live(tournament=t),
        eliminations=selectors.eliminations_of(t),
        busted=selectors.busted_of(t),
    )
