"""The cockpit's pages run a fixed number of queries whatever the size of the field (no N+1)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from apps.accounts.services import device_issue
from tests.cockpit.helpers import given_director_client, given_running

pytestmark = pytest.mark.django_db

PAGES = ["cockpit:registration", "cockpit:tables", "cockpit:clock", "cockpit:moves", "cockpit:results"]


def test_tournament_pages_cost_the_same_for_8_and_for_30_entries() -> None:
    club, actor, client = given_director_client()
    small = given_running(club, actor, 8, name="Small", seats_per_table=6)
    large = given_running(club, actor, 30, name="Large", seats_per_table=6)
    assert small.tables.count() == 2 and large.tables.count() == 5

    for name in PAGES:
        counts = []
        for t in (small, large):
            with CaptureQueriesContext(connection) as queries:
                assert client.get(reverse(name, args=[t.pk])).status_code == 200
            counts.append(len(queries))
        assert counts[0] == counts[1], (name, counts)


def test_club_pages_cost_the_same_for_one_and_for_many_tournaments_and_devices() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 6, name="First")
    device_issue(actor=actor, club=club, name="Tablet 1", table_ids=[t.tables.get().table_id])
    before = {}
    for name in ("cockpit:club", "cockpit:devices", "cockpit:disputes"):
        with CaptureQueriesContext(connection) as queries:
            client.get(reverse(name, args=[club.pk]))
        before[name] = len(queries)

    for i in range(4):
        more = given_running(club, actor, 6, name=f"More {i}")
        device_issue(actor=actor, club=club, name=f"Tablet {i + 2}", table_ids=[more.tables.get().table_id])

    for name, count in before.items():
        with CaptureQueriesContext(connection) as queries:
            client.get(reverse(name, args=[club.pk]))
        assert len(queries) == count, name
