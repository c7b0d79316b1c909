"""A hostile-input corpus replayed against every endpoint of the URL conf (the resolver is walked, so a new
endpoint is covered the day it is added), as the club's director, a dealer's device and an anonymous
visitor: JSON nested 5,000 deep, numbers too large for a float or a bigint, NaN and Infinity, wrong types,
control characters, NUL and lone surrogates, very long strings, bytes that are not UTF-8, odd query strings
and ids out of range. Whatever comes in, the answer is never a 5xx.

The world behind the ids is real: a running published tournament with a hand in play and a finished one, a
club table with a device, a league season, a deal and a dispute, so path ids hit real rows as well as
missing ones (and writes that succeed change it as they would in use).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator

from apps.accounts.services import device_issue
from apps.disputes.services import dispute_raise
from apps.standings import services as standings
from apps.tables import services as tables
from apps.tables.models import Hand
from apps.tournaments import payouts, seating
from apps.tournaments.models import Deal, Entry, TournamentTable
from tests.tournaments.helpers import given_director, given_tournament, play_hand, quiet

pytestmark = pytest.mark.django_db

SKIPPED = ("admin/", "api/schema/", "api/docs/", "accounts/password_reset", "accounts/reset/")


def _walk(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern)


ROUTES = sorted(
    {
        r
        for r in _walk(get_resolver().url_patterns)
        if r and not r.startswith(SKIPPED) and not r.startswith("^")
    }
)
# each operation's request fields, from the OpenAPI schema (pages get the union of them all)
_SCHEMA = SchemaGenerator().get_schema(request=None, public=True)


def _fields(op: dict[str, Any]) -> set[str]:
    content = op.get("requestBody", {}).get("content", {})
    schema = next(iter(content.values()), {}).get("schema", {})
    ref = schema.get("$ref", "")
    if ref:
        schema = _SCHEMA["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return set(schema.get("properties", {}))


API_FIELDS = {
    re.sub(r"\{(\w+)\}", r"<\1>", path): set().union(*(_fields(op) for op in item.values()))
    for path, item in _SCHEMA["paths"].items()
}
ALL_FIELDS = sorted(set().union(*API_FIELDS.values()) | {"name", "player_name", "level_minutes", "hours"})

DEEP = 5000
RAW_BODIES: list[bytes] = [
    b"[" * DEEP + b"]" * DEEP,
    b'{"a":' * DEEP + b"1" + b"}" * DEEP,
    b'{"name": NaN, "amount": Infinity}',
    b'{"name": 1e400, "seat": -1e400}',
    b'{"name": ' + b"9" * 5000 + b"}",
    b'{"name": "\xff\xfe"}',
    b'{"name": "a\\u0000b", "\\ud800": 1}',
    b"not json",
    b"",
    b"[]",
    b'"text"',
    b"123",
    b"null",
]
VALUES: list[Any] = [
    {},
    [],
    [[[[]]]],
    "x" * 5000,
    -1,
    0,
    2**70,
    -(2**63),
    1e308,
    1.5,
    True,
    None,
    "\x01\x1b[31m\x7f\u202e",
    "²",
    '=HYPERLINK("http://evil.example/")',
]
QUERIES = [
    "?tournament=%C2%B2&hours=nan&players=1e400&starting_stack=-1&game=five-card-draw",
    "?hours=inf&players=20&starting_stack=1000&game=five-card-draw&level_minutes=0",
    "?status=" + "x" * 3000 + "&last_event_id=99999999999999999999999999",
    "?a=%00&%00=b",
    "?tournament=99999999999999999999999&page=-1&format=%FF%FE",
    "?token=" + "A" * 500 + "&fmt=../../etc/passwd",
]
FORM_VALUES = ["x" * 5000, "-1", "9" * 30, "nan", "inf", "1e400", "²", "\x01\x1b", "{}", "[]"]


@pytest.fixture(autouse=True)
def _heartbeats_stay_fresh(settings: Any) -> None:
    """The replay takes longer than /healthz's heartbeat window; the heartbeats _world writes stay fresh."""
    settings.FLOOR_HEARTBEAT_STALE_SECONDS = 3600


