"""factory_boy factories for the models the tests need."""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth import get_user_model

from apps.accounts.models import Club, DealerAssignment, Membership, Player, Role
from apps.engine.games import five_card_draw
from apps.tables.models import Seat, Table


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pw-for-tests")


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.PLAYER


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Table {n}")
    game = factory.LazyFunction(lambda: five_card_draw().to_json())
    seats_count = 6


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    table = factory.SubFactory(TableFactory)
    number = factory.Sequence(lambda n: n % 6 + 1)
    player = factory.LazyAttribute(lambda o: PlayerFactory(club=o.table.club))
    stack = 2000


def director_of(club: Club, username: str | None = None):  # type: ignore[no-untyped-def]
    user = UserFactory(username=username) if username else UserFactory()
    MembershipFactory(club=club, user=user, role=Role.DIRECTOR)
    return user


def dealer_of(table: Table, username: str | None = None):  # type: ignore[no-untyped-def]
    user = UserFactory(username=username) if username else UserFactory()
    MembershipFactory(club=table.club, user=user, role=Role.DEALER)
    DealerAssignment.objects.create(user=user, table=table)
    return user


# --- tournaments and leagues ------------------------------------------------------------------------------


class TournamentFactory(factory.django.DjangoModelFactory):
    """A tournament row only (no clock, no tables): for selectors and standings. Flows use the services."""

    class Meta:
        model = "tournaments.Tournament"

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Event {n}")
    game = factory.LazyFunction(lambda: {"kind": "five-card-draw"})
    starting_stack = 10000
    buy_in = 100


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tournaments.Entry"

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.LazyAttribute(lambda o: PlayerFactory(club=o.tournament.club))


class LeagueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "standings.League"

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"League {n}")
    points = factory.LazyFunction(lambda: {"kind": "table", "table": [10000, 7000, 5000, 3000, 1000]})
    best_n = None


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "standings.Season"

    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: f"Season {n}")


class SeasonResultFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "standings.SeasonResult"

    season = factory.SubFactory(SeasonFactory)
    tournament = factory.LazyAttribute(lambda o: TournamentFactory(club=o.season.league.club))
    player = factory.LazyAttribute(lambda o: PlayerFactory(club=o.season.league.club))
    place = 1
    entries = 10
    prize = 0
    points = 0


def device_at_a_hand() -> dict[str, Any]:
    """A club's table of three seated players, its device, and the first hand dealt there by the director:
    {"device", "token", "hand", "director" (an Actor), "club"}."""
    from apps.accounts.permissions import Actor
    from apps.accounts.services import device_issue
    from apps.tables.services import hand_start

    club = ClubFactory()
    director = Actor(user=director_of(club))
    table = TableFactory(club=club)
    for number in (1, 2, 3):
        SeatFactory(table=table, number=number, stack=5000)
    device, token = device_issue(actor=director, club=club, name="tablet", table_ids=[table.pk])
    hand = hand_start(actor=director, table=table, button=3)
    return {"device": device, "token": token, "hand": hand, "director": director, "club": club}
