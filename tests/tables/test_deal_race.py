"""Two deals at one table, on the real PostgreSQL: the second waits for the table's row lock and then sees
the hand the first dealt (409 ``hand_in_progress``), never a snapshot from before the lock was granted (which
would deal the same hand number twice: a 500).

``transaction=True`` so the request's thread sees what the test's transaction commits."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client

from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
from apps.tables.models import Hand
from apps.tables.services import hand_start
from tests.factories import ClubFactory, SeatFactory, TableFactory, director_of

pytestmark = pytest.mark.django_db(transaction=True)


def _waiting_on_a_lock() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
        return int(cursor.fetchone()[0])


@pytest.mark.parametrize("body", [{}, {"button": 6}])
def test_a_deal_that_waited_for_another_sees_its_hand(body: dict[str, Any]) -> None:
    # given a table with six players and its device
    club = ClubFactory()
    director = Actor(user=director_of(club))
    table = TableFactory(club=club)
    for number in range(1, 7):
        SeatFactory(table=table, number=number, stack=10_000)
    _, token = device_issue(actor=director, club=club, name="tablet", table_ids=[table.pk])
    answers: list[Any] = []

    def deal() -> None:
        try:
            client = Client(HTTP_AUTHORIZATION=f"Device {token}")
            answers.append(
                client.post(f"/api/tables/{table.pk}/hands/", body, content_type="application/json")
            )
        finally:
            connection.close()

    # when the director deals a hand and, before it commits, the device asks for one too (and waits)
    with transaction.atomic():
        hand_start(actor=director, table=table, button=6)
        thread = threading.Thread(target=deal)
        thread.start()
        deadline = time.monotonic() + 10
        while not _waiting_on_a_lock() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _waiting_on_a_lock(), "the device's deal did not wait for the table's lock"
    thread.join(timeout=30)

    # then the device's deal is refused for the hand now in progress (before its button is even looked at)
    (answer,) = answers
    assert answer.status_code == 409, answer.content
    assert answer.json()["code"] == "hand_in_progress"
    assert list(Hand.objects.filter(table=table).values_list("number", flat=True)) == [1]
