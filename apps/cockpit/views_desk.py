"""The registration desk: the entries with what may be done to each now (rebuy, add-on, re-entry only when
the rules allow them at this level and stack), and its corrections: rename, remove, undo the last
registration, undo a bust-out. A refusal re-shows the desk with the 4xx status of the refusal, naming its
rule and code; the service rolled back, so nothing was written."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.accounts.models import Player
from apps.cockpit import selectors
from apps.cockpit.access import actor, director_required, error_text, owned_or_404
from apps.cockpit.forms import RegisterForm
from apps.cockpit.forms_desk import RemoveForm, RenameForm, UndoBustForm
from apps.core.errors import ApplicationError
from apps.tournaments import bustundo, desk
from apps.tournaments.desk_offers import desk_offers
from apps.tournaments.models import DeskRecord, Entry, Tournament
from apps.tournaments.payouts import prize_pool_of
from apps.tournaments.pko import heads_of


def desk_page(request: HttpRequest, t: Tournament, *, status: int = 200, **extra: Any) -> HttpResponse:
    from apps.cockpit.views import page

    rows = selectors.entries_of(t)
    entries = [row["entry"] for row in rows]
    offers = desk_offers(t, entries, stacks={r["entry"].pk: r["chips"] or 0 for r in rows})
    heads = heads_of(t, entries) if t.progressive_bounty else {}
    for row in rows:
        row["offers"] = offers[row["entry"].pk]
        row["head"] = heads.get(row["entry"].pk)
    count, pool = prize_pool_of(t)
    players = Player.objects.filter(club=t.club).order_by("name").values_list("name", flat=True)
    records = list(DeskRecord.objects.filter(tournament=t).order_by("-pk")[:20])
    return page(
        request,
        "cockpit/registration.html",
        club=t.club,
        tournament=t,
        section="registration",
        entries=rows,
        entry_count=count,
        prize_pool=pool,
        players=list(players),
        records=records,
        form=extra.pop("form", None) or RegisterForm(),
        status=status,
        **extra,
    )


def desk_attempt(
    request: HttpRequest, t: Tournament, action: Callable[[], Any], done: str | Callable[[Any], str]
) -> HttpResponse:
    """Run the service: on success flash ``done`` and go back to the desk (POST-redirect-GET); on a refusal
    show the desk again with the refusal's status and words."""
    try:
        result = action()
    except ApplicationError as exc:
        messages.error(request, error_text(exc))
        return desk_page(request, t, status=exc.status_code)
    messages.success(request, done(result) if callable(done) else done)
    return redirect("cockpit:registration", tournament_id=t.pk)


def _entry(request: HttpRequest, entry_id: int) -> tuple[Entry, Tournament]:
    e: Entry = owned_or_404(
        request, Entry.objects.select_related("player", "tournament__club"), entry_id, "tournament__club_id"
    )
    return e, e.tournament


def _invalid(request: HttpRequest, t: Tournament, form: forms.Form) -> HttpResponse:
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        for error in errors:
            messages.error(request, _("Refused: %(field)s: %(error)s") % {"field": label, "error": error})
    return desk_page(request, t, status=400)


@require_POST
@director_required
def entry_rename(request: HttpRequest, entry_id: int) -> HttpResponse:
    e, t = _entry(request, entry_id)
    form = RenameForm(request.POST)
    if not form.is_valid():
        return _invalid(request, t, form)
    before, name = e.player.name, form.cleaned_data["name"]
    return desk_attempt(
        request,
        t,
        lambda: desk.entry_rename(actor=actor(request), entry=e, name=name),
        lambda renamed: _("%(before)s is now %(name)s.") % {"before": before, "name": renamed.player.name},
    )


@require_POST
@director_required
def entry_remove(request: HttpRequest, entry_id: int) -> HttpResponse:
    e, t = _entry(request, entry_id)
    form = RemoveForm(request.POST)
    if not form.is_valid():
        return _invalid(request, t, form)
    reason = form.cleaned_data["reason"]
    return desk_attempt(
        request,
        t,
        lambda: desk.entry_remove(actor=actor(request), entry=e, reason=reason),
        lambda rec: (
            _("%(name)s is removed; hand back %(refund)s.") % {"name": rec.player_name, "refund": rec.refund}
        ),
    )


@require_POST
@director_required
def entry_registration_undo(request: HttpRequest, entry_id: int) -> HttpResponse:
    e, t = _entry(request, entry_id)
    return desk_attempt(
        request,
        t,
        lambda: desk.entry_registration_undo(actor=actor(request), entry=e),
        lambda rec: _("The registration of %(name)s is undone.") % {"name": rec.player_name},
    )


@require_POST
@director_required
def entry_bust_undo(request: HttpRequest, entry_id: int) -> HttpResponse:
    e, t = _entry(request, entry_id)
    form = UndoBustForm(request.POST)
    if not form.is_valid():
        return _invalid(request, t, form)
    reason, stack = form.cleaned_data["reason"], form.cleaned_data["stack"]
    return desk_attempt(
        request,
        t,
        lambda: bustundo.elimination_undo(actor=actor(request), entry=e, reason=reason, stack=stack),
        lambda rec: (
            _("%(name)s plays again at table %(table)s, seat %(seat)s, with %(stack)s chips.")
            % {
                "name": rec.player_name,
                "table": rec.detail["table"],
                "seat": rec.detail["seat"],
                "stack": rec.detail["stack"],
            }
        ),
    )
