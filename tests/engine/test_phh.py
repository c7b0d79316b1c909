"""PHH read and write (apps/engine/phh.py): fields, actions, .phhs, errors.

Replays through the engine are in test_phh_real_hands.py.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from apps.engine import phh
from apps.engine.errors import PHHError
from apps.engine.games import five_card_draw, single_draw_27, triple_draw_27

DATA = Path(__file__).resolve().parent.parent / "data" / "phh"

TRIPLE_DRAW = """\
# A comment the TOML reader drops.
variant = "F2L3D"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 80, 120]
actions = [
  "d dh p1 7h6c4c3d2c",  # TOML comment
  "d dh p2 ??????????",
  "d dh p3 AsQs6s5c3c",
  "p3 cbr 4 # opens",
  "p1 f",
  "p2 cc",
  "p2 sd ????",
  "p3 sd AsQs",
  "d dh p2 ????",
  "d dh p3 2hQh",
  "",
  "# a no-op commentary",
]
_venue_note = "kitchen table"
unknown_field = 3
players = ["Ann", "Bob", "Cy"]
"""


def test_given_a_triple_draw_hand_when_read_then_fields_actions_and_comments_are_kept() -> None:
    hh = phh.loads(TRIPLE_DRAW)

    assert hh.variant == "F2L3D"
    assert hh.player_count == 3
    assert hh.chips("starting_stacks") == [100, 80, 120]
    assert hh.get("_venue_note") == "kitchen table"
    assert hh.get("unknown_field") == 3
    actions = hh.parsed_actions()
    assert actions[0] == phh.Action("dh", 1, ("7h", "6c", "4c", "3d", "2c"))
    assert actions[1].cards == ("??",) * 5
    assert actions[3] == phh.Action("cbr", 3, amount=4, commentary="opens")
    assert actions[6] == phh.Action("sd", 2, ("??", "??"))
    assert actions[10] == phh.Action("")
    assert actions[11] == phh.Action("", commentary="a no-op commentary")


def test_given_a_hand_when_written_and_read_back_then_it_is_the_same() -> None:
    hh = phh.loads(TRIPLE_DRAW)

    text = phh.dumps(hh)

    assert phh.loads(text) == hh
    assert 'actions = [\n    "d dh p1 7h6c4c3d2c",' in text
    assert text.startswith('variant = "F2L3D"\n')
    assert "p3 cbr 4 # opens" in text


@pytest.mark.parametrize("path", sorted(DATA.glob("*.phh")), ids=lambda p: p.name)
def test_given_a_real_file_when_round_tripped_then_fields_and_actions_survive(path: Path) -> None:
    hh = phh.load_path(path)[0]

    again = phh.loads(phh.dumps(hh))

    assert again == hh
    for text in hh.actions:
        assert phh.format_action(phh.parse_action(text)) == " ".join(text.split())


def test_given_many_hands_when_written_as_phhs_then_they_read_back_in_order_with_names() -> None:
    hands = [phh.load_path(p)[0] for p in sorted(DATA.glob("wsop_*.phh"))[:3]]

    text = phh.dumps_all(hands)
    again = phh.loads_all(text)

    assert text.startswith("[1]\n")
    assert [h.name for h in again] == ["1", "2", "3"]
    assert again == hands


def test_given_a_phhs_file_on_disk_when_loaded_then_every_table_is_a_hand(tmp_path: Path) -> None:
    path = tmp_path / "two.phhs"
    path.write_text(
        f"[first]\n{TRIPLE_DRAW.split(chr(10), 1)[1]}\n[second]\n{TRIPLE_DRAW.split(chr(10), 1)[1]}"
    )

    hands = phh.load_path(path)

    assert [h.name for h in hands] == ["first", "second"]
    assert hands[0] == hands[1]


@pytest.mark.parametrize(
    ("text", "verb", "player", "cards", "amount"),
    [
        ("p1 f", "f", 1, None, None),
        ("p12 cc", "cc", 12, None, None),
        ("p2 cbr 300000", "cbr", 2, None, 300000),
        ("p2 cbr 3e2", "cbr", 2, None, 300),
        ("p1 sd", "sd", 1, None, None),
        ("p1 sd Kh??", "sd", 1, ("Kh", "??"), None),
        ("p1 sm", "sm", 1, None, None),
        ("p1 sm -", "sm", 1, ("-",), None),
        ("p1 sm 7h6c4c3d2c", "sm", 1, ("7h", "6c", "4c", "3d", "2c"), None),
        ("  d   dh  p3 XxAs  ", "dh", 3, ("Xx", "As"), None),
        ("d db AcKd", "db", None, ("Ac", "Kd"), None),
        ("p1 pb", "pb", 1, None, None),
    ],
)
def test_given_action_text_when_parsed_then_verb_player_cards_and_amount(
    text: str, verb: str, player: int | None, cards: tuple[str, ...] | None, amount: int | None
) -> None:
    action = phh.parse_action(text)

    assert (action.verb, action.player, action.cards, action.amount) == (verb, player, cards, amount)


@pytest.mark.parametrize(
    "text",
    ["p1", "x1 f", "p0 f", "p1 fold", "p1 cbr", "p1 cbr -5", "p1 cbr 2.5", "p1 cbr lots", "d dh p1 7h6",
     "d dh p1 1h", "p1 sd 7h 6c", "d dh 7h6c4c3d2c"],
)  # fmt: skip
def test_given_bad_action_text_when_parsed_then_phh_action_invalid(text: str) -> None:
    with pytest.raises(PHHError) as info:
        phh.parse_action(text)

    assert info.value.code == "phh_action_invalid"
    assert info.value.detail["action"] == text


def test_given_bad_toml_when_read_then_phh_toml_invalid() -> None:
    with pytest.raises(PHHError) as info:
        phh.loads('variant = "F2L3D"\nantes = [0, 0')

    assert info.value.code == "phh_toml_invalid"
    assert info.value.rule == "PHH 0.0.2"


@pytest.mark.parametrize("missing", ["variant", "antes", "starting_stacks", "actions", "small_bet", "big_bet",
                                     "blinds_or_straddles"])  # fmt: skip
def test_given_a_required_field_missing_when_read_then_phh_field_missing(missing: str) -> None:
    if missing == "actions":
        text = _drop_actions(TRIPLE_DRAW)
    else:
        text = "\n".join(line for line in TRIPLE_DRAW.splitlines() if not line.startswith(missing + " "))

    with pytest.raises(PHHError) as info:
        phh.loads(text)

    assert info.value.code == "phh_field_missing"
    assert info.value.detail["field"] == missing


def _drop_actions(text: str) -> str:
    head, rest = text.split("actions = [", 1)
    return head + rest.split("\n]\n", 1)[1]


def test_given_a_no_limit_single_draw_without_min_bet_when_read_then_phh_field_missing() -> None:
    text = TRIPLE_DRAW.replace('"F2L3D"', '"N2L1D"')

    with pytest.raises(PHHError) as info:
        phh.loads(text)

    assert (info.value.code, info.value.detail["field"]) == ("phh_field_missing", "min_bet")


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("antes = [0, 0, 0]", "antes = [0, 0]", "antes"),
        ("starting_stacks = [100, 80, 120]", "starting_stacks = [100]", "starting_stacks"),
        ('players = ["Ann", "Bob", "Cy"]', 'players = ["Ann"]', "players"),
        ("actions = [", "actions = [1, ", "actions"),
    ],
)
def test_given_a_field_of_the_wrong_shape_when_read_then_phh_field_invalid(
    old: str, new: str, field: str
) -> None:
    with pytest.raises(PHHError) as info:
        phh.loads(TRIPLE_DRAW.replace(old, new))

    assert (info.value.code, info.value.detail["field"]) == ("phh_field_invalid", field)


def test_given_fractional_or_infinite_chips_when_asked_as_chips_then_phh_field_invalid() -> None:
    hh = phh.loads(TRIPLE_DRAW.replace("[100, 80, 120]", "[100.5, inf, 120.0]"))

    assert hh.get("starting_stacks")[0] == Decimal("100.5")
    with pytest.raises(PHHError) as info:
        hh.chips("starting_stacks")
    assert info.value.code == "phh_field_invalid"
    assert phh.loads(phh.dumps(hh)).get("starting_stacks")[1] == float("inf")


def test_given_a_phhs_with_a_bare_value_when_read_then_phh_field_invalid() -> None:
    with pytest.raises(PHHError) as info:
        phh.loads_all("x = 1\n")

    assert info.value.code == "phh_field_invalid"


def test_given_hands_with_the_same_name_when_written_as_phhs_then_refused() -> None:
    hh = phh.loads(TRIPLE_DRAW)
    hh.name = "a"

    with pytest.raises(PHHError):
        phh.dumps_all([hh, hh])


def test_given_folders_when_listing_paths_then_phh_and_phhs_files_recursively(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("a/x.phh", "a/b/y.phhs", "a/b/z.txt", "w.phh"):
        (tmp_path / name).write_text("")

    paths = list(phh.iter_paths([tmp_path / "a", tmp_path / "w.phh"]))

    assert [p.relative_to(tmp_path).as_posix() for p in paths] == ["a/b/y.phhs", "a/x.phh", "w.phh"]


# --- replay through the engine and writing Floor hands ------------------------------------------------

HEADS_UP = """\
variant = "F2L3D"
antes = [0, 0]
blinds_or_straddles = [5, 10]
small_bet = 10
big_bet = 20
starting_stacks = [100, 100]
actions = ["d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "p2 cbr 20", "p1 cc", "p1 sd", "p2 sd AsQs",
           "d dh p2 2hQh", "p1 cbr 10", "p2 f"]
