"""Reads for the public pages. Only what is published: a tournament or league that is not published, its hands
and the players' results in it, are not found (None; the views answer 404). Each selector runs a fixed number
of queries whatever the number of rows; the standings and leaderboards come from the tournaments' and
standings' own selectors."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from apps.accounts.models import Player
from apps.clocks.live import live_events_after
from apps.clocks.models import LiveChannel
from apps.standings.models import RatingHistory, Season, SeasonResult
from apps.tables.models import Hand, HandEvent
from apps.tournaments.models import Entry, Tournament

ANNOUNCED = (
    "started",
    "seated",
    "seat_move",
    "table_broken",
    "busted",
    "rebuy",
    "add_on",
    "eliminated",
    "hand_for_hand",
    "finished",
)


def tournament_published(*, tournament_id: int) -> Tournament | None:
    """The tournament with its level clock, if it is published (one query)."""
    return Tournament.objects.select_related("level_clock").filter(pk=tournament_id, published=True).first()


def published_index(*, limit: int = 50) -> dict[str, Any]:
    """The latest published tournaments and the seasons of published leagues (two queries)."""
    tournaments = list(
        Tournament.objects.filter(published=True)
        .select_related("club")
        .order_by("-created_at", "-pk")
        .values("pk", "name", "status", "club__name", "created_at")[:limit]
    )
    seasons = list(
        Season.objects.filter(league__published=True)
        .order_by("league__name", "league_id", "pk")
        .values("pk", "name", "league_id", "league__name", "league__club__name")[:limit]
    )
    return {"tournaments": tournaments, "seasons": seasons}


def tournament_hands(*, tournament: Tournament, limit: int = 30) -> list[dict[str, Any]]:
    """The latest finished hands of the tournament, for their replays (one query)."""
    rows = (
        Hand.objects.filter(table__tournament_table__tournament=tournament, status=Hand.Status.FINISHED)
        .order_by("-finished_at", "-pk")
        .values("pk", "number", "table__tournament_table__number", "finished_at")[:limit]
    )
    return [dict(row) for row in rows]


def live_channel_last_id(channel: str) -> int:
    """The id of the channel's latest live event (0: none yet); a page starts its stream after it."""
    return LiveChannel.objects.filter(name=channel).values_list("last_id", flat=True).first() or 0


def announcements_recent(*, channel: str, last_id: int, count: int = 8) -> list[dict[str, Any]]:
    """The latest seat moves, eliminations and the like of a tournament's live channel, newest first."""
    events = live_events_after(channel, max(0, last_id - 40), limit=40)
    picked = [e for e in events if e.type in ANNOUNCED][-count:]
    return [{"id": e.event_id, "type": e.type, "data": e.data} for e in reversed(picked)]


def season_published(*, league_id: int, season_id: int) -> Season | None:
    """The season with its league, if the league is published (one query)."""
    return (
        Season.objects.select_related("league")
        .filter(pk=season_id, league_id=league_id, league__published=True)
        .first()
    )


def league_seasons(*, league_id: int) -> list[dict[str, Any]]:
    return [
        {"id": pk, "name": name}
        for pk, name in Season.objects.filter(league_id=league_id).order_by("pk").values_list("pk", "name")
    ]


def _published_tournaments() -> Q:
    return Q(tournament__published=True)


def player_public(*, player_id: int) -> dict[str, Any] | None:
    """A player's published record: results in published tournaments, points in published leagues, the
    rating's history over published rated games (four queries). None if nothing of theirs is published."""
    player = Player.objects.filter(pk=player_id).select_related("club").first()
    if player is None:
        return None
    entries = list(
        Entry.objects.filter(_published_tournaments(), player=player)
        .select_related("tournament")
        .order_by("-tournament__created_at", "-tournament_id", "number")
    )
    points = list(
        SeasonResult.objects.filter(_published_tournaments(), player=player, season__league__published=True)
        .select_related("season__league", "tournament")
        .order_by("-tournament_id")
    )
    if not entries and not points:
        return None
    history = list(
        RatingHistory.objects.filter(_published_tournaments(), rating__player=player)
        .select_related("tournament")
        .order_by("pk")
    )
    from apps.engine.tournament.ratings import Rating

    return {
        "player": player,
        "results": [
            {
                "tournament_id": e.tournament_id,
                "tournament": e.tournament.name,
                "date": e.tournament.finished_at or e.tournament.started_at or e.tournament.created_at,
                "status": e.tournament.status,
                "entry_number": e.number,
                "place": e.place,
                "place_to": e.place_to,
                "prize": e.prize,
                "bounties": e.bounties_won,
            }
            for e in entries
        ],
        "points": [
            {
                "league_id": r.season.league_id,
                "season_id": r.season_id,
                "season": f"{r.season.league.name}: {r.season.name}",
                "tournament_id": r.tournament_id,
                "tournament": r.tournament.name,
                "place": r.place,
                "entries": r.entries,
                "points": r.points,
            }
            for r in points
        ],
        "rating_history": [
            {
                "tournament_id": h.tournament_id,
                "tournament": h.tournament.name,
                "place": h.place,
                "before": Rating(h.mu_before, h.sigma_before).display,
                "after": Rating(h.mu_after, h.sigma_after).display,
            }
            for h in history
        ],
        "tournaments": list(dict.fromkeys((e.tournament_id, e.tournament.name) for e in entries)),
    }


def chip_history(*, tournament: Tournament, player_id: int) -> list[dict[str, Any]]:
    """The player's stack after each finished hand they played in the tournament, in the order the hands
    finished, starting from the starting stack (one query; a re-entry starts again from a full stack)."""
    hands = (
        Hand.objects.filter(table__tournament_table__tournament=tournament, status=Hand.Status.FINISHED)
        .order_by("finished_at", "pk")
        .values_list("pk", "number", "seats", "result")
    )
    points: list[dict[str, Any]] = [{"hand": None, "number": 0, "chips": tournament.starting_stack}]
    pid = str(player_id)
    for pk, number, seats, result in hands:
        seat = next((s["seat"] for s in seats if str(s.get("player_id")) == pid), None)
        if seat is None or not result:
            continue
        chips = (result.get("stacks") or {}).get(str(seat))
        if chips is not None:
            points.append({"hand": pk, "number": number, "chips": int(chips)})
    return points


def hand_published(*, hand_id: int) -> Hand | None:
    """A finished hand played in a published tournament, or at a published table outside any tournament (one
    query). A tournament's tables follow the tournament: unpublishing it hides their hands."""
    cash_table = Q(table__tournament_table__isnull=True, table__published=True)
    return (
        Hand.objects.select_related("table__tournament_table__tournament")
        .filter(pk=hand_id, status=Hand.Status.FINISHED)
        .filter(cash_table | Q(table__tournament_table__tournament__published=True))
        .first()
    )


def hand_actions(*, hand: Hand) -> list[dict[str, Any]]:
    """The actions that stand (voided ones left out), in order (one query)."""
    return list(
        HandEvent.objects.filter(hand=hand, kind=HandEvent.Kind.ACTION, voided_by__isnull=True)
        .order_by("seq")
        .values_list("payload", flat=True)
    )
