"""One lock order (apps/core/locks.py): registration racing the seat draw with late registration open, on the
real PostgreSQL, twenty times, with no deadlock and no error; every entry ends up seated exactly once.

Each request runs in its own thread with its own client (its own connection); a barrier releases them
together. ``transaction=True`` so the threads see committed rows.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from apps.tables.models import Seat
from apps.tournaments.models import Entry, Tournament
from tests.factories import ClubFactory, director_of
from tests.tournaments.helpers import STRUCTURE

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 20


def _at_once(*calls: Callable[[], Any]) -> list[Any]:
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as exc:  # reported in the main thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    return results


def _post(client: Client, path: str, body: dict[str, Any] | None = None) -> Any:
    response = client.post(path, body or {}, content_type="application/json")
    return response.status_code, response.json()


def test_registration_racing_the_seat_draw_never_deadlocks() -> None:
    # given a club's director on two clients (two connections) and chips that colour up as levels change
    club = ClubFactory()
    director = director_of(club)
    clients = [Client(), Client(), Client()]
    for c in clients:
        c.force_login(director)
    for round_ in range(ROUNDS):
        status, body = _post(
            clients[0],
            "/api/tournaments/",
            {
                "club": club.pk,
                "name": f"Race {round_}",
                "game": {"kind": "five-card-draw", "ante": 25},
                "starting_stack": 1000,
                "structure": STRUCTURE,
                "seed": round_,
                "settings": {
                    "late_reg_until_level": 3,
                    "seats_per_table": 4,
                    "chip_denominations": [5, 25, 100],
                },
            },
        )
        assert status == 201, body
        tid = body["id"]
        for i in range(7):
            assert _post(clients[0], f"/api/tournaments/{tid}/entries/", {"player_name": f"p{i}"})[0] == 201

        # when the draw and two registrations are sent at once
        answers = _at_once(
            lambda tid=tid: _post(clients[0], f"/api/tournaments/{tid}/start/"),
            lambda tid=tid, r=round_: _post(
                clients[1], f"/api/tournaments/{tid}/entries/", {"player_name": f"late{r}a"}
            ),
            lambda tid=tid, r=round_: _post(
                clients[2], f"/api/tournaments/{tid}/entries/", {"player_name": f"late{r}b"}
            ),
        )

        # then every request succeeds, and every entry sits in exactly one open seat
        assert [a[0] for a in answers] == [200, 201, 201], answers
        t = Tournament.objects.get(pk=tid)
        assert t.status == Tournament.Status.RUNNING
        entries = list(Entry.objects.filter(tournament=t))
        assert len(entries) == 9 and all(e.status == Entry.Status.PLAYING for e in entries)
        seats = Seat.objects.filter(pk__in=[e.seat_id for e in entries], left_at__isnull=True)
        assert seats.count() == 9
        assert len({(s.table_id, s.number) for s in seats}) == 9