def _world() -> dict[str, Any]:
    """A running published tournament (a hand finished and one in play at its table), a club table with a
    device, a league season with the tournament, a deal and a dispute; each path parameter's real id. The
    worker and beat have just proved they run, so /healthz's 503 (a dead part) is not what is tested."""
    from apps.core.heartbeat import BEAT, WORKER, heartbeat_record

    for part in (WORKER, BEAT):
        heartbeat_record(part=part)
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3, published=True, late_reg_until_level=3)
    seating.tournament_start(actor=director, tournament=t)
    tt = TournamentTable.objects.get(tournament=t)
    done = play_hand(director, tt.table, random.Random(3), quiet)
    deal = payouts.deal_calculate(actor=director, tournament=t, method=Deal.Method.CHIP_CHOP)
    live = tables.hand_start(actor=director, table=tt.table)
    dispute = dispute_raise(actor=director, hand_id=done.pk, kind="reading", description="which pair?")
    table = tables.table_create(actor=director, club=club, name="Cash", game={"kind": "five-card-draw"})
    for n in (1, 2):
        tables.table_seat_player(actor=director, table=table, number=n, stack=500, player_name=f"C{n}")
    device, token = device_issue(actor=director, club=club, name="tablet", table_ids=[table.pk, tt.table_id])
    league = standings.league_create(
        actor=director, club=club, name="L", points={"kind": "table", "table": [100]}
    )
    season = standings.season_create(actor=director, league=league, name="S")
    standings.season_tournament_add(actor=director, season=season, tournament=t)
    entry = Entry.objects.filter(tournament=t).first()
    assert entry is not None and live.status == Hand.Status.IN_PROGRESS
    ids = {
        "club_id": club.pk,
        "table_id": tt.table_id,
        "seat_number": 1,
        "hand_id": live.pk,
        "tournament_id": t.pk,
        "entry_id": entry.pk,
        "player_id": entry.player_id,
        "league_id": league.pk,
        "season_id": season.pk,
        "device_id": device.pk,
        "deal_id": deal.pk,
        "dispute_id": dispute.pk,
        "clock_id": t.level_clock_id,
        "move_id": 1,
        "token": token,
        "action": "rebuy",
        "fmt": "csv",
        "uidb64": "MQ",
    }
    return {"director": director, "token": token, "ids": ids, "done": done.pk}


def _path(route: str, ids: dict[str, Any], huge: bool = False) -> str:
    def fill(m: re.Match[str]) -> str:
        converter, name = m.group(1) or "str", m.group(2)
        if huge and converter == "int":
            return str(2**64)
        return str(ids.get(name, 1))

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", fill, route)


# The corpus's own address (TEST-NET-1): the rate limits it runs into (the pot calculator's 120 a minute) are
# its own, not those of the tests after it.
CORPUS_ADDRESS = {"director": "192.0.2.1", "device": "192.0.2.2", "anonymous": "192.0.2.3"}


def _client(who: str, world: dict[str, Any]) -> Client:
    address = CORPUS_ADDRESS[who]
    if who == "device":
        return Client(
            raise_request_exception=False, REMOTE_ADDR=address, HTTP_AUTHORIZATION=f"Device {world['token']}"
        )
    client = Client(raise_request_exception=False, REMOTE_ADDR=address)
    if who == "director":
        client.force_login(world["director"].user)
    return client


def _check(response: Any, what: str, failures: list[str]) -> None:
    if response.status_code >= 500:
        failures.append(f"{response.status_code} {what}: {bytes(response.content)[:200]!r}")
    # a live stream is left unread: its generator has not started, so it holds nothing (closing it here would
    # send request_finished, which closes the test's database connection)


def _replay(who: str) -> tuple[int, list[str]]:
    world = _world()
    client = _client(who, world)
    ids = world["ids"]
    failures: list[str] = []
    sent = 0
    for route in ROUTES:
        path = _path(route, ids)
        names = sorted(API_FIELDS.get(route, ALL_FIELDS))
        for query in QUERIES:
            _check(client.get(path + query), f"GET {path}{query[:60]}", failures)
            sent += 1
        _check(client.get(_path(route, ids, huge=True)), f"GET {route} huge id", failures)
        if who == "director":
            for method in ("put", "patch", "delete"):
                answer = getattr(client, method)(path, b'{"name": []}', content_type="application/json")
                _check(answer, f"{method.upper()} {path}", failures)
            _check(client.options(path), f"OPTIONS {path}", failures)
            _check(client.head(path), f"HEAD {path}", failures)
            sent += 5
        first = client.post(path, b"{}", content_type="application/json")
        _check(first, f"POST {path} {{}}", failures)
        sent += 2
        if first.status_code == 405:
            continue
        bodies = list(RAW_BODIES) + [json.dumps({n: v for n in names}).encode() for v in VALUES]
        if who != "director":
            bodies = bodies[:4] + bodies[-4:]
        for body in bodies:
            _check(
                client.post(path, body, content_type="application/json"),
                f"POST {path} {body[:80]!r}",
                failures,
            )
            sent += 1
        for value in FORM_VALUES if who == "director" else FORM_VALUES[:2]:
            form = {n: value for n in ALL_FIELDS}
            _check(client.post(path, form), f"POST form {path} {value[:20]!r}", failures)
            sent += 1
        _check(
            client.post(_path(route, ids, huge=True), b"{}", content_type="application/json"),
            f"POST {route} huge id",
            failures,
        )
        sent += 1
    return sent, failures


