"""The console at a clock-only table: no hand entry, only "player out" (and who knocked them out) and the
chip counts, for a device of the table or a director; a device of another table is refused."""

from __future__ import annotations

from typing import Any

import pytest

from apps.accounts import services as accounts
from apps.tables.models import Seat
from apps.tournaments.models import Elimination, Entry, TournamentTable
from tests.cockpit.helpers import given_director_client, given_running
from tests.tournaments.clockonly_helpers import given_holdem, playing

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _device_client(client: Any, actor: Any, table: Any) -> Any:
    _device, raw = accounts.device_issue(actor=actor, club=table.club, name="Tab", table_ids=[table.pk])
    client.get(f"/console/open/{raw}/")
    return client


def test_the_page_offers_player_out_and_chip_counts_and_no_hand_entry(client: Any) -> None:
    club, actor, _ = given_director_client()
    t = given_holdem(club, actor, 3, names=["Ann", "Bob", "Cy"])
    table = TournamentTable.objects.get(tournament=t).table
    page = _device_client(client, actor, table).get(f"/console/tables/{table.pk}/").content.decode()
    assert "Player out" in page and "Chip counts" in page and "Hold&#x27;em" in page
    assert "console-config" not in page  # the hand-entry script is not loaded


def test_a_device_records_a_player_out_and_a_chip_count(client: Any) -> None:
    club, actor, _ = given_director_client()
    t = given_holdem(club, actor, 3, names=["Ann", "Bob", "Cy"])
    ann, bob, cy = playing(t)
    table = TournamentTable.objects.get(tournament=t).table
    c = _device_client(client, actor, table)
    r = c.post(f"/console/tables/{table.pk}/count/", {"entry": bob.pk, "chips": "4200"}, follow=True)
    assert "Bob has 4200 chips." in r.content.decode()
    assert Seat.objects.get(pk=bob.seat_id).stack == 4200
    r = c.post(f"/console/tables/{table.pk}/out/", {"entry": cy.pk, "knocked_out_by": ann.pk}, follow=True)
    assert "Cy is out in place 3." in r.content.decode()
    assert Elimination.objects.get(entry=cy).eliminated_by_id == ann.pk
    assert Seat.objects.get(pk=ann.seat_id).stack == 10000


def test_bad_entries_are_refused_in_words_and_nothing_is_written(client: Any) -> None:
    club, actor, _ = given_director_client()
    t = given_holdem(club, actor, 3, names=["Ann", "Bob", "Cy"])
    _ann, bob, _cy = playing(t)
    table = TournamentTable.objects.get(tournament=t).table
    c = _device_client(client, actor, table)
    r = c.post(f"/console/tables/{table.pk}/count/", {"entry": bob.pk, "chips": "lots"}, follow=True)
    assert r.status_code == 400  # the page again, with the refusal on it
    assert "Give the chips counted, a whole number." in r.content.decode()
    r = c.post(f"/console/tables/{table.pk}/out/", {"entry": bob.pk, "knocked_out_by": bob.pk}, follow=True)
    assert 400 <= r.status_code < 500
    assert "knocked_out_by_invalid" in r.content.decode()
    assert Entry.objects.get(pk=bob.pk).status == Entry.Status.PLAYING
    assert Seat.objects.get(pk=bob.seat_id).stack == 5000


def test_a_device_of_another_table_is_refused_and_a_refereed_table_keeps_its_hand_console(
    client: Any,
) -> None:
    club, actor, _ = given_director_client()
    t = given_holdem(club, actor, 3)
    table = TournamentTable.objects.get(tournament=t).table
    refereed = given_running(club, actor, 3, name="Draw night")
    other = TournamentTable.objects.get(tournament=refereed).table
    c = _device_client(client, actor, other)
    e = playing(t)[0]
    r = c.post(f"/console/tables/{table.pk}/out/", {"entry": e.pk})
    assert r.status_code == 403
    assert Entry.objects.get(pk=e.pk).status == Entry.Status.PLAYING
    assert b"console-config" in c.get(f"/console/tables/{other.pk}/").content
