"""Phones on the home network: development answers to the machine's own names and addresses (production
only to ALLOWED_HOSTS), links and QR codes use the address the director's browser used or FLOOR_PUBLIC_URL,
and `make run` prints the URL a phone opens with a QR code."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from apps.accounts import services as accounts
from apps.accounts.permissions import Actor
from apps.public.views import _qr_svg
from director import lan
from director.config import ConfigError, core_config, public_url_config
from tests.factories import ClubFactory, TableFactory, director_of

ROOT = Path(__file__).resolve().parents[2]
PROD = {
    "FLOOR_ENV": "production",
    "SECRET_KEY": "n7Qe-2xVb_Lr9TzKp4WmHs8YcJd6FgUa3Nk5Rt1Pq0Xw_vE8iOyB",
    "ALLOWED_HOSTS": "floor.example",
}


def lan_ipv4() -> str:
    """An IPv4 address of this machine other than loopback (the test machine has one)."""
    addresses = [a for a in lan.machine_addresses() if ":" not in a]
    assert addresses, "this machine has no network address"
    return addresses[0]


def test_the_machines_own_addresses_and_names_are_found() -> None:
    addresses = lan.machine_addresses()
    assert addresses and not any(a.startswith("127.") or a == "::1" for a in addresses)
    hostname = socket.gethostname().lower()
    hosts = lan.machine_hosts()
    assert hostname in hosts and f"{hostname.split('.')[0]}.local" in hosts
    assert all(f"[{a}]" in hosts for a in addresses if ":" in a)  # IPv6 as a URL host


def test_development_answers_to_the_machines_hosts_and_production_does_not() -> None:
    own = lambda: ["laptop", "laptop.local", "192.168.1.20"]  # noqa: E731

    development = core_config({}, machine_hosts=own)["allowed_hosts"]
    explicit = core_config({"ALLOWED_HOSTS": "floor.lan"}, machine_hosts=own)["allowed_hosts"]
    production = core_config(PROD, machine_hosts=own)["allowed_hosts"]

    assert {"localhost", "127.0.0.1", "laptop.local", "192.168.1.20"} <= set(development)
    assert explicit == ["floor.lan", "laptop", "laptop.local", "192.168.1.20"]
    assert production == ["floor.example"]


@pytest.mark.django_db
@pytest.mark.parametrize("host", ["ip", "name.local"])
def test_the_home_page_and_the_console_answer_a_phone_on_the_lan(host: str) -> None:
    name = lan_ipv4() if host == "ip" else f"{socket.gethostname().lower().split('.')[0]}.local"
    club = ClubFactory()
    director = Client(HTTP_HOST=f"{name}:8000")
    director.force_login(director_of(club))
    TableFactory(club=club)

    assert Client(HTTP_HOST=f"{name}:8000").get("/").status_code == 200
    assert director.get("/console/").status_code == 200
    assert director.get("/cockpit/").status_code in (200, 302)


@pytest.mark.django_db
def test_an_unknown_host_is_still_refused() -> None:
    assert Client(HTTP_HOST="rebind.example").get("/").status_code == 400


def svg_of(url: str) -> bytes:
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=8, border=4)
    return out.getvalue()


def qr_path(svg: bytes) -> str:
    """The modules of a QR code's SVG (its path), whatever its size and colours."""
    import re

    paths = re.findall(rb' d="([^"]+)"', svg)
    assert paths, svg[:200]
    return paths[-1].decode()  # the dark modules (a light background, when drawn, comes first)


def issued_link(client: Client, club: Any) -> str:
    table = TableFactory(club=club)
    response = client.post(
        reverse("cockpit:device-new", args=[club.pk]), {"name": "Tablet", "tables": [table.pk]}, follow=True
    )
    link: str = response.context["new"]["link"]
    return link


