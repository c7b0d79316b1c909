"""Given-helpers for the public pages: a published running tournament with hands played, a side-pot hand at a
published table, a league season with results; all made through the services (or factories for rows)."""

from __future__ import annotations

import random
from typing import Any

from django.test import Client

from apps.accounts.permissions import Actor
from apps.tables.models import Hand
from apps.tournaments import seating, services
from apps.tournaments.models import Tournament
from tests.factories import ClubFactory, director_of
from tests.tournaments.helpers import given_tournament, open_tables, play_hand, quiet

LANGUAGES = ("en", "id", "ru", "pt")
ACES, KINGS, QUEENS = "AhAdAcKd9s", "KhKcKsQd9d", "QhQcQs2d3d"


def running_tournament(
    players: int = 8, *, published: bool = True, hands: int = 2, **settings: Any
) -> Tournament:
    """Seats drawn (tables of six), the clock running, ``hands`` quiet hands played at the first table."""
    club = ClubFactory()
    actor = Actor(user=director_of(club))
    settings.setdefault("seats_per_table", 6)
    t = given_tournament(club, actor, players, **settings)
    seating.tournament_start(actor=actor, tournament=t)
    if published:
        services.tournament_publish(actor=actor, tournament=t, published=True)
    rng = random.Random(10)
    table = open_tables(t)[0].table
    for _ in range(hands):
        play_hand(actor, table, rng, quiet)
    t.refresh_from_db()
    t.director = actor  # type: ignore[attr-defined]  (the tests act as the director)
    return t


class _Api:
    def __init__(self, client: Client) -> None:
        self.client = client

    def post(self, path: str, body: Any) -> dict[str, Any]:
        response = self.client.post(path, body, content_type="application/json")
        assert response.status_code in (200, 201), response.json()
        return dict(response.json())

    def act(self, hand: dict[str, Any], **event: Any) -> dict[str, Any]:
        return self.post(f"/api/hands/{hand['id']}/events/", {"expected_seq": hand["seq"], **event})


def side_pot_hand(*, published: bool = True) -> Hand:
    """Five-Card Draw, no ante: Ann (seat 1) 50, Bob (seat 2) 120, Cy (seat 3) 300, button on 3. Ann bets
    all in, Bob raises all in to 120, Cy calls; all stand pat; Ann shows trip aces, Bob kings, Cy queens:
    Ann wins the main pot (150), Bob the side pot (140). Nine actions."""
    club = ClubFactory()
    client = Client()
    client.force_login(director_of(club))
    api = _Api(client)
    game = {"kind": "five-card-draw", "ante": 0, "bet_unit": 10}
    table = api.post(
        "/api/tables/", {"club": club.pk, "name": "Side pots", "game": game, "published": published}
    )
    for seat, (name, stack) in enumerate((("Ann", 50), ("Bob", 120), ("Cy", 300)), start=1):
        api.post(f"/api/tables/{table['id']}/seats/", {"seat": seat, "player_name": name, "stack": stack})
    hand = api.post(f"/api/tables/{table['id']}/hands/", {"button": 3})
    hand = api.act(hand, type="bet", seat=1, amount=50)
    hand = api.act(hand, type="raise", seat=2, amount=120)
    hand = api.act(hand, type="call", seat=3)
    for seat in (1, 2, 3):
        hand = api.act(hand, type="draw", seat=seat, count=0)
    for seat, cards in ((1, ACES), (2, KINGS), (3, QUEENS)):
        hand = api.act(hand, type="show", seat=seat, cards=cards)
    assert hand["status"] == "finished"
    return Hand.objects.get(pk=hand["id"])
