"""The round trips of the hottest paths, pinned: a dealer's device recording an action (with and without a
turn clock), a turn clock's timeout and a device dealing the next hand. Each statement listed is one round
trip to PostgreSQL; the transaction's BEGIN and COMMIT come on top (two more, not captured by Django)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.models import DeviceToken
from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
from apps.clocks import services as clocks
from apps.clocks.models import ClockFiring, TableClock
from apps.engine.games import five_card_draw
from apps.tables import selectors
from apps.tables.models import Hand, HandEvent, Table
from apps.tables.services import hand_event_record, hand_start
from tests.factories import ClubFactory, SeatFactory, TableFactory, director_of

pytestmark = pytest.mark.django_db


def _table(turn_time_limit: int | None) -> dict[str, Any]:
    club = ClubFactory()
    director = Actor(user=director_of(club))
    game = five_card_draw(turn_time_limit=turn_time_limit) if turn_time_limit else five_card_draw()
    table = TableFactory(club=club, game=game.to_json())
    for number in range(1, 7):
        SeatFactory(table=table, number=number, stack=100_000)
    device, token = device_issue(actor=director, club=club, name="tablet", table_ids=[table.pk])
    hand = hand_start(actor=director, table=table, button=6)
    # the device was seen a moment ago: its last_used_at is written at most once a minute, not now
    DeviceToken.objects.filter(pk=device.pk).update(last_used_at=timezone.now())
    return {"hand": hand, "client": Client(HTTP_AUTHORIZATION=f"Device {token}"), "director": director}


def _post_bet(setting: dict[str, Any]) -> Any:
    """The table's device bets 20 for the seat to act."""
    hand = setting["hand"]
    return setting["client"].post(
        f"/api/hands/{hand.pk}/events/",
        {"expected_seq": hand.seq, "type": "bet", "seat": hand.state["to_act"], "amount": 20},
        content_type="application/json",
    )


