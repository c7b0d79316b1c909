"""The permission matrix: every endpoint against everyone who might call it.

Reading a row: the endpoint, then what each caller gets. A 2xx means allowed (and the call really did its
work); 401 means "authenticate first" (anonymous, or a revoked device token); 403 means "not you".

Callers, all about the club "Home" and its table "T1" (unpublished unless the row says "published"):
    anon      nobody logged in
    player    a member of the club with the player role
    dlr-oth   a dealer of the club assigned to another table (T2)
    dealer    a dealer user assigned to T1 (DealerAssignment)
    device    T1's device token
    dev-oth   the device token of T2
    revoked   T1's old device token, revoked
    dir-oth   the director of another club
    director  the director of the club
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.db import transaction
from django.test import Client

from apps.accounts.models import DeviceToken, Player, Role
from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue, device_revoke
from apps.tables import selectors
from apps.tables.models import Hand, Table
from apps.tables.services import hand_event_record, hand_start
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    SeatFactory,
    TableFactory,
    UserFactory,
    dealer_of,
    director_of,
)

pytestmark = pytest.mark.django_db


CALLERS = ("anon", "player", "dlr-oth", "dealer", "device", "dev-oth", "revoked", "dir-oth", "director")

# fmt: off
MATRIX: list[tuple[str, tuple[int, ...]]] = [
    # endpoint                                          anon play dl-o deal devi dv-o revk di-o dir
    ("POST /api/clubs/",                               (401, 201, 201, 201, 403, 403, 401, 201, 201)),
    ("POST /api/clubs/{club}/members/",                (401, 403, 403, 403, 403, 403, 401, 403, 201)),
    ("POST /api/clubs/{club}/players/",                (401, 403, 403, 403, 403, 403, 401, 403, 201)),
    ("POST /api/clubs/{club}/devices/",                (401, 403, 403, 403, 403, 403, 401, 403, 201)),
    ("POST /api/devices/{spare}/revoke/",              (401, 403, 403, 403, 403, 403, 401, 403, 200)),
    ("POST /api/tables/",                              (401, 403, 403, 403, 403, 403, 401, 403, 201)),
    ("POST /api/tables/{table}/seats/",                (401, 403, 403, 403, 403, 403, 401, 403, 201)),
    ("POST /api/tables/{table}/seats/1/adjustments/",  (401, 403, 403, 403, 403, 403, 401, 403, 201)),
    ("POST /api/tables/{table}/hands/",                (401, 403, 403, 201, 201, 403, 401, 403, 201)),
    ("POST /api/tables/{table}/hands/import",          (401, 403, 403, 201, 201, 403, 401, 403, 201)),
    ("POST /api/hands/{live}/events/",                 (401, 403, 403, 201, 201, 403, 401, 403, 201)),
    ("POST /api/hands/{done}/corrections/",            (401, 403, 403, 403, 403, 403, 401, 403, 201)),
    # reads of an unpublished table: members of the club only
    ("GET /api/tables/{table}/",                       (401, 200, 200, 200, 200, 200, 401, 403, 200)),
    ("GET /api/hands/{done}/",                         (401, 200, 200, 200, 200, 200, 401, 403, 200)),
    ("GET /api/hands/{done}/events/",                  (401, 200, 200, 200, 200, 200, 401, 403, 200)),
    ("GET /api/hands/{done}/phh",                      (401, 200, 200, 200, 200, 200, 401, 403, 200)),
    ("POST /api/hands/{done}/award-check/",            (401, 200, 200, 200, 200, 200, 401, 403, 200)),
    # reads of a published table: everyone (a revoked token is still refused outright)
    ("GET /api/tables/{table}/ published",             (200, 200, 200, 200, 200, 200, 401, 200, 200)),
    ("GET /api/hands/{done}/ published",               (200, 200, 200, 200, 200, 200, 401, 200, 200)),
    ("GET /api/hands/{done}/events/ published",        (200, 200, 200, 200, 200, 200, 401, 200, 200)),
    ("GET /api/hands/{done}/phh published",            (200, 200, 200, 200, 200, 200, 401, 200, 200)),
    ("POST /api/hands/{done}/award-check/ published",  (200, 200, 200, 200, 200, 200, 401, 200, 200)),
    # writes stay closed on a published table
    ("POST /api/hands/{live}/events/ published",       (401, 403, 403, 201, 201, 403, 401, 403, 201)),
    ("POST /api/hands/{done}/corrections/ published",  (401, 403, 403, 403, 403, 403, 401, 403, 201)),
]
# fmt: on


@dataclass
class World:
    club: Any
    table: Table
    done: Hand  # T1's first hand, finished
    live: Hand | None  # T1's second hand, in progress (only for the rows that need one)
    spare: DeviceToken  # a device of the club nobody uses (the one the revoke row revokes)
    clients: dict[str, Client]

    def reload(self) -> None:
        for obj in (self.table, self.done, self.live, self.spare):
            if obj is not None:
                obj.refresh_from_db()

    def ids(self) -> dict[str, int]:
        return {
            "club": self.club.pk,
            "table": self.table.pk,
            "done": self.done.pk,
            "live": self.live.pk if self.live else 0,
            "spare": self.spare.pk,
        }


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _world(*, published: bool, live_hand: bool) -> World:
    club = ClubFactory(name="Home")
    director = director_of(club)
    as_director = Actor(user=director)
    table = TableFactory(club=club, name="T1", published=published)
    other_table = TableFactory(club=club, name="T2")
    for number in (1, 2, 3):
        SeatFactory(table=table, number=number, stack=2000)
    _, token = device_issue(actor=as_director, club=club, name="tablet", table_ids=[table.pk])
    _, other_token = device_issue(actor=as_director, club=club, name="T2 tablet", table_ids=[other_table.pk])
    old, old_token = device_issue(actor=as_director, club=club, name="lost", table_ids=[table.pk])
    device_revoke(actor=as_director, device=old)
    spare, _ = device_issue(actor=as_director, club=club, name="spare", table_ids=[table.pk])
    UserFactory(username="newbie")
    done = hand_start(actor=as_director, table=table, button=3)
    for seq, event in enumerate(
        [{"type": "bet", "seat": 1, "amount": 100}, {"type": "fold", "seat": 2}, {"type": "fold", "seat": 3}]
    ):
        hand_event_record(actor=as_director, hand_id=done.pk, expected_seq=seq, event=event)
    done.refresh_from_db()
    live = hand_start(actor=as_director, table=table) if live_hand else None
    clients = {
        "anon": Client(),
        "player": _logged_in(MembershipFactory(club=club, role=Role.PLAYER).user),
        "dlr-oth": _logged_in(dealer_of(other_table)),
        "dealer": _logged_in(dealer_of(table)),
        "device": Client(HTTP_AUTHORIZATION=f"Device {token}"),
        "dev-oth": Client(HTTP_AUTHORIZATION=f"Device {other_token}"),
        "revoked": Client(HTTP_AUTHORIZATION=f"Device {old_token}"),
        "dir-oth": _logged_in(director_of(ClubFactory())),
        "director": _logged_in(director),
    }
    return World(club, table, done, live, spare, clients)


def _body(endpoint: str, world: World) -> dict[str, Any]:
    """A body that does the endpoint's work when the caller is allowed."""
    if endpoint.endswith("/clubs/"):
        return {"name": "Friday game"}
    if endpoint.endswith("/members/"):
        return {"username": "newbie", "role": "player"}
    if endpoint.endswith("/players/"):
        return {"name": "Dee"}
    if endpoint.endswith("/devices/"):
        return {"name": "phone", "tables": [world.table.pk]}
    if endpoint.endswith("/api/tables/"):
        return {"club": world.club.pk, "name": "T3", "game": {"kind": "five-card-draw"}}
    if endpoint.endswith("/seats/"):
        return {"seat": 4, "player_name": "Dee", "stack": 1000}
    if endpoint.endswith("/adjustments/"):
        return {"kind": "rebuy", "amount": 500, "reason": "rebuy"}
    if endpoint.endswith("/import"):
        return {"phh": selectors.hand_phh(world.done)}
    if endpoint.endswith("/events/") and world.live is not None:
        return {"expected_seq": world.live.seq, "type": "fold", "seat": world.live.state["to_act"]}
    if endpoint.endswith("/corrections/"):
        return {"expected_seq": world.done.seq, "reason": "the last fold was Cy's call", "void_from_seq": 3}
    if endpoint.endswith("/award-check/"):
        return {"proposed": world.done.result["received"]}
    return {}


