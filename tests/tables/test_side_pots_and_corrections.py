"""A three-way all-in with a side pot through the API (RULES.md §5), then the director's corrections: a
disputed showdown re-entered so the side pot changes hands, refusals, and an undo that un-finishes the hand.

The hand: Five-Card Draw, no ante, bet unit 10; Ann (seat 1) 50, Bob (seat 2) 120, Cy (seat 3) 300, button
on seat 3. Ann bets all-in 50, Bob raises all-in to 120, Cy calls: main pot 150 (50 × 3) for everyone, side
pot 140 ((120 − 50) × 2) for Bob and Cy only. Events 1-3 are the betting, 4-6 the draws, 7-9 the showdown.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from apps.accounts.models import Club, Role
from apps.tables.models import Hand, HandEvent, Seat
from tests.factories import MembershipFactory, UserFactory, dealer_of, director_of
from tests.tables.conftest import Api

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


FIRST_SHOW = 7
ACES, KINGS, QUEENS = "AhAdAcKd9s", "KhKcKsQd9d", "QhQcQs2d3d"


def _stacks(table_id: int) -> dict[int, int]:
    return dict(Seat.objects.filter(table_id=table_id, left_at__isnull=True).values_list("number", "stack"))


def _all_in_to_showdown(api: Api, club: Club) -> dict[str, Any]:
    """Given the table above, play the betting and the draws; return the hand at the showdown."""
    game = {"kind": "five-card-draw", "ante": 0, "bet_unit": 10}
    table = api.post("/api/tables/", {"club": club.pk, "name": "Side pots", "game": game}).json()
    for seat, (name, stack) in enumerate((("Ann", 50), ("Bob", 120), ("Cy", 300)), start=1):
        response = api.post(
            f"/api/tables/{table['id']}/seats/", {"seat": seat, "player_name": name, "stack": stack}
        )
        assert response.status_code == 201, response.json()
    hand = api.post(f"/api/tables/{table['id']}/hands/", {"button": 3}).json()
    hand = api.act(hand, type="bet", seat=1, amount=50)
    hand = api.act(hand, type="raise", seat=2, amount=120)
    hand = api.act(hand, type="call", seat=3)
    for seat in (1, 2, 3):
        hand = api.act(hand, type="draw", seat=seat, count=0)
    assert (hand["phase"], hand["seq"]) == ("showdown", FIRST_SHOW - 1)
    return hand


def _show(seat: int, cards: str) -> dict[str, Any]:
    return {"type": "show", "seat": seat, "cards": cards}


def _played(api: Api, club: Club, cards: tuple[str, str, str] = (ACES, KINGS, QUEENS)) -> dict[str, Any]:
    hand = _all_in_to_showdown(api, club)
    for seat, shown in enumerate(cards, start=1):
        hand = api.act(hand, **_show(seat, shown))
    return hand


def _correct(api: Api, hand: dict[str, Any], **body: Any) -> Any:
    return api.post(f"/api/hands/{hand['id']}/corrections/", {"expected_seq": hand["seq"], **body})


def test_three_way_all_in_builds_a_main_and_a_side_pot(director_api: Api, club: Club) -> None:
    # given the betting and the draws are over: everyone is all-in or has called
    hand = _all_in_to_showdown(director_api, club)
    assert hand["pots"] == [
        {"name": "main", "amount": 150, "eligible": [1, 2, 3]},
        {"name": "side 1", "amount": 140, "eligible": [2, 3]},
    ]
    assert [(s["stack"], s["all_in"]) for s in hand["seats"]] == [(0, True), (0, True), (180, False)]

    # when Ann shows the best hand, Bob the second and Cy the worst
    for seat, cards in ((1, ACES), (2, KINGS), (3, QUEENS)):
        hand = director_api.act(hand, **_show(seat, cards))

    # then Ann wins only the main pot, Bob the side pot, and the explanation says why
    assert hand["status"] == "finished"
    result = hand["result"]
    assert result["received"] == {"1": 150, "2": 140, "3": 0}
    assert result["net"] == {"1": 100, "2": 20, "3": -120}
    assert [(p["name"], p["amount"], p["winners"]) for p in result["pots"]] == [
        ("main", 150, [1]),
        ("side 1", 140, [2]),
    ]
    assert result["explanation"] == [
        "Main pot: 50 × 3 = 150; eligible Ann, Bob, Cy; Ann wins with Three of a Kind, Aces.",
        "Side pot 1: (120 − 50) × 2 = 140; eligible Bob, Cy; Bob wins with Three of a Kind, Kings "
        "(Ann has a better hand but put in only 50, so cannot win it).",
        "Received: Ann 150, Bob 140, Cy 0 = 290 = 50 + 120 + 120 put in.",
        "Net: Ann +100, Bob +20, Cy −120; sum 0.",
    ]
    assert _stacks(hand["table"]) == {1: 150, 2: 140, 3: 180}


def test_a_directors_correction_of_the_showdown_gives_the_side_pot_to_the_right_player(
    director_api: Api, club: Club
) -> None:
    # given the hand was finished with Bob's and Cy's cards entered the wrong way round
    hand = _played(director_api, club)
    assert _stacks(hand["table"]) == {1: 150, 2: 140, 3: 180}

    # when the director voids the showdown and enters it as it was
    response = _correct(
        director_api,
        hand,
        reason="Dispute: Bob's and Cy's cards were entered the wrong way round",
        void_from_seq=FIRST_SHOW,
        events=[_show(1, ACES), _show(2, QUEENS), _show(3, KINGS)],
    )

    # then the side pot goes to Cy, the state and the seats' stacks are recomputed
    assert response.status_code == 201, response.json()
    hand = response.json()
    assert hand["status"] == "finished"
    assert hand["result"]["received"] == {"1": 150, "2": 0, "3": 140}
    assert hand["seq"] == 13  # 9 events, the correction row, 3 re-entered events
    assert _stacks(hand["table"]) == {1: 150, 2: 0, 3: 320}
    row = Hand.objects.get(pk=hand["id"])
    assert (row.seq, row.status, row.result["received"]) == (13, "finished", {"1": 150, "2": 0, "3": 140})

    # and the log keeps the original rows, marked voided with the reason, then the correction, then the new
    log = director_api.get(f"/api/hands/{hand['id']}/events/").json()
    assert [r["seq"] for r in log] == list(range(1, 14))
    assert [r["payload"] for r in log[:9]] == [
        e.payload for e in HandEvent.objects.filter(hand_id=hand["id"], seq__lte=9).order_by("seq")
    ]
    assert [r["voided"] for r in log] == [False] * 6 + [True] * 3 + [False] * 4
    for row in log[6:9]:
        assert row["voided_by_seq"] == 10
        assert row["void_reason"] == "Dispute: Bob's and Cy's cards were entered the wrong way round"
    assert log[7]["payload"] == _show(2, KINGS)  # the original entry, untouched
    assert log[9]["kind"] == "correction"
    assert log[9]["payload"]["voided"] == [7, 8, 9]
    assert log[9]["entered_by"]["name"] == "director"
    assert [r["payload"] for r in log[10:]] == [_show(1, ACES), _show(2, QUEENS), _show(3, KINGS)]


@pytest.mark.parametrize(
    ("who", "status", "code"),
    [
        ("anonymous", 401, "not_authenticated"),
        ("player of the club", 403, "not_director"),
        ("dealer of the table", 403, "not_director"),
        ("director of another club", 403, "not_director"),
    ],
)
def test_only_a_director_of_the_club_may_correct(
    director_api: Api, club: Club, who: str, status: int, code: str
) -> None:
    # given a finished hand
    hand = _played(director_api, club)
    table_id = hand["table"]
    client = Client()
    if who == "player of the club":
        client.force_login(MembershipFactory(club=club, role=Role.PLAYER).user)
    elif who == "dealer of the table":
        client.force_login(dealer_of(Hand.objects.get(pk=hand["id"]).table))
    elif who == "director of another club":
        client.force_login(MembershipFactory(role=Role.DIRECTOR).user)

    # when someone else tries to re-enter the showdown
    response = _correct(
        Api(client), hand, reason="I say so", void_from_seq=FIRST_SHOW, events=[_show(1, QUEENS)]
    )

    # then it is refused and nothing changed
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert HandEvent.objects.filter(hand_id=hand["id"]).count() == 9
    assert not HandEvent.objects.filter(hand_id=hand["id"], voided_by__isnull=False).exists()
    assert _stacks(table_id) == {1: 150, 2: 140, 3: 180}


@pytest.mark.parametrize("reason", [None, "", "   "], ids=["missing", "empty", "blank"])
def test_a_correction_without_a_reason_is_refused(director_api: Api, club: Club, reason: str | None) -> None:
    # given a finished hand
    hand = _played(director_api, club)
    body: dict[str, Any] = {"void_from_seq": FIRST_SHOW}
    if reason is not None:
        body["reason"] = reason

    # when the director corrects it without saying why
    response = _correct(director_api, hand, **body)

    # then it is a bad request naming the field, and nothing is written
    assert response.status_code == 400, response.json()
    assert "reason" in response.json()["detail"]["fields"]
    assert HandEvent.objects.filter(hand_id=hand["id"]).count() == 9
    assert _stacks(hand["table"]) == {1: 150, 2: 140, 3: 180}


def test_an_undo_unfinishes_the_hand_and_gives_the_stacks_back(director_api: Api, club: Club) -> None:
    # given a finished hand whose chips went to the seats
    hand = _played(director_api, club)
    assert _stacks(hand["table"]) == {1: 150, 2: 140, 3: 180}

    # when the director undoes the showdown (void_from_seq only, no events)
    response = _correct(director_api, hand, reason="Showdown entered too early", void_from_seq=FIRST_SHOW)

    # then the hand is back at the showdown, in progress, and the seats have their starting stacks
    assert response.status_code == 201, response.json()
    hand = response.json()
    assert (hand["status"], hand["phase"], hand["result"], hand["seq"]) == (
        "in_progress",
        "showdown",
        None,
        10,
    )
    assert _stacks(hand["table"]) == {1: 50, 2: 120, 3: 300}
    row = Hand.objects.get(pk=hand["id"])
    assert (row.status, row.result, row.finished_at) == ("in_progress", None, None)
    assert [s["stack"] for s in hand["seats"]] == [0, 0, 180]  # the chips are in the middle again
    assert hand["pot_total"] == 290

    # and the dealer can finish it again from there
    for seat, cards in ((1, QUEENS), (2, ACES), (3, KINGS)):
        hand = director_api.act(hand, **_show(seat, cards))
    assert hand["result"]["received"] == {"1": 0, "2": 290, "3": 0}  # Bob is eligible for both pots
    assert _stacks(hand["table"]) == {1: 0, 2: 290, 3: 180}


def test_a_correction_against_a_stale_seq_is_refused(director_api: Api, club: Club) -> None:
    hand = _played(director_api, club)

    response = director_api.post(
        f"/api/hands/{hand['id']}/corrections/",
        {"expected_seq": 8, "reason": "late", "void_from_seq": FIRST_SHOW},
    )

    assert (response.status_code, response.json()["code"]) == (409, "stale_seq")
    assert HandEvent.objects.filter(hand_id=hand["id"]).count() == 9


def test_the_same_user_as_dealer_and_player_is_still_not_a_director(club: Club) -> None:
    """A user holding both the dealer and the player role has no director powers."""
    user = UserFactory()
    MembershipFactory(club=club, user=user, role=Role.DEALER)
    MembershipFactory(club=club, user=user, role=Role.PLAYER)
    director = Client()
    director.force_login(director_of(club))
    hand = _played(Api(director), club)
    client = Client()
    client.force_login(user)

    response = _correct(Api(client), hand, reason="x", void_from_seq=FIRST_SHOW)

    assert response.status_code == 403
