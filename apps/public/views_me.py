"""A player's own page on their phone (no login): from the TV's QR code, "who are you?", then the page of one
entry: their table and seat, their chips after the last hand, the clock, their move pushed live, their place
and prize once out, the standings a tap away. It shows only what the public standings show (which already
say who sits where); the personal link the registration desk shows is the same page's address."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from apps.public import selectors
from apps.public.clockface import clock_config, level_labels
from apps.tournaments.models import Entry, Tournament
from apps.tournaments.selectors import standings_live
from apps.tournaments.services import tournament_channel


def _published(tournament_id: int) -> Tournament:
    t = selectors.tournament_published(tournament_id=tournament_id)
    if t is None:
        raise Http404("no published tournament")
    return t


def _entry(t: Tournament, entry_id: int) -> Entry:
    e = Entry.objects.select_related("player").filter(tournament=t, pk=entry_id).first()
    if e is None:
        raise Http404("no such entry")
    return e


def me_view(live: dict[str, Any], entry_id: int) -> dict[str, Any]:
    """The entry's line of the live standings: playing (chips, rank, seat) or out (place, prize)."""
    for row in live["alive"]:
        if row["entry"] == entry_id:
            return {"state": "playing", **row}
    for row in live["out"]:
        if row["entry"] == entry_id:
            return {"state": "out", **row}
    return {"state": "waiting", "entry": entry_id}


@require_GET
def me_index(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Who are you? Every entry by name, each linking to its page."""
    t = _published(tournament_id)
    entries = Entry.objects.filter(tournament=t).select_related("player").order_by("player__name", "number")
    return render(request, "public/me_index.html", {"tournament": t, "entries": entries})


@require_GET
def me_page(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    t = _published(tournament_id)
    entry = _entry(t, entry_id)
    live = standings_live(tournament=t)
    me = me_view(live, entry.pk)
    clock = t.level_clock
    level = live["level"]
    config: dict[str, Any] = {
        "entry": entry.pk,
        "player": entry.player.name,
        "tournament_stream": reverse("live-tournament", args=[t.pk]),
        "tournament_last_id": selectors.live_channel_last_id(tournament_channel(t.pk)),
        "standings_json": reverse("public:standings-download", args=[t.pk, "json"]),
        "labels": level_labels(),
        "formats": {},
        "listen": [
            "seated",
            "seat_move",
            "moves_confirmed",
            "table_broken",
            "busted",
            "rebuy",
            "add_on",
            "eliminated",
            "elimination_undone",
            "chip_race",
            "deal",
            "finished",
        ],
        "me": {
            "move": gettext("%(player)s: go to table %(table)s, seat %(seat)s"),
            "seat": gettext("Table %(table)s, seat %(seat)s"),
            "out": gettext("Out in place %(place)s"),
            "prize": gettext("You win %(prize)s"),
            "no_seat": gettext("Not seated yet"),
        },
        "clock": None,
    }
    if clock is not None:
        config["clock"] = clock_config(clock, level)
    number = None
    if config["clock"] and level and level["level"] < len(config["clock"]["structure"]):
        number = config["clock"]["structure"][level["level"]]["number"]
    context = {
        "tournament": t,
        "entry": entry,
        "me": me,
        "live": live,
        "config": config,
        "level_number": number,
        "standings_url": reverse("public:standings", args=[t.pk]),
    }
    return render(request, "public/me.html", context)


@require_GET
def me_qr(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    """The entry's page as a QR code, for the registration desk to show."""
    import segno

    t = _published(tournament_id)
    entry = _entry(t, entry_id)
    link = request.build_absolute_uri(reverse("public:me", args=[t.pk, entry.pk]))
    svg = segno.make(link, error="m").svg_inline(scale=6, omitsize=True, title=entry.player.name, dark="#000")
    return HttpResponse(svg, content_type="image/svg+xml")
