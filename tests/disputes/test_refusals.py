"""Refused entries are kept (append-only) for the dispute review; the hand is unchanged by them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from apps.disputes.models import RefusedEntry
from apps.tables import services as tables
from tests.disputes.helpers import given_table, to_act

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_refused_entry_is_kept_with_its_rule_and_the_hand_is_unchanged() -> None:
    table, director = given_table()
    hand = tables.hand_start(actor=director, table=table, button=1)
    seat = to_act(hand)
    wrong = seat % 3 + 1  # someone else
    client = APIClient()
    client.force_authenticate(director.user)

    response = client.post(
        f"/api/hands/{hand.pk}/events/", {"expected_seq": 0, "type": "check", "seat": wrong}, format="json"
    )

    assert response.status_code == 422
    hand.refresh_from_db()
    assert hand.seq == 0
    refused = RefusedEntry.objects.get(hand=hand)
    assert refused.code == response.json()["code"]
    assert refused.rule == (response.json()["rule"] or "")
    assert refused.event == {"type": "check", "seat": wrong}
    assert refused.by_user == director.user
