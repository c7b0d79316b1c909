"""The API answers refusals and explanations in the language the request asks for (Accept-Language).

Given the same refused request in English and in another language, then the code, rule and detail are
identical, the English message is the engine's own, and the other message is translated; a finished hand's
explanation and the pot calculator's come in the asked language too.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from apps.engine.pots import FinishingRank, PotPlayer, resolve_pots
from tests.factories import ClubFactory, director_of

ACES, KINGS, QUEENS = "AhAdAcKd9s", "KhKcKsQd9d", "QhQcQs2d3d"


def _both(client: Client, method: str, path: str, body: Any, lang: str) -> tuple[Any, Any]:
    call = getattr(client, method)
    kwargs = {"content_type": "application/json"} if method == "post" else {}
    english = call(path, body, HTTP_ACCEPT_LANGUAGE="en", **kwargs)
    other = call(path, body, HTTP_ACCEPT_LANGUAGE=lang, **kwargs)
    assert english.status_code == other.status_code
    return english, other


@pytest.mark.django_db
def test_a_404_is_answered_in_russian_with_the_same_code(client: Client) -> None:
    english, russian = _both(client, "get", "/api/no-such-thing/", None, "ru")
    assert english.status_code == 404
    assert english.json()["message"] == "No page or endpoint at /api/no-such-thing/"
    assert russian.json()["message"] == "Нет страницы или адреса API /api/no-such-thing/"
    assert {k: v for k, v in english.json().items() if k != "message"} == {
        k: v for k, v in russian.json().items() if k != "message"
    }


@pytest.mark.django_db
def test_a_pot_refusal_and_a_pot_explanation_in_portuguese(client: Client) -> None:
    bad = {"button": 1, "players": [{"seat": 1, "contributed": 10}, {"seat": 1, "contributed": 10}]}
    english, portuguese = _both(client, "post", "/api/pots/resolve", bad, "pt")
    assert english.status_code == 400, english.json()
    assert english.json()["message"] == "seat 1 is listed twice"
    assert portuguese.json()["message"] == "o lugar 1 aparece duas vezes"
    assert english.json()["code"] == portuguese.json()["code"] == "duplicate_seat"
    assert english.json()["detail"] == portuguese.json()["detail"]
    assert english.json()["rule"] == portuguese.json()["rule"]

    players = [
        {"seat": 1, "name": "A", "contributed": 50, "rank": 1},
        {"seat": 2, "contributed": 120, "rank": 2},
        {"seat": 3, "contributed": 200, "rank": 3},
    ]
    english, portuguese = _both(client, "post", "/api/pots/resolve", {"button": 3, "players": players}, "pt")
    assert english.status_code == 200
    engine = resolve_pots(
        [PotPlayer(1, 50, strength=FinishingRank(1), name="A"), PotPlayer(2, 120, strength=FinishingRank(2)),
         PotPlayer(3, 200, strength=FinishingRank(3))], button=3,
    ).explanation_text()  # fmt: skip
    assert english.json()["explanation"] == engine
    assert portuguese.json()["explanation"][0] == (
        "lugar 3 recebe de volta 80 não pagos: 200 − 120 (a contribuição seguinte mais alta) = 80."
    )
    assert portuguese.json()["received"] == english.json()["received"]


class _Dealer:
    def __init__(self) -> None:
        club = ClubFactory()
        self.client = Client()
        self.client.force_login(director_of(club))
        game = {"kind": "five-card-draw", "ante": 0, "bet_unit": 10}
        self.table = self.post(
            "/api/tables/", {"club": club.pk, "name": "T", "game": game, "published": True}
        )
        for seat, (name, stack) in enumerate((("Ann", 50), ("Bob", 120), ("Cy", 300)), start=1):
            self.post(
                f"/api/tables/{self.table['id']}/seats/", {"seat": seat, "player_name": name, "stack": stack}
            )

    def post(self, path: str, body: Any, status: int = 201, lang: str = "en") -> dict[str, Any]:
        response = self.client.post(path, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang)
        assert response.status_code in (status, 200), response.json()
        return dict(response.json())


@pytest.mark.django_db
def test_a_refused_action_and_a_finished_hand_in_indonesian() -> None:
    dealer = _Dealer()
    hand = dealer.post(f"/api/tables/{dealer.table['id']}/hands/", {"button": 3})
    out_of_turn = {"expected_seq": hand["seq"], "type": "fold", "seat": 3}
    english = dealer.post(f"/api/hands/{hand['id']}/events/", out_of_turn, status=422)
    indonesian = dealer.post(f"/api/hands/{hand['id']}/events/", out_of_turn, status=422, lang="id")
    assert english["code"] == indonesian["code"] == "not_your_turn"
    assert english["message"] == "not seat 3's turn: seat 1 is to act"
    assert indonesian["message"] == "bukan giliran kursi 3: giliran kursi 1"
    assert (english["rule"], english["detail"]) == (indonesian["rule"], indonesian["detail"])

    events = [{"type": "bet", "seat": 1, "amount": 50}, {"type": "raise", "seat": 2, "amount": 120},
              {"type": "call", "seat": 3}, *({"type": "draw", "seat": s, "count": 0} for s in (1, 2, 3)),
              {"type": "show", "seat": 1, "cards": ACES}, {"type": "show", "seat": 2, "cards": KINGS},
              {"type": "show", "seat": 3, "cards": QUEENS}]  # fmt: skip
    for event in events:
        hand = dealer.post(f"/api/hands/{hand['id']}/events/", {"expected_seq": hand["seq"], **event})
    assert hand["status"] == "finished"
    english = dealer.client.get(f"/api/hands/{hand['id']}/", HTTP_ACCEPT_LANGUAGE="en").json()
    indonesian = dealer.client.get(f"/api/hands/{hand['id']}/", HTTP_ACCEPT_LANGUAGE="id").json()
    assert english["result"]["explanation"][0].startswith(
        "Main pot: 50 × 3 = 150; eligible Ann, Bob, Cy; Ann wins"
    )
    assert indonesian["result"]["explanation"][0].startswith(
        "Pot utama: 50 × 3 = 150; yang berhak: Ann, Bob, Cy; Ann menang dengan Three of a Kind, A"
    )
    assert indonesian["result"]["received"] == english["result"]["received"]
    assert indonesian["result"]["hands"]["2"] == "Three of a Kind, K"