finishing_stacks = [120, 80]
"""


def test_given_a_heads_up_hand_then_p2_is_the_button_and_posts_the_small_blind() -> None:
    result = phh.replay_phh(phh.loads(HEADS_UP))

    assert result.ok, result.error
    assert result.events[2] == {"type": "raise", "seat": 2, "amount": 20}  # the button acts first pre-draw
    assert result.events[5] == {"type": "draw", "seat": 2, "count": 2, "discard": "AsQs", "receive": "2hQh"}
    assert result.final_stacks == [120, 80]


@pytest.mark.parametrize(
    ("old", "new", "index", "code"),
    [
        ('"p2 cbr 20"', '"p2 cbr 15"', 2, "fixed_limit_amount"),
        ('"p2 cbr 20"', '"p1 cbr 20"', 2, "not_your_turn"),
        ('"p2 cbr 20"', '"p3 cbr 20"', 2, "phh_action_invalid"),
        ('"p2 cbr 20"', '"p2 raise 20"', 2, "phh_action_invalid"),
        ('"p2 cbr 20"', '"d db 2c3c4c"', 2, "phh_action_unsupported"),
        ('"p2 sd AsQs"', '"p2 sd AsKs"', 5, "card_not_held"),
    ],
)
def test_given_an_illegal_action_when_replayed_then_the_first_failing_action_with_code_and_rule(
    old: str, new: str, index: int, code: str
) -> None:
    hh = phh.loads(HEADS_UP.replace(old, new, 1))

    result = phh.replay_phh(hh)

    assert result.status == "failed"
    assert result.error is not None
    assert (result.error.index, result.error.action, result.error.code) == (index, hh.actions[index], code)
    assert result.error.rule
    assert result.final_stacks is None


def test_given_wrong_finishing_stacks_when_replayed_then_phh_stacks_mismatch_with_both_lists() -> None:
    result = phh.replay_phh(phh.loads(HEADS_UP.replace("[120, 80]", "[121, 79]")))

    assert result.status == "failed"
    assert result.error is not None and result.error.code == "phh_stacks_mismatch"
    assert (result.final_stacks, result.expected_stacks) == ([120, 80], [121, 79])


def test_given_a_partial_hand_when_replayed_then_ok_without_final_stacks() -> None:
    hh = phh.loads(
        HEADS_UP.replace('"p1 cbr 10", "p2 f"]', "]").replace("finishing_stacks = [120, 80]\n", "")
    )

    result = phh.replay_phh(hh)

    assert result.ok and result.final_stacks is None


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ('variant = "F2L3D"', 'variant = "FB"', "phh_variant_unsupported"),
        ('variant = "F2L3D"', 'variant = "NT"\nmin_bet = 10', "phh_variant_unsupported"),
        ("blinds_or_straddles = [5, 10]", "blinds_or_straddles = [5, 10]\nseats = [3, 1]\n_floor_button = 3",
         "phh_field_invalid"),
    ],
)  # fmt: skip
def test_given_a_hand_floor_cannot_set_up_when_replayed_then_a_hand_level_error(
    old: str, new: str, code: str
) -> None:
    result = phh.replay_phh(phh.loads(HEADS_UP.replace(old, new)))

    assert result.error is not None
    assert (result.error.code, result.error.index) == (code, None)


def test_given_straddles_when_replayed_then_unsupported() -> None:
    text = TRIPLE_DRAW.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [1, 2, 4]")

    result = phh.replay_phh(phh.loads(text))

    assert result.status == "unsupported"
    assert result.error is not None and result.error.code == "phh_forced_bets_unsupported"


def _five_card_draw_hand() -> tuple[Any, list[dict[str, Any]], list[dict[str, Any]]]:
    game = five_card_draw(opening="jacks-or-better", joker="wild", structure="pot-limit", max_raises=None)
    seats = [{"seat": 2, "stack": 2000, "name": "Ann"}, {"seat": 4, "stack": 1500, "name": "Bob"},
             {"seat": 5, "stack": 300, "name": "Cy"}]  # fmt: skip
    events: list[dict[str, Any]] = [
        {"type": "deal", "seat": 5, "cards": "JcJdXx3s2c"},
        {"type": "check", "seat": 5},
        {"type": "timeout", "seat": 2},
        {"type": "check", "seat": 4},  # nobody opened: a pass-out, a new deal, the pot stays
        {"type": "deal", "seat": 5, "cards": "JcJdXx3s2c"},
        {"type": "bet", "seat": 5, "amount": 40},
        {"type": "call", "seat": 2},
        {"type": "fold", "seat": 4},
        {"type": "draw", "seat": 5, "count": 2, "discard": "3s2c", "receive": "??Kd"},
        {"type": "draw", "seat": 2, "count": 3},
        {"type": "check", "seat": 5},
        {"type": "timeout", "seat": 2},
        {"type": "show", "seat": 5, "cards": "JcJdXxKdQh"},
        {"type": "muck", "seat": 2},
        {"type": "prove_openers", "seat": 5, "cards": "JcJdXx3s2c"},
    ]
    return game, seats, events


def test_given_a_five_card_draw_hand_when_written_as_phh_and_read_back_then_same_game_seats_and_events() -> (
    None
):
    game, seats, events = _five_card_draw_hand()

    logged = [{**e, "at": "2026-11-29T13:00:00Z", "by": "dealer-7", "seq": i} for i, e in enumerate(events)]
    hh = phh.phh_from_hand(game, seats, 4, 3, logged, event="Home game", _club="kitchen")
    text = phh.dumps(hh)
    back = phh.loads(text)
    game2, seats2, button2, number2, events2 = phh.hand_from_phh(back)

    assert back.variant == phh.FIVE_CARD_DRAW == "x-floor-5CD"
    assert back.get("_floor_structure") == "pot-limit"
    assert back.get("_floor_game")["max_raises"] == "none"  # TOML has no null
    assert (back.get("seats"), back.get("_floor_button"), back.get("event")) == ([5, 2, 4], 4, "Home game")
    assert (game2, button2, number2) == (game, 4, 3)
    assert sorted(seats2, key=lambda s: s["seat"]) == seats
    assert events2 == events
    assert phh.replay_phh(back).final_stacks == back.finishing_stacks


def test_given_floor_only_events_when_written_then_plain_actions_carry_a_floor_note() -> None:
    game, seats, events = _five_card_draw_hand()

    actions = phh.phh_from_hand(game, seats, 4, 3, events).actions

    assert actions[2] == 'p2 cc # floor {"type":"timeout","seat":2}'  # the timeout checked
    assert actions[4] == "d dh p1 JcJdXx3s2c"  # the redeal after the pass-out
    assert actions[8:12] == ["p1 sd 3s2c", 'p2 sd ?????? # floor {"type":"draw","seat":2,"count":3}',
                             "d dh p1 ??Kd", "d dh p2 ??????"]  # fmt: skip
    assert actions[-1] == '# floor {"type":"prove_openers","seat":5,"cards":"JcJdXx3s2c"}'


def test_given_a_five_card_draw_phh_without_floor_game_then_built_from_the_standard_fields() -> None:
    text = """\
