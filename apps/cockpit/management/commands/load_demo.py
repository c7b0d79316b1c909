"""``manage.py load_demo``: a home game to try Floor with, ready to play (idempotent).

Everything is made the way a director would make it, through the services the API and the cockpit call (so
through the same validation): the club, ten players, a cash table with four of them seated, a Five-Card Draw
tournament with the ten registered and waiting for its seat draw, and a league season it counts for. Only
the director's login is made directly (Floor has no sign-up service: a host makes users with Django's own
commands). A second run adds whatever is missing and changes nothing the host has played since.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from apps.accounts.models import Club, Membership, Player, Role
from apps.accounts.permissions import Actor
from apps.accounts.services import club_create, player_create
from apps.engine.errors import EngineError
from apps.engine.games import Game
from apps.standings.models import League, Season, SeasonTournament
from apps.standings.services import league_create, season_create, season_tournament_add
from apps.tables.games import game_from_settings
from apps.tables.models import Hand, Seat, Table
from apps.tables.services import table_create, table_seat_player
from apps.tournaments.models import Entry, Tournament
from apps.tournaments.services import entry_register, tournament_create, tournament_publish

DEMO_USERNAME = "director"
DEMO_PASSWORD = "floor-demo"
CLUB_NAME = "Demo Home Game"
LEGACY_SLUG = "demo"  # what earlier versions of the demo named the club: reused, not duplicated
PLAYERS = ("Ana", "Ben", "Chen", "Dara", "Eli", "Farah", "Gus", "Hana", "Ivan", "Joana")
CASH_TABLE = "Table 1"
CASH_GAME: dict[str, Any] = {"kind": "five-card-draw", "ante": 10}
CASH_STACK = 1000
CASH_PLAYERS = PLAYERS[:4]
TOURNAMENT = "Demo Five-Card Draw Turbo"
TOURNAMENT_GAME: dict[str, Any] = {"kind": "five-card-draw", "ante": 10, "turn_time_limit": 60}
LEAGUE = "Demo League"
SEASON = "This season"


class Command(BaseCommand):
    help = (
        f"Load a demo home game: director login '{DEMO_USERNAME}' / '{DEMO_PASSWORD}', ten players, a cash "
        "table ready to deal, a Five-Card Draw tournament ready for its seat draw and a league season."
    )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        director = _director()
        actor = Actor(user=director)
        club = _club(actor)
        players = {name: _player(actor, club, name) for name in PLAYERS}
        table = _cash_table(actor, club, players)
        tournament = _tournament(actor, club, players)
        season = _season(actor, club, tournament)
        self.stdout.write(
            f"Demo ready: club '{club.name}', cash table '{table.name}' ({len(CASH_PLAYERS)} seated), "
            f"tournament '{tournament.name}' ({tournament.get_status_display().lower()}), league season "
            f"'{season.league.name} · {season.name}'; director login '{DEMO_USERNAME}' / '{DEMO_PASSWORD}'"
        )


def _director() -> Any:
    user_model = get_user_model()
    director = user_model.objects.filter(username=DEMO_USERNAME).first()
    if director is None:
        # staff and superuser: the demo's director may open Django's admin too
        director = user_model.objects.create_superuser(
            username=DEMO_USERNAME, email="", password=DEMO_PASSWORD
        )
    return director


def _club(actor: Actor) -> Club:
    club = (
        Club.objects.filter(slug=LEGACY_SLUG).first()
        or Club.objects.filter(
            name=CLUB_NAME, memberships__user=actor.user, memberships__role=Role.DIRECTOR
        ).first()
    )
    if club is None:
        return club_create(actor=actor, name=CLUB_NAME)
    Membership.objects.get_or_create(club=club, user=actor.user, role=Role.DIRECTOR)
    return club


def _player(actor: Actor, club: Club, name: str) -> Player:
    return Player.objects.filter(club=club, name=name).first() or player_create(
        actor=actor, club=club, name=name
    )


def _cash_table(actor: Actor, club: Club, players: dict[str, Player]) -> Table:
    table = Table.objects.filter(club=club, name=CASH_TABLE).first()
    if table is None:
        table = table_create(actor=actor, club=club, name=CASH_TABLE, game=CASH_GAME, seats_count=6)
    else:
        _repair_game(table)
    if Hand.objects.filter(table=table).exists():
        return table  # played since: the seats are the host's now
    taken = set(Seat.objects.filter(table=table, left_at__isnull=True).values_list("number", flat=True))
    seated = set(
        Seat.objects.filter(table=table, left_at__isnull=True).values_list("player__name", flat=True)
    )
    for number, name in enumerate(CASH_PLAYERS, start=1):
        if name not in seated and number not in taken:
            table_seat_player(actor=actor, table=table, number=number, stack=CASH_STACK, player=players[name])
    return table


def _repair_game(table: Table) -> None:
    """Earlier demos stored the director's settings (``{"kind", "ante"}``) where the engine's game belongs,
    so the table could not deal: store the game those settings make, as ``table_create`` does."""
    try:
        Game.from_json(table.game)
    except (EngineError, KeyError, TypeError, ValueError):
        table.game = game_from_settings(table.game).to_json()
        table.save(update_fields=["game"])


def _tournament(actor: Actor, club: Club, players: dict[str, Player]) -> Tournament:
    t = Tournament.objects.filter(club=club, name=TOURNAMENT).first()
    if t is None:
        t = tournament_create(
            actor=actor,
            club=club,
            name=TOURNAMENT,
            game=TOURNAMENT_GAME,
            starting_stack=2000,
            template="turbo",
            buy_in=20,
            seats_per_table=5,
        )
        t = tournament_publish(actor=actor, tournament=t, published=True)
    if t.status == Tournament.Status.REGISTERING:
        registered = set(Entry.objects.filter(tournament=t).values_list("player__name", flat=True))
        for name in PLAYERS:
            if name not in registered:
                entry_register(actor=actor, tournament=t, player=players[name])
    return t


def _season(actor: Actor, club: Club, tournament: Tournament) -> Season:
    league = League.objects.filter(club=club, name=LEAGUE).first() or league_create(
        actor=actor, club=club, name=LEAGUE, points={"kind": "tlb"}, best_n=8, published=True
    )
    season = Season.objects.filter(league=league, name=SEASON).first() or season_create(
        actor=actor, league=league, name=SEASON
    )
    if not SeasonTournament.objects.filter(tournament=tournament).exists():
        season_tournament_add(actor=actor, season=season, tournament=tournament)
    return season
