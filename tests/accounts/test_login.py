"""The login lockout: five failures lock, but a stranger's failures never lock the owner's own browser.

A browser that has logged in as a user holds a signed device cookie for that user (OWASP "device cookies");
its failures count for it alone. Every other client is untrusted: their failures count together for the
username, from any address, and lock untrusted clients only."""

from typing import Any

import pytest
from django.core import signing
from django.test import Client

from apps.accounts.lockout import COOKIE_NAME, COOKIE_SALT
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
VENUE = "10.0.0.7"  # the venue's shared address: the director and the stranger on the same Wi-Fi


def _login(
    client: Client, password: str, *, username: str = "ann", addr: str = VENUE, url: str = LOGIN
) -> Any:
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=addr)


def _owners_browser(username: str = "ann") -> Client:
    """A browser that has logged in as ``username`` once (so holds its device cookie), logged out since."""
    browser = Client()
    assert _login(browser, "pw-for-tests", username=username).status_code == 302
    browser.post("/accounts/logout/")
    assert not browser.session.get("_auth_user_id")
    return browser


def _fail_five(client: Client, **kw: Any) -> Any:
    for _ in range(4):
        assert _login(client, "wrong", **kw).status_code == 200  # the form again, with an error
    return _login(client, "wrong", **kw)


def test_a_good_password_logs_in_and_gives_the_browser_its_device_cookie(client: Client) -> None:
    UserFactory(username="ann")

    response = _login(client, "pw-for-tests")

    assert response.status_code == 302
    assert client.session.get("_auth_user_id")
    cookie = response.cookies[COOKIE_NAME]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and int(cookie["max-age"]) > 0
    assert "ann" in signing.loads(cookie.value, salt=COOKIE_SALT)  # signed: a client cannot make one


def test_five_failures_lock_an_untrusted_client_even_with_the_right_password(client: Client) -> None:
    UserFactory(username="ann")

    locked = _fail_five(client)
    after = _login(client, "pw-for-tests")

    assert locked.status_code == 429
    assert locked.json()["code"] == "login_locked"
    assert after.status_code == 429
    assert int(after["Retry-After"]) == 15 * 60
    assert not client.session.get("_auth_user_id")


def test_a_stranger_on_the_same_wifi_cannot_lock_the_director_out() -> None:
    UserFactory(username="ann")
    director = _owners_browser()
    stranger = Client()

    assert _fail_five(stranger).status_code == 429
    assert _login(stranger, "pw-for-tests").status_code == 429  # the stranger stays out

    back = _login(director, "pw-for-tests")
    assert back.status_code == 302 and director.session.get("_auth_user_id")


def test_brute_force_from_many_addresses_and_fresh_clients_is_still_locked() -> None:
    UserFactory(username="ann")
    for i in range(5):  # a new client and a new address for each guess: they count together
        assert _login(Client(), "wrong", addr=f"198.51.100.{i + 1}").status_code in (200, 429)

    guess = _login(Client(), "pw-for-tests", addr="203.0.113.9")

    assert guess.status_code == 429 and guess.json()["code"] == "login_locked"


def test_failures_on_the_owners_own_browser_lock_that_browser_only() -> None:
    UserFactory(username="ann")
    director = _owners_browser()

    assert _fail_five(director).status_code == 429
    assert _login(director, "pw-for-tests").status_code == 429
    assert _login(Client(), "pw-for-tests", addr="10.0.0.8").status_code == 302  # untrusted count is 0


def test_a_device_cookie_of_another_user_or_a_forged_one_is_untrusted() -> None:
    UserFactory(username="ann")
    UserFactory(username="mallory")
    director = _owners_browser()
    mallory = _owners_browser("mallory")  # the attacker's own account gives a cookie for mallory only
    forged = Client()
    forged.cookies[COOKIE_NAME] = signing.dumps({"ann": "guessed"}, salt="another salt")

    for _ in range(3):
        _login(mallory, "wrong")
    assert _login(forged, "wrong").status_code == 200
    locked = _login(forged, "wrong")  # the fifth untrusted failure for ann

    assert locked.status_code == 429
    assert _login(mallory, "pw-for-tests").status_code == 429
    assert _login(director, "pw-for-tests").status_code == 302


def test_the_admin_login_follows_the_same_rule() -> None:
    UserFactory(username="ann", is_staff=True, is_superuser=True)
    director = _owners_browser()
    stranger = Client()
    admin = "/admin/login/"

    for _ in range(4):
        _login(stranger, "wrong", url=admin)
    assert _login(stranger, "wrong", url=admin).status_code == 429

    back = director.post(admin, {"username": "ann", "password": "pw-for-tests", "next": "/admin/"})
    assert back.status_code == 302 and back["Location"] == "/admin/"