def _bet(setting: dict[str, Any]) -> tuple[Any, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = _post_bet(setting)
    assert response.status_code == 201, response.json()
    return response, [q["sql"] for q in queries.captured_queries]


def _kinds(sqls: list[str]) -> list[str]:
    out = []
    for sql in sqls:
        head = sql.lstrip().split(None, 1)[0].upper()
        if head in ("SAVEPOINT", "RELEASE"):
            out.append(head.lower())
        elif "FOR UPDATE" in sql and "clocks_tableclock" in sql:
            out.append("lock clock")
        elif "FOR UPDATE" in sql and "tables_hand" in sql:
            if "digest" in sql:
                out.append("lock hand + device by its token + device's table")
            else:
                out.append("lock hand + device's table" if "devicetoken" in sql else "lock hand")
        elif "FOR UPDATE" in sql and "tables_table" in sql:
            out.append("lock table + device's table" if "devicetoken" in sql else "lock table")
        elif head == "SELECT" and "accounts_devicetoken" in sql:
            out.append("device")
        elif head == "WITH" and "tables_handevent" in sql:
            out.append("append event + hand")
        elif head == "SELECT" and "tables_seat" in sql and "tables_hand" in sql:
            out.append("hand in progress + last number + seats + level clock + tournament")
        elif head == "WITH" and "INSERT INTO tables_hand" in sql and "UPDATE tables_table" in sql:
            out.append("hand + button")
        elif head == "WITH" and "clocks_tableclock" in sql:
            out.append("clock + live event")
        elif head == "INSERT" and "clocks_clockfiring" in sql:
            out.append("firing")
        else:
            out.append(sql[:80])
    return out


@pytest.mark.parametrize("clock", [None, 30])
def test_a_dealers_action_takes_three_round_trips_besides_the_transaction(clock: int | None) -> None:
    # given a hand in progress at a table with or without a turn clock, dealt from the table's device
    setting = _table(clock)

    # when the device records a bet
    response, sqls = _bet(setting)

    # then: the hand locked with the device read by its token's digest and its assignment to the hand's
    # table, the event appended with the hand's new state, and the clock re-armed with its live event (the
    # request's savepoint and release are the test's transaction: BEGIN and COMMIT when served)
    assert _kinds(sqls) == [
        "savepoint",
        "lock hand + device by its token + device's table",
        "append event + hand",
        "clock + live event",
        "release",
    ], sqls
    body = response.json()
    if clock:
        assert body["clock"]["seat"] == body["to_act"] and body["clock"]["deadline"] is not None
        assert TableClock.objects.get(table_id=setting["hand"].table_id).deadline is not None
    else:
        assert body["clock"]["deadline"] is None


def test_a_dealers_action_at_a_clocked_table_queues_no_task(django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    # the deadline is in the clock row: after the commit only the live stream's wake-up is left to do (no
    # countdown task is queued on the broker)
    setting = _table(30)
    with django_capture_on_commit_callbacks() as callbacks:
        _bet(setting)
    assert [c.__qualname__ for c in callbacks] == ["live_wake_on_commit.<locals>.<lambda>"]


def test_a_turn_clocks_timeout_takes_a_fixed_number_of_round_trips() -> None:
    # given a clocked hand whose seat to act has run out of time
    setting = _table(30)
    hand = setting["hand"]
    clock = TableClock.objects.get(table_id=hand.table_id)
    TableClock.objects.filter(pk=clock.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    # when the drainer applies it (it has just read the row's version and hand)
    with CaptureQueriesContext(connection) as queries:
        outcome = clocks.turn_clock_expire(
            table_id=hand.table_id, version=clock.version, source="sweep", hand_id=hand.pk
        )

    # then it acted once: the hand locked, then the clock, the firing row (unique per hand state), the
    # timeout event appended with the hand's new state, the clock re-armed for the next seat with its live
    # event (the savepoint is the test's transaction: BEGIN and COMMIT when the drainer runs it)
    assert outcome == clocks.FIRED
    assert ClockFiring.objects.filter(hand=hand).count() == 1
    assert HandEvent.objects.filter(hand=hand, by_clock=True).count() == 1
    sqls = [q["sql"] for q in queries.captured_queries]
    assert _kinds(sqls) == [
        "savepoint",
        "lock hand",
        "lock clock",
        "firing",
        "append event + hand",
        "clock + live event",
        "release",
    ], sqls
    hand.refresh_from_db()
    armed = TableClock.objects.get(table_id=hand.table_id)
    assert (armed.seq, armed.seat) == (hand.seq, hand.state["to_act"]) and armed.version > clock.version


def _round_trips(call: Any) -> tuple[Any, int]:
    """``call()`` on a connection of its own, as a server or a worker runs it (its own transaction, a pooled
    connection), and the round trips it made: the ReadyForQuery answers in libpq's trace of that
    connection."""
    import tempfile

    from django.db.backends.signals import connection_created

    traced: list[Any] = []
    with tempfile.TemporaryFile("w+") as trace:

        def start_tracing(sender: Any, connection: Any, **kwargs: Any) -> None:
            pgconn = connection.connection.pgconn
            pgconn.trace(trace.fileno())
            traced.append(pgconn)

        connection.close()  # the call opens its own
        connection_created.connect(start_tracing)
        try:
            result = call()
        finally:
            connection_created.disconnect(start_tracing)
            for pgconn in traced:
                pgconn.untrace()
        trace.seek(0)
        # a line: time, F(rontend) or B(ackend), length, message, its fields; each round trip ends with
        # the server's ReadyForQuery
        messages = [line.split("\t")[1:4:2] for line in trace.read().splitlines() if line.count("\t") >= 3]
    assert len(traced) == 1, traced
    return result, len([m for m in messages if m == ["B", "ReadyForQuery"]])


def _served_round_trips(setting: dict[str, Any]) -> tuple[Any, int]:
    """A device's bet served as in production, and its round trips (:func:`_round_trips`)."""
    return _round_trips(lambda: _post_bet(setting))


@pytest.mark.django_db(transaction=True)
def test_a_turn_clocks_timeout_in_its_own_transaction_takes_six_round_trips() -> None:
    # given a clocked hand whose seat to act has run out of time
    setting = _table(30)
    hand = setting["hand"]
    clock = TableClock.objects.get(table_id=hand.table_id)
    TableClock.objects.filter(pk=clock.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    # when the drainer applies it, in a transaction of its own as the worker does
    outcome, round_trips = _round_trips(
        lambda: clocks.turn_clock_expire(
            table_id=hand.table_id, version=clock.version, source="sweep", hand_id=hand.pk
        )
    )

    # then BEGIN with the hand's lock, the clock's lock, the firing, the append, the re-armed clock with
    # its live event, and COMMIT
    assert outcome == clocks.FIRED
    assert round_trips == 6
    connection.close()
    assert HandEvent.objects.filter(hand=hand, by_clock=True).count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("clock", [None, 30])
def test_served_a_dealers_action_takes_four_round_trips_with_begin_and_commit(clock: int | None) -> None:
    # given a hand in progress at a table with or without a turn clock, dealt from the table's device
    setting = _table(clock)

    # when the device records a bet through a request that opens its transaction itself
    response, round_trips = _served_round_trips(setting)

    # then BEGIN with the hand's lock and the device (one round trip), the append, the clock and COMMIT: no
    # round trip of the device token's own, nor a connection check
    assert response.status_code == 201, response.json()
    assert round_trips == 4
    # and the action was committed (a new connection reads it)
    connection.close()
    assert HandEvent.objects.filter(hand=setting["hand"]).count() == 1


@pytest.mark.django_db(transaction=True)
def test_served_a_refused_action_rolls_back_and_leaves_the_hand_free() -> None:
    # given a hand in progress, dealt from the table's device
    setting = _table(None)
    hand = setting["hand"]
    connection.close()

    # when the device enters a stale action, then a good one, each in its own served transaction
    stale = setting["client"].post(
        f"/api/hands/{hand.pk}/events/",
        {"expected_seq": hand.seq + 3, "type": "fold", "seat": hand.state["to_act"]},
        content_type="application/json",
    )
    good = setting["client"].post(
        f"/api/hands/{hand.pk}/events/",
        {"expected_seq": hand.seq, "type": "fold", "seat": hand.state["to_act"]},
        content_type="application/json",
    )

    # then the refusal wrote nothing and released the hand's lock; the good one is in
    assert stale.status_code == 409 and stale.json()["code"] == "stale_seq"
    assert good.status_code == 201, good.json()
    connection.close()
    assert list(HandEvent.objects.filter(hand=hand).values_list("seq", flat=True)) == [hand.seq + 1]


def _finished(setting: dict[str, Any]) -> Hand:
    """Everyone folds to the last seat: the hand dealt by ``_table`` is over."""
    hand = setting["hand"]
    while hand.status != Hand.Status.FINISHED:
        event = {"type": "fold", "seat": hand.state["to_act"]}
        hand = hand_event_record(
            actor=setting["director"], hand_id=hand.pk, expected_seq=hand.seq, event=event
        ).hand
    return hand


def _deal(setting: dict[str, Any]) -> tuple[Any, list[str]]:
    table_id = setting["hand"].table_id
    with CaptureQueriesContext(connection) as queries:
        response = setting["client"].post(
            f"/api/tables/{table_id}/hands/", {}, content_type="application/json"
        )
    assert response.status_code == 201, response.json()
    return response, [q["sql"] for q in queries.captured_queries]


@pytest.mark.parametrize("clock", [None, 30])
def test_a_devices_next_hand_takes_five_round_trips_besides_the_transaction(clock: int | None) -> None:
    # given a table with or without a turn clock whose first hand is over
    setting = _table(clock)
    last = _finished(setting)

    # when its device deals the next hand
    response, sqls = _deal(setting)

    # then: the device by its token's digest, the table locked with the device's assignment to it, one read
    # of what the deal needs (the hand in progress, the last number, the seats and the apps' rows: the
    # level clock, the tournament), the hand written with the table's moved button, and the clock re-armed
    # with its live event; the answer shows the clock as armed (no read after)
    assert _kinds(sqls) == [
        "savepoint",
        "device",
        "lock table + device's table",
        "hand in progress + last number + seats + level clock + tournament",
        "hand + button",
        "clock + live event",
        "release",
    ], sqls
    body = response.json()
    assert (body["number"], body["button"], body["status"]) == (last.number + 1, 1, "in_progress")
    assert Table.objects.get(pk=last.table_id).button_seat == 1
    armed = TableClock.objects.get(table_id=last.table_id)
    assert (armed.hand_id, armed.seq, armed.seat) == (body["id"], 0, body["to_act"])
    assert body["clock"]["seat"] == body["to_act"] and body["clock"]["version"] == armed.version
    assert (body["clock"]["deadline"] is not None) == bool(clock)


def _as_read_afresh(body: dict[str, Any]) -> Hand:
    """The answer is the hand's view as anyone reads it afterwards, its clock as the clocks app shows it."""
    hand = Hand.objects.select_related("table").get(pk=body["id"])
    afresh = json.loads(json.dumps(selectors.hand_view(hand), default=str))
    for view in (body, afresh):
        if view["clock"] is not None:
            view["clock"].pop("seconds_left")
    assert body == afresh
    return hand


@pytest.mark.sqlite
@pytest.mark.parametrize("clock", [None, 30])
def test_a_devices_deal_answers_the_hand_as_read_afresh(clock: int | None) -> None:
    # given a table with or without a turn clock whose first hand is over, and a new table (either backend:
    # PostgreSQL deals with its one-statement reads and writes, SQLite with the ORM's; a new table's turn
    # clock row is made by the deal)
    setting = _table(clock)
    last = _finished(setting)
    club = last.table.club
    fresh = TableFactory(club=club, game=last.game)
    for number in (2, 4, 5):
        SeatFactory(table=fresh, number=number, stack=5_000)
    _, token = device_issue(actor=setting["director"], club=club, name="new tablet", table_ids=[fresh.pk])

    # when their devices deal: the next hand, and the new table's first with the button on seat 4
    response, _ = _deal(setting)
    first = Client(HTTP_AUTHORIZATION=f"Device {token}").post(
        f"/api/tables/{fresh.pk}/hands/", {"button": 4}, content_type="application/json"
    )

    # then each answer is the hand as read afresh, the button moved and the table's row saying so
    hand = _as_read_afresh(response.json())
    assert hand.number == last.number + 1 and hand.table.button_seat == hand.button == 1
    assert [s["seat"] for s in hand.seats] == [1, 2, 3, 4, 5, 6]
    assert first.status_code == 201, first.json()
    hand = _as_read_afresh(first.json())
    assert (hand.number, hand.button, hand.table.button_seat) == (1, 4, 4)
    assert [s["seat"] for s in hand.seats] == [2, 4, 5]
