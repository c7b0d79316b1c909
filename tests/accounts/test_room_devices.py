"""Devices of the room: a dealer's tablet issued for "Table 1" deals at whatever the club's Table 1 is on
the night (the cash table named so, tonight's tournament table 1 while the tournament runs, next week's
tournament table 1) with the same token; a pinned device stays on its tables; revoking stops either."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from apps.accounts.models import DeviceToken
from apps.tables.models import Hand, Table
from apps.tournaments.models import Tournament
from tests.cockpit.helpers import bust, flashed, given_director_client, given_running
from tests.factories import ClubFactory, PlayerFactory, SeatFactory, TableFactory

pytestmark = pytest.mark.django_db


def cash_table(club: Any, name: str = "Table 1") -> Table:
    table = TableFactory(club=club, name=name)
    for n in (1, 2, 3):
        SeatFactory(table=table, number=n, player=PlayerFactory(club=club), stack=1000)
    return table


def issue(director: Client, club: Any, **body: Any) -> Any:
    return director.post(
        f"/api/clubs/{club.pk}/devices/", {"name": "Table 1 tablet", **body}, content_type="application/json"
    )


def device_client(token: str) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Device {token}")


def deal(device: Client, table: Table) -> Any:
    return device.post(f"/api/tables/{table.pk}/hands/", {}, content_type="application/json")


def act(device: Client, hand_id: int) -> Any:
    hand = Hand.objects.get(pk=hand_id)
    seat = hand.state["to_act"]
    return device.post(
        f"/api/hands/{hand_id}/events/",
        {"expected_seq": hand.seq, "type": "fold", "seat": seat},
        content_type="application/json",
    )


def test_a_device_of_the_room_follows_table_1_from_the_cash_game_to_tonights_tournament_and_back() -> None:
    club, actor, director = given_director_client()
    cash = cash_table(club)
    cash_table(club, "Table 2")
    made = issue(director, club, room_table=1)
    assert made.status_code == 201, made.json()
    assert made.json()["room_table"] == 1 and made.json()["tables"] == []
    tablet = device_client(made.json()["token"])

    # the cash game: the tablet deals at the club's "Table 1", and only there
    started = deal(tablet, cash)
    assert started.status_code == 201, started.json()
    assert act(tablet, started.json()["id"]).status_code == 201  # the dealer API's locked path too
    assert deal(tablet, Table.objects.get(club=club, name="Table 2")).status_code == 403

    # tonight's tournament draws its seats: Table 1 of the room is now the tournament's table 1
    hand = Hand.objects.get(table=cash)
    while hand.status == Hand.Status.IN_PROGRESS:  # the cash hand ends first
        assert act(tablet, hand.pk).status_code == 201
        hand.refresh_from_db()
    t = given_running(club, actor, 2)
    tonight = t.tables.get(number=1).table
    assert deal(tablet, tonight).status_code == 201
    refused = deal(tablet, cash)
    assert refused.status_code == 403 and refused.json()["code"] == "not_dealer_of_table"

    # the tournament ends: back to the cash table, the same token all along
    Hand.objects.filter(table=tonight).delete()  # the hand the tablet opened, never played
    bust(actor, t.tables.get(number=1), [min(s.number for s in tonight.seats.filter(left_at__isnull=True))])
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.FINISHED
    assert deal(tablet, cash).status_code == 201
    assert deal(tablet, tonight).status_code == 403


def test_next_weeks_tournament_table_1_needs_no_new_token() -> None:
    club, actor, director = given_director_client()
    tablet = device_client(issue(director, club, room_table=1).json()["token"])
    assert deal(tablet, cash_table(club)).status_code == 201  # some cash table, and no tournament yet

    last_week = given_running(club, actor, 2, name="Week 1")
    this_week = given_running(club, actor, 2, name="Week 2")  # the one started last is tonight's

    assert deal(tablet, this_week.tables.get(number=1).table).status_code == 201
    assert deal(tablet, last_week.tables.get(number=1).table).status_code == 403


def test_the_console_opens_the_current_table_1_and_moves_on_from_an_old_one() -> None:
    club, actor, director = given_director_client()
    cash = cash_table(club)
    token = issue(director, club, room_table=1).json()["token"]
    browser = Client()

    opened = browser.get(reverse("console:open", args=[token]))
    assert opened.status_code == 302 and opened["Location"] == reverse("console:table", args=[cash.pk])
    assert browser.get(opened["Location"]).status_code == 200

    t = given_running(club, actor, 3)
    tonight = t.tables.get(number=1).table
    # the page bookmarked last week, and the console's home, both go to tonight's table 1
    moved = browser.get(reverse("console:table", args=[cash.pk]))
    assert moved.status_code == 302 and moved["Location"] == reverse("console:table", args=[tonight.pk])
    home = browser.get(reverse("console:index"))
    assert home.status_code == 302 and home["Location"] == reverse("console:table", args=[tonight.pk])
    assert browser.get(home["Location"]).status_code == 200


def test_a_device_of_the_room_with_no_table_1_tonight_says_so_and_deals_nowhere() -> None:
    club, _, director = given_director_client()
    TableFactory(club=club, name="Kitchen")
    token = issue(director, club, room_table=1).json()["token"]
    browser = Client()
    browser.get(reverse("console:open", args=[token]))

    page = browser.get(reverse("console:index"))

    assert page.status_code == 200
    assert "there is no Table 1 right now" in page.content.decode()
    assert deal(device_client(token), Table.objects.get(club=club, name="Kitchen")).status_code == 403


def test_another_clubs_table_1_is_never_the_devices() -> None:
    club, _, director = given_director_client()
    theirs = cash_table(ClubFactory())
    tablet = device_client(issue(director, club, room_table=1).json()["token"])

    assert deal(tablet, theirs).status_code == 403


def test_a_pinned_device_stays_on_its_table_while_the_tournament_runs() -> None:
    club, actor, director = given_director_client()
    cash = cash_table(club)
    made = issue(director, club, tables=[cash.pk])
    assert made.status_code == 201 and made.json()["room_table"] is None
    tablet = device_client(made.json()["token"])
    t = given_running(club, actor, 2)

    assert deal(tablet, cash).status_code == 201
    assert deal(tablet, t.tables.get(number=1).table).status_code == 403


def test_revoking_a_device_of_the_room_stops_it_at_once() -> None:
    club, _, director = given_director_client()
    cash = cash_table(club)
    made = issue(director, club, room_table=1).json()
    tablet = device_client(made["token"])

    assert director.post(f"/api/devices/{made['id']}/revoke/").status_code == 200

    assert deal(tablet, cash).status_code == 401
    assert not Hand.objects.filter(table=cash).exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"room_table": 1, "tables": [-1]}, "device_scope_invalid"),
        ({"room_table": 0}, "invalid"),
        ({"room_table": 100}, "invalid"),
    ],
)
def test_a_device_follows_a_table_of_the_room_or_is_pinned_not_both(body: dict[str, Any], code: str) -> None:
    club, _, director = given_director_client()
    if body.get("tables"):
        body = {**body, "tables": [cash_table(club).pk]}

    refused = issue(director, club, **body)

    assert refused.status_code == 400 and refused.json()["code"] == code, refused.json()
    assert not DeviceToken.objects.exists()


def test_the_cockpit_issues_a_device_of_the_room_and_shows_what_it_follows_now() -> None:
    club, _, director = given_director_client()
    cash = cash_table(club)

    response = director.post(
        reverse("cockpit:device-new", args=[club.pk]),
        {"name": "Kitchen tablet", "room_table": "1"},
        follow=True,
    )

    device = DeviceToken.objects.get(club=club)
    assert device.room_table == 1 and not device.tables.exists()
    assert "Device token issued" in " ".join(flashed(response))
    body = response.content.decode()
    assert "Follows Table 1 of the room" in body and f"now: {cash.name}" in body
    # its link opens the console at the current Table 1
    link = response.context["new"]["link"]  # /console/open/#<token>: the page posts the fragment's token
    path, _, token = link[link.index("/console/") :].partition("#")
    opened = Client().post(path, {"token": token})
    assert opened["Location"] == reverse("console:table", args=[cash.pk])


def test_with_no_cash_table_to_go_back_to_the_device_stays_on_the_final_table_to_show_the_places() -> None:
    from datetime import timedelta

    from django.utils import timezone

    club, actor, director = given_director_client()
    token = issue(director, club, room_table=1).json()["token"]
    browser = Client()
    browser.get(reverse("console:open", args=[token]))
    t = given_running(club, actor, 2)
    final = t.tables.get(number=1).table
    bust(actor, t.tables.get(number=1), [min(s.number for s in final.seats.filter(left_at__isnull=True))])
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.FINISHED

    page = browser.get(reverse("console:index"))  # not "there is no Table 1": the final table, its places
    assert page.status_code == 302 and page["Location"] == reverse("console:table", args=[final.pk])
    assert browser.get(page["Location"]).status_code == 200
    now = browser.get(reverse("console:now", args=[final.pk]))
    assert now.status_code == 200, now.content
    refused = deal(device_client(token), final)  # one player has every chip: no hand to deal
    assert refused.status_code in (400, 409) and refused.json()["code"]

    # the next morning the table is no longer tonight's
    Tournament.objects.filter(pk=t.pk).update(finished_at=timezone.now() - timedelta(hours=13))
    assert "there is no Table 1 right now" in browser.get(reverse("console:index")).content.decode()
