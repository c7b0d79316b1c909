"""A refused request writes nothing: every row of every accounts and tables model (join tables included)
reads the same after a rule violation, a stale seq, a permission refusal or a bad body as before it.

The hand: Five-Card Draw (no-limit, ante 10), Ann, Bob and Cy with 2000 each, button on seat 3. "betting":
Ann has bet 100 and Bob is to act (a raise must reach 200). "drawing": Bob called, Cy folded, Ann draws.
The table's device was last used long ago, so authenticating it would update ``last_used_at``: that write
must be rolled back with the rest.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.apps import apps
from django.test import Client
from django.utils import timezone

from apps.accounts.models import DeviceToken, Role
from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
from apps.tables.models import Hand, Seat
from apps.tables.services import hand_event_record, hand_start
from tests.factories import ClubFactory, MembershipFactory, SeatFactory, TableFactory, director_of

pytestmark = pytest.mark.django_db

EVENTS = "/api/hands/{hand}/events/"
CORRECTIONS = "/api/hands/{hand}/corrections/"

# (case, phase, who, path, body, status, code); bodies without expected_seq get the hand's current seq
CASES = [
    # rule violations (422, the engine's code)
    ("raise below the minimum", "betting", "device", EVENTS, {"type": "raise", "seat": 2, "amount": 150},
     422, "raise_too_small"),
    ("out of turn", "betting", "device", EVENTS, {"type": "call", "seat": 3}, 422, "not_your_turn"),
    ("show during the betting", "betting", "device", EVENTS, {"type": "show", "seat": 2, "cards": "AhKd"},
     422, "wrong_phase"),
    ("bad card", "drawing", "device", EVENTS, {"type": "draw", "seat": 1, "count": 2, "discard": "AhZq"},
     422, "card_invalid"),
    ("duplicate card", "drawing", "device", EVENTS,
     {"type": "draw", "seat": 1, "count": 2, "discard": "AhAh"}, 422, "card_duplicate"),
    ("draw above the limit", "drawing", "director", EVENTS, {"type": "draw", "seat": 1, "count": 5},
     422, "draw_too_many"),
    ("illegal event in a correction", "drawing", "director", CORRECTIONS,
     {"reason": "re-enter", "void_from_seq": 3, "events": [{"type": "raise", "seat": 3, "amount": 150}]},
     422, "raise_too_small"),
    # stale seq (409)
    ("stale seq", "betting", "device", EVENTS, {"expected_seq": 0, "type": "call", "seat": 2},
     409, "stale_seq"),
    ("stale seq in a correction", "drawing", "director", CORRECTIONS,
     {"expected_seq": 1, "reason": "late", "void_from_seq": 2}, 409, "stale_seq"),
    ("next hand while one is in progress", "betting", "device", "/api/tables/{table}/hands/", {},
     409, "hand_in_progress"),
    ("rebuy during the hand", "betting", "director", "/api/tables/{table}/seats/1/adjustments/",
     {"kind": "rebuy", "amount": 500, "reason": "rebuy"}, 409, "hand_in_progress"),
    # permission refusals (401 / 403)
    ("anonymous entry", "betting", "anonymous", EVENTS, {"type": "call", "seat": 2},
     401, "not_authenticated"),
    ("a player's entry", "betting", "player", EVENTS, {"type": "call", "seat": 2},
     403, "not_dealer_of_table"),
    ("another table's device", "betting", "other device", EVENTS, {"type": "call", "seat": 2},
     403, "not_dealer_of_table"),
    ("a dealer's correction", "drawing", "device", CORRECTIONS, {"reason": "oops", "void_from_seq": 2},
     403, "not_director"),
    # bad bodies (400)
    ("unknown event type", "betting", "device", EVENTS, {"type": "jump", "seat": 2}, 400, "invalid"),
    ("no expected_seq", "betting", "device", EVENTS, {"expected_seq": None, "type": "call", "seat": 2},
     400, "invalid"),
    ("negative amount", "betting", "device", EVENTS, {"type": "raise", "seat": 2, "amount": -5},
     400, "invalid"),
    ("malformed JSON", "betting", "device", EVENTS, "{not json", 400, "malformed_request"),
    ("a correction without a reason", "drawing", "director", CORRECTIONS, {"void_from_seq": 2},
     400, "invalid"),
]  # fmt: skip


def _database() -> dict[str, list[dict[str, Any]]]:
    """Every row of every accounts and tables model, join tables included, in primary-key order."""
    models = [
        *apps.get_app_config("accounts").get_models(include_auto_created=True),
        *apps.get_app_config("tables").get_models(include_auto_created=True),
    ]
    return {m._meta.label: list(m.objects.order_by("pk").values()) for m in models}


@pytest.fixture
def world() -> dict[str, Any]:
    club = ClubFactory()
    director = director_of(club)
    table = TableFactory(club=club)
    for number, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        SeatFactory(table=table, number=number, player__name=name, stack=2000)
    other_table = TableFactory(club=club)
    _, token = device_issue(actor=Actor(user=director), club=club, name="tablet", table_ids=[table.pk])
    _, other_token = device_issue(
        actor=Actor(user=director), club=club, name="other", table_ids=[other_table.pk]
    )
    DeviceToken.objects.update(last_used_at=timezone.now() - timedelta(hours=2))
    hand = hand_start(actor=Actor(user=director), table=table, button=3)
    player = MembershipFactory(club=club, role=Role.PLAYER).user
    return {
        "table": table,
        "hand": hand,
        "actor": Actor(user=director),
        "clients": {
            "anonymous": Client,
            "device": lambda: Client(HTTP_AUTHORIZATION=f"Device {token}"),
            "other device": lambda: Client(HTTP_AUTHORIZATION=f"Device {other_token}"),
            "director": lambda: _logged_in(director),
            "player": lambda: _logged_in(player),
        },
    }


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _play_to(world: dict[str, Any], phase: str) -> Hand:
    events = [{"type": "bet", "seat": 1, "amount": 100}]
    if phase == "drawing":
        events += [{"type": "call", "seat": 2}, {"type": "fold", "seat": 3}]
    hand: Hand = world["hand"]
    for seq, event in enumerate(events):
        hand_event_record(actor=world["actor"], hand_id=hand.pk, expected_seq=seq, event=event)
    hand.refresh_from_db()
    assert hand.state["phase"] == phase
    return hand


@pytest.mark.parametrize(
    ("phase", "who", "path", "body", "status", "code"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_a_refused_request_leaves_the_database_as_it_was(
    world: dict[str, Any], phase: str, who: str, path: str, body: Any, status: int, code: str
) -> None:
    # given a hand in the middle of play, and everything in the database
    hand = _play_to(world, phase)
    if isinstance(body, dict) and "expected_seq" not in body:
        body = {"expected_seq": hand.seq, **body}
    if isinstance(body, dict) and body.get("expected_seq", 0) is None:
        body = {k: v for k, v in body.items() if k != "expected_seq"}
    client = world["clients"][who]()
    before = _database()
    cached = (hand.seq, hand.state, hand.status)
    stacks = list(Seat.objects.order_by("pk").values_list("number", "stack"))

    # when the refused request is sent
    url = path.format(hand=hand.pk, table=world["table"].pk)
    response = client.post(url, body, content_type="application/json")

    # then it is refused as expected, and not one row differs
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()
    hand.refresh_from_db()
    assert (hand.seq, hand.state, hand.status) == cached
    assert list(Seat.objects.order_by("pk").values_list("number", "stack")) == stacks
    assert _database() == before
