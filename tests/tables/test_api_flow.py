"""A whole hand of each game driven through the dealer API, from table creation to the pot explanation."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from apps.accounts.models import Club
from apps.tables.models import Hand, HandEvent, Seat
from tests.tables.conftest import Api

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _table(api: Api, club: Club, game: dict[str, Any], players: list[tuple[str, int]]) -> dict[str, Any]:
    response = api.post("/api/tables/", {"club": club.pk, "name": "Main", "game": game})
    assert response.status_code == 201, response.json()
    table = response.json()
    for seat, (name, stack) in enumerate(players, start=1):
        response = api.post(
            f"/api/tables/{table['id']}/seats/", {"seat": seat, "player_name": name, "stack": stack}
        )
        assert response.status_code == 201, response.json()
    return table


def _start(api: Api, table: dict[str, Any], **body: Any) -> dict[str, Any]:
    response = api.post(f"/api/tables/{table['id']}/hands/", body)
    assert response.status_code == 201, response.json()
    return response.json()


def test_five_card_draw_hand_with_a_draw_and_a_showdown(director_api: Api, club: Club) -> None:
    table = _table(
        director_api, club, {"kind": "five-card-draw"}, [("Ann", 2000), ("Bob", 2000), ("Cy", 2000)]
    )
    hand = _start(director_api, table, button=3)
    assert (hand["phase"], hand["to_act"], hand["pot_total"]) == ("betting", 1, 30)

    hand = director_api.act(hand, type="bet", seat=1, amount=100)
    hand = director_api.act(hand, type="call", seat=2)
    hand = director_api.act(hand, type="fold", seat=3)
    assert hand["phase"] == "drawing"
    draw = next(a for a in hand["legal_actions"] if a["type"] == "draw")
    assert (draw["min"], draw["max"]) == (0, 4)
    hand = director_api.act(hand, type="draw", seat=1, count=1)
    hand = director_api.act(hand, type="draw", seat=2, count=3)
    hand = director_api.act(hand, type="check", seat=1)
    hand = director_api.act(hand, type="check", seat=2)
    assert hand["phase"] == "showdown"
    hand = director_api.act(hand, type="show", seat=1, cards="KhKdKcJd9s")
    hand = director_api.act(hand, type="show", seat=2, cards="QhQdQcJs9d")

    assert hand["status"] == "finished"
    assert hand["result"]["received"] == {"1": 230, "2": 0, "3": 0}
    assert any("230" in line for line in hand["result"]["explanation"])
    stacks = dict(Seat.objects.filter(table_id=table["id"]).values_list("number", "stack"))
    assert stacks == {1: 2120, 2: 1890, 3: 1990}
    assert HandEvent.objects.filter(hand_id=hand["id"]).count() == hand["seq"] == 9


def test_the_next_hand_moves_the_button_and_carries_the_stacks(director_api: Api, club: Club) -> None:
    table = _table(
        director_api, club, {"kind": "five-card-draw"}, [("Ann", 2000), ("Bob", 2000), ("Cy", 2000)]
    )
    hand = _start(director_api, table, button=3)
    hand = director_api.act(hand, type="bet", seat=1, amount=100)
    hand = director_api.act(hand, type="fold", seat=2)
    hand = director_api.act(hand, type="fold", seat=3)
    assert hand["status"] == "finished"

    second = _start(director_api, table)

    assert second["number"] == 2
    assert second["button"] == 1
    assert [s["start_stack"] for s in second["seats"]] == [2020, 1990, 1990]


def test_triple_draw_hand(director_api: Api, club: Club) -> None:
    game = {"kind": "2-7-triple-draw", "small_blind": 25, "big_blind": 50}
    table = _table(director_api, club, game, [("Ann", 1000), ("Bob", 1000), ("Cy", 1000)])
    hand = _start(director_api, table, button=3)
    assert (hand["small_blind_seat"], hand["big_blind_seat"], hand["to_act"]) == (1, 2, 3)

    hand = director_api.act(hand, type="raise", seat=3, amount=100)
    hand = director_api.act(hand, type="call", seat=1)
    hand = director_api.act(hand, type="call", seat=2)
    for _ in range(3):  # three draws, each followed by a round of checks
        for seat in (1, 2, 3):
            hand = director_api.act(hand, type="draw", seat=seat, count=1)
        for seat in (1, 2, 3):
            hand = director_api.act(hand, type="check", seat=seat)
    hand = director_api.act(hand, type="show", seat=1, cards="7h5d4c3s2h")
    hand = director_api.act(hand, type="show", seat=2, cards="8h6d4d3c2c")
    hand = director_api.act(hand, type="muck", seat=3)

    assert hand["status"] == "finished"
    assert hand["result"]["received"]["1"] == 300
    assert hand["result"]["hands"]["1"] == "7-5-4-3-2 low"


def test_single_draw_hand_by_finishing_order(director_api: Api, club: Club) -> None:
    game = {"kind": "2-7-single-draw", "small_blind": 50, "big_blind": 100, "big_blind_ante": 100}
    table = _table(director_api, club, game, [("Ann", 5000), ("Bob", 5000)])
    hand = _start(director_api, table, button=1)
    # heads-up: the button posts the small blind and acts first before the draw (TDA 34-B)
    assert (hand["small_blind_seat"], hand["to_act"]) == (1, 1)

    hand = director_api.act(hand, type="call", seat=1)
    hand = director_api.act(hand, type="check", seat=2)
    hand = director_api.act(hand, type="draw", seat=2, count=2)
    hand = director_api.act(hand, type="draw", seat=1, count=0)
    hand = director_api.act(hand, type="check", seat=2)
    hand = director_api.act(hand, type="check", seat=1)
    hand = director_api.act(hand, type="finish_order", order=[[2], [1]])

    assert hand["status"] == "finished"
    assert hand["result"]["received"] == {"1": 0, "2": 300}
    assert Hand.objects.get(pk=hand["id"]).status == "finished"


@pytest.mark.parametrize("table_id", [987654, 2**63])
def test_dealing_at_a_table_that_does_not_exist_is_a_404_for_anyone(director_api: Api, table_id: int) -> None:
    # given no table of that id (one even beyond a bigint), a director and an anonymous caller
    anonymous = Api(Client())

    # when each asks for a hand there
    answers = [api.post(f"/api/tables/{table_id}/hands/", {}) for api in (director_api, anonymous)]

    # then both are told there is no such table (the anonymous caller too: the 404 comes before the 401)
    for answer in answers:
        assert answer.status_code == 404, answer.content
        assert answer.json()["code"] == "table_not_found"
        assert answer.json()["detail"] == {"table": table_id}
    assert not Hand.objects.exists()
