"""Calling the floor outside the console: a player from a recent hand's replay page (the dispute raised, the
cockpit told; nothing offered on an old hand or to a stranger), and the club's floor stream, which only the
club's directors follow."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from apps.accounts.permissions import Actor
from apps.clocks.models import LiveEvent
from apps.disputes.floor import floor_channel
from apps.disputes.models import Dispute
from apps.tables import services
from apps.tables.models import Hand
from tests.disputes.helpers import given_player_user
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


@pytest.fixture
def published(table: Any) -> Any:
    table.published = True
    table.save(update_fields=["published"])
    return table


def test_a_player_of_a_recent_hand_calls_the_floor_from_its_replay(published, club, director):
    from apps.engine.hand import HandState

    actor = Actor(user=director)
    hand = services.hand_start(actor=actor, table=published)
    while hand.status != Hand.Status.FINISHED:
        seat = HandState.from_json(hand.state).to_act
        hand = services.hand_event_record(
            actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event={"type": "fold", "seat": seat}
        ).hand
    player = given_player_user(club, published.seats.get(number=2).player)
    client = Client()
    client.force_login(player.user)

    page = client.get(f"/hands/{hand.pk}/replay/")
    assert page.status_code == 200 and b'id="floor-call"' in page.content
    stranger = Client()
    stranger.force_login(UserFactory())
    assert b'id="floor-call"' not in stranger.get(f"/hands/{hand.pk}/replay/").content
    assert b'id="floor-call"' not in Client().get(f"/hands/{hand.pk}/replay/").content

    answer = client.post(
        f"/hands/{hand.pk}/call-the-floor/", {"kind": "accounting", "description": "my ante was taken twice"}
    )

    dispute = Dispute.objects.get()
    assert answer.status_code == 303 and answer["Location"].endswith(f"?called={dispute.pk}#floor")
    assert (dispute.hand, dispute.role, dispute.kind) == (hand, "player", "accounting")
    assert LiveEvent.objects.filter(channel_id=floor_channel(club.pk), type="floor_called").count() == 1
    assert b"The director has been called" in client.get(answer["Location"]).content

    empty = client.post(f"/hands/{hand.pk}/call-the-floor/", {"kind": "reading", "description": " "})
    assert empty.status_code == 400 and Dispute.objects.count() == 1


def test_the_floor_stream_is_the_clubs_directors(club, director):
    other = UserFactory()
    boss, stranger = Client(), Client()
    boss.force_login(director)
    stranger.force_login(other)
    url = f"/api/live/clubs/{club.pk}/floor/"

    assert Client().get(url).status_code == 401
    assert stranger.get(url).status_code == 403
    page = boss.get(f"/cockpit/clubs/{club.pk}/disputes/")
    assert b'id="floor-calls"' in page.content and url.encode() in page.content
