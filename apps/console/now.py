"""The table as it is now, for the console between hands: the seats with their current names and stacks (after
a rebuy, an elimination, a move or the final table's redraw the last hand's seats are out of date), the hand
in play, the tournament's state (a finished tournament's console shows its result and deals no more), and
whether the latest hand's last entry may be undone."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from apps.accounts.permissions import Actor
from apps.console import access as acc
from apps.core.errors import json_error_response
from apps.disputes.undo import undo_refusal
from apps.tables.models import Hand, Table
from apps.tables.selectors import table_view
from apps.tournaments.models import Tournament, TournamentTable
from apps.tournaments.selectors import standings_final


def tournament_now(table: Table) -> dict[str, Any] | None:
    """The tournament the table belongs to (None for a cash table), with its places once it is over; a
    broken table (its players moved by a table break or the final table's redraw) says so, with the tables
    still playing: it deals no more."""
    link = TournamentTable.objects.select_related("tournament").filter(table=table).first()
    if link is None:
        return None
    t = link.tournament
    out: dict[str, Any] = {
        "id": t.pk,
        "name": t.name,
        "status": t.status,
        "results": [],
        "table_broken": link.broken_at is not None,
        "tables_playing": [],
    }
    if link.broken_at is not None:
        out["tables_playing"] = list(
            TournamentTable.objects.filter(tournament=t, broken_at__isnull=True)
            .order_by("number")
            .values_list("table__name", flat=True)
        )
    if t.status == Tournament.Status.FINISHED:
        out["results"] = [
            {"place": r["place"], "place_to": r["place_to"], "player": r["player"], "prize": r["prize"]}
            for r in standings_final(tournament=t)["results"]
        ]
    return out


@never_cache
@require_GET
def console_now(request: HttpRequest, table_id: int) -> HttpResponse:
    table = Table.objects.select_related("club").filter(pk=table_id).first()
    if table is None:
        return json_error_response(
            request, status_code=404, code="table_not_found", message=f"no table {table_id}"
        )
    access = acc.console_access(request)
    refusal = acc.table_refusal(access, table)
    if refusal is not None:
        return json_error_response(
            request, status_code=refusal.status, code=refusal.code, message=str(refusal.message)
        )
    last = (
        Hand.objects.filter(table=table, status=Hand.Status.FINISHED)
        .order_by("-number")
        .values("id", "number")
        .first()
    )
    return JsonResponse(
        {
            "table": table_view(table),
            "tournament": tournament_now(table),
            "last_hand": last,
            "undo": undo_now(access.actor, table),
        }
    )


def undo_now(actor: Actor, table: Table) -> dict[str, Any] | None:
    """Whether "Undo my last entry" would be taken at the table's latest hand: ``refused`` is the code the
    server would refuse it with (a hand that eliminated a player, a later hand begun...), None when it
    would be taken, at the hand's ``seq`` (an answer about an earlier seq says nothing of the hand now)."""
    hand = Hand.objects.select_related("table").filter(table=table).order_by("-number").first()
    if hand is None:
        return None
    refusal = undo_refusal(actor, hand)
    return {"hand": hand.pk, "seq": hand.seq, "refused": refusal.code if refusal is not None else None}
