"""Two dealers at once, on the real PostgreSQL: the hand row lock and ``expected_seq`` let exactly one of two
racing entries in, and an ``Idempotency-Key`` makes a retried request count once.

Each request runs in its own thread with its own client (and so its own database connection); a
``threading.Barrier`` releases them together. ``transaction=True`` so the threads see committed rows.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from apps.accounts.permissions import Actor
from apps.accounts.services import device_issue
from apps.engine.games import triple_draw_27
from apps.tables.models import Hand, HandEvent, IdempotentAnswer
from apps.tables.services import hand_start
from tests.factories import ClubFactory, SeatFactory, TableFactory, dealer_of, director_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sqlite]


ROUNDS = 8


def _at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run ``calls`` in threads released together by a barrier; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as exc:  # reported in the main thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert not errors, errors
    return results


@pytest.fixture
def setting() -> dict[str, Any]:
    """A six-handed 2-7 Triple Draw table with a hand in progress, a dealer logged in on one client and the
    table's device token on another."""
    club = ClubFactory()
    director = director_of(club)
    table = TableFactory(club=club, game=triple_draw_27(small_blind=25, big_blind=50).to_json())
    for number in range(1, 7):
        SeatFactory(table=table, number=number, stack=100_000)
    _, token = device_issue(actor=Actor(user=director), club=club, name="tablet", table_ids=[table.pk])
    dealer = Client()
    dealer.force_login(dealer_of(table))
    device = Client(HTTP_AUTHORIZATION=f"Device {token}")
    hand = hand_start(actor=Actor(user=director), table=table, button=6)
    return {"table": table, "director": director, "dealer": dealer, "device": device, "hand": hand}


def _post(client: Client, hand_id: int, body: dict[str, Any], **headers: str) -> Any:
    return client.post(f"/api/hands/{hand_id}/events/", body, content_type="application/json", **headers)