variant = "x-floor-5CD"
_floor_structure = "fixed-limit"
antes = [5, 5, 5]
small_bet = 10
big_bet = 10
starting_stacks = [200, 200, 200]
actions = ["p1 cbr 10", "p2 cc", "p3 f", "p1 sd ????", "p2 sd", "d dh p1 ????", "p1 cc", "p2 cbr 10",
           "p1 f"]
finishing_stacks = [185, 220, 195]
"""
    hh = phh.loads(text)

    game = phh.game_from_phh(hh)
    result = phh.replay_phh(hh)

    assert (game.kind, game.structure, game.ante, game.bet_units) == (
        "five-card-draw",
        "fixed-limit",
        5,
        (10, 10),
    )
    assert result.ok, result.error


def test_given_a_bad_five_card_draw_structure_when_read_then_phh_field_invalid() -> None:
    with pytest.raises(PHHError) as info:
        phh.loads('variant = "x-floor-5CD"\n_floor_structure = "spread-limit"\nantes = [1, 1]\n'
                  "min_bet = 2\nstarting_stacks = [9, 9]\nactions = []\n")  # fmt: skip

    assert info.value.detail["field"] == "_floor_structure"


def test_given_a_game_phh_cannot_name_when_written_then_unsupported() -> None:
    game = single_draw_27(small_blind=1, big_blind=2, structure="pot-limit")

    with pytest.raises(phh.PHHVariantUnsupported):
        phh.phh_from_hand(game, [{"seat": 1, "stack": 50}, {"seat": 2, "stack": 50}], 2, 1, [])


def test_given_a_bad_floor_note_when_replayed_then_phh_action_invalid_at_that_action() -> None:
    hh = phh.loads(HEADS_UP.replace('"p1 cc"', '"p1 cc # floor {nope"'))

    result = phh.replay_phh(hh)

    assert result.error is not None and (result.error.index, result.error.code) == (3, "phh_action_invalid")


def test_the_docstring_examples_run() -> None:
    from tests.engine.test_hand_doctests import run_docstring_examples

    result = run_docstring_examples(phh.__name__)  # compiled or not (apps/engine/native.py)
    assert result.attempted > 0 and result.failed == 0


def test_given_a_dead_button_when_written_and_read_back_then_the_seats_and_button_survive() -> None:
    game = triple_draw_27(small_blind=5, big_blind=10)
    seats = [{"seat": 1, "stack": 300}, {"seat": 3, "stack": 300}, {"seat": 6, "stack": 300}]
    events = [{"type": "fold", "seat": 3}, {"type": "fold", "seat": 6}]  # button on empty seat 4: 6 SB, 1 BB

    hh = phh.loads(phh.dumps(phh.phh_from_hand(game, seats, 4, 9, events)))
    _, seats2, button2, number2, events2 = phh.hand_from_phh(hh)

    assert (hh.get("seats"), hh.get("_floor_button"), hh.actions) == ([6, 1, 3], 4, ["p3 f", "p1 f"])
    assert (sorted(s["seat"] for s in seats2), button2, number2, events2) == ([1, 3, 6], 4, 9, events)
    assert hh.finishing_stacks == [295, 305, 300]


def test_given_a_dead_small_blind_when_written_and_read_back_then_nobody_posts_it() -> None:
    # the big blind (seat 3 last hand) busted: the big blind moves on to seat 5, the small blind (seat 3) is
    # dead, the button moves to seat 2 (TDA 32)
    game = single_draw_27(small_blind=50, big_blind=100, big_blind_ante=100)
    seats = [
        {"seat": 2, "stack": 1000},
        {"seat": 5, "stack": 1000, "blind": "big"},
        {"seat": 7, "stack": 1000},
    ]
    events = [{"type": "fold", "seat": 7}, {"type": "fold", "seat": 2}]

    hh = phh.loads(phh.dumps(phh.phh_from_hand(game, seats, 2, 4, events)))
    _, seats2, button2, _, events2 = phh.hand_from_phh(hh)

    assert (hh.get("seats"), hh.get("blinds_or_straddles"), hh.get("antes")) == (
        [5, 7, 2],
        [100, 0, 0],
        [100, 0, 0],
    )
    assert hh.finishing_stacks == [1000, 1000, 1000]  # the big blind gets back its blind and its ante
    assert [s.get("blind") for s in seats2] == ["big", None, None]
    assert (button2, events2) == (2, events)
    assert phh.replay_phh(hh).ok
