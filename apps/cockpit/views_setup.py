"""The tournament setup pages: a new tournament (or one started from a saved template) and its edit form
until the seat draw. One form, several buttons (``action``): generate the levels, add a level or a break,
fill the percentages from Floor's table, preview, save as a template, create or save. Every one works without
scripts (the page's script only hides the other games' fields). A refusal is put on the field it names and
nothing is written."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from apps.accounts.models import Club
from apps.cockpit import selectors
from apps.cockpit.access import actor, club_or_404, director_required, error_text
from apps.cockpit.forms_setup import LevelFormSet, TournamentSetupForm
from apps.cockpit.setup_form import (
    form_data_of_setup,
    generated_levels,
    level_row,
    levels_of_formset,
    new_formset,
    refusal_to_form,
    setup_of_form,
)
from apps.cockpit.views import page, tournament_or_404
from apps.core.errors import ApplicationError
from apps.tournaments import chipset, setup
from apps.tournaments.models import Tournament, TournamentTemplate
from apps.tournaments.services import structure_for

PREVIEW_ENTRIES = 10  # the field a preview counts when the director gives no expected entries


@director_required
def tournament_new(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_or_404(request, club_id)
    if request.method == "POST":
        return _post(request, club, None)
    source = request.GET.get("from")
    if source:
        # an id is a few digits: a longer one (10,000 digits is no int Python parses) names no template
        pk = int(source) if source.isdigit() and len(source) <= 18 else 0
        template = TournamentTemplate.objects.filter(club=club, pk=pk).first()
        if template is None:
            raise Http404("no such template")
        data, rows = form_data_of_setup(template.setup)
        data["name"] = ""
        messages.info(request, _("Started from the template “%(name)s”.") % {"name": template.name})
        form = TournamentSetupForm(initial=data)
    else:
        form = TournamentSetupForm()
        levels = structure_for(
            game_kind="five-card-draw", structure=None, template="regular", suggest=None, starting_stack=2000
        )
        rows = [level_row(lv) for lv in levels]
    return _render(request, club, None, form, new_formset(rows))


@director_required
def tournament_edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = tournament_or_404(request, tournament_id)
    if request.method == "POST":
        return _post(request, t.club, t)
    data, rows = form_data_of_setup(setup.setup_of(t))
    form = TournamentSetupForm(initial=data)
    return _render(request, t.club, t, form, new_formset(rows))


def _render(
    request: HttpRequest,
    club: Club,
    t: Tournament | None,
    form: TournamentSetupForm,
    formset: Any,
    *,
    preview: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    return page(
        request,
        "cockpit/tournament_setup.html",
        club=club,
        tournament=t,
        section="setup" if t is not None else "new",
        form=form,
        formset=formset,
        preview=preview,
        templates=TournamentTemplate.objects.filter(club=club),
        editable=t is None or (t.status == Tournament.Status.REGISTERING and not t.tables.exists()),
        status=status,
    )


def _post(request: HttpRequest, club: Club, t: Tournament | None) -> HttpResponse:
    form = TournamentSetupForm(request.POST)
    formset = LevelFormSet(request.POST, prefix="levels")
    action = request.POST.get("action", "save")
    status = 200
    if action == "preset":
        return _preset(request, club, t, formset)
    form_ok = form.is_valid()
    if action == "generate":
        if not form_ok:
            return _render(request, club, t, form, formset, status=400)
        try:
            generated = [level_row(lv) for lv in generated_levels(form)]
        except ApplicationError as exc:
            refusal_to_form(exc, error_text(exc), form, [])
            return _render(request, club, t, form, formset, status=exc.status_code)
        formset = new_formset(generated)
        messages.info(request, _("The levels were generated: change them as you like, then save."))
        return _render(request, club, t, form, formset)
    if not formset.is_valid():
        return _render(request, club, t, form, formset, status=400)
    rows = levels_of_formset(formset)
    if action in ("add_level", "add_break"):
        table = [level_row(lv) for _, lv in rows]
        if action == "add_break":
            table.append({"is_break": True, "minutes": 10})
        else:
            last = next((r for r in reversed(table) if not r["is_break"]), {"minutes": 20})
            table.append({**last, "is_break": False})
        return _render(request, club, t, form, new_formset(table))
    if not form_ok:
        return _render(request, club, t, form, formset, status=400)
    the_setup = setup_of_form(form, [lv for _, lv in rows])
    preview = None
    try:
        preview = _preview(the_setup, form)
        if action == "save_template":
            name = form.cleaned_data.get("template_title") or ""
            setup.tournament_template_save(actor=actor(request), club=club, name=name, setup=the_setup)
            messages.success(request, _("Saved as the template “%(name)s”.") % {"name": name.strip()})
        elif action == "save":
            if t is None:
                t = setup.tournament_setup_create(actor=actor(request), club=club, setup=the_setup)
                messages.success(request, _("Tournament created. Register the players."))
            else:
                setup.tournament_setup_update(actor=actor(request), tournament=t, setup=the_setup)
                messages.success(request, _("The tournament's setup is saved."))
            return redirect("cockpit:registration", tournament_id=t.pk)
    except ApplicationError as exc:
        refusal_to_form(exc, error_text(exc), form, rows)
        status = exc.status_code
    return _render(request, club, t, form, formset, preview=preview, status=status)


def _preset(request: HttpRequest, club: Club, t: Tournament | None, formset: Any) -> HttpResponse:
    """Fill the percentages with Floor's table for the paid places given."""
    data = request.POST.copy()
    try:
        places = int(data.get("paid_places", ""))
        data["percentages"] = ", ".join(setup.percentages_for_places(places))
        data["payout_kind"] = "percentages"
    except (ValueError, ApplicationError):
        form = TournamentSetupForm(data)
        form.is_valid()
        form.add_error("paid_places", _("Give the number of paid places, from 1 to 1000."))
        return _render(request, club, t, form, formset, status=400)
    form = TournamentSetupForm(data)
    form.is_valid()
    return _render(request, club, t, form, formset)


