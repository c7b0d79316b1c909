"""Schemathesis against the live OpenAPI schema: whatever a client sends that the schema allows (and much
that it does not), Floor answers without a 5xx, with a documented status code and a body that matches the
schema. Run as anonymous and as the club's director, with a club, a table, seated players, a device and a
hand in progress in the database, so path ids hit real objects as well as missing ones."""

from __future__ import annotations

import os
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from apps.accounts.models import DeviceToken, Player
from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
from apps.tables.models import Hand
from apps.tables.services import hand_start
from director.wsgi import application
from tests.factories import ClubFactory, SeatFactory, TableFactory, UserFactory, director_of

pytestmark = pytest.mark.django_db


# The operations to parametrize over, from the generator (collection time, no database); the checks use the
# schema as served at /api/schema/ (loaded in the fixture below).
OPERATIONS = [
    (method.upper(), path)
    for path, item in SchemaGenerator().get_schema(request=None, public=True)["paths"].items()
    for method in item
]
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# per operation, caller and generation mode: about a minute for the whole API on the 2-core CI box (the API
# grows; FLOOR_FUZZ_EXAMPLES=200 for a deep run)
EXAMPLES = int(os.environ.get("FLOOR_FUZZ_EXAMPLES", "10"))


@pytest.fixture(scope="module")
def live_schema(django_db_setup: None, django_db_blocker: Any) -> Any:
    with django_db_blocker.unblock():  # the schema view runs in a (read-only) request transaction
        return schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def keep_test_connection() -> Any:
    """The app is called straight through WSGI, not through Django's test client: like that client, stop
    Django closing the test's connection (it is inside the test transaction) at the end of each request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _seed() -> dict[str, Any]:
    """Given a club with a director, a table with three seated players and a device, and a hand in
    progress; return the real ids each path parameter may take."""
    club = ClubFactory()
    director = director_of(club)
    table = TableFactory(club=club)
    for number in (1, 2, 3):
        SeatFactory(table=table, number=number)
    device, _ = device_issue(actor=Actor(user=director), club=club, name="tablet", table_ids=[table.pk])
    hand = hand_start(actor=Actor(user=director), table=table, button=3)
    return {
        "director": director,
        "ids": {
            "club_id": [club.pk],
            "table_id": [table.pk],
            "seat_number": [1, 2, 3],
            "hand_id": [hand.pk],
            "device_id": [device.pk],
        },
    }


def _director_auth(director: Any) -> dict[str, dict[str, str]]:
    """The director's session cookie, and a CSRF cookie with its header (SessionAuthentication checks it)."""
    client = Client()
    client.force_login(director)
    csrf = _get_new_csrf_string()
    return {
        "cookies": {"sessionid": client.cookies["sessionid"].value, "csrftoken": csrf},
        "headers": {"X-CSRFToken": csrf},
    }


@pytest.mark.slow
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda m: m.value)
@pytest.mark.parametrize("as_director", [False, True], ids=["anonymous", "director"])
@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: " ".join(op))
def test_every_answer_is_documented_and_no_5xx(
    live_schema: Any, keep_test_connection: None, operation: tuple[str, str], as_director: bool, mode: Any
) -> None:
    method, path = operation
    endpoint = live_schema[path][method]
    seeded = _seed()
    auth = _director_auth(seeded["director"]) if as_director else {}
    seen: set[int] = set()

    @given(case=endpoint.as_strategy(generation_mode=mode), data=st.data())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any, data: Any) -> None:
        # Half the time aim the path at the seeded objects, so the calls get past the 404s.
        for name in list(case.path_parameters or {}):
            if name in seeded["ids"] and data.draw(st.booleans(), label=f"real {name}"):
                case.path_parameters[name] = data.draw(st.sampled_from(seeded["ids"][name]), label=name)
        # Each request in its own savepoint, as each is its own transaction in production: a refusal made
        # outside the view (a CSRF failure in the middleware) marks the innermost block for rollback.
        with transaction.atomic():
            response = case.call(**auth)
        seen.add(response.status_code)
        case.validate_response(response, checks=CHECKS)

    run()
    if as_director:  # the session really was sent: never "log in first"
        assert 401 not in seen, seen
    # and the seeded objects are still there (the fuzzing went through the services, not around them)
    assert Hand.objects.filter(pk__in=seeded["ids"]["hand_id"]).exists()
    assert DeviceToken.objects.filter(pk__in=seeded["ids"]["device_id"]).exists()
    assert Player.objects.exists()


class Conforming:
    """Sends one chosen request through schemathesis and validates the answer with the same checks."""

    def __init__(self, schema: Any, auth: dict[str, dict[str, str]]) -> None:
        self.schema, self.auth = schema, auth

    def __call__(self, method: str, path: str, expect: int, body: Any = None, **params: Any) -> Any:
        headers = params.pop("headers", {})
        kwargs: dict[str, Any] = {"path_parameters": params}
        if body is not None:
            kwargs["body"] = body
            kwargs["media_type"] = "application/json"
        case = self.schema[path][method].Case(**kwargs)
        with transaction.atomic():
            response = case.call(cookies=self.auth["cookies"], headers={**self.auth["headers"], **headers})
        case.validate_response(response, checks=CHECKS)
        assert response.status_code == expect, response.text
        return response.text if path.endswith("/phh") else response.json()


