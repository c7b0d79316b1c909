"""Device tokens stay out of logs: the console link carries the token in its fragment (never sent), the page
posts it, and a logging filter blanks any token that still reaches a log line."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.test import Client

from apps.accounts import services as accounts
from apps.accounts.permissions import Actor
from apps.console.access import COOKIE
from apps.core.logfilters import ACCESS_LOGGERS, RedactTokens, redact
from tests.factories import ClubFactory, TableFactory, director_of

TOKEN = "Zq8v1xY2-abcDEF_0123456789klmnopQR"


@pytest.fixture
def issued(db: None) -> tuple[Any, Any, str]:
    club = ClubFactory()
    director = director_of(club)
    table = TableFactory(club=club)
    device, raw = accounts.device_issue(
        actor=Actor(user=director), club=club, name="Tablet", table_ids=[table.pk]
    )
    return table, device, raw


def test_the_link_puts_the_token_after_the_hash(rf: Any) -> None:
    from apps.accounts.device_links import console_link

    link = console_link(rf.get("/"), TOKEN)
    assert link == f"http://testserver/console/open/#{TOKEN}"
    assert TOKEN not in link.split("#", 1)[0]  # what a browser sends: the path only


def test_the_page_posts_the_token_and_the_answer_keeps_it_in_a_cookie(issued: Any) -> None:
    table, _, raw = issued
    client = Client(enforce_csrf_checks=True)
    page = client.get("/console/open/")
    assert page.status_code == 200 and page["Referrer-Policy"] == "same-origin"
    body = page.content.decode()
    assert 'action="/console/open/"' in body and "console/open.js" in body and raw not in body

    opened = client.post("/console/open/", {"token": raw, "csrfmiddlewaretoken": page.context["csrf_token"]})
    assert opened.status_code == 303 and opened["Location"] == f"/console/tables/{table.pk}/"
    cookie = opened.cookies[COOKIE]
    assert cookie.value == raw and cookie["httponly"]
    assert client.get(opened["Location"]).status_code == 200


def test_a_bad_or_revoked_token_posted_gets_the_plain_refusal(issued: Any) -> None:
    table, device, raw = issued
    client = Client()
    assert client.post("/console/open/", {"token": "nope"}).status_code == 401
    accounts.device_revoke(actor=Actor(user=director_of(table.club)), device=device)
    refused = client.post("/console/open/", {"token": raw})
    assert refused.status_code == 403 and b"console_device_revoked" in refused.content


def test_an_old_path_link_still_opens_and_never_reaches_the_log(issued: Any, caplog: Any) -> None:
    table, _, raw = issued
    caplog.set_level(logging.INFO)
    opened = Client().get(f"/console/open/{raw}/")
    assert opened.status_code == 302 and opened["Location"] == f"/console/tables/{table.pk}/"
    Client().get(f"/console/open/{raw}x/")  # an unknown token: django.request logs the 401 with its path
    assert any("/console/open/" in r.getMessage() for r in caplog.records)
    assert all(raw not in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(
    ("msg", "args"),
    [
        ('"%s" %s %s', (f"GET /console/open/{TOKEN}/ HTTP/1.1", "302", "0")),  # runserver (django.server)
        ('%(h)s "%(r)s" %(s)s', {"h": "10.0.0.2", "r": f"GET /console/open/{TOKEN}/ HTTP/1.1", "s": "302"}),
        (
            '%s - "%s %s HTTP/%s" %d',
            ("10.0.0.2:5", "GET", f"/console/devices/3/qr.svg?token={TOKEN}", "1.1", 200),
        ),
        ("Unauthorized: %s", (f"/console/open/{TOKEN}/",)),  # django.request
        (f"Authorization: Device {TOKEN}", None),
    ],
)
def test_the_filter_blanks_tokens_in_every_access_log_format(msg: str, args: Any) -> None:
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, msg, args, None)
    assert RedactTokens().filter(record) is True  # it never drops a line
    line = record.getMessage()
    assert TOKEN not in line and "[redacted]" in line


def test_the_filter_sits_on_every_servers_access_logger() -> None:
    for name in ACCESS_LOGGERS:
        assert any(isinstance(f, RedactTokens) for f in logging.getLogger(name).filters), name
    assert redact("GET /console/open/ HTTP/1.1") == "GET /console/open/ HTTP/1.1"  # the page itself stays