def _did_its_work(endpoint: str, world: World, body: dict[str, Any]) -> None:
    """An allowed call really did what the endpoint is for (not just answered 2xx)."""
    if endpoint.endswith("/players/"):
        assert Player.objects.filter(club=world.club, name="Dee").exists()
    elif endpoint.endswith("/revoke/"):
        world.spare.refresh_from_db()
        assert world.spare.revoked_at is not None
    elif endpoint.endswith("/hands/"):
        assert Hand.objects.filter(table=world.table, number=2).exists()
    elif endpoint.endswith("/events/") and world.live is not None:
        world.live.refresh_from_db()
        assert world.live.seq == body["expected_seq"] + 1
    elif endpoint.endswith("/corrections/"):
        world.done.refresh_from_db()
        assert world.done.status == Hand.Status.IN_PROGRESS


@pytest.mark.parametrize(("row", "statuses"), MATRIX, ids=[row for row, _ in MATRIX])
def test_permission_matrix(row: str, statuses: tuple[int, ...]) -> None:
    # given the club, its tables, hands and callers (one world per row)
    method, endpoint, *flags = row.split()
    world = _world(published="published" in flags, live_hand="{live}" in endpoint)
    got: dict[str, Any] = {}
    for caller in CALLERS:
        # when each caller makes the call (in a savepoint rolled back after: each starts from the same world)
        with transaction.atomic():
            body = _body(endpoint, world)
            url = endpoint.format(**world.ids())
            client = world.clients[caller]
            if method == "GET":
                response = client.get(url)
            else:
                response = client.post(url, body, content_type="application/json")
            got[caller] = response.status_code
            if response.status_code < 400:
                _did_its_work(endpoint, world, body)
            else:
                got[caller] = (response.status_code, response.json()["code"])
            transaction.set_rollback(True)
        world.reload()

    # then each gets what the matrix says, and each refusal names its reason
    expected = dict(zip(CALLERS, statuses, strict=True))
    assert {c: s if isinstance(s, int) else s[0] for c, s in got.items()} == expected
    reasons = {
        401: {"not_authenticated", "authentication_failed"},
        403: {"not_director", "not_dealer_of_table", "not_published", "device_not_allowed"},
    }
    for caller, answer in got.items():
        if not isinstance(answer, int):
            assert answer[1] in reasons[answer[0]], (caller, answer)


def test_the_matrix_covers_every_club_table_and_hand_endpoint() -> None:
    """A new endpoint of the accounts or tables API has to get a row here."""
    from drf_spectacular.generators import EndpointEnumerator

    served = {
        f"{method} {path}"
        for path, _, method, view in EndpointEnumerator().get_api_endpoints()
        if view.cls.__module__ in ("apps.accounts.apis", "apps.tables.apis")
    }
    names = {
        "club": "club_id",
        "spare": "device_id",
        "table": "table_id",
        "live": "hand_id",
        "done": "hand_id",
    }
    covered = set()
    for row, _ in MATRIX:
        method, endpoint = row.split()[:2]
        for short, name in names.items():
            endpoint = endpoint.replace("{" + short + "}", "{" + name + "}")
        covered.add(f"{method} {endpoint.replace('/seats/1/', '/seats/{seat_number}/')}")
    assert served - covered == set()
    assert len(served) == 17
