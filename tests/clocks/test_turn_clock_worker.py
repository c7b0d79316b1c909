"""Turn clocks with a real Celery worker and beat on a real Redis: the default action lands once, after
the deadline, as the state requires; an entry made first wins; calling the clock; the time bank."""

from __future__ import annotations

import threading
import time
from datetime import datetime

import pytest
from django.test import Client

from apps.clocks import services as clocks
from apps.clocks.models import ClockFiring, LevelClock, TableClock
from apps.core.errors import Conflict
from apps.engine.games import five_card_draw
from apps.engine.hand import HandState
from apps.tables import services
from apps.tables.models import Hand, HandEvent
from tests.clocks.conftest import wait_until
from tests.clocks.helpers import act, assert_fired_once_each, clock_events, start, table_with_clock

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sqlite]


def _state(hand: Hand) -> HandState:
    hand.refresh_from_db()
    return HandState.from_json(hand.state)


def test_timeout_checks_when_nothing_is_bet(worker):
    table, director = table_with_clock(five_card_draw(turn_time_limit=1))
    hand = start(table, director, button=2)
    assert (hand.state["to_act"], hand.seq) == (1, 0)
    event = wait_until(lambda: HandEvent.objects.filter(hand=hand, seq=1).first(), timeout=5)
    assert event.by_clock and event.payload["type"] == "timeout" and event.payload["by"] == "turn_clock"
    after = HandState.from_json(event.state_after)
    assert not after.seat(1).folded and after.to_act == 2  # seat 1 checked
    assert ClockFiring.objects.get(hand=hand, seq=0).stage == "turn"


def test_timeout_folds_facing_a_bet(worker):
    table, director = table_with_clock(five_card_draw(turn_time_limit=1))
    hand = start(table, director, button=2)
    hand = act(director, hand, type="bet", seat=1, amount=40)
    wait_until(lambda: _state(hand).phase == "finished", timeout=5)
    [event] = clock_events(hand)
    assert event.seq == 2 and HandState.from_json(event.state_after).seat(2).folded
    assert_fired_once_each(hand)


def test_timeout_stands_pat_in_the_draw(worker):
    table, director = table_with_clock(five_card_draw(turn_time_limit=1))
    hand = start(table, director, button=2)
    hand = act(director, hand, type="bet", seat=1, amount=40)
    hand = act(director, hand, type="call", seat=2)
    assert _state(hand).phase == "drawing"
    wait_until(lambda: HandEvent.objects.filter(hand=hand, seq=3).exists(), timeout=5)
    event = HandEvent.objects.get(hand=hand, seq=3)
    assert event.by_clock and HandState.from_json(event.state_after).seat(1).draws == [0]


def test_timeout_keeps_all_cards_in_the_no_bet_draw(worker):
    table, director = table_with_clock(five_card_draw(mode="no-bet", turn_time_limit=1))
    hand = start(table, director, button=2)
    assert _state(hand).phase == "drawing"
    wait_until(lambda: _state(hand).phase == "showdown", timeout=6)  # both stood pat, then no clock
    assert [HandState.from_json(e.state_after).seat(e.payload["seat"]).draws for e in clock_events(hand)] == [
        [0],
        [0],
    ]
    time.sleep(1.5)
    assert len(clock_events(hand)) == 2  # no clock at the showdown
    assert_fired_once_each(hand)


def test_an_entry_just_before_the_deadline_is_the_only_event(worker):
    """Four tables; the dealer enters the action 30 ms before each deadline: only the dealer's event."""
    tables = [table_with_clock(five_card_draw(turn_time_limit=1)) for _ in range(4)]
    hands = []
    for table, director in tables:
        hand = start(table, director, button=2)
        hands.append((hand, director))
        deadline = TableClock.objects.get(table_id=hand.table_id).deadline
        time.sleep(max(0.0, (deadline - datetime.now(deadline.tzinfo)).total_seconds() - 0.03))
        act(director, hand, type="check", seat=1)
    time.sleep(0.5)
    for hand, _ in hands:
        first = HandEvent.objects.get(hand=hand, seq=1)
        assert not first.by_clock and first.payload["type"] == "check"
        assert not ClockFiring.objects.filter(hand=hand, seq=0).exists()
        assert_fired_once_each(hand)


def test_entry_racing_the_clock_at_the_deadline_yields_one_event_either_way(worker):
    """Entries aimed exactly at the deadline: whichever wins, the hand gets one event for that state and
    the loser is refused cleanly (stale_seq), never a double action."""
    outcomes = []
    for _ in range(6):
        table, director = table_with_clock(five_card_draw(turn_time_limit=1))
        hand = start(table, director, button=2)
        deadline = TableClock.objects.get(table_id=table.pk).deadline
        time.sleep(max(0.0, (deadline - datetime.now(deadline.tzinfo)).total_seconds()))
        try:
            # the seq the dealer's screen showed before the deadline (re-reading it now could already see
            # the clock's event, and the entry would then be refused as out of turn, not as stale)
            services.hand_event_record(
                actor=director, hand_id=hand.pk, expected_seq=0, event={"type": "check", "seat": 1}
            )
            outcomes.append("dealer")
        except Conflict as exc:
            assert exc.code == "stale_seq"
            outcomes.append("clock")
        time.sleep(0.3)
        assert HandEvent.objects.filter(hand=hand, seq=1).count() == 1
        first = HandEvent.objects.get(hand=hand, seq=1)
        assert first.by_clock == (outcomes[-1] == "clock")
        assert_fired_once_each(hand)


