"""``POST /api/tables/{id}/hands/import`` reads a PHH file the way it was written: ``rules`` phh or house
(default: house for a file Floor wrote, phh for a standard one), notes where RULES.md would rule otherwise,
and ``GET /api/hands/{id}/phh`` writes what Floor knows in the standard's fields."""

from __future__ import annotations

import tomllib
from typing import Any

from django.test import Client

from apps.engine import phh
from apps.tables.models import Hand, HandEvent
from tests.engine.pokerkit_phh import pokerkit_phh
from tests.tables.conftest import Api

DEAL3 = ["d dh p1 7c5d4h3s2c", "d dh p2 8c6d4s3h2d", "d dh p3 KcQdJh9s8h"]


def _short_all_in_file() -> str:
    """p3 all-in for 14 over a big blind of 10 in fixed-limit; p1 raises to 24, as PokerKit allows (RULES.md
    §4, TDA 47-B: the raise completes the bet, to 20)."""
    actions = [*DEAL3, "p3 cbr 14", "p1 cbr 24", "p2 cc"]
    actions += ["p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc"] + [
        "p1 sd",
        "p2 sd",
        "p3 sd",
        "p1 cc",
        "p2 cc",
    ] * 2
    actions += ["p1 sm 7c5d4h3s2c", "p2 sm 8c6d4s3h2d", "p3 sm KcQdJh9s8h"]
    return phh.dumps(pokerkit_phh("F2L3D", [1000, 1000, 14], actions))


def _dealer_api(client: Client, dealer: Any) -> Api:
    client.force_login(dealer)
    return Api(client)


def test_a_standard_file_is_imported_under_phh_with_its_notes(
    client: Client, table: Any, dealer: Any
) -> None:
    api = _dealer_api(client, dealer)
    response = api.post(f"/api/tables/{table.pk}/hands/import", {"phh": _short_all_in_file()})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["phh_rules"] == "phh"
    (note,) = [n for n in body["phh_notes"] if n["code"] == "fixed_limit_amount"]
    assert note["action"] == "p1 cbr 24" and note["note"].startswith("legal under PHH; RULES.md §4")
    hand = Hand.objects.get(pk=body["id"])
    assert hand.game["rules"] == "phh" and hand.status == Hand.Status.FINISHED
    noted = [e.payload for e in HandEvent.objects.filter(hand=hand).order_by("seq") if e.payload.get("note")]
    assert any("TDA 47-B would refuse" in e["note"] for e in noted)
    assert hand.state["seats"][0]["stack"] == phh.loads(_short_all_in_file()).finishing_stacks[0]  # type: ignore[index]


def test_the_same_file_under_house_is_refused_with_the_rule(client: Client, table: Any, dealer: Any) -> None:
    api = _dealer_api(client, dealer)
    response = api.post(
        f"/api/tables/{table.pk}/hands/import", {"phh": _short_all_in_file(), "rules": "house"}
    )
    assert response.status_code == 422
    body = response.json()
    assert (
        body["code"] == "fixed_limit_amount"
        and body["rule"] == "RULES.md §4 (fixed-limit short all-in); TDA 47-B"
    )
    assert body["detail"]["action"] == "p1 cbr 24"
    assert not Hand.objects.filter(table=table).exists()


def test_rules_is_phh_or_house(client: Client, table: Any, dealer: Any) -> None:
    api = _dealer_api(client, dealer)
    response = api.post(f"/api/tables/{table.pk}/hands/import", {"phh": _short_all_in_file(), "rules": "tda"})
    assert response.status_code == 400 and not Hand.objects.filter(table=table).exists()


def test_a_floor_file_defaults_to_house_and_the_export_carries_what_floor_knows(
    client: Client, table: Any, dealer: Any
) -> None:
    api = _dealer_api(client, dealer)
    first = api.post(f"/api/tables/{table.pk}/hands/import", {"phh": _short_all_in_file()}).json()
    exported = client.get(f"/api/hands/{first['id']}/phh")
    assert exported.status_code == 200
    fields = tomllib.loads(exported.content.decode())
    assert fields["_floor_game"]["rules"] == "phh" and fields["table"] == table.name
    assert fields["seats"] == [1, 2, 3] and fields["seat_count"] >= 3
    again = api.post(f"/api/tables/{table.pk}/hands/import", {"phh": exported.content.decode()})
    assert again.status_code == 201, again.json()
    assert again.json()["phh_rules"] == "phh"  # the reading it was imported under rides in _floor_game


def test_the_export_writes_the_level_the_hand_was_dealt_at(db: None, settings: Any) -> None:
    from apps.clocks import levelclock
    from apps.engine.games import triple_draw_27
    from apps.tables import selectors
    from tests.clocks.helpers import act, start, table_with_clock

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    table, director = table_with_clock(
        triple_draw_27(small_blind=5, big_blind=10, turn_time_limit=30), players=3
    )
    structure = [
        {"seconds": 3600, "small_blind": 25, "big_blind": 50},
        {"seconds": 3600, "small_blind": 50, "big_blind": 100},
    ]
    clock = levelclock.level_clock_create(
        actor=director, club_id=table.club_id, name="Main", structure=structure
    )
    levelclock.table_level_clock_set(actor=director, table=table, level_clock=clock)
    untimed = start(table, director, button=1)
    assert "level" not in tomllib.loads(selectors.hand_phh(untimed))  # no clock running: no level
    for _ in range(2):
        untimed = act(director, untimed, type="fold", seat=untimed.state["to_act"])
    levelclock.level_clock_control(actor=director, clock_id=clock.pk, action="start")
    hand = start(table, director)
    fields = tomllib.loads(selectors.hand_phh(hand))
    assert (fields["level"], fields["time_limit"], fields["blinds_or_straddles"][:2]) == (1, 30, [25, 50])
    assert fields["time_zone"] == "UTC" and fields["year"] == hand.started_at.year
