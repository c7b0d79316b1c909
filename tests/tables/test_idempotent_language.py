"""An idempotent retry gets the first request's result, rendered again in the retry's own language: the
stored answer is the domain result (the seq, the state it reached, the clock as armed), not a rendered
body."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
from apps.engine.games import five_card_draw
from apps.tables.models import HandEvent, IdempotentAnswer
from apps.tables.services import hand_start
from tests.factories import ClubFactory, SeatFactory, TableFactory, director_of

pytestmark = pytest.mark.django_db


def test_a_retry_in_another_language_gets_the_same_result_in_its_own_language() -> None:
    # given a heads-up hand where the seat to act folds, which ends the hand, sent with an Idempotency-Key
    club = ClubFactory()
    director = Actor(user=director_of(club))
    table = TableFactory(club=club, game=five_card_draw().to_json())
    SeatFactory(table=table, number=1, stack=1000)
    SeatFactory(table=table, number=2, stack=1000)
    _, token = device_issue(actor=director, club=club, name="tablet", table_ids=[table.pk])
    hand = hand_start(actor=director, table=table, button=1)
    client = Client(HTTP_AUTHORIZATION=f"Device {token}")
    body = {"expected_seq": hand.seq, "type": "fold", "seat": hand.state["to_act"]}

    def post(lang: str):  # type: ignore[no-untyped-def]
        return client.post(
            f"/api/hands/{hand.pk}/events/",
            body,
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY="fold-1",
            HTTP_ACCEPT_LANGUAGE=lang,
        )

    # when it is sent in English, then retried in Portuguese
    english = post("en")
    portuguese = post("pt")

    # then one event is written, the retry is marked as a replay of the same result...
    assert (english.status_code, portuguese.status_code) == (201, 201), portuguese.json()
    assert portuguese["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in english
    assert HandEvent.objects.filter(hand=hand).count() == 1
    assert IdempotentAnswer.objects.filter(hand=hand).count() == 1
    first, again = english.json(), portuguese.json()
    assert first["status"] == again["status"] == "finished"
    assert (first["seq"], first["result"]["received"]) == (again["seq"], again["result"]["received"])
    # ...but its explanation is in Portuguese, as the hand reads to a Portuguese reader now
    assert first["result"]["explanation"] != again["result"]["explanation"]
    read = client.get(f"/api/hands/{hand.pk}/", HTTP_ACCEPT_LANGUAGE="pt").json()
    assert again["result"]["explanation"] == read["result"]["explanation"]
    assert {k: v for k, v in first.items() if k not in ("result", "clock")} == {
        k: v for k, v in again.items() if k not in ("result", "clock")
    }
