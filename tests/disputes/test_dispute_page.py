"""The director's review page (``/disputes/<id>/``): the hand event by event, the sandbox (nothing written)
and the ruling; only the club's director sees it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from apps.disputes import services
from apps.disputes.models import Dispute, Ruling
from apps.engine.hand import HandState
from apps.tables.models import Hand, HandEvent, Seat
from tests.disputes.helpers import given_player_user, given_table
from tests.disputes.test_disputes_api import play_quiet_hand

pytestmark = pytest.mark.django_db


def given_dispute() -> dict[str, Any]:
    table, director = given_table()
    hand = play_quiet_hand(director, table, button=1)
    dispute = services.dispute_raise(
        actor=director, hand_id=hand.pk, kind="accounting", description="who won?"
    )
    client = Client()
    client.force_login(director.user)
    return {"table": table, "director": director, "hand": hand, "dispute": dispute, "client": client}


def played_out(hand: Hand, void_from: int, first: list[dict[str, Any]], order: list[list[int]]) -> list[Any]:
    """``first``, then the hand played out from before ``void_from`` (checks, no draws, ``order``)."""
    state = HandState.from_json(HandEvent.objects.get(hand=hand, seq=void_from - 1).state_after)
    events = []
    for event in first:
        state = state.apply(event)
        events.append(event)
    while state.phase != "finished":
        legal = {a["type"]: a for a in state.legal_actions()}
        if "finish_order" in legal:
            event = {"type": "finish_order", "order": order}
        elif "draw" in legal:
            event = {"type": "draw", "seat": legal["draw"]["seat"], "count": 0}
        elif "check" in legal:
            event = {"type": "check", "seat": state.to_act}
        else:
            event = {"type": "fold", "seat": state.to_act}
        state = state.apply(event)
        events.append(event)
    return events


def test_the_director_sees_the_review() -> None:
    g = given_dispute()

    response = g["client"].get(f"/disputes/{g['dispute'].pk}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert f'id="step-{g["hand"].seq}"' in html and 'id="step-0"' in html
    assert f'href="/api/hands/{g["hand"].pk}/phh"' in html
    assert 'id="in-time"' in html
    assert "Net:" in html


def test_others_may_not_see_it() -> None:
    g = given_dispute()
    player = given_player_user(g["table"].club, Seat.objects.get(table=g["table"], number=2).player)
    as_player = Client()
    as_player.force_login(player.user)

    assert as_player.get(f"/disputes/{g['dispute'].pk}/").status_code == 403
    anonymous = Client().get(f"/disputes/{g['dispute'].pk}/")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def test_the_sandbox_then_the_ruling_through_the_page() -> None:
    g = given_dispute()
    hand, url = g["hand"], f"/disputes/{g['dispute'].pk}/"
    first = HandEvent.objects.get(hand=hand, seq=1).payload["seat"]
    second = HandEvent.objects.get(hand=hand, seq=2).payload["seat"]
    events = played_out(hand, 2, [{"type": "call", "seat": second}], [[second], [first]])
    form = {"void_from_seq": "2", "events": json.dumps(events)}
    rows = HandEvent.objects.count()

    tried = g["client"].post(url, {**form, "action": "sandbox"})

    assert tried.status_code == 200
    html = tried.content.decode()
    assert 'id="sandbox-result"' in html
    assert HandEvent.objects.count() == rows
    assert Dispute.objects.get(pk=g["dispute"].pk).status == "open"

    ruled = g["client"].post(
        url,
        {**form, "action": "rule", "outcome": "corrected", "text": "Seat called; the hand is played out.",
         "rules_cited": "TDA 22, RULES.md §5"},
    )  # fmt: skip

    assert ruled.status_code == 302
    ruling = Ruling.objects.get(dispute=g["dispute"])
    assert (ruling.outcome, ruling.rules_cited) == ("corrected", ["TDA 22", "RULES.md §5"])
    hand.refresh_from_db()
    assert hand.result["received"][str(second)] > 0
    page = g["client"].get(url).content.decode()
    assert 'id="ruling"' in page and 'class="voided"' in page


def test_a_refused_ruling_writes_nothing_and_says_why() -> None:
    g = given_dispute()

    response = g["client"].post(
        f"/disputes/{g['dispute'].pk}/",
        {"action": "rule", "outcome": "corrected", "text": "redo", "void_from_seq": "2", "events": "[]"},
    )

    assert response.status_code == 422
    assert 'data-code="correction_unfinished"' in response.content.decode()
    assert not Ruling.objects.exists()


def test_the_list_shows_the_directors_disputes() -> None:
    g = given_dispute()

    html = g["client"].get("/disputes/").content.decode()

    assert f'href="/disputes/{g["dispute"].pk}/"' in html


def test_a_correction_for_a_player_who_left_the_table_is_refused() -> None:
    from django.utils import timezone

    from apps.core.errors import Conflict

    g = given_dispute()
    hand = g["hand"]
    first = HandEvent.objects.get(hand=hand, seq=1).payload["seat"]
    second = HandEvent.objects.get(hand=hand, seq=2).payload["seat"]
    events = played_out(hand, 2, [{"type": "call", "seat": second}], [[second], [first]])
    Seat.objects.filter(table=g["table"], number=second).update(left_at=timezone.now())

    with pytest.raises(Conflict) as refused:
        services.dispute_rule(
            actor=g["director"],
            dispute_id=g["dispute"].pk,
            text="called",
            rules_cited=[],
            outcome="corrected",
            correction={"void_from_seq": 2, "events": events},
        )

    assert refused.value.code == "player_not_at_table"