def _preview(the_setup: dict[str, Any], form: TournamentSetupForm) -> dict[str, Any]:
    """The prize pool and payouts for the expected entries, the levels, and the chip set's plan."""
    d = form.cleaned_data
    entries = d.get("players") or PREVIEW_ENTRIES
    s = the_setup["settings"]
    pool = setup.prize_pool_for(entries=entries, buy_in=s["buy_in"], bounty=s["bounty"])
    out: dict[str, Any] = {
        "entries": entries,
        "pays": d["to_pool"] + d["bounty"] + d["fee"],
        "pool": pool,
        "bounties": entries * d["bounty"],
        "fees": entries * d["fee"],
        "payouts": setup.payout_preview(s["payout"], entries=entries, pool=pool),
        "levels": selectors.structure_rows(the_setup["structure"]),
    }
    chips: dict[int, int] = d["chips"]
    if chips and d["stack_chips"]:  # a stack the set cannot make is a refusal on its field, not a warning
        setup.stack_chips_check(
            {str(c): n for c, n in d["stack_chips"].items()}, d["starting_stack"], list(chips)
        )
    if chips:
        try:
            plan = chipset.chip_plan(
                structure=the_setup["structure"],
                denominations=list(chips),
                counts=chips,
                starting_stack=d["starting_stack"],
                entries=entries,
                rebuys=d["expected_rebuys"] if s.get("rebuy_until_level") else 0,
                rebuy_chips=d["rebuy_chips"] if s.get("rebuy_until_level") else 0,
                add_ons=entries if s.get("addon_until_level") else 0,
                add_on_chips=d["addon_chips"] if s.get("addon_until_level") else 0,
                stack=d["stack_chips"] or None,
            )
        except chipset.ChipSetProblem as exc:
            out["chip_problem"] = str(exc)
        else:
            out["plan"] = plan
            out["chip_warnings"] = _chip_warnings(plan, d, entries)
            out["chip_rows"] = [
                {"chip": c, "stack": plan.stack.get(c, 0), "needed": plan.needed[c], "have": n}
                for c, n in chips.items()
            ]
    return out


def _chip_warnings(plan: chipset.ChipPlan, d: dict[str, Any], entries: int) -> list[str]:
    """The chip plan's warnings in the page's language."""
    out = [
        _(
            "The field (%(entries)s stacks with its rebuys and add-ons) needs %(needed)s chips of %(chip)s "
            "and the set has %(have)s (TDA 15: enough chips for the field)."
        )
        % {"entries": entries, "needed": needed, "chip": chip, "have": have}
        if level is None
        else _(
            "After the colour-up before level %(level)s, the field (%(entries)s stacks with its rebuys and "
            "add-ons) needs %(needed)s chips of %(chip)s and the set has %(have)s (TDA 15: the chips raced "
            "off come back as bigger ones)."
        )
        % {"level": level, "entries": entries, "needed": needed, "chip": chip, "have": have}
        for chip, needed, have, level in plan.short
    ]
    if plan.stack_times is not None:
        out.append(
            _(
                "The starting stack is %(times)s times the smallest chip; 80 to 600 times plays best "
                "(Poker Club HQ)."
            )
            % {"times": plan.stack_times}
        )
    return out
