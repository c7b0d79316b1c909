"""One error shape for every refusal ({"code", "message", "rule", "detail"}), the right 4xx, no writes."""

import pytest
from django.test import Client

from apps.accounts.models import Club

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.urls("tests.core.urls")]

SHAPE = {"code", "message", "rule", "detail"}


def test_application_error_has_the_shape_and_writes_nothing(client: Client) -> None:
    response = client.post("/api/test/refuse/", {}, content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {
        "code": "seat_taken",
        "message": "The seat is taken",
        "rule": "TDA 10",
        "detail": {"seat": 3},
    }
    assert not Club.objects.filter(slug="refused").exists()


def test_subclasses_choose_their_status(client: Client) -> None:
    response = client.post("/api/test/conflict/", {}, content_type="application/json")

    assert response.status_code == 409
    assert response.json()["code"] == "stale_seq"
    assert response.json()["detail"] == {"current_seq": 7}


def test_engine_refusal_is_a_422_with_the_rule(client: Client) -> None:
    response = client.post("/api/test/engine/", {}, content_type="application/json")

    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "raise_too_small"
    assert body["rule"] == "RULES.md §4; TDA 43-A"
    assert body["detail"]["minimum"] == 40
    assert not Club.objects.filter(slug="engine-no").exists()


def test_malformed_json_gets_the_shape(client: Client) -> None:
    response = client.post("/api/ping/", "{not json", content_type="application/json")

    assert response.status_code == 400
    body = response.json()
    assert set(body) == SHAPE
    assert body["code"] == "malformed_request"
    assert "JSON" in body["message"]


def test_invalid_fields_name_the_field(client: Client) -> None:
    response = client.post("/api/ping/", {"message": ""}, content_type="application/json")

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert "message" in body["detail"]["fields"]


def test_wrong_media_type_gets_the_shape(client: Client) -> None:
    response = client.post("/api/ping/", "message=hi", content_type="application/x-www-form-urlencoded")

    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"


def test_unknown_api_url_gets_the_shape(client: Client) -> None:
    response = client.get("/api/no/such/endpoint/")

    assert response.status_code == 404
    assert response.json() == {
        "code": "not_found",
        "message": "No page or endpoint at /api/no/such/endpoint/",
        "rule": None,
        "detail": {"path": "/api/no/such/endpoint/"},
    }


def test_unknown_page_gets_the_shape_as_json_or_html(client: Client) -> None:
    as_json = client.get("/no-such-page")
    as_html = client.get("/no-such-page", HTTP_ACCEPT="text/html,application/xhtml+xml")

    assert as_json.status_code == 404
    assert set(as_json.json()) == SHAPE
    assert as_html.status_code == 404
    assert b"not_found" in as_html.content
    assert as_html["Content-Type"].startswith("text/html")


def test_wrong_method_gets_the_shape(client: Client) -> None:
    response = client.get("/api/ping/")

    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


@pytest.mark.django_db  # inside a transaction the caller holds, as a test's own is
def test_a_404_leaves_the_callers_transaction_usable(client: Client) -> None:
    response = client.get("/api/tables/999999/", HTTP_ACCEPT="application/json")
    Club.objects.create(name="after the 404")

    assert response.status_code in (401, 404)
    assert client.get("/no-such-page").status_code == 404
    assert Club.objects.filter(name="after the 404").count() == 1
