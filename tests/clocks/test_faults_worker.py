"""Faults: the worker dies while timers come due; Redis goes away. Every overdue timer is applied exactly
once when things come back, and dealers can record actions while Redis is unreachable."""

from __future__ import annotations

import time

import pytest
from django.test import Client

from apps.clocks.models import ClockFiring, TableClock
from apps.engine.games import five_card_draw
from apps.engine.hand import HandState
from apps.tables.models import Hand, HandEvent
from tests.clocks.conftest import wait_until
from tests.clocks.helpers import assert_fired_once_each, clock_events, start, table_with_clock

pytestmark = pytest.mark.django_db(transaction=True)


def _game():
    return five_card_draw(turn_time_limit=1, round2_starter="left-of-button")


def test_worker_killed_while_timers_come_due_applies_each_overdue_timer_once(worker):
    """The worker holds the countdowns (ETA tasks it reserved) when it is killed: they are gone with it
    (unacknowledged until Redis' visibility timeout); the sweep of the restarted worker applies them."""
    tables = [table_with_clock(_game()) for _ in range(6)]
    hands = [start(table, director, button=2) for table, director in tables]
    time.sleep(0.3)  # the countdowns reach the worker and wait there for their ETA
    worker.stop_worker(kill=True)
    time.sleep(2.0)  # every deadline passes with no worker
    assert not HandEvent.objects.filter(hand__in=hands).exists()
    assert TableClock.objects.filter(table__in=[t for t, _ in tables], deadline__lt=time_now()).count() == 6
    worker.start_worker()
    wait_until(lambda: all(_phase(h) == "showdown" for h in hands), timeout=30, every=0.2)
    time.sleep(1.5)  # late duplicates (stale countdowns, sweeps) would land now
    for h in hands:
        assert len(clock_events(h)) == 6
        assert_fired_once_each(h)
    overdue = ClockFiring.objects.filter(hand__in=hands, seq=0)
    assert overdue.count() == 6 and overdue.filter(source="sweep").exists()


def test_worker_down_when_timers_are_armed_applies_each_once_when_it_returns(worker):
    tables = [table_with_clock(_game()) for _ in range(6)]
    worker.stop_worker(kill=True)
    hands = [start(table, director, button=2) for table, director in tables]
    time.sleep(2.0)
    assert not HandEvent.objects.filter(hand__in=hands).exists()
    worker.start_worker()
    wait_until(lambda: all(_phase(h) == "showdown" for h in hands), timeout=30, every=0.2)
    time.sleep(1.5)
    for h in hands:
        assert len(clock_events(h)) == 6
        assert_fired_once_each(h)


def test_redis_unreachable_dealers_still_record_and_the_sweep_catches_up(worker, clock_redis):
    table, director = table_with_clock(_game())
    hand = start(table, director, button=2)
    client = Client()
    client.force_login(director.user)
    clock_redis.stop()
    try:
        began = time.monotonic()
        response = client.post(
            f"/api/hands/{hand.pk}/events/",
            {"expected_seq": 0, "type": "bet", "seat": 1, "amount": 40},
            content_type="application/json",
        )
        assert response.status_code == 201, response.json()
        assert time.monotonic() - began < 2.0  # the outage costs the dealer no more than a moment
        assert response.json()["clock"]["seat"] == 2
        time.sleep(2.0)  # seat 2's deadline passes while Redis is down: nothing can act
        assert _phase(hand) == "betting" and not clock_events(hand)
    finally:
        clock_redis.start()
    wait_until(lambda: _phase(hand) == "finished", timeout=40, every=0.2)
    [event] = clock_events(hand)
    assert HandState.from_json(event.state_after).seat(2).folded
    assert ClockFiring.objects.get(hand=hand).source == "sweep"
    assert_fired_once_each(hand)


def time_now():
    from django.utils import timezone

    return timezone.now()


def _phase(hand: Hand) -> str:
    hand.refresh_from_db()
    return HandState.from_json(hand.state).phase
