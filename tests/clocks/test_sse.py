"""The SSE streams deliver events in order and resume from ``Last-Event-ID`` without losing any."""

from __future__ import annotations

import threading
import time
import urllib.request
from typing import Any

import pytest
from django.test import Client

from apps.clocks.live import live_publish
from apps.engine.games import five_card_draw
from tests.clocks.helpers import act, start, table_with_clock
from tests.factories import TournamentFactory

pytestmark = pytest.mark.sqlite


def parse(text: str) -> list[dict[str, Any]]:
    import json

    events = []
    for block in text.split("\n\n"):
        fields: dict[str, Any] = {}
        for line in block.splitlines():
            if line.startswith(":") or ": " not in line:
                continue
            key, value = line.split(": ", 1)
            fields[key] = value
        if "event" in fields:
            fields["data"] = json.loads(fields["data"])
            fields["id"] = int(fields["id"]) if "id" in fields else None
            events.append(fields)
    return events


@pytest.fixture
def short_streams(settings):
    settings.FLOOR_SSE_LIFETIME = 1.2
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.django_db
def test_table_stream_replays_in_order_and_resumes_after_last_event_id(short_streams):
    table, _ = table_with_clock(five_card_draw())
    table.published = True
    table.save()
    for n in range(5):
        live_publish(channel=f"table:{table.pk}", type="note", data={"n": n})
    response = Client().get(f"/api/live/tables/{table.pk}/")
    assert response["Content-Type"] == "text/event-stream"
    events = parse(b"".join(response.streaming_content).decode())
    assert [(e["id"], e["data"]["n"]) for e in events] == [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4)]
    response = Client().get(f"/api/live/tables/{table.pk}/", headers={"Last-Event-ID": "3"})
    assert [e["id"] for e in parse(b"".join(response.streaming_content).decode())] == [4, 5]


@pytest.mark.django_db
def test_hand_events_reach_the_table_stream_as_they_are_recorded(short_streams):
    table, director = table_with_clock(five_card_draw(turn_time_limit=30))
    client = Client()
    client.force_login(director.user)
    chunks = iter(client.get(f"/api/live/tables/{table.pk}/").streaming_content)
    assert next(chunks).startswith(b"retry:")
    hand = start(table, director, button=2)
    hand = act(director, hand, type="bet", seat=1, amount=40)
    events = parse(b"".join(chunks).decode())
    assert [(e["event"], e["data"]["seq"], e["data"]["to_act"]) for e in events] == [
        ("hand_started", 0, 1),
        ("hand", 1, 2),
    ]
    assert events[1]["data"]["clock"]["stage"] == "turn" and events[1]["data"]["clock"]["seat"] == 2


@pytest.mark.django_db
def test_private_table_stream_is_refused_and_level_clock_stream_ticks(short_streams):
    from apps.clocks import levelclock

    table, director = table_with_clock(five_card_draw())
    assert Client().get(f"/api/live/tables/{table.pk}/").status_code == 403
    assert Client().get("/api/live/tables/999999/").status_code == 404
    clock = levelclock.level_clock_create(
        actor=director, club_id=table.club_id, name="M", structure=[{"minutes": 20, "ante": 10}]
    )
    levelclock.level_clock_control(actor=director, clock_id=clock.pk, action="start")
    # the clock of an unpublished tournament is the tournament's: the public may not follow it
    tournament = TournamentFactory(club=table.club, published=False, level_clock=clock)
    refused = Client().get(f"/api/live/level-clocks/{clock.pk}/")
    assert refused.status_code == 403 and refused.json()["code"] == "not_published"
    tournament.published = True
    tournament.save(update_fields=["published"])
    events = parse(b"".join(Client().get(f"/api/live/level-clocks/{clock.pk}/").streaming_content).decode())
    assert events[0]["event"] == "clock" and events[0]["data"]["action"] == "start" and events[0]["id"] == 1
    ticks = [e for e in events if e["event"] == "tick"]
    assert ticks and ticks[0]["id"] is None and 1190 < ticks[0]["data"]["remaining"] <= 1200


@pytest.mark.django_db(transaction=True)
def test_live_stream_over_http_wakes_on_redis_and_loses_nothing_across_a_reconnect(
    live_server, settings, clock_redis
):
    """A real HTTP client follows the stream while another thread records actions; it disconnects and
    reconnects with Last-Event-ID, and gets every event once, in order."""
    settings.REDIS_URL = clock_redis.url
    settings.FLOOR_SSE_LIFETIME = 2.5
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    table, director = table_with_clock(five_card_draw(round2_starter="left-of-button"))
    table.published = True
    table.save()
    hand = start(table, director, button=2)
    received: list[dict[str, Any]] = []

    def follow(last: int) -> None:
        request = urllib.request.Request(
            f"{live_server.url}/api/live/tables/{table.pk}/", headers={"Last-Event-ID": str(last)}
        )
        with urllib.request.urlopen(request, timeout=10) as stream:
            received.extend(parse(stream.read().decode()))

    reader = threading.Thread(target=follow, args=(0,))
    reader.start()
    for event in [("check", 1), ("check", 2)]:
        time.sleep(0.3)
        hand = act(director, hand, type=event[0], seat=event[1])
    reader.join()
    hand = act(director, hand, type="draw", seat=1, count=2)  # while nobody listens
    follow(received[-1]["id"])
    assert [e["id"] for e in received] == [1, 2, 3, 4]
    assert [e["data"]["seq"] for e in received] == [0, 1, 2, 3]
