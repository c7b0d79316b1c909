"""Level clocks through the API and with a real worker: levels advance while running and not while
paused; a new level applies from the next hand (WSOP 79); hand-for-hand; permissions."""

from __future__ import annotations

import time

import pytest
from django.test import Client

from apps.accounts.permissions import Actor
from apps.clocks import levelclock
from apps.clocks.models import LevelClock, LiveEvent, TableClock
from apps.engine.games import triple_draw_27
from apps.tables import services as tables
from tests.clocks.conftest import wait_until
from tests.clocks.helpers import act, start, table_with_clock
from tests.factories import UserFactory

STRUCTURE = [
    {"seconds": 1, "small_blind": 25, "big_blind": 50},
    {"seconds": 1, "small_blind": 50, "big_blind": 100},
    {"seconds": 1, "is_break": True},
    {"seconds": 3600, "small_blind": 100, "big_blind": 200},
]


def _clock(director: Actor, club_id: int, structure=STRUCTURE) -> LevelClock:
    return levelclock.level_clock_create(
        actor=director, club_id=club_id, name="Main event", structure=structure
    )


pytestmark = pytest.mark.sqlite


def _control(director: Actor, clock: LevelClock, action: str, **kw) -> LevelClock:
    return levelclock.level_clock_control(actor=director, clock_id=clock.pk, action=action, **kw)


def _announced(clock: LevelClock) -> list[int]:
    return [
        e.data["level"] for e in LiveEvent.objects.filter(channel_id=f"levelclock:{clock.pk}", type="level")
    ]


@pytest.mark.django_db(transaction=True)
def test_levels_advance_while_running(worker):
    table, director = table_with_clock(triple_draw_27(small_blind=25, big_blind=50))
    clock = _control(director, _clock(director, table.club_id), "start")
    wait_until(lambda: LevelClock.objects.get(pk=clock.pk).announced_level == 3, timeout=6)
    assert _announced(clock) == [1, 2, 3]
    clock.refresh_from_db()
    assert clock.deadline is None  # the last level runs on


@pytest.mark.django_db(transaction=True)
def test_levels_do_not_advance_while_paused(worker):
    table, director = table_with_clock(triple_draw_27(small_blind=25, big_blind=50))
    structure = [{"seconds": 2, "small_blind": 25, "big_blind": 50}, *STRUCTURE[1:]]
    clock = _control(director, _clock(director, table.club_id, structure), "start")
    time.sleep(0.5)
    clock = _control(director, clock, "pause")
    at_pause = levelclock.level_clock_view(clock)["remaining"]
    time.sleep(2.5)  # well past the level's end
    clock.refresh_from_db()
    assert (clock.announced_level, clock.deadline, _announced(clock)) == (0, None, [])
    assert 0 < at_pause <= 1.5 and levelclock.level_clock_view(clock)["remaining"] == at_pause
    _control(director, clock, "resume")
    wait_until(lambda: LevelClock.objects.get(pk=clock.pk).announced_level >= 1, timeout=4)
    assert _announced(clock)[0] == 1


