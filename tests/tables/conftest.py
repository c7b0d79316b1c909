from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.factories import ClubFactory, TableFactory, dealer_of, director_of


class Api:
    """A logged-in JSON client that remembers the hand's seq, like a dealer's screen does."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def post(self, path: str, body: Any = None, **headers: str) -> Any:
        return self.client.post(path, body or {}, content_type="application/json", **headers)

    def get(self, path: str, **headers: str) -> Any:
        return self.client.get(path, **headers)

    def act(self, hand: dict[str, Any], **event: Any) -> dict[str, Any]:
        """Record ``event`` on ``hand`` at its current seq; fail the test with the refusal if refused."""
        response = self.post(f"/api/hands/{hand['id']}/events/", {"expected_seq": hand["seq"], **event})
        assert response.status_code == 201, response.json()
        return response.json()


@pytest.fixture
def club(db: None) -> Any:
    return ClubFactory()


@pytest.fixture
def director(club: Any) -> Any:
    return director_of(club, "director")


@pytest.fixture
def director_api(client: Client, director: Any) -> Api:
    client.force_login(director)
    return Api(client)


@pytest.fixture
def table(club: Any) -> Any:
    return TableFactory(club=club)


@pytest.fixture
def dealer(table: Any) -> Any:
    return dealer_of(table, "dealer")
