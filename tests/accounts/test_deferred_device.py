"""The dealer's hottest request, recording an action, reads its device token inside the hand's row lock
instead of in a lookup of its own (:class:`~apps.accounts.authentication.DeferredDevice`). Whatever the
request, a bad token must still answer exactly what every other route answers (401, before a missing hand,
a bad body or a stale seq), nothing is written, and a revocation stops the very next action. On SQLite the
lock is the ORM's, which looks the device up as it goes: the same answers."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from apps.accounts.models import DeviceToken
from apps.accounts.services import device_issue, device_revoke
from apps.tables.models import HandEvent, Table
from tests.factories import TableFactory, device_at_a_hand

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _post(token: str, hand_id: int, body: Any) -> Any:
    return Client(HTTP_AUTHORIZATION=f"Device {token}").post(
        f"/api/hands/{hand_id}/events/", body, content_type="application/json"
    )


def _fold(hand: Any) -> dict[str, Any]:
    return {"expected_seq": hand.seq, "type": "fold", "seat": hand.state["to_act"]}


def test_a_good_token_records_the_action_under_its_device_and_notes_its_use() -> None:
    s = device_at_a_hand()
    hand, device = s["hand"], s["device"]
    DeviceToken.objects.filter(pk=device.pk).update(last_used_at=timezone.now() - timedelta(minutes=5))

    answer = _post(s["token"], hand.pk, _fold(hand))

    assert answer.status_code == 201, answer.json()
    row = HandEvent.objects.get(hand=hand, seq=hand.seq + 1)
    assert row.entered_by_device_id == device.pk and row.entered_by_user_id is None
    device.refresh_from_db()
    assert timezone.now() - device.last_used_at < timedelta(seconds=30)


@pytest.mark.parametrize("which", ["unknown", "revoked", "malformed"])
@pytest.mark.parametrize(
    "request_kind", ["good action", "missing hand", "bad body", "stale seq", "refused by the rules"]
)
def test_a_bad_token_answers_401_whatever_else_is_wrong_and_writes_nothing(
    which: str, request_kind: str
) -> None:
    s = device_at_a_hand()
    hand = s["hand"]
    token = {"unknown": "not-a-token", "revoked": s["token"], "malformed": f"{s['token']} extra"}[which]
    if which == "revoked":
        device_revoke(actor=s["director"], device=s["device"])
    hand_id, body = hand.pk, _fold(hand)
    if request_kind == "missing hand":
        hand_id = hand.pk + 1000
    elif request_kind == "bad body":
        body = {"expected_seq": "soon", "type": 7}
    elif request_kind == "stale seq":
        body["expected_seq"] = hand.seq + 5
    elif request_kind == "refused by the rules":
        body["seat"] = next(n for n in (1, 2, 3) if n != hand.state["to_act"])
    before = HandEvent.objects.count()

    answer = _post(token, hand_id, body)

    assert answer.status_code == 401, (which, request_kind, answer.json())
    assert answer.json()["code"] in ("not_authenticated", "authentication_failed")
    assert answer["WWW-Authenticate"] == "Device"
    assert HandEvent.objects.count() == before


def test_a_revocation_stops_the_very_next_action() -> None:
    s = device_at_a_hand()
    hand = s["hand"]
    first = _post(s["token"], hand.pk, _fold(hand))
    assert first.status_code == 201, first.json()
    hand.refresh_from_db()

    device_revoke(actor=s["director"], device=s["device"])
    answer = _post(s["token"], hand.pk, _fold(hand))

    assert answer.status_code == 401 and "revoked" in answer.json()["message"]
    assert HandEvent.objects.filter(hand=hand).count() == hand.seq == 1  # the first fold only


def test_a_good_token_of_another_table_is_refused_403_and_a_missing_hand_404() -> None:
    s = device_at_a_hand()
    other = TableFactory(club=s["club"])
    _, other_token = device_issue(actor=s["director"], club=s["club"], name="other", table_ids=[other.pk])
    hand = s["hand"]

    wrong_table = _post(other_token, hand.pk, _fold(hand))
    missing = _post(s["token"], hand.pk + 1000, _fold(hand))

    assert wrong_table.status_code == 403 and wrong_table.json()["code"] == "not_dealer_of_table"
    assert missing.status_code == 404 and missing.json()["code"] == "hand_not_found"
    assert Table.objects.filter(pk=other.pk).exists()


def test_reading_the_log_with_a_bad_token_is_refused_and_with_a_good_one_answered() -> None:
    s = device_at_a_hand()
    hand = s["hand"]
    assert _post(s["token"], hand.pk, _fold(hand)).status_code == 201
    good = Client(HTTP_AUTHORIZATION=f"Device {s['token']}").get(f"/api/hands/{hand.pk}/events/")
    bad = Client(HTTP_AUTHORIZATION="Device not-a-token").get(f"/api/hands/{hand.pk}/events/")
    assert good.status_code == 200 and [e["payload"]["type"] for e in good.json()] == ["fold"]
    assert bad.status_code == 401
