"""The recording hot path has a one-statement form for PostgreSQL (the hand row locked with the device check
in the same query, the event appended with the hand's update, the turn clock re-armed with its live event)
and a portable ORM form for the embedded SQLite (apps/tables/services.py, apps/clocks/services.py,
apps/clocks/live.py). This test runs in both runs of `make test`, so each form is run and held to the same
behaviour: who may record, what is appended, the clock's version and the live events' numbering."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client

from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
from apps.clocks.models import LiveEvent, TableClock
from apps.engine.games import five_card_draw
from apps.engine.hand import HandState
from apps.tables.models import Hand, HandEvent
from tests.factories import ClubFactory, SeatFactory, TableFactory, director_of

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _post(client: Client, path: str, body: dict[str, Any], token: str) -> Any:
    return client.post(path, body, content_type="application/json", HTTP_AUTHORIZATION=f"Device {token}")


def test_recording_by_device_appends_once_and_re_arms_the_clock_with_contiguous_live_events() -> None:
    print(f"recording path under test: {connection.vendor}")
    # given a table with a 30 s turn clock, a device for it and a device for another table
    club = ClubFactory()
    director = Actor(user=director_of(club))
    table = TableFactory(club=club, game=five_card_draw(turn_time_limit=30).to_json())
    other = TableFactory(club=club)
    for n in (1, 2, 3):
        SeatFactory(table=table, number=n, stack=1000)
    _, mine = device_issue(actor=director, club=club, name="Tablet 1", table_ids=[table.pk])
    _, theirs = device_issue(actor=director, club=club, name="Tablet 2", table_ids=[other.pk])
    client = Client()
    started = _post(client, f"/api/tables/{table.pk}/hands/", {"button": 3}, mine)
    assert started.status_code == 201, started.json()
    hand = started.json()
    clock = TableClock.objects.get(table=table)
    versions = [clock.version]

    # when the device of another table tries first, then the table's device plays the hand out
    refused = _post(
        client, f"/api/hands/{hand['id']}/events/", {"expected_seq": 0, "type": "fold", "seat": 1}, theirs
    )
    assert refused.status_code == 403, refused.json()
    assert HandEvent.objects.filter(hand_id=hand["id"]).count() == 0
    script = [
        {"type": "bet", "seat": 1, "amount": 20},
        {"type": "call", "seat": 2},
        {"type": "fold", "seat": 3},
        {"type": "draw", "seat": 1, "count": 1},
        {"type": "draw", "seat": 2, "count": 2},
        {"type": "check", "seat": 1},
        {"type": "check", "seat": 2},
    ]
    for event in script:
        answer = _post(
            client, f"/api/hands/{hand['id']}/events/", {"expected_seq": hand["seq"], **event}, mine
        )
        assert answer.status_code == 201, (event, answer.json())
        hand = answer.json()
        clock.refresh_from_db()
        versions.append(clock.version)
        if hand["phase"] in ("betting", "drawing"):  # armed for the seat to act, 30 s from now
            assert (clock.stage, clock.seat, clock.seq) == ("turn", hand["to_act"], hand["seq"])
            assert clock.deadline is not None

    # then each entry is one row, seq 1..n, whose state after is the hand's state
    row = Hand.objects.get(pk=hand["id"])
    events = list(HandEvent.objects.filter(hand=row).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, len(script) + 1)) == list(range(1, row.seq + 1))
    assert [e.payload["type"] for e in events] == [e["type"] for e in script]
    assert events[-1].state_after == row.state
    assert HandState.from_json(row.state).phase == "showdown" == hand["phase"]
    # the turn clock moved one version per entry, and is idle at the showdown (no one to act in turn)
    assert versions == list(range(versions[0], versions[0] + len(script) + 1))
    assert clock.stage == "idle" and clock.deadline is None and clock.seq == row.seq
    # the table's stream has one event per change, numbered 1..n with no gap, each telling its clock version
    live = list(LiveEvent.objects.filter(channel_id=f"table:{table.pk}").order_by("event_id"))
    assert [e.event_id for e in live] == list(range(1, len(live) + 1))
    armed = [e for e in live if isinstance(e.data.get("clock"), dict)]
    assert [e.data["clock"]["version"] for e in armed] == versions
    assert [e.data["seq"] for e in armed] == list(range(len(script) + 1))
