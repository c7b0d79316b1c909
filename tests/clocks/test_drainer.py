"""The drainer (the one scheduler of every clock's deadline), run in this process: it applies a clock that
comes due while it watches, on time and once; a second drainer waits for the lock and does nothing while
the first one holds it. (That a dealer's entry queues nothing: tests/tables/test_round_trips.py.)"""

from __future__ import annotations

import time
from collections.abc import Iterator

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

from apps.clocks import drain as clocks
from apps.clocks.models import ClockFiring, TableClock
from apps.engine.games import five_card_draw
from tests.clocks.helpers import assert_fired_once_each, clock_events, start, table_with_clock

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_lock_connection_left() -> Iterator[None]:
    yield
    # The test database is dropped at the end: no session may be left on it.
    clocks.drain_lock_connection_drop()


def test_the_drainer_applies_a_clock_as_it_comes_due_and_only_once() -> None:
    # given a hand whose seat to act has a one-second clock
    table, director = table_with_clock(five_card_draw(turn_time_limit=1))
    hand = start(table, director, button=2)
    deadline = TableClock.objects.get(table=table).deadline
    assert deadline is not None

    # when a drainer watches for two seconds
    done = clocks.clocks_drain(seconds=2.0)

    # then it applied that clock (and the next seat's, armed by the first) just after each deadline, once
    assert done["drained"] == 1 and done["turn"] >= 1
    events = clock_events(hand)
    assert events and events[0].seq == 1
    firing = ClockFiring.objects.get(hand=hand, seq=0)
    assert firing.source == "sweep" and firing.deadline == deadline
    late = (firing.fired_at - firing.deadline).total_seconds()
    assert 0 <= late < 0.5, late
    assert_fired_once_each(hand)


def test_a_second_drainer_waits_for_the_lock_and_does_nothing_while_it_is_held() -> None:
    # given a clock already overdue, and the drainers' lock held elsewhere (another worker's drainer)
    table, director = table_with_clock(five_card_draw(turn_time_limit=1))
    hand = start(table, director, button=2)
    TableClock.objects.filter(table=table).update(deadline=timezone.now())
    other = psycopg.connect(**connection.get_connection_params(), autocommit=True)
    try:
        assert other.execute("SELECT pg_try_advisory_lock(%s)", [clocks.DRAIN_LOCK]).fetchone()[0]

        # when a drainer starts, waiting up to 0.3 s for the lock
        began = time.monotonic()
        done = clocks.clocks_drain(seconds=1.0, wait=0.3)

        # then it gave up after its wait, and nothing was applied twice or at all
        assert done == {"turn": 0, "level": 0, "drained": 0}
        assert 0.3 <= time.monotonic() - began < 1.0
        assert not clock_events(hand)
    finally:
        other.close()  # the lock goes with its connection

    # and once the lock is free, the next drainer applies it
    assert clocks.clocks_drain(seconds=0.5)["turn"] >= 1
    assert clock_events(hand)
