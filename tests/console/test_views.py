"""The console's pages: who may open them (a device of the table, a revoked one, another table's, a dealer
or director logged in, nobody), what the director's link does, and the QR code."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from apps.accounts import services as accounts
from apps.accounts.permissions import Actor
from apps.console.access import COOKIE, COOKIE_PATH
from tests.factories import ClubFactory, TableFactory, dealer_of, director_of

pytestmark = pytest.mark.django_db


def _open(client: Client, raw: str) -> Any:
    return client.get(f"/console/open/{raw}/")


def test_the_link_keeps_the_token_in_an_httponly_cookie_and_goes_to_the_table(client, table, device):
    _, raw = device
    response = _open(client, raw)
    assert response.status_code == 302
    assert response["Location"] == f"/console/tables/{table.pk}/"
    cookie = response.cookies[COOKIE]
    assert cookie.value == raw
    assert cookie["httponly"] and cookie["path"] == COOKIE_PATH and cookie["samesite"] == "Lax"
    assert response["Referrer-Policy"] == "no-referrer"
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert b"console-config" in page.content
    assert page["Cache-Control"].startswith("max-age=0")


def test_the_page_hands_its_script_the_token_the_urls_and_the_current_hand(client, table, device):
    _, raw = device
    _open(client, raw)
    page = client.get(f"/console/tables/{table.pk}/")
    config = page.context["config"]
    assert config["auth"] == "device" and config["token"] == raw and config["csrf"] == ""
    assert config["hand"] is None
    assert config["urls"]["events"] == "/api/hands/{id}/events/"
    assert config["urls"]["live"] == f"/api/live/tables/{table.pk}/"
    assert config["text"]["fold"] == "Fold"


def test_a_device_with_several_tables_gets_a_list_to_pick_from(client, club, table, issue_device):
    other = TableFactory(club=club, name="Table 2")
    _, raw = issue_device(table, other)
    response = _open(client, raw)
    assert response["Location"] == "/console/"
    index = client.get("/console/")
    assert index.status_code == 200
    assert [t.name for t in index.context["tables"]] == ["Table 1", "Table 2"]


def test_a_revoked_link_gets_a_clear_page_and_drops_the_cookie(client, director, device):
    dev, raw = device
    accounts.device_revoke(actor=Actor(user=director), device=dev)
    response = _open(client, raw)
    assert response.status_code == 403
    assert b"The director has revoked this device" in response.content
    assert b'data-code="console_device_revoked"' in response.content
    assert response.cookies[COOKIE].value == ""


def test_a_device_revoked_after_opening_is_shut_out_of_the_table(client, director, table, device):
    dev, raw = device
    _open(client, raw)
    assert client.get(f"/console/tables/{table.pk}/").status_code == 200
    accounts.device_revoke(actor=Actor(user=director), device=dev)
    response = client.get(f"/console/tables/{table.pk}/")
    assert response.status_code == 403
    assert b"console_device_revoked" in response.content
    assert raw.encode() not in response.content


def test_a_token_for_another_table_is_refused_with_its_own_tables_offered(client, club, table, issue_device):
    other = TableFactory(club=club, name="Table 2")
    _, raw = issue_device(other)
    _open(client, raw)
    response = client.get(f"/console/tables/{table.pk}/")
    assert response.status_code == 403
    assert b"console_not_this_table" in response.content
    assert f"/console/tables/{other.pk}/".encode() in response.content
    assert raw.encode() not in response.content


def test_a_token_of_another_club_cannot_open_this_clubs_table(client, table):
    club2 = ClubFactory()
    boss2 = director_of(club2, "boss2")
    _, raw = accounts.device_issue(
        actor=Actor(user=boss2), club=club2, name="theirs", table_ids=[TableFactory(club=club2).pk]
    )
    _open(client, raw)
    assert client.get(f"/console/tables/{table.pk}/").status_code == 403


def test_an_unknown_link_and_no_link_get_clear_pages(client, table):
    response = _open(client, "not-a-real-token")
    assert response.status_code == 401
    assert b"console_unknown_device" in response.content
    assert COOKIE not in response.cookies
    response = client.get(f"/console/tables/{table.pk}/")
    assert response.status_code == 401
    assert b"console_no_device" in response.content
    client.cookies[COOKIE] = "forged"
    assert b"console_unknown_device" in client.get(f"/console/tables/{table.pk}/").content


def test_an_unknown_table_is_404(client, device):
    _open(client, device[1])
    assert client.get("/console/tables/999999/").status_code == 404


def test_a_dealer_assigned_to_the_table_may_use_it_logged_in_another_dealer_may_not(client, club, table):
    dealer = dealer_of(table, "deb")
    client.force_login(dealer)
    page = client.get(f"/console/tables/{table.pk}/")
    assert page.status_code == 200
    assert page.context["config"]["auth"] == "session"
    assert page.context["config"]["token"] == "" and page.context["config"]["csrf"]
    other = dealer_of(TableFactory(club=club, name="Table 9"), "dan")
    client.force_login(other)
    response = client.get(f"/console/tables/{table.pk}/")
    assert response.status_code == 403
    assert b"console_not_dealer" in response.content


def test_the_director_may_open_the_console_logged_in(client, director, table):
    client.force_login(director)
    assert client.get(f"/console/tables/{table.pk}/").status_code == 200
    assert [t.pk for t in client.get("/console/").context["tables"]] == [table.pk]


def test_the_page_shows_the_hand_in_progress(client, director, table, device):
    from apps.tables import services

    hand = services.hand_start(actor=Actor(user=director), table=table)
    _open(client, device[1])
    assert client.get(f"/console/tables/{table.pk}/").context["config"]["hand"] == hand.pk


# --- the QR code -------------------------------------------------------------------------------------------


def test_the_qr_code_is_an_svg_of_the_console_link_for_the_director(client, director, device):
    import segno  # noqa: F401  (the library that drew it)

    dev, raw = device
    client.force_login(director)
    response = client.get(f"/console/devices/{dev.pk}/qr.svg", {"token": raw})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    body = response.content.decode()
    assert body.lstrip().startswith("<?xml") and "<svg" in body and "<path" in body
    assert 'viewBox="0 0 ' in body and 'width="' in body  # scales to any <img> size, uncropped
    assert "Tablet" in body  # the title
    assert raw not in body  # the link is drawn, not written out


def test_the_qr_code_encodes_exactly_the_link(client, director, device):
    import re

    import segno

    dev, raw = device
    client.force_login(director)
    body = client.get(f"/console/devices/{dev.pk}/qr.svg", {"token": raw}).content.decode()
    # segno is deterministic: the same text gives the same modules, so the drawn path names the link.
    link = f"http://testserver/console/open/#{raw}"  # the token in the fragment: never sent, never logged
    modules = re.compile(r'class="qrline"[^>]* d="([^"]+)"')
    assert modules.findall(body) == re.findall(r' d="([^"]+)"', segno.make(link, error="m").svg_inline())
    other = segno.make(link.replace("/open/", "/tables/"), error="m").svg_inline()
    assert modules.findall(body) != modules.findall(other)


@pytest.mark.parametrize("who", ["nobody", "dealer", "other_director", "device"])
def test_only_the_clubs_director_gets_the_qr_code(client, table, device, who):
    dev, raw = device
    if who == "dealer":
        client.force_login(dealer_of(table, "deb"))
    elif who == "other_director":
        client.force_login(director_of(ClubFactory(), "boss2"))
    elif who == "device":
        _open(client, raw)
    response = client.get(f"/console/devices/{dev.pk}/qr.svg", {"token": raw})
    assert response.status_code in (401, 403)
    assert b"<svg" not in response.content


def test_the_qr_code_needs_the_devices_own_token_and_an_active_device(client, director, device, issue_device):
    dev, raw = device
    _, other_raw = issue_device(dev.tables.first(), name="Phone")
    client.force_login(director)
    assert client.get(f"/console/devices/{dev.pk}/qr.svg").status_code == 400
    assert client.get(f"/console/devices/{dev.pk}/qr.svg", {"token": other_raw}).status_code == 400
    accounts.device_revoke(actor=Actor(user=director), device=dev)
    assert client.get(f"/console/devices/{dev.pk}/qr.svg", {"token": raw}).status_code == 410
    assert client.get("/console/devices/999999/qr.svg", {"token": raw}).status_code == 404


def test_a_director_whose_browser_holds_a_revoked_device_carries_on_with_the_session(
    client, director, table, device
):
    dev, raw = device
    _open(client, raw)
    accounts.device_revoke(actor=Actor(user=director), device=dev)
    client.force_login(director)
    page = client.get(f"/console/tables/{table.pk}/")
    assert page.status_code == 200
    assert page.context["config"]["auth"] == "session" and page.context["config"]["token"] == ""