def test_the_happy_path_and_the_usual_refusals_match_the_schema(
    live_schema: Any, keep_test_connection: None
) -> None:
    """The fuzzing rarely reaches a 201 for an event or a 200 award check; this walks a whole hand with
    valid requests (and the common refusals) and holds every answer to the schema too."""
    # given a logged-in user who founds a club
    user = UserFactory()
    UserFactory(username="dana")
    call = Conforming(live_schema, _director_auth(user))
    club = call("POST", "/api/clubs/", 201, {"name": "Thursday game"})
    call(
        "POST",
        "/api/clubs/{club_id}/members/",
        201,
        {"username": "dana", "role": "dealer"},
        club_id=club["id"],
    )
    call("POST", "/api/clubs/{club_id}/players/", 201, {"name": "Ann"}, club_id=club["id"])
    table = call(
        "POST", "/api/tables/", 201, {"club": club["id"], "name": "T1", "game": {"kind": "five-card-draw"}}
    )
    for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        call(
            "POST",
            "/api/tables/{table_id}/seats/",
            201,
            {"seat": seat, "player_name": name, "stack": 2000},
            table_id=table["id"],
        )
    call(
        "POST",
        "/api/tables/{table_id}/seats/{seat_number}/adjustments/",
        201,
        {"kind": "rebuy", "amount": 500, "reason": "rebuy"},
        table_id=table["id"],
        seat_number=2,
    )
    device = call(
        "POST",
        "/api/clubs/{club_id}/devices/",
        201,
        {"name": "tablet", "tables": [table["id"]]},
        club_id=club["id"],
    )

    # when a hand is played through, with a retry, a stale seq, a rule violation and a correction
    hand = call("POST", "/api/tables/{table_id}/hands/", 201, {"button": 3}, table_id=table["id"])
    events = "/api/hands/{hand_id}/events/"
    bet = {"expected_seq": 0, "type": "bet", "seat": 1, "amount": 100}
    key = {"Idempotency-Key": "bet-1"}
    hand = call("POST", events, 201, bet, hand_id=hand["id"], headers=key)
    assert call("POST", events, 201, bet, hand_id=hand["id"], headers=key) == hand
    call("POST", events, 409, {**bet, "amount": 200}, hand_id=hand["id"], headers=key)
    call("POST", events, 409, {"expected_seq": 0, "type": "fold", "seat": 2}, hand_id=hand["id"])
    call(
        "POST",
        events,
        422,
        {"expected_seq": 1, "type": "raise", "seat": 2, "amount": 101},
        hand_id=hand["id"],
    )
    call("POST", events, 400, {"expected_seq": 1, "type": "jump"}, hand_id=hand["id"])
    for seat in (2, 3):
        hand = call(
            "POST",
            events,
            201,
            {"expected_seq": hand["seq"], "type": "fold", "seat": seat},
            hand_id=hand["id"],
        )
    assert hand["status"] == "finished"
    call(
        "POST",
        "/api/hands/{hand_id}/award-check/",
        200,
        {"proposed": {"1": 130, "2": 0, "3": 0}},
        hand_id=hand["id"],
    )
    hand = call(
        "POST",
        "/api/hands/{hand_id}/corrections/",
        201,
        {"expected_seq": hand["seq"], "reason": "seat 3 did not fold", "void_from_seq": 3},
        hand_id=hand["id"],
    )
    assert hand["status"] == "in_progress"
    call(
        "POST",
        "/api/hands/{hand_id}/corrections/",
        400,
        {"expected_seq": hand["seq"], "reason": ""},
        hand_id=hand["id"],
    )

    # then the reads, the PHH round trip and the device revocation answer as documented too
    call("GET", "/api/hands/{hand_id}/", 200, hand_id=hand["id"])
    log = call("GET", events, 200, hand_id=hand["id"])
    assert [row["voided"] for row in log] == [False, False, True, False]
    call("GET", "/api/tables/{table_id}/", 200, table_id=table["id"])
    hand = call(
        "POST", events, 201, {"expected_seq": hand["seq"], "type": "fold", "seat": 3}, hand_id=hand["id"]
    )
    phh = call("GET", "/api/hands/{hand_id}/phh", 200, hand_id=hand["id"])
    call("POST", "/api/tables/{table_id}/hands/import", 201, {"phh": phh}, table_id=table["id"])
    call("POST", "/api/tables/{table_id}/hands/import", 400, {"phh": "not a hand"}, table_id=table["id"])
    call("POST", "/api/devices/{device_id}/revoke/", 200, device_id=device["id"])
    call("GET", "/api/hands/{hand_id}/", 404, hand_id=10**9)
