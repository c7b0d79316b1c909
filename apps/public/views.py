"""Public pages (no login): the tournament clock display, standings, league leaderboards, player pages and
hand replays, with CSV/JSON downloads. Thin: find what is published (else 404), read, render."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from apps.core.links import absolute_link
from apps.public import announce, downloads, selectors
from apps.public.charts import line_chart
from apps.public.clockface import clock_config, level_labels, next_break_in
from apps.standings.selectors import BOARD_KEPT_FOR, leaderboard_kept
from apps.tournaments.models import Tournament
from apps.tournaments.selectors import standings_final, standings_live
from apps.tournaments.services import tournament_channel

FORMATS = ("csv", "json")


def _tournament_or_404(tournament_id: int) -> Tournament:
    t = selectors.tournament_published(tournament_id=tournament_id)
    if t is None:
        raise Http404("no published tournament")
    return t


def _standings(t: Tournament) -> dict[str, Any]:
    if t.status == Tournament.Status.FINISHED:
        return {"kind": "final", **standings_final(tournament=t)}
    return {"kind": "live", **standings_live(tournament=t)}


def _qr_svg(url: str, title: str | None = None) -> str:
    import segno

    title = title or gettext("Your seat on your phone")
    return str(segno.make(url, error="m").svg_inline(scale=4, omitsize=True, title=title, dark="#111"))


def _level_number(clock: dict[str, Any] | None) -> int | None:
    if not clock or clock["level"] >= len(clock["structure"]):
        return None
    return clock["structure"][clock["level"]]["number"]


def sound_config(t: Tournament) -> dict[str, Any]:
    """What the TV may say (the director's choice), how it says it, and its bundled chimes."""
    from django.templatetags.static import static

    from apps.room.selectors import room_sounds
    from apps.room.texts import spoken_formats

    return {
        "sounds": room_sounds(tournament=t),
        "formats": spoken_formats(),
        "chime": static("public/chime.wav"),
        "alert": static("public/alert.wav"),
    }


@require_GET
def tournament_clock(request: HttpRequest, tournament_id: int, second: bool = False) -> HttpResponse:
    """The TV (kiosk: no site chrome); ``second``: the second screen's standings and payouts."""
    t = _tournament_or_404(tournament_id)
    live = standings_live(tournament=t)
    clock = t.level_clock
    channel = tournament_channel(t.pk)
    last_id = selectors.live_channel_last_id(channel)
    formats = announce.formats()
    recent = [
        {**a, "text": announce.announcement_text(a["type"], a["data"], formats)}
        for a in selectors.announcements_recent(channel=channel, last_id=last_id)
    ]
    standings_url = reverse("public:standings", args=[t.pk])
    me_url = reverse("public:me-index", args=[t.pk])
    config: dict[str, Any] = {
        "tournament_stream": reverse("live-tournament", args=[t.pk]),
        "tournament_last_id": last_id,
        "standings_json": reverse("public:standings-download", args=[t.pk, "json"]),
        "formats": formats,
        "labels": level_labels(),
        "clock": None,
        "sound": sound_config(t),
        "board_seat": gettext("table %(table)s, seat %(seat)s"),
    }
    level = live["level"]
    if clock is not None:
        config["clock"] = clock_config(clock, level)
    context = {
        "tournament": t,
        "live": live,
        "config": config,
        "announcements": recent,
        "next_break": next_break_in(config["clock"]) if config["clock"] else None,
        "level_number": _level_number(config["clock"]),
        "qr": _qr_svg(absolute_link(request, me_url)),
        "standings_url": standings_url,
        "me_url": me_url,
        "second": second,
    }
    return render(request, "public/clock_second.html" if second else "public/clock.html", context)


@require_GET
def public_index(request: HttpRequest) -> HttpResponse:
    return render(request, "public/index.html", selectors.published_index())


@require_GET
def tournament_standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    t = _tournament_or_404(tournament_id)
    context = {
        "tournament": t,
        "standings": _standings(t),
        "hands": selectors.tournament_hands(tournament=t),
        "last_id": selectors.live_channel_last_id(tournament_channel(t.pk)),
    }
    return render(request, "public/standings.html", context)


@require_GET
def tournament_standings_download(request: HttpRequest, tournament_id: int, fmt: str) -> HttpResponse:
    if fmt not in FORMATS:
        raise Http404("csv or json")
    t = _tournament_or_404(tournament_id)
    data = _standings(t)
    name = f"standings-{t.pk}"
    if fmt == "csv":
        return downloads.csv_response(
            downloads.standings_rows(data), downloads.STANDINGS_COLUMNS, f"{name}.csv"
        )
    return downloads.json_response(data, f"{name}.json")


def _season_or_404(league_id: int, season_id: int) -> Any:
    season = selectors.season_published(league_id=league_id, season_id=season_id)
    if season is None:
        raise Http404("no published league season")
    return season


LEADERBOARD_PAGE = 100  # rows per leaderboard page


@require_GET
def season_leaderboard(request: HttpRequest, league_id: int, season_id: int) -> HttpResponse:
    season = _season_or_404(league_id, season_id)
    # one page of the board: a season of a thousand tournaments has thousands of players, and rendering
    # them all took most of the page's time; the downloads carry the whole board
    try:
        page = max(1, int(request.GET.get("page", "1")))
    except ValueError:
        page = 1
    # built once per change of the season and kept (the SQL over a season's results is most of the cost)
    board, version = leaderboard_kept(
        season=season, limit=LEADERBOARD_PAGE, offset=(page - 1) * LEADERBOARD_PAGE, published_only=True
    )
    pages = max(1, -(-board["players"] // LEADERBOARD_PAGE))
    rows = downloads.leaderboard_rows(board)
    context = {
        "season": season,
        "league": season.league,
        "board": board,
        "seasons": selectors.league_seasons(league_id=league_id),
    }
    # The table is rendered once per version of the board, page and language (its hundred rows of links and
    # labels cost more than the rest of the page); the names in the key show a renamed player at once.
    names = hashlib.sha256(repr([(r["player_id"], r["player"]) for r in rows]).encode()).hexdigest()[:16]
    key = f"public:leaderboard:{version}:{page}:{translation.get_language()}:{names}"
    board_html = cache.get(key)
    if board_html is None:
        table = {
            "rows": rows,
            "page": page,
            "pages": pages,
            "previous_page": page - 1 if page > 1 else None,
            "next_page": page + 1 if page < pages else None,
        }
        board_html = render_to_string("public/leaderboard_board.html", table)
        cache.set(key, board_html, BOARD_KEPT_FOR)
    context["board_html"] = mark_safe(board_html)
    return render(request, "public/leaderboard.html", context)


@require_GET
def season_leaderboard_download(
    request: HttpRequest, league_id: int, season_id: int, fmt: str
) -> HttpResponse:
    if fmt not in FORMATS:
        raise Http404("csv or json")
    season = _season_or_404(league_id, season_id)
    board, _version = leaderboard_kept(season=season, published_only=True)
    name = f"leaderboard-{league_id}-{season_id}"
    if fmt == "csv":
        return downloads.csv_response(
            downloads.leaderboard_rows(board), downloads.LEADERBOARD_COLUMNS, f"{name}.csv"
        )
    return downloads.json_response(board, f"{name}.json")


@require_GET
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    record = selectors.player_public(player_id=player_id)
    if record is None:
        raise Http404("nothing published for this player")
    history = record["rating_history"]
    rating_chart = None
    if history:
        values = [history[0]["before"]] + [h["after"] for h in history]
        tips = [gettext("Before the first rated game: %(r)s") % {"r": values[0]}] + [
            f"{h['tournament']}: {h['after']}" for h in history
        ]
        rating_chart = line_chart(values, label=gettext("Rating history"), x_label=gettext("Rated games"),
                                  point_labels=tips)  # fmt: skip
    chip_chart, chip_tournament = None, None
    tournaments = record["tournaments"]
    if tournaments:
        wanted = request.GET.get("tournament")
        ids = [pk for pk, _ in tournaments]
        chosen = (
            int(wanted)
            if wanted and wanted.isascii() and wanted.isdecimal() and int(wanted) in ids
            else ids[0]
        )
        chip_tournament = next((pk, name) for pk, name in tournaments if pk == chosen)
        t = Tournament.objects.get(pk=chosen)
        points = selectors.chip_history(tournament=t, player_id=player_id)
        if len(points) > 1:
            tips = [gettext("Start: %(chips)s") % {"chips": points[0]["chips"]}] + [
                gettext("Hand %(number)s: %(chips)s") % p for p in points[1:]
            ]
            chip_chart = line_chart(
                [p["chips"] for p in points],
                label=gettext("Chip count through %(tournament)s") % {"tournament": t.name},
                x_label=gettext("Hands played"),
                point_labels=tips,
                baseline_zero=True,
            )
    context = {
        **record,
        "points_rows": [{**r, "points_text": downloads.points_text(r["points"])} for r in record["points"]],
        "rating_chart": rating_chart,
        "chip_chart": chip_chart,
        "chip_tournament": chip_tournament,
    }
    return render(request, "public/player.html", context)


@require_GET
def hand_replay(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = selectors.hand_published(hand_id=hand_id)
    if hand is None:
        raise Http404("no published hand")
    from apps.public.floorcall import floor_call_offer
    from apps.public.replay import hand_replay as replay

    data = replay(
        game=hand.game,
        seats=hand.seats,
        button=hand.button,
        number=hand.number,
        actions=selectors.hand_actions(hand=hand),
    )
    tt = getattr(hand.table, "tournament_table", None)
    context = {
        "hand": hand,
        "table": hand.table,
        "tournament": tt.tournament if tt is not None and tt.tournament.published else None,
        "replay": data,
        "steps": data["steps"],
        "last_index": len(data["steps"]) - 1,
        "floor_call": floor_call_offer(request, hand),
        "floor_called": request.GET.get("called", "") if request.GET.get("called", "").isdigit() else "",
    }
    return render(request, "public/replay.html", context)