@pytest.mark.django_db
def test_a_device_link_uses_the_address_the_directors_browser_used() -> None:
    club = ClubFactory()
    client = Client(HTTP_HOST=f"{lan_ipv4()}:8000")
    client.force_login(director_of(club))

    assert issued_link(client, club).startswith(f"http://{lan_ipv4()}:8000/console/open/")


@pytest.mark.django_db
def test_a_device_link_opened_at_127_0_0_1_carries_the_lan_address_when_make_run_serves_the_lan(
    settings: Any,
) -> None:
    settings.FLOOR_LISTEN_HOST = "0.0.0.0"
    club = ClubFactory()
    client = Client(HTTP_HOST="127.0.0.1:8000")
    client.force_login(director_of(club))

    assert issued_link(client, club).startswith(f"http://{lan_ipv4()}:8000/console/open/")

    settings.FLOOR_LISTEN_HOST = "127.0.0.1"  # kept to this machine: a phone could not open it anyway
    assert issued_link(client, club).startswith("http://127.0.0.1:8000/console/open/")


@pytest.mark.django_db
def test_floor_public_url_is_the_base_of_device_links_qr_codes_and_the_clock_display(settings: Any) -> None:
    from tests.tournaments.helpers import given_tournament

    settings.FLOOR_PUBLIC_URL = "https://floor.example"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "10.0.0.5"]  # production lists its own
    club = ClubFactory()
    user = director_of(club)
    client = Client(HTTP_HOST="10.0.0.5:8000")
    client.force_login(user)

    link = issued_link(client, club)
    assert link.startswith("https://floor.example/console/open/")

    device, raw = accounts.device_issue(actor=Actor(user=user), club=club, name="Phone", table_ids=[])
    qr = client.get(reverse("console:device-qr", args=[device.pk]), {"token": raw})
    assert qr.status_code == 200
    assert qr_path(qr.content) == qr_path(svg_of(f"https://floor.example/console/open/#{raw}"))
    assert qr_path(qr.content) != qr_path(svg_of(f"http://10.0.0.5:8000/console/open/#{raw}"))

    t = given_tournament(club, Actor(user=user), 2)
    t.published = True
    t.save(update_fields=["published"])
    clock = client.get(reverse("public:clock", args=[t.pk]))
    # the TV's QR code opens the players' "who are you?" page
    me = reverse("public:me-index", args=[t.pk])
    assert _qr_svg(f"https://floor.example{me}") in clock.content.decode()
    settings.FLOOR_PUBLIC_URL = ""
    again = client.get(reverse("public:clock", args=[t.pk]))
    assert _qr_svg(f"http://10.0.0.5:8000{me}") in again.content.decode()


@pytest.mark.parametrize(
    ("raw", "ok"),
    [
        ("https://floor.example", "https://floor.example"),
        ("http://192.168.1.20:8000/", "http://192.168.1.20:8000"),
        ("https://home.example/floor/", None),
        ("floor.example", None),
        ("ftp://floor.example", None),
        ("https://floor.example/?x=1", None),
    ],
)
def test_floor_public_url_must_be_an_http_address(raw: str, ok: str | None) -> None:
    if ok is None:
        with pytest.raises(ConfigError, match="FLOOR_PUBLIC_URL"):
            public_url_config({"FLOOR_PUBLIC_URL": raw})
    else:
        assert public_url_config({"FLOOR_PUBLIC_URL": raw}) == ok


def print_urls(host: str) -> str:
    result = subprocess.run(
        [sys.executable, "scripts/print_urls.py", host, "1", "0"],  # no server to wait for
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout


def test_make_run_prints_the_phone_url_and_a_qr_code_and_says_how_to_keep_it_local() -> None:
    shown = print_urls("0.0.0.0")
    assert f"http://{lan_ipv4()}:1/" in shown
    assert "HOST=127.0.0.1" in shown  # how to keep it to this machine
    assert "█" in shown and "▀" in shown  # the QR code, drawn in the terminal

    local = print_urls("127.0.0.1")
    assert "this machine only" in local and "HOST=0.0.0.0" in local and "█" not in local