@pytest.mark.django_db
def test_a_new_level_applies_from_the_next_hand(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    table, director = table_with_clock(triple_draw_27(small_blind=5, big_blind=10), players=3)
    clock = _clock(director, table.club_id, [{**lv, "seconds": 3600} for lv in STRUCTURE])
    levelclock.table_level_clock_set(actor=director, table=table, level_clock=clock)
    hand = start(table, director, button=1)
    assert (hand.game["big_blind"], hand.game["bet_units"]) == (
        10,
        [10, 10, 20, 20],
    )  # not started: table game
    hand = act(director, hand, type="fold", seat=1)
    hand = act(director, hand, type="fold", seat=2)
    _control(director, clock, "start")
    hand = start(table, director)
    assert (hand.game["small_blind"], hand.game["big_blind"], hand.game["bet_units"]) == (
        25,
        50,
        [50, 50, 100, 100],
    )
    _control(director, clock, "jump", level=1)  # mid-hand: this hand keeps its blinds
    hand.refresh_from_db()
    assert hand.game["big_blind"] == 50 and hand.state["seats"][0]["contributed"] in (0, 25, 50)
    hand = act(director, hand, type="fold", seat=hand.state["to_act"])
    hand = act(director, hand, type="fold", seat=hand.state["to_act"])
    hand = start(table, director)
    assert (hand.game["big_blind"], hand.game["bet_units"]) == (100, [100, 100, 200, 200])
    _control(director, clock, "jump", level=2)  # a break: a hand dealt now uses the level after it
    for _ in range(2):
        hand = act(director, hand, type="fold", seat=hand.state["to_act"])
    assert start(table, director).game["big_blind"] == 200


@pytest.mark.django_db
def test_hand_for_hand_pauses_and_takes_two_minutes_per_hand(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    table, director = table_with_clock(triple_draw_27(small_blind=5, big_blind=10))
    clock = _clock(director, table.club_id, [{"minutes": 20, "small_blind": 5, "big_blind": 10}, *STRUCTURE])
    clock = _control(director, _control(director, clock, "start"), "hand_for_hand_on")
    view = levelclock.level_clock_view(clock)
    assert view["paused"] and view["hand_for_hand"] and view["remaining"] == pytest.approx(1200, abs=1)
    clock = _control(director, _control(director, clock, "hand_for_hand_hand"), "hand_for_hand_hand")
    assert levelclock.level_clock_view(clock)["remaining"] == pytest.approx(960, abs=1)
    client = Client()
    client.force_login(director.user)
    refused = client.post(
        f"/api/level-clocks/{clock.pk}/control/", {"action": "resume"}, content_type="application/json"
    )
    assert refused.status_code == 409 and refused.json()["code"] == "clock_refused"
    answer = client.post(
        f"/api/level-clocks/{clock.pk}/control/",
        {"action": "hand_for_hand_off"},
        content_type="application/json",
    )
    assert answer.status_code == 200 and answer.json()["running"] and not answer.json()["hand_for_hand"]


@pytest.mark.django_db
def test_level_clock_api_create_read_control_and_permissions(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    table, director = table_with_clock(triple_draw_27(small_blind=5, big_blind=10))
    client = Client()
    client.force_login(director.user)
    body = {"club": table.club_id, "name": "Sunday", "structure": STRUCTURE, "time_bank_seconds": 30}
    created = client.post("/api/level-clocks/", body, content_type="application/json")
    assert created.status_code == 201, created.json()
    clock_id = created.json()["id"]
    assert (created.json()["started"], created.json()["remaining"]) == (False, 1.0)
    bad = client.post(
        "/api/level-clocks/",
        {**body, "structure": [{"minutes": 5, "is_break": True}]},
        content_type="application/json",
    )
    assert bad.status_code == 400 and bad.json()["code"] == "structure_invalid"
    linked = client.put(
        f"/api/tables/{table.pk}/level-clock/", {"level_clock": clock_id}, content_type="application/json"
    )
    assert linked.json() == {"table": table.pk, "level_clock": clock_id}
    assert TableClock.objects.get(table=table).level_clock_id == clock_id
    stranger = Client()
    stranger.force_login(UserFactory())
    refused = stranger.post(
        f"/api/level-clocks/{clock_id}/control/", {"action": "start"}, content_type="application/json"
    )
    assert refused.status_code == 403
    client.post(
        f"/api/level-clocks/{clock_id}/control/", {"action": "start"}, content_type="application/json"
    )
    paused = client.post(
        f"/api/level-clocks/{clock_id}/control/", {"action": "pause"}, content_type="application/json"
    )
    added = client.post(
        f"/api/level-clocks/{clock_id}/control/",
        {"action": "add_time", "seconds": 60},
        content_type="application/json",
    )
    # paused, the clock stands still however slow the machine: exactly the minute more
    assert 0 < paused.json()["remaining"] <= 1.0
    assert added.status_code == 200 and added.json()["remaining"] == pytest.approx(
        paused.json()["remaining"] + 60
    )
    assert Client().get(f"/api/level-clocks/{clock_id}/").json()["id"] == clock_id


@pytest.mark.django_db
def test_calling_the_clock_needs_a_dealer_and_a_seat_to_act(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    table, director = table_with_clock(triple_draw_27(small_blind=5, big_blind=10))
    hand = start(table, director, button=1)
    stranger = Client()
    stranger.force_login(UserFactory())
    answer = stranger.post(
        f"/api/hands/{hand.pk}/clock/call/", {"expected_seq": 0}, content_type="application/json"
    )
    assert answer.status_code == 403
    client = Client()
    client.force_login(director.user)
    stale = client.post(
        f"/api/hands/{hand.pk}/clock/call/", {"expected_seq": 5}, content_type="application/json"
    )
    assert stale.status_code == 409 and stale.json()["code"] == "stale_seq"
    tables.hand_event_record(
        actor=director, hand_id=hand.pk, expected_seq=0, event={"type": "fold", "seat": 1}
    )
    over = client.post(
        f"/api/hands/{hand.pk}/clock/call/", {"expected_seq": 1}, content_type="application/json"
    )
    assert over.status_code == 409 and over.json()["code"] == "nobody_to_act"
