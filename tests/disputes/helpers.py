"""Given-helpers for the dispute tests: a club table with players, hands played through the table services."""

from __future__ import annotations

from typing import Any

from apps.accounts.permissions import Actor
from apps.engine.hand import HandState
from apps.tables import services as tables
from apps.tables.models import Hand, Table
from tests.factories import ClubFactory, director_of


def given_table(players: int = 3, stack: int = 1000, ante: int = 10) -> tuple[Table, Actor]:
    club = ClubFactory()
    director = Actor(user=director_of(club))
    table = tables.table_create(
        actor=director, club=club, name="Table 1", game={"kind": "five-card-draw", "ante": ante}
    )
    for n in range(1, players + 1):
        tables.table_seat_player(actor=director, table=table, number=n, stack=stack, player_name=f"P{n}")
    return table, director


def record(actor: Actor, hand: Hand, event: dict[str, Any]) -> Hand:
    return tables.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event).hand


def legal(hand: Hand) -> dict[str, Any]:
    return {a["type"]: a for a in HandState.from_json(hand.state).legal_actions()}


def to_act(hand: Hand) -> int:
    seat = HandState.from_json(hand.state).to_act
    assert seat is not None
    return seat


def given_player_user(club: Any, player: Any, role: str = "player") -> Actor:
    """A login for ``player`` (a club player linked to a user with the player role)."""
    from tests.factories import MembershipFactory, UserFactory

    user = UserFactory()
    MembershipFactory(club=club, user=user, role=role)
    player.user = user
    player.save(update_fields=["user"])
    return Actor(user=user)
