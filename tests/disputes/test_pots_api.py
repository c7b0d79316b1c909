"""The public pot calculator: ``POST /api/pots/resolve`` answers what ``manage.py pots resolve`` answers."""

from __future__ import annotations

import copy
import io
import json
import secrets
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.disputes.test_pots_command import SEED_001

pytestmark = pytest.mark.django_db

URL = "/api/pots/resolve"

# Four players all in for different amounts: a main pot and two side pots. Seats 2, 3 and 4 tie, so the
# main pot (200) splits three ways: 66 each and two odd chips, to seats 2 and 3, the first winners left of
# the button (seat 4); seat 1 (not a winner) is skipped.
FOUR_WAY: dict[str, Any] = {
    "button": 4,
    "players": [
        {"seat": 1, "name": "Ann", "contributed": 50, "rank": 2},
        {"seat": 2, "name": "Bo", "contributed": 150, "rank": 1},
        {"seat": 3, "name": "Cy", "contributed": 301, "rank": 1},
        {"seat": 4, "name": "Di", "contributed": 301, "rank": 1},
    ],
}


def post(body: Any) -> Any:
    return APIClient().post(URL, body, format="json")


def command_answer(body: dict[str, Any]) -> dict[str, Any]:
    out = io.StringIO()
    call_command("pots", "resolve", stdin=io.StringIO(json.dumps(body)), stdout=out)
    return dict(json.loads(out.getvalue()))


def test_seed_001_through_the_api_matches_the_command() -> None:
    response = post(SEED_001)

    assert response.status_code == 200
    answer = response.json()
    assert answer["returned"] == {"3": 80}
    assert [(p["name"], p["amount"], p["winners"]) for p in answer["pots"]] == [
        ("main", 150, [1]),
        ("side 1", 140, [2]),
    ]
    assert answer["received"] == {"1": 150, "2": 140, "3": 80}
    assert answer["net"] == {"1": 100, "2": 20, "3": -120}
    assert answer["explanation"][0] == (
        "C gets 80 back uncalled: 200 − 120 (the next-highest contribution) = 80."
    )
    assert answer == command_answer(SEED_001)


def test_four_way_all_in_two_side_pots_and_an_odd_chip_split() -> None:
    answer = post(FOUR_WAY).json()

    assert answer["returned"] == {}
    pots = [(p["name"], p["amount"], p["eligible"], p["winners"]) for p in answer["pots"]]
    assert pots == [
        ("main", 200, [1, 2, 3, 4], [2, 3, 4]),
        ("side 1", 300, [2, 3, 4], [2, 3, 4]),
        ("side 2", 302, [3, 4], [3, 4]),
    ]
    main = answer["pots"][0]
    assert main["shares"] == {"2": 67, "3": 67, "4": 66}
    assert main["odd_chips"] == [2, 3]
    assert answer["received"] == {"1": 0, "2": 167, "3": 318, "4": 317}
    assert sum(answer["received"].values()) == 50 + 150 + 301 + 301
    assert answer["net"] == {"1": -50, "2": 17, "3": 17, "4": 16}
    assert any(line["key"] == "odd_chips" for line in answer["explanation_lines"])


def test_the_smallest_chip_makes_the_odd_chip_a_chip_of_that_size() -> None:
    body = copy.deepcopy(FOUR_WAY)
    body["smallest_chip"] = 25
    for p, chips in zip(body["players"], (50, 150, 325, 325), strict=True):
        p["contributed"] = chips

    main = post(body).json()["pots"][0]

    # 200 ÷ 3 in chips of 25: 50 each, 50 left = two chips of 25, to seats 2 and 3.
    assert main["shares"] == {"2": 75, "3": 75, "4": 50}


def with_player(change: dict[str, Any], index: int = 0) -> dict[str, Any]:
    body = copy.deepcopy(SEED_001)
    body["players"][index].update(change)
    return body


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        (with_player({"contributed": -5}), "negative_contribution", None),
        (with_player({"cards": "KhKdKsJdZz"}), "card_invalid", "players[0].cards"),
        (with_player({"cards": "KhKdKsJd??"}), "card_unknown", "players[0].cards"),
        (with_player({"cards": "JcJhJsKc7d"}), "card_duplicate", "players[1].cards"),
        ({**SEED_001, "players": []}, "no_players", None),
        ({"button": 1}, "field_missing", "players"),
        (with_player({"contributed": "fifty"}), "field_invalid", "players[0].contributed"),
    ],
    ids=["negative", "unknown-card", "unknown-card-??", "duplicate", "no-players", "no-list", "not-a-number"],
)
def test_bad_input_is_400_with_a_code_and_the_field(
    body: dict[str, Any], code: str, field: str | None
) -> None:
    response = post(body)

    assert response.status_code == 400
    error = response.json()
    assert error["code"] == code
    assert set(error) == {"code", "message", "rule", "detail"}
    if field is not None:
        assert error["detail"]["field"] == field


def test_unparsable_json_and_form_data_are_refused() -> None:
    client = APIClient()
    bad = client.post(URL, "{not json", content_type="application/json")
    form = client.post(URL, {"button": 1})

    assert (bad.status_code, bad.json()["code"]) == (400, "malformed_request")
    assert (form.status_code, form.json()["code"]) == (415, "unsupported_media_type")


def test_size_limits() -> None:
    eleven = {"button": 1, "players": [{"seat": s, "contributed": 10, "rank": 1} for s in range(1, 12)]}
    huge = with_player({"name": "x" * 20_000})

    too_many = post(eleven)
    too_big = post(huge)

    assert (too_many.status_code, too_many.json()["code"]) == (400, "too_many_players")
    assert (too_big.status_code, too_big.json()["code"]) == (413, "request_too_large")


def test_no_login_and_no_csrf_needed() -> None:
    client = APIClient(enforce_csrf_checks=True)

    response = client.post(URL, SEED_001, format="json")

    assert response.status_code == 200


def test_rate_limited_per_address() -> None:
    from django.core.cache import cache

    from apps.disputes.apis import PotResolveThrottle

    # Addresses of this run only (the cache is shared; clearing it would touch everyone else's keys).
    mine, other_address = (f"2001:db8::{secrets.token_hex(2)}:{i}" for i in range(2))
    client = APIClient(REMOTE_ADDR=mine)
    limit = int(PotResolveThrottle.rate.split("/")[0])
    statuses = [client.post(URL, SEED_001, format="json").status_code for _ in range(limit + 1)]
    other = APIClient(REMOTE_ADDR=other_address).post(URL, SEED_001, format="json")
    for address in (mine, other_address):
        cache.delete(PotResolveThrottle.cache_format % {"scope": "pots", "ident": address})

    assert statuses[:limit] == [200] * limit
    assert statuses[-1] == 429
    assert other.status_code == 200


def test_in_the_openapi_schema() -> None:
    schema = APIClient().get("/api/schema/?format=json").json()

    operation = schema["paths"]["/api/pots/resolve"]["post"]
    assert "200" in operation["responses"] and "400" in operation["responses"]
    assert operation.get("security") in (None, [], [{}])