def _two_different_legal_events(state: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two different entries the rules both allow now (so only the seq decides which one stands)."""
    legal = {a["type"]: a for a in state["legal_actions"]}
    seat = state["to_act"]
    if "draw" in legal:
        return {"type": "draw", "seat": seat, "count": 0}, {"type": "draw", "seat": seat, "count": 2}
    passive = legal.get("check") or legal["call"]
    other = legal.get("bet") or legal.get("raise") or legal["fold"]
    second = {"type": other["type"], "seat": seat}
    if "min" in other:
        second["amount"] = other["min"]
    return {"type": passive["type"], "seat": seat}, second


def _log_has_no_gap(hand: Hand) -> None:
    hand.refresh_from_db()
    seqs = list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, hand.seq + 1))


def test_two_dealers_entering_different_events_at_the_same_seq_one_wins(setting: dict[str, Any]) -> None:
    hand: Hand = setting["hand"]
    for _ in range(ROUNDS):
        # given the hand at some seq, and two entries the rules both allow there
        state = setting["dealer"].get(f"/api/hands/{hand.pk}/").json()
        assert state["phase"] in ("betting", "drawing"), state
        first, second = _two_different_legal_events(state)
        seq = state["seq"]

        # when the dealer and the device send them at the same moment
        a, b = _at_once(
            partial(_post, setting["dealer"], hand.pk, {"expected_seq": seq, **first}),
            partial(_post, setting["device"], hand.pk, {"expected_seq": seq, **second}),
        )

        # then exactly one is recorded; the other is told the hand moved on, with the current state
        assert sorted([a.status_code, b.status_code]) == [201, 409], (a.json(), b.json())
        winner, loser = (a, b) if a.status_code == 201 else (b, a)
        assert loser.json()["code"] == "stale_seq"
        assert loser.json()["detail"]["current_seq"] == seq + 1
        assert loser.json()["detail"]["state"]["seq"] == seq + 1
        assert winner.json()["seq"] == seq + 1
        stored = HandEvent.objects.get(hand=hand, seq=seq + 1).payload
        assert stored == (first if winner is a else second)
        _log_has_no_gap(hand)
    assert hand.seq == ROUNDS


def test_a_request_retried_at_the_same_moment_with_its_key_counts_once(setting: dict[str, Any]) -> None:
    hand: Hand = setting["hand"]
    for round_ in range(ROUNDS):
        # given an entry the rules allow now, sent with an Idempotency-Key
        state = setting["device"].get(f"/api/hands/{hand.pk}/").json()
        event, _ = _two_different_legal_events(state)
        body = {"expected_seq": state["seq"], **event}
        key = f"tablet-{round_}"

        # when the device sends it twice at once (a retry racing the original)
        a, b = _at_once(
            partial(_post, setting["device"], hand.pk, body, HTTP_IDEMPOTENCY_KEY=key),
            partial(_post, setting["device"], hand.pk, body, HTTP_IDEMPOTENCY_KEY=key),
        )

        # then both get the same 201 answer, one of them marked as a replay, and one event is written
        assert (a.status_code, b.status_code) == (201, 201), (a.json(), b.json())
        assert a.json() == b.json()
        assert sorted([a.get("Idempotent-Replayed"), b.get("Idempotent-Replayed")], key=str) == [None, "true"]
        _log_has_no_gap(hand)
        assert hand.seq == state["seq"] + 1
        assert HandEvent.objects.get(hand=hand, seq=hand.seq).payload == event
    assert IdempotentAnswer.objects.filter(hand=hand).count() == ROUNDS


def test_a_request_retried_later_with_its_key_gets_the_first_answer(setting: dict[str, Any]) -> None:
    hand: Hand = setting["hand"]
    state = setting["dealer"].get(f"/api/hands/{hand.pk}/").json()
    event, _ = _two_different_legal_events(state)
    body = {"expected_seq": state["seq"], **event}

    # given an entry recorded with a key
    first = _post(setting["dealer"], hand.pk, body, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 201
    assert first.get("Idempotent-Replayed") is None

    # when it is sent again (the answer got lost), even after the hand moved on
    moved_on = setting["dealer"].get(f"/api/hands/{hand.pk}/").json()
    nxt, _ = _two_different_legal_events(moved_on)
    assert _post(setting["dealer"], hand.pk, {"expected_seq": moved_on["seq"], **nxt}).status_code == 201
    again = _post(setting["dealer"], hand.pk, body, HTTP_IDEMPOTENCY_KEY="k-1")

    # then it gets the first answer back, marked as a replay, and nothing more is written
    assert again.status_code == 201
    assert again.get("Idempotent-Replayed") == "true"
    assert again.json() == first.json()
    _log_has_no_gap(hand)
    assert hand.seq == state["seq"] + 2


def test_the_same_key_with_a_different_body_is_refused(setting: dict[str, Any]) -> None:
    hand: Hand = setting["hand"]
    state = setting["dealer"].get(f"/api/hands/{hand.pk}/").json()
    event, other = _two_different_legal_events(state)
    assert (
        _post(
            setting["dealer"], hand.pk, {"expected_seq": state["seq"], **event}, HTTP_IDEMPOTENCY_KEY="k-2"
        ).status_code
        == 201
    )

    # when the key is reused for another entry, sequentially and then racing a correct retry
    reused = _post(
        setting["dealer"], hand.pk, {"expected_seq": state["seq"], **other}, HTTP_IDEMPOTENCY_KEY="k-2"
    )
    retry, wrong = _at_once(
        lambda: _post(
            setting["dealer"], hand.pk, {"expected_seq": state["seq"], **event}, HTTP_IDEMPOTENCY_KEY="k-2"
        ),
        lambda: _post(
            setting["device"], hand.pk, {"expected_seq": state["seq"], **other}, HTTP_IDEMPOTENCY_KEY="k-2"
        ),
    )

    # then the reuse is refused by name, the genuine retry is a replay, and one event stands
    assert (reused.status_code, reused.json()["code"]) == (409, "idempotency_key_reused")
    assert (wrong.status_code, wrong.json()["code"]) == (409, "idempotency_key_reused")
    assert (retry.status_code, retry.get("Idempotent-Replayed")) == (201, "true")
    _log_has_no_gap(hand)
    assert hand.seq == state["seq"] + 1
