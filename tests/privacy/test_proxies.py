"""X-Forwarded-For and X-Forwarded-Proto are believed from FLOOR_TRUSTED_PROXIES only; the rate limits key on
the client's real address."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory

from apps.core.proxies import TrustedProxyMiddleware, client_ip, forwarded_client, parse_trusted_proxies
from director.config import ConfigError, core_config

POT = {
    "ranking": "high",
    "button": 2,
    "players": [
        {"seat": 1, "contributed": 10, "cards": "KhKdKcJd9s"},
        {"seat": 2, "contributed": 10, "cards": "QhQdQcJs9d"},
    ],
}


def _addr() -> str:
    """A fresh documentation address per test, so no earlier run's throttle counts."""
    return f"198.18.{random.randrange(256)}.{random.randrange(1, 255)}"


def _settle(meta: dict[str, Any]) -> HttpRequest:
    seen: dict[str, HttpRequest] = {}

    def view(request: HttpRequest) -> HttpResponse:
        seen["request"] = request
        return HttpResponse("ok")

    request = RequestFactory().get("/", **meta)
    TrustedProxyMiddleware(view)(request)
    return seen["request"]


def test_the_setting_takes_addresses_and_networks_and_refuses_anything_else() -> None:
    assert [str(n) for n in parse_trusted_proxies("10.0.0.1, 172.18.0.0/16,::1")] == [
        "10.0.0.1/32",
        "172.18.0.0/16",
        "::1/128",
    ]
    assert core_config({"FLOOR_TRUSTED_PROXIES": "10.0.0.0/8"})["trusted_proxies"] == ["10.0.0.0/8"]
    with pytest.raises(ConfigError, match="FLOOR_TRUSTED_PROXIES"):
        core_config({"FLOOR_TRUSTED_PROXIES": "proxy.example"})


def test_an_untrusted_peer_cannot_choose_its_address_or_claim_https(settings: Any) -> None:
    settings.FLOOR_TRUSTED_PROXIES = ["10.0.0.1"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    request = _settle(
        {"REMOTE_ADDR": "203.0.113.5", "HTTP_X_FORWARDED_FOR": "1.2.3.4", "HTTP_X_FORWARDED_PROTO": "https"}
    )
    assert client_ip(request) == request.META["REMOTE_ADDR"] == "203.0.113.5"
    assert "HTTP_X_FORWARDED_FOR" not in request.META and not request.is_secure()


def test_a_trusted_proxy_is_believed_for_the_client_it_saw(settings: Any) -> None:
    settings.FLOOR_TRUSTED_PROXIES = ["10.0.0.0/24"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # the client forged "6.6.6.6"; the proxy appended the address it saw (203.0.113.5)
    request = _settle(
        {
            "REMOTE_ADDR": "10.0.0.1",
            "HTTP_X_FORWARDED_FOR": "6.6.6.6, 203.0.113.5",
            "HTTP_X_FORWARDED_PROTO": "https",
        }
    )
    assert client_ip(request) == "203.0.113.5" and request.META["FLOOR_PROXY_ADDR"] == "10.0.0.1"
    assert request.is_secure()
    # two trusted proxies in a row: the first untrusted address from the right
    assert forwarded_client("10.0.0.1", "6.6.6.6, 203.0.113.5, 10.0.0.7") == "203.0.113.5"
    assert forwarded_client("10.0.0.1", "not-an-address, 10.0.0.7") == "10.0.0.7"


@pytest.mark.django_db
def test_a_fresh_x_forwarded_for_per_request_no_longer_escapes_the_pot_calculators_limit() -> None:
    client, addr = Client(), _addr()
    answers = [
        client.post(
            "/api/pots/resolve",
            POT,
            content_type="application/json",
            REMOTE_ADDR=addr,
            HTTP_X_FORWARDED_FOR=f"100.64.{i // 250}.{i % 250}",
        ).status_code
        for i in range(130)
    ]
    assert answers[:120] == [200] * 120
    assert set(answers[120:]) == {429}


@pytest.mark.django_db
def test_behind_a_trusted_proxy_each_client_has_its_own_limit(settings: Any) -> None:
    settings.FLOOR_TRUSTED_PROXIES = ["10.0.0.1"]
    client = Client()
    first, second = _addr(), _addr()

    def ask(addr: str) -> int:
        return client.post(
            "/api/pots/resolve",
            POT,
            content_type="application/json",
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=addr,
        ).status_code

    assert [ask(first) for _ in range(121)][-1] == 429
    assert ask(second) == 200  # another client behind the same proxy is not counted with the first


@pytest.mark.django_db
def test_the_login_lockout_records_the_real_client(settings: Any) -> None:
    from axes.models import AccessAttempt

    from tests.factories import UserFactory

    settings.FLOOR_TRUSTED_PROXIES = ["10.0.0.1"]
    UserFactory(username="ann")
    Client().post(
        "/accounts/login/",
        {"username": "ann", "password": "wrong"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="203.0.113.44",
    )
    Client().post(
        "/accounts/login/",
        {"username": "ann", "password": "wrong"},
        REMOTE_ADDR="198.51.100.3",
        HTTP_X_FORWARDED_FOR="203.0.113.45",
    )
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.44", "198.51.100.3"}
