"""Login attempts are rate-limited: five failures lock the username from that address out."""

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _login(client: Client, password: str) -> object:
    return client.post("/accounts/login/", {"username": "ann", "password": password}, REMOTE_ADDR="10.0.0.7")


def test_a_good_password_logs_in(client: Client) -> None:
    UserFactory(username="ann")

    response = _login(client, "pw-for-tests")

    assert response.status_code == 302
    assert client.session.get("_auth_user_id")


def test_five_failures_lock_the_login_even_with_the_right_password(client: Client) -> None:
    UserFactory(username="ann")
    for _ in range(4):
        assert _login(client, "wrong").status_code == 200  # the form again, with an error

    locked = _login(client, "wrong")
    after = _login(client, "pw-for-tests")

    assert locked.status_code == 429
    assert locked.json()["code"] == "login_locked"
    assert after.status_code == 429
    assert int(after["Retry-After"]) == 15 * 60
    assert not client.session.get("_auth_user_id")


def test_another_address_is_not_locked_out(client: Client) -> None:
    UserFactory(username="ann")
    for _ in range(5):
        _login(client, "wrong")

    response = client.post(
        "/accounts/login/", {"username": "ann", "password": "pw-for-tests"}, REMOTE_ADDR="10.0.0.8"
    )

    assert response.status_code == 302
