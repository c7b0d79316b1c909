"""Mending a mistake from the console, through the API: undo the last entry (a correction appended with its
reason, the hand continues from before it; refused with a code and nothing written otherwise), try an entry
without writing it (the showdown's confirmation), call the floor (a dispute on this hand or the last one,
pushed to the club's cockpit), and the table as it is now between hands."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client

from apps.accounts import services as accounts
from apps.accounts.permissions import Actor
from apps.clocks.models import LiveEvent
from apps.disputes.floor import floor_channel
from apps.disputes.models import Dispute, RefusedEntry
from apps.tables import services
from apps.tables.models import Hand, HandEvent, Seat
from apps.tournaments import seating
from tests.tournaments.helpers import (
    confirm_moves,
    given_tournament,
    open_tables,
    pending,
    play_hand,
    scripted,
    seated,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def device_client(raw: str) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Device {raw}")


def post(client: Client, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, body, content_type="application/json")


def enter(client: Client, hand: Hand, event: dict[str, Any]) -> Any:
    hand.refresh_from_db()
    answer = post(client, f"/api/hands/{hand.pk}/events/", {"expected_seq": hand.seq, **event})
    assert answer.status_code == 201, answer.json()
    hand.refresh_from_db()
    return answer.json()


def log(hand: Hand) -> list[tuple[int, str, Any, int | None]]:
    return list(
        HandEvent.objects.filter(hand=hand).order_by("seq").values_list("seq", "kind", "payload", "voided_by")
    )


def to_showdown(client: Client, hand: Hand) -> None:
    for event in (
        {"type": "bet", "seat": 2, "amount": 40},
        {"type": "call", "seat": 3},
        {"type": "fold", "seat": 1},
        {"type": "draw", "seat": 2, "count": 1},
        {"type": "draw", "seat": 3, "count": 3},
        {"type": "check", "seat": 2},
        {"type": "check", "seat": 3},
    ):
        enter(client, hand, event)


@pytest.fixture
def hand(director: Any, table: Any) -> Hand:
    return services.hand_start(actor=Actor(user=director), table=table)


# --- undo -----------------------------------------------------------------------------------------


def test_the_entering_device_undoes_its_last_entry_and_the_hand_continues_from_before_it(hand, device):
    client = device_client(device[1])
    before = enter(client, hand, {"type": "bet", "seat": 2, "amount": 40})
    state_before_bet = HandEvent.objects.get(hand=hand, seq=1)
    assert before["to_act"] == 3

    answer = post(client, f"/api/hands/{hand.pk}/undo", {"expected_seq": 1, "reason": "Bo checked"})

    assert answer.status_code == 201
    view = answer.json()
    assert view["seq"] == 2 and view["to_act"] == 2  # Bo to act again, nothing bet
    assert [s["bet"] for s in view["seats"]] == [0, 0, 0]
    rows = log(hand)
    correction = HandEvent.objects.get(hand=hand, seq=2)
    assert rows[0][:3] == (1, "action", state_before_bet.payload)  # the entry stays, marked
    assert rows[0][3] == correction.pk
    assert correction.kind == "correction" and correction.payload["reason"] == "undo: Bo checked"
    assert correction.entered_by_device == device[0]
    # the hand goes on: Bo checks this time
    assert enter(client, hand, {"type": "check", "seat": 2})["seq"] == 3
    assert len(log(hand)) == 3  # the history only grew


def test_undo_is_refused_with_a_code_and_writes_nothing(hand, device, issue_device, table, director):
    client = device_client(device[1])
    _, other = issue_device(table, name="Second tablet")
    enter(client, hand, {"type": "bet", "seat": 2, "amount": 40})
    url = f"/api/hands/{hand.pk}/undo"
    rows = log(hand)

    stale = post(client, url, {"expected_seq": 0, "reason": "x"})
    theirs = post(device_client(other), url, {"expected_seq": 1, "reason": "x"})
    blank = post(client, url, {"expected_seq": 1, "reason": "  "})
    stranger = post(Client(), url, {"expected_seq": 1, "reason": "x"})

    assert (stale.status_code, stale.json()["code"]) == (409, "stale_seq")
    assert (theirs.status_code, theirs.json()["code"]) == (403, "undo_not_yours")
    assert blank.status_code == 400 and "reason" in blank.json()["detail"]["fields"]
    assert stranger.status_code in (401, 403)
    assert log(hand) == rows
    hand.refresh_from_db()
    assert hand.seq == 1

    assert post(client, url, {"expected_seq": 1, "reason": "x"}).status_code == 201
    again = post(client, url, {"expected_seq": 2, "reason": "x"})
    assert (again.status_code, again.json()["code"]) == (409, "nothing_to_undo")
    assert len(log(hand)) == 2
    # the director may undo what a device entered
    enter(client, hand, {"type": "check", "seat": 2})
    boss = Client()
    boss.force_login(director)
    assert post(boss, url, {"expected_seq": 3, "reason": "the director saw it"}).status_code == 201


def test_undo_after_the_next_hand_started_is_the_floors(hand, device, director, table):
    client = device_client(device[1])
    for seat in (2, 3):
        enter(client, hand, {"type": "fold", "seat": seat})
    hand.refresh_from_db()
    assert hand.status == Hand.Status.FINISHED
    services.hand_start(actor=Actor(user=director), table=table)
    rows = log(hand)

    answer = post(client, f"/api/hands/{hand.pk}/undo", {"expected_seq": hand.seq, "reason": "x"})

    assert (answer.status_code, answer.json()["code"]) == (409, "later_hands_started")
    assert log(hand) == rows


def test_undoing_the_fold_that_ended_the_hand_reopens_it_and_gives_the_chips_back(hand, device, table):
    client = device_client(device[1])
    enter(client, hand, {"type": "fold", "seat": 2})
    enter(client, hand, {"type": "fold", "seat": 3})  # Ann wins the antes
    assert table.seats.get(number=1).stack == 2020

    answer = post(client, f"/api/hands/{hand.pk}/undo", {"expected_seq": 2, "reason": "Cy called"})

    assert answer.status_code == 201 and answer.json()["status"] == "in_progress"
    assert answer.json()["to_act"] == 3
    assert table.seats.get(number=1).stack == 2000  # a seat holds its starting stack while the hand is played


# --- the showdown's dry run -----------------------------------------------------------------------


def test_trying_the_last_show_computes_the_result_and_writes_nothing(hand, device):
    client = device_client(device[1])
    to_showdown(client, hand)
    view = post(
        client,
        f"/api/hands/{hand.pk}/events/try",
        {"expected_seq": 7, "type": "show", "seat": 2, "cards": "AsAdKcKd2h"},
    )
    assert view.status_code == 200, view.json()
    assert view.json()["status"] == "in_progress"  # one show: the other seat still to show
    enter(client, hand, {"type": "show", "seat": 2, "cards": "AsAdKcKd2h"})
    rows = log(hand)
    refused_before = RefusedEntry.objects.count()

    tried = post(
        client,
        f"/api/hands/{hand.pk}/events/try",
        {"expected_seq": 8, "type": "show", "seat": 3, "cards": "AhQsQdJcJd"},
    )
    wrong = post(
        client,
        f"/api/hands/{hand.pk}/events/try",
        {"expected_seq": 8, "type": "show", "seat": 3, "cards": "AsQsQdJcJd"},
    )  # As is shown already
    stale = post(client, f"/api/hands/{hand.pk}/events/try", {"expected_seq": 7, "type": "muck", "seat": 3})

    assert tried.status_code == 200
    body = tried.json()
    assert body["status"] == "finished" and body["dry_run"] is True and body["seq"] == 8
    assert [w for p in body["result"]["pots"] for w in p["winners"]] == [2]
    assert body["result"]["explanation"]
    assert wrong.status_code == 422
    assert (stale.status_code, stale.json()["code"]) == (409, "stale_seq")
    hand.refresh_from_db()
    assert hand.status == Hand.Status.IN_PROGRESS and hand.seq == 8
    assert log(hand) == rows
    assert RefusedEntry.objects.count() == refused_before  # a dry run keeps not even its refusal


def test_only_a_dealer_of_the_table_may_try_an_entry(hand, club):
    answer = post(
        Client(), f"/api/hands/{hand.pk}/events/try", {"expected_seq": 0, "type": "check", "seat": 2}
    )
    assert answer.status_code in (401, 403)


# --- call the floor -------------------------------------------------------------------------------


def test_the_dealer_calls_the_floor_on_the_hand_in_play_and_the_cockpit_is_told(hand, device, table):
    client = device_client(device[1])
    enter(client, hand, {"type": "bet", "seat": 2, "amount": 40})

    answer = post(
        client, f"/api/hands/{hand.pk}/disputes/", {"kind": "accounting", "description": "Bo bet 60"}
    )

    assert answer.status_code == 201
    dispute = Dispute.objects.get()
    assert dispute.hand == hand and dispute.role == "dealer" and dispute.raised_by_device == device[0]
    pushed = LiveEvent.objects.get(channel_id=floor_channel(table.club_id), type="floor_called")
    assert pushed.data["dispute"] == dispute.pk and pushed.data["description"] == "Bo bet 60"
    assert pushed.data["table_name"] == "Table 1" and pushed.data["hand_finished"] is False
    assert len(log(hand)) == 1  # a dispute writes nothing into the hand


def test_a_player_still_disputes_only_a_finished_hand(hand, club, table):
    from tests.disputes.helpers import given_player_user

    player = table.seats.get(number=1).player
    actor = given_player_user(club, player)
    client = Client()
    client.force_login(actor.user)

    answer = post(client, f"/api/hands/{hand.pk}/disputes/", {"kind": "reading", "description": "x"})

    assert (answer.status_code, answer.json()["code"]) == (409, "hand_not_finished")
    assert not Dispute.objects.exists()
    assert not LiveEvent.objects.filter(type="floor_called").exists()


# --- the table now --------------------------------------------------------------------------------


def test_between_hands_the_console_reads_the_seats_as_they_are_now(hand, device, director, table):
    client = device_client(device[1])
    for seat in (2, 3):
        enter(client, hand, {"type": "fold", "seat": seat})
    seat = table.seats.get(number=3)
    services.seat_stack_adjust(
        actor=Actor(user=director), seat=seat, kind="rebuy", amount=500, reason="rebuy"
    )
    services.table_seat_player(
        actor=Actor(user=director), table=table, number=4, stack=1500, player_name="Dee"
    )
    console = Client()
    console.cookies["floor_console"] = device[1]

    answer = console.get(f"/console/tables/{table.pk}/now/")

    assert answer.status_code == 200
    body = answer.json()
    seats = {s["seat"]: (s["name"], s["stack"]) for s in body["table"]["seats"]}
    assert seats == {1: ("Ann", 2020), 2: ("Bo", 1990), 3: ("Cy", 2490), 4: ("Dee", 1500)}
    assert body["last_hand"] == {"id": hand.pk, "number": 1}
    assert body["tournament"] is None
    assert Client().get(f"/console/tables/{table.pk}/now/").status_code == 401


def test_a_broken_tables_console_reads_that_it_deals_no_more_and_where_its_players_went(director):
    actor = Actor(user=director)
    t = given_tournament(director.memberships.first().club, actor, 13, seats_per_table=6)
    seating.tournament_start(actor=actor, tournament=t)
    assert len(open_tables(t)) == 3
    tt = max(open_tables(t), key=lambda tt: len(seated(tt)))
    seats = seated(tt)
    caller = max(seats.values(), key=lambda s: s.stack)
    Seat.objects.filter(pk=caller.pk).update(stack=10**5)
    victim = min(n for n in seats if n != caller.number)
    order = [caller.number] + [n for n in seats if n != caller.number]
    play_hand(actor, tt.table, random.Random(1), scripted({victim}, {caller.number}, order))
    assert {m.kind for m in pending(t)} == {"break"}  # twelve left: two tables of six
    leaving = {m.from_table for m in pending(t)}
    assert len(leaving) == 1
    broken = next(tt for tt in open_tables(t) if tt.number in leaving)
    _, raw = accounts.device_issue(actor=actor, club=t.club, name="Gone", table_ids=[broken.table_id])
    console = Client()
    console.cookies["floor_console"] = raw
    url = f"/console/tables/{broken.table_id}/now/"
    assert console.get(url).json()["tournament"]["table_broken"] is False

    confirm_moves(actor, t)

    body = console.get(url).json()
    assert body["table"]["seats"] == []
    playing = sorted(tt.table.name for tt in open_tables(t))
    assert len(playing) == 2
    assert (body["tournament"]["table_broken"], body["tournament"]["tables_playing"]) == (True, playing)


def test_the_table_now_says_whether_the_last_entry_may_be_undone(hand, device, director, table):
    console = Client()
    console.cookies["floor_console"] = device[1]
    url = f"/console/tables/{table.pk}/now/"
    hand.refresh_from_db()
    assert console.get(url).json()["undo"] == {"hand": hand.pk, "seq": hand.seq, "refused": "nothing_to_undo"}

    enter(device_client(device[1]), hand, {"type": "fold", "seat": 2})
    assert console.get(url).json()["undo"] == {"hand": hand.pk, "seq": hand.seq, "refused": None}
    # an entry of the director's is not the device's to undo
    services.hand_event_record(
        actor=Actor(user=director), hand_id=hand.pk, expected_seq=hand.seq, event={"type": "fold", "seat": 3}
    )
    hand.refresh_from_db()
    assert console.get(url).json()["undo"]["refused"] == "undo_not_yours"


def test_after_a_hand_that_eliminated_a_player_the_undo_is_refused_as_the_server_refuses_it(director):
    actor = Actor(user=director)
    t = given_tournament(director.memberships.first().club, actor, 7, seats_per_table=6)
    seating.tournament_start(actor=actor, tournament=t)
    tt = max(open_tables(t), key=lambda tt: len(seated(tt)))
    seats = seated(tt)
    caller = max(seats.values(), key=lambda s: s.stack)
    Seat.objects.filter(pk=caller.pk).update(stack=10**5)
    victim = min(n for n in seats if n != caller.number)
    order = [caller.number] + [n for n in seats if n != caller.number]
    play_hand(actor, tt.table, random.Random(1), scripted({victim}, {caller.number}, order))
    confirm_moves(actor, t)  # the final table's redraw
    last = Hand.objects.filter(table=tt.table).latest("number")
    boss = Client()
    boss.force_login(director)

    now = boss.get(f"/console/tables/{tt.table_id}/now/").json()
    assert now["undo"] == {"hand": last.pk, "seq": last.seq, "refused": "undo_after_elimination"}
    answer = post(boss, f"/api/hands/{last.pk}/undo", {"expected_seq": last.seq, "reason": "oops"})
    assert (answer.status_code, answer.json()["code"]) == (409, "undo_after_elimination")