@pytest.fixture
def short_called_clock(settings):
    settings.FLOOR_CLOCK_CALLED_SECONDS = 1
    settings.FLOOR_CLOCK_COUNTDOWN_SECONDS = 0.5


def test_calling_the_clock_kills_the_hand_facing_a_bet(worker, short_called_clock):
    table, director = table_with_clock(five_card_draw())  # no turn clock at this table
    hand = start(table, director, button=2)
    hand = act(director, hand, type="bet", seat=1, amount=40)
    clock = clocks.clock_call(actor=director, hand_id=hand.pk, expected_seq=hand.seq)
    assert (clock.stage, clock.seat) == ("called", 2)
    view = clocks.turn_clock_view(hand)
    assert view is not None and view["countdown_at"] < view["deadline"]
    with pytest.raises(Conflict) as refused:
        clocks.clock_call(actor=director, hand_id=hand.pk, expected_seq=hand.seq)
    assert refused.value.code == "clock_already_called"
    wait_until(lambda: _state(hand).phase == "finished", timeout=5)
    [event] = clock_events(hand)
    assert event.payload["by"] == "called_clock" and HandState.from_json(event.state_after).seat(2).folded


def test_calling_the_clock_checks_when_not_facing_a_bet(worker, short_called_clock):
    table, director = table_with_clock(five_card_draw())
    hand = start(table, director, button=2)
    client = Client()
    client.force_login(director.user)
    response = client.post(
        f"/api/hands/{hand.pk}/clock/call/", {"expected_seq": 0}, content_type="application/json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["clock"]["stage"] == "called"
    event = wait_until(lambda: HandEvent.objects.filter(hand=hand, seq=1).first(), timeout=5)
    assert event.by_clock and not HandState.from_json(event.state_after).seat(1).folded
    time.sleep(1.5)
    assert len(clock_events(hand)) == 1  # the called clock ends with that seat; no clock at this table


def test_the_time_bank_runs_after_the_turn_clock(worker):
    table, director = table_with_clock(five_card_draw(turn_time_limit=1))
    level_clock = LevelClock.objects.create(
        club=table.club, name="T", structure=[{"seconds": 3600, "ante": 10}], time_bank_seconds=1
    )
    TableClock.objects.update_or_create(table=table, defaults={"level_clock": level_clock})
    hand = start(table, director, button=2)
    wait_until(lambda: TableClock.objects.get(table=table).stage == "bank", timeout=5)
    assert clocks.turn_clock_view(hand)["time_bank_left"] <= 1.0
    event = wait_until(lambda: HandEvent.objects.filter(hand=hand, seq=1).first(), timeout=5)
    firing = ClockFiring.objects.get(hand=hand, seq=0)
    assert event.payload["by"] == "time_bank" and firing.stage == "bank"
    started = hand.started_at
    assert (firing.deadline - started).total_seconds() == pytest.approx(2.0, abs=0.2)
    player = f"p{hand.seats[0]['player_id']}"
    assert TableClock.objects.get(table=table).banks[player]["left"] == 0.0


def test_many_tables_at_once_each_action_once(worker):
    """Ten heads-up tables with 1 s clocks played out by the clock alone, concurrently."""
    hands = []
    for _ in range(10):
        game = five_card_draw(turn_time_limit=1, round2_starter="left-of-button")  # all-check: no pass-out
        table, director = table_with_clock(game)
        hands.append(start(table, director, button=2))
    # check, check, draw, draw, check, check: six clock actions, then the showdown (no clock)
    wait_until(lambda: all(_state(h).phase == "showdown" for h in hands), timeout=20, every=0.2)
    time.sleep(1.2)
    for h in hands:
        assert len(clock_events(h)) == 6
        assert_fired_once_each(h)


def test_concurrent_dealer_and_clock_threads_never_double(worker):
    """The dealer hammers the same state from a thread while the clock is due: one event per seq."""
    table, director = table_with_clock(five_card_draw(turn_time_limit=1))
    hand = start(table, director, button=2)
    results: list[str] = []

    def dealer() -> None:
        from django.db import connection

        deadline = TableClock.objects.get(table=table).deadline
        time.sleep(max(0.0, (deadline - datetime.now(deadline.tzinfo)).total_seconds() - 0.01))
        for _ in range(20):
            try:
                act(director, Hand.objects.get(pk=hand.pk), type="check", seat=1)
                results.append("ok")
                break
            except Conflict:
                results.append("stale")
                break
            except Exception as exc:  # seat 1 is no longer to act: the clock won
                results.append(type(exc).__name__)
                break
        connection.close()

    thread = threading.Thread(target=dealer)
    thread.start()
    thread.join()
    time.sleep(0.3)
    assert HandEvent.objects.filter(hand=hand, seq=1).count() == 1
    assert_fired_once_each(hand)