def _valid_bodies(world: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A body each main write endpoint accepts, to mutate one field at a time (a refusal of the first
    field would hide what a later one does)."""
    ids = world["ids"]
    seq = Hand.objects.get(pk=ids["hand_id"]).seq
    game = {"kind": "five-card-draw", "ante": 10}
    return {
        "api/tables/": {"club": ids["club_id"], "name": "M", "game": game, "seats_count": 6},
        "api/tournaments/": {
            "club": ids["club_id"],
            "name": "M",
            "game": game,
            "starting_stack": 1000,
            "suggest": {"players": 10, "hours": 2, "level_minutes": 20},
            "settings": {"buy_in": 10, "chip_denominations": [5, 25], "payout": {"kind": "standard"}},
        },
        "api/leagues/": {
            "club": ids["club_id"],
            "name": "M",
            "points": {"kind": "table", "table": [100, 50]},
        },
        "api/level-clocks/": {
            "club": ids["club_id"],
            "name": "M",
            "structure": [{"seconds": 600, "ante": 10, "bet_units": [20, 20]}],
        },
        "api/tables/<int:table_id>/seats/": {"seat": 3, "stack": 100, "player_name": "M"},
        "api/hands/<int:hand_id>/events/": {"expected_seq": seq, "type": "fold", "seat": 1},
        "api/hands/<int:hand_id>/corrections/": {
            "expected_seq": seq,
            "reason": "m",
            "events": [{"type": "fold", "seat": 1, "amount": 0, "order": [[1]]}],
        },
        "api/pots/resolve": {
            "button": 1,
            "players": [{"seat": 1, "contributed": 10, "rank": 1}, {"seat": 2, "contributed": 10, "rank": 2}],
        },
        "api/disputes/<int:dispute_id>/sandbox": {
            "void_from_seq": 1,
            "events": [{"type": "fold", "seat": 1}],
        },
        "api/tournaments/<int:tournament_id>/chip-races/": {"table": 1, "removed": 5, "next_chip": 25},
        "api/hands/<int:hand_id>/award-check/": {"proposed": {"1": 10}},
    }


def _mutations(body: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """``body`` with one field (or one field of a nested object, or of a list's first object) replaced by
    each hostile value."""
    for key, original in body.items():
        for value in VALUES:
            yield key, {**body, key: value}
        inner = (
            original[0] if isinstance(original, list) and original and isinstance(original[0], dict) else None
        )
        nested = original if isinstance(original, dict) else inner
        for sub in nested or {}:
            for value in VALUES:
                changed = {**(nested or {}), sub: value}
                yield (
                    f"{key}.{sub}",
                    {**body, key: [changed, *original[1:]] if inner is not None else changed},
                )


def test_one_field_at_a_time_of_a_valid_body_is_never_a_5xx() -> None:
    world = _world()
    client = _client("director", world)
    failures: list[str] = []
    sent = 0
    for route, body in _valid_bodies(world).items():
        path = _path(route, world["ids"])
        for field, mutated in _mutations(body):
            _check(
                client.post(path, json.dumps(mutated), content_type="application/json"),
                f"POST {path} {field}",
                failures,
            )
            sent += 1
    assert sent > 500
    assert not failures, f"{len(failures)} answers were 5xx:\n" + "\n".join(failures[:30])


@pytest.mark.parametrize("who", ["director", "device", "anonymous"])
def test_no_input_to_any_endpoint_is_answered_with_a_5xx(who: str) -> None:
    sent, failures = _replay(who)
    assert sent > 10 * len(ROUTES), "the corpus was not replayed"
    words = [f.split(" ") for f in failures]  # "500 POST [form] /path?query ..."
    routes = sorted({(w[3] if w[2] == "form" else w[2]).split("?")[0] for w in words})
    assert not failures, f"{len(failures)} answers were 5xx, at {routes}:\n" + "\n".join(failures[:20])
