"""Device tokens from the cockpit: issued for some tables with the console link and QR code shown once,
revoked at once; and the dispute queue, linking each dispute to its page."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from apps.accounts.models import DeviceToken, token_digest
from tests.cockpit.helpers import flashed, given_director_client, given_running, refused_on_page
from tests.factories import TableFactory
from tests.tournaments.helpers import play_hand, quiet

pytestmark = pytest.mark.django_db


def test_a_token_is_issued_for_tables_and_shown_once_with_its_qr_code() -> None:
    club, _, client = given_director_client()
    table = TableFactory(club=club, name="Kitchen table")
    url = reverse("cockpit:device-new", args=[club.pk])

    response = client.post(url, {"name": "Red tablet", "tables": [table.pk]}, follow=True)

    device = DeviceToken.objects.get(club=club)
    assert device.name == "Red tablet" and list(device.tables.all()) == [table]
    new = response.context["new"]
    assert token_digest(new["token"]) == device.digest  # the page shows the token Floor fingerprinted
    assert new["link"].endswith(reverse("console:open-page") + "#" + new["token"])
    body = response.content.decode()
    # the page draws the QR code itself: no image URL carries the token (an access log would keep it)
    assert 'src="data:image/svg+xml;base64,' in body
    assert "?token=" not in body
    assert "Device token issued" in " ".join(flashed(response))
    # the QR code's own URL still answers its director
    qr = client.get(reverse("console:device-qr", args=[device.pk]), {"token": new["token"]})
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"

    # reloading the page no longer shows it
    again = client.get(reverse("cockpit:devices", args=[club.pk]))
    assert again.context["new"] is None and new["token"] not in again.content.decode()


def test_a_token_needs_a_name_and_a_table_of_the_club() -> None:
    club, _, client = given_director_client()
    mine = TableFactory(club=club)
    theirs = TableFactory()
    url = reverse("cockpit:device-new", args=[club.pk])
    for data in ({"name": "", "tables": [mine.pk]}, {"name": "Tablet"}, {"name": "T", "tables": [theirs.pk]}):
        response = client.post(url, data, follow=True)
        assert refused_on_page(response, 400) == [
            "Name the device and choose the room's table it follows or the tables it is pinned to."
        ], data
        assert response.context["form"].errors, data  # the field at fault is marked on the form
    assert not DeviceToken.objects.exists()


def test_revoking_a_device_stops_it() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 2)
    table_id = t.tables.get().table_id
    issued = client.post(
        reverse("cockpit:device-new", args=[club.pk]), {"name": "Phone", "tables": [table_id]}, follow=True
    )
    device = DeviceToken.objects.get(club=club)
    auth = {"HTTP_AUTHORIZATION": f"Device {issued.context['new']['token']}"}
    assert Client().get(f"/api/tables/{table_id}/", **auth).status_code == 200

    response = client.post(reverse("cockpit:device-revoke", args=[device.pk]), follow=True)

    device.refresh_from_db()
    assert device.revoked_at is not None and device.revoked_by == response.wsgi_request.user
    assert flashed(response) == ["Phone is revoked: it can no longer deal."]
    assert "Revoked" in response.content.decode()
    # the dealer API no longer takes it
    assert Client().get(f"/api/tables/{table_id}/", **auth).status_code == 401


def test_the_dispute_queue_lists_the_clubs_disputes_open_first() -> None:
    from apps.disputes.models import Dispute

    # given a ruled dispute and a late open one on a hand of the club, and one on another club's hand
    club, actor, client = given_director_client()
    user = actor.user
    hand = play_hand(actor, given_running(club, actor, 2).tables.get().table, random.Random(2), quiet)

    def dispute(on: object, by: object, **kw: object) -> Dispute:
        return Dispute.objects.create(hand=on, raised_by_user=by, role="director", window="reading", **kw)

    ruled = dispute(hand, user, kind="reading", description="wrong winner", in_window=True, late=False)
    Dispute.objects.filter(pk=ruled.pk).update(status="ruled")
    late = dispute(
        hand, user, kind="reading", description="the odd chip went to seat 2", in_window=False, late=True
    )
    other_club, other_actor, other = given_director_client()
    other_table = given_running(other_club, other_actor, 2).tables.get().table
    theirs = dispute(
        play_hand(other_actor, other_table, random.Random(2), quiet),
        other_actor.user,
        kind="accounting",
        description="their chips",
        in_window=True,
        late=False,
    )

    # when the director opens the queue
    response = client.get(reverse("cockpit:disputes", args=[club.pk]))

    # then the club's disputes, open first, each linking to its page; late ones say so
    assert [d.pk for d in response.context["disputes"]] == [late.pk, ruled.pk]
    body = response.content.decode()
    assert f'href="/disputes/{late.pk}/"' in body and f'href="/disputes/{ruled.pk}/"' in body
    assert "the odd chip went to seat 2" in body and ">late<" in body and "their chips" not in body
    theirs_page = other.get(reverse("cockpit:disputes", args=[other_club.pk]))
    assert [d.pk for d in theirs_page.context["disputes"]] == [theirs.pk]
