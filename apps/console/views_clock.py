"""The console at a clock-only table (a game Floor does not referee, :mod:`apps.tournaments.clockonly`): no
hands, only "player out" (and who knocked them out) and chip counts, as forms the page posts back here
(POST-redirect-GET). Who may use it is the console's own rule (:mod:`apps.console.access`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from apps.console import access as acc
from apps.core.errors import ApplicationError
from apps.core.i18n import error_message
from apps.tables.models import Table
from apps.tournaments import clockonly
from apps.tournaments.models import Entry, Tournament


def _int(raw: object) -> int | None:
    text = str(raw or "").strip()
    return int(text) if text.isdigit() and len(text) <= 13 else None


def _refused_text(exc: ApplicationError) -> str:
    return _("Refused: %(message)s (code %(code)s)") % {
        "message": error_message(exc.code, exc.detail, exc.message),
        "code": exc.code,
    }


def clock_only_page(
    request: HttpRequest, table: Table, t: Tournament, access: acc.Access, status: int = 200
) -> HttpResponse:
    players = clockonly.players_at(table)
    response = render(
        request,
        "console/clock_only.html",
        {"table": table, "tournament": t, "players": players, "access": access},
        status=status,
    )
    response["Referrer-Policy"] = "same-origin"
    return response


def _back(table_id: int) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("console:table", args=[table_id]), status=303)


def _entry(table: Table, raw: object) -> Entry | None:
    pk = _int(raw)
    if pk is None:
        return None
    return (
        Entry.objects.select_related("player", "seat")
        .filter(pk=pk, seat__table=table, seat__left_at__isnull=True)
        .first()
    )


@never_cache
@require_POST
def clock_only_action(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    """``out`` (``entry``, optional ``knocked_out_by``) or ``count`` (``entry``, ``chips``)."""
    table = Table.objects.select_related("club").filter(pk=table_id).first()
    access = acc.console_access(request)
    refusal = acc.table_refusal(access, table) if table is not None else acc.OTHER_TABLE
    if refusal is not None or table is None:
        refusal = refusal or acc.OTHER_TABLE
        return render(request, "console/refused.html", {"refusal": refusal}, status=refusal.status)
    t = clockonly.tournament_of_table(table)

    def refused(words: str, status: int = 400) -> HttpResponse:
        """The page again with the refusal on it and its 4xx status: nothing was written."""
        messages.error(request, words)
        if t is None:
            return _back(table.pk)
        return clock_only_page(request, table, t, access, status)

    e = _entry(table, request.POST.get("entry"))
    if e is None:
        return refused(_("Choose a player seated at this table."))
    try:
        if action == "out":
            raw_by = request.POST.get("knocked_out_by") or None
            by = _entry(table, raw_by) if raw_by else None
            if raw_by and by is None:
                return refused(_("Who knocked them out is a player seated at this table."))
            out = clockonly.entry_out_record(actor=access.actor, entry=e, knocked_out_by=by)
            if out.status == Entry.Status.BUSTED:
                messages.success(
                    request,
                    _("%(name)s is out of chips and may rebuy: the director decides at the desk.")
                    % {"name": e.player.name},
                )
            else:
                messages.success(
                    request,
                    _("%(name)s is out in place %(place)s.") % {"name": e.player.name, "place": out.place},
                )
        elif action == "count":
            chips = _int(request.POST.get("chips"))
            if chips is None:
                return refused(_("Give the chips counted, a whole number."))
            clockonly.entry_chips_count(actor=access.actor, entry=e, chips=chips)
            messages.success(
                request, _("%(name)s has %(chips)s chips.") % {"name": e.player.name, "chips": chips}
            )
        else:
            return refused(_("Unknown action."), 404)
    except ApplicationError as exc:
        return refused(_refused_text(exc), exc.status_code)
    return _back(table.pk)
