"""Given-helpers for clock-only games: a running Hold'em tournament made through the services, and one
played to its winner by "player out" entries (the last entry registered goes out first)."""

from __future__ import annotations

from typing import Any

from apps.accounts.permissions import Actor
from apps.tournaments import clockonly, seating, services
from apps.tournaments.models import Entry, Tournament

BLINDS = [
    {"seconds": 1200, "small_blind": 25, "big_blind": 50},
    {"seconds": 1200, "small_blind": 50, "big_blind": 100},
]


def given_holdem(
    club: Any, actor: Actor, players: int, *, names: list[str] | None = None, **settings: Any
) -> Tournament:
    settings.setdefault("name", "Hold'em night")
    t = services.tournament_create(
        actor=actor,
        club=club,
        game={},
        starting_stack=5000,
        structure=BLINDS,
        seed=3,
        buy_in=settings.pop("buy_in", 100),
        game_kind="clock_only",
        game_name="Hold'em",
        **settings,
    )
    for name in names or [f"H{i + 1}" for i in range(players)]:
        services.entry_register(actor=actor, tournament=t, player_name=name)
    seating.tournament_start(actor=actor, tournament=t)
    t.refresh_from_db()
    return t


def playing(t: Tournament) -> list[Entry]:
    return list(
        Entry.objects.filter(tournament=t, status=Entry.Status.PLAYING).select_related("seat").order_by("pk")
    )


def play_out(actor: Actor, t: Tournament, *, left: int = 1) -> None:
    """Players go out, the last registered first, each knocked out by the first registered, until ``left``
    are left (1: the tournament is won)."""
    while len(alive := playing(t)) > left:
        clockonly.entry_out_record(actor=actor, entry=alive[-1], knocked_out_by=alive[0])
    t.refresh_from_db()
