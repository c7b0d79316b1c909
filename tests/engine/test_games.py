"""Games as data (RULES.md §6-7): constructors, defaults, settings, JSON round trip, refusals."""

from __future__ import annotations

import json

import pytest

from apps.engine.games import (
    FIVE_CARD_DRAW,
    SINGLE_DRAW_27,
    TRIPLE_DRAW_27,
    Game,
    GameError,
    five_card_draw,
    single_draw_27,
    triple_draw_27,
)


def test_five_card_draw_defaults_are_the_source_sites() -> None:
    g = five_card_draw()
    assert g.kind == FIVE_CARD_DRAW and g.mode == "betting"
    assert g.ante == 10 and g.bet_units == (20, 20)  # the bet unit is twice the ante
    assert g.structure == "no-limit" and g.bet_step == 20  # amounts in bet units
    assert g.draw_limit == "3-or-4-with-ace" and g.max_draw == 4
    assert g.opening == "none" and g.round2_starter == "opener" and g.joker == "off"
    assert g.hands == 10 and g.turn_time_limit is None and g.starting_chips == 2000
    assert g.ranking == "high" and g.deck_size == 52 and g.draws == 1
    assert g.passes_out


@pytest.mark.parametrize(
    ("kwargs", "expect"),
    [
        ({"structure": "pot-limit"}, {"structure": "pot-limit", "bet_step": 20}),
        ({"structure": "fixed-limit"}, {"structure": "fixed-limit", "bet_step": 1}),
        ({"ante": 25}, {"bet_units": (50, 50)}),
        ({"ante": 10, "bet_unit": 30}, {"bet_units": (30, 30)}),
        ({"draw_limit": "3"}, {"max_draw": 3}),
        ({"draw_limit": "5"}, {"max_draw": 5}),
        ({"opening": "jacks-or-better", "round2_starter": "left-of-button"}, {"passes_out": True}),
        ({"round2_starter": "left-of-button"}, {"passes_out": False}),
        ({"joker": "wild"}, {"ranking": "high", "deck_size": 53, "has_joker": True}),
        ({"joker": "bug"}, {"ranking": "high-bug", "deck_size": 53}),
        ({"hands": 3, "turn_time_limit": 30}, {"hands": 3, "turn_time_limit": 30}),
        ({"turn_time_limit": 45}, {"turn_time_limit": 45}),
        ({"mode": "no-bet"}, {"ante": 0, "betting": False, "passes_out": False, "starting_chips": None}),
        ({"amounts_in_units": False}, {"bet_step": 1}),
    ],
)
def test_five_card_draw_settings(kwargs: dict[str, object], expect: dict[str, object]) -> None:
    g = five_card_draw(**kwargs)  # type: ignore[arg-type]
    for name, value in expect.items():
        assert getattr(g, name) == value, name


def test_triple_draw_small_and_big_bet() -> None:
    g = triple_draw_27(small_blind=50, big_blind=100, ante=10, max_raises=3, uncap_heads_up=True)
    assert g.kind == TRIPLE_DRAW_27 and g.ranking == "low27" and g.draws == 3
    assert g.structure == "fixed-limit" and g.bet_units == (100, 100, 200, 200)
    assert [g.limits(r).unit for r in range(4)] == [100, 100, 200, 200]
    assert g.limits(0).max_raises == 3 and g.limits(3).uncap_heads_up
    assert g.max_draw == 5 and g.ante == 10 and g.small_blind == 50


def test_single_draw_big_blind_ante_as_wsop_event_43() -> None:
    g = single_draw_27(small_blind=50000, big_blind=100000, big_blind_ante=150000, min_bet=100000)
    assert g.kind == SINGLE_DRAW_27 and g.structure == "no-limit" and g.draws == 1
    assert g.big_blind_ante == 150000 and g.bet_units == (100000, 100000) and g.ante == 0


@pytest.mark.parametrize(
    "game",
    [
        five_card_draw(),
        five_card_draw(joker="bug", opening="jacks-or-better", structure="fixed-limit", mode="no-bet"),
        triple_draw_27(small_blind=1, big_blind=2, ante=1, max_raises=None),
        single_draw_27(small_blind=1, big_blind=2, big_blind_ante=2),
    ],
)
def test_json_round_trip(game: Game) -> None:
    data = json.loads(json.dumps(game.to_json()))
    assert Game.from_json(data) == game


@pytest.mark.parametrize(
    "make",
    [
        lambda: five_card_draw(draw_limit="4"),
        lambda: five_card_draw(joker="purple"),
        lambda: five_card_draw(opening="queens"),
        lambda: five_card_draw(round2_starter="dealer"),
        lambda: five_card_draw(mode="tournament"),
        lambda: five_card_draw(structure="spread"),
        lambda: five_card_draw(turn_time_limit=0),
        lambda: triple_draw_27(small_blind=20, big_blind=10),
        lambda: Game(
            kind=TRIPLE_DRAW_27,
            ranking="low27",
            draws=3,
            structure="fixed-limit",
            bet_units=(2, 2, 4, 4),
            joker="wild",
        ),
        lambda: Game(
            kind=TRIPLE_DRAW_27, ranking="low27", draws=3, structure="fixed-limit", bet_units=(2, 4)
        ),
        lambda: Game(
            kind=TRIPLE_DRAW_27,
            ranking="low27",
            draws=3,
            structure="fixed-limit",
            bet_units=(2, 2, 4, 4),
            mode="no-bet",
        ),
    ],
)
def test_invalid_settings_are_refused(make) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(GameError) as info:
        make()
    assert info.value.code == "game_invalid"


def test_from_json_refuses_unknown_settings() -> None:
    data = five_card_draw().to_json()
    data["colour"] = "red"
    with pytest.raises(GameError):
        Game.from_json(data)


def test_a_game_read_again_is_the_same_game_and_a_value_of_another_type_is_still_refused() -> None:
    from apps.engine.errors import EngineError
    from apps.engine.games import Game, five_card_draw

    data = five_card_draw(turn_time_limit=30).to_json()
    first = Game.from_json(data)
    assert Game.from_json(dict(data)) is first  # read once, kept
    data["bet_units"].append(99)
    assert Game.from_json(five_card_draw(turn_time_limit=30).to_json()) is first  # to_json hands out copies
    for field, value in (("uncap_heads_up", 1), ("max_raises", True), ("draws", 1.0)):
        with pytest.raises(EngineError):
            Game.from_json({**five_card_draw().to_json(), field: value})  # True is not 1: not the cached game
