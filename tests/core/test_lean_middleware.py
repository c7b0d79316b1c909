"""The dealer API's lean middleware stack: a device's request to /api/ skips the session machinery but keeps
what its answers need (the language, the security and frame headers, the error shape, the request's
transaction); every other request takes the whole stack."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.accounts.services import device_revoke
from apps.tables.models import HandEvent
from tests.factories import device_at_a_hand

pytestmark = pytest.mark.django_db


def test_a_device_request_takes_the_lean_stack_and_keeps_its_headers_language_and_refusals() -> None:
    s = device_at_a_hand()
    client = Client(HTTP_AUTHORIZATION=f"Device {s['token']}")
    hand = s["hand"]
    # an action is recorded; no session cookie is made, the frame and content-type headers are there
    ok = client.post(
        f"/api/hands/{hand.pk}/events/",
        {"expected_seq": hand.seq, "type": "fold", "seat": hand.state["to_act"]},
        content_type="application/json",
    )
    assert ok.status_code == 201, ok.json()
    assert "sessionid" not in ok.cookies and "csrftoken" not in ok.cookies
    assert ok["X-Frame-Options"] == "DENY" and ok["X-Content-Type-Options"] == "nosniff"
    # a refusal keeps the error shape, in the asked language, and writes nothing
    before = HandEvent.objects.count()
    stale = client.post(
        f"/api/hands/{hand.pk}/events/",
        {"expected_seq": 0, "type": "fold", "seat": 1},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert stale.status_code == 409
    body = stale.json()
    assert set(body) == {"code", "message", "rule", "detail"} and body["code"] == "stale_seq"
    assert stale["Content-Language"] == "ru" and body["message"].startswith("раздача продвинулась")
    assert HandEvent.objects.count() == before


def test_a_revoked_or_unknown_device_is_refused_on_the_lean_stack() -> None:
    s = device_at_a_hand()
    hand = s["hand"]
    device_revoke(actor=s["director"], device=s["device"])
    for token in (s["token"], "not-a-token"):
        answer = Client(HTTP_AUTHORIZATION=f"Device {token}").get(f"/api/hands/{hand.pk}/")
        assert answer.status_code == 401, token
        assert set(answer.json()) == {"code", "message", "rule", "detail"}


def test_a_logged_in_director_still_takes_the_whole_stack() -> None:
    s = device_at_a_hand()
    client = Client(enforce_csrf_checks=True)
    client.force_login(s["director"].user)
    # the session authenticates, and a write without the CSRF token is refused (the session's protection)
    assert client.get(f"/api/hands/{s['hand'].pk}/").status_code == 200
    refused = client.post(f"/api/tables/{s['hand'].table_id}/hands/", {}, content_type="application/json")
    assert refused.status_code == 403
