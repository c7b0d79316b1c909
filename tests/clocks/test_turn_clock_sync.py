"""The hook the table service calls on every change of a hand (turn_clock_sync): its one-statement path
and its Python path (a running time bank to charge) write the same clock row and live events."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.clocks.models import LevelClock, LiveChannel, LiveEvent, TableClock
from apps.engine.games import five_card_draw
from tests.clocks.helpers import act, start, table_with_clock

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _events(table):
    return list(LiveEvent.objects.filter(channel_id=f"table:{table.pk}").order_by("event_id"))


def test_each_action_rearms_the_clock_and_its_live_event_carries_the_row_as_written():
    table, director = table_with_clock(five_card_draw(turn_time_limit=30), players=3)
    hand = start(table, director, button=3)  # the table's first clock row: made on the Python path
    before = TableClock.objects.get(table=table)
    hand = act(director, hand, type="check", seat=1)  # the one-statement path from here on
    hand = act(director, hand, type="check", seat=2)
    clock = TableClock.objects.get(table=table)
    assert clock.version == before.version + 2
    assert (clock.hand_id, clock.seq, clock.seat, clock.stage) == (hand.pk, 2, 3, "turn")
    assert clock.player_key == f"p{hand.seats[2]['player_id']}"
    assert clock.deadline - clock.turn_started_at == timedelta(seconds=30)
    events = _events(table)
    assert [e.event_id for e in events] == [1, 2, 3]  # no gap, in order
    assert LiveChannel.objects.get(name=f"table:{table.pk}").last_id == 3
    last = events[-1]
    assert last.type == "hand"
    assert last.data["seq"] == 2 and last.data["to_act"] == 3 and last.data["status"] == "in_progress"
    assert last.data["clock"]["version"] == clock.version
    assert last.data["clock"]["deadline"] == clock.deadline.isoformat()
    assert [e.data["clock"]["seat"] for e in events] == [1, 2, 3]


def test_an_action_during_the_time_bank_charges_the_bank_used_then_rearms():
    table, director = table_with_clock(five_card_draw(turn_time_limit=30), players=3)
    level_clock = LevelClock.objects.create(
        club=table.club, name="T", structure=[{"seconds": 3600, "ante": 10}], time_bank_seconds=60
    )
    TableClock.objects.update_or_create(table=table, defaults={"level_clock": level_clock})
    hand = start(table, director, button=3)
    player = f"p{hand.seats[0]['player_id']}"
    # Given seat 1's turn limit ran out and its bank has been running for 20 s (what the expiry does) ...
    now = timezone.now()
    TableClock.objects.filter(table=table).update(
        stage="bank", stage_started_at=now - timedelta(seconds=20), deadline=now + timedelta(seconds=40)
    )
    version = TableClock.objects.get(table=table).version
    # ... when seat 1 acts, the 20 s are charged to its bank and the clock moves on to seat 2.
    hand = act(director, hand, type="check", seat=1)
    clock = TableClock.objects.get(table=table)
    assert clock.banks[player]["left"] == pytest.approx(40.0, abs=2.0)
    assert (clock.stage, clock.seat, clock.version) == ("turn", 2, version + 1)
    events = _events(table)
    assert [e.event_id for e in events] == [1, 2]
    assert events[-1].data["clock"]["version"] == clock.version and events[-1].data["clock"]["seat"] == 2
    # The next action takes the one-statement path again and keeps the bank as charged.
    act(director, hand, type="check", seat=2)
    clock = TableClock.objects.get(table=table)
    assert clock.banks[player]["left"] == pytest.approx(40.0, abs=2.0)
    assert (clock.seat, clock.version) == (3, version + 2)
    assert [e.event_id for e in _events(table)] == [1, 2, 3]
