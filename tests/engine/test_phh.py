"""PHH read and write (apps/engine/phh.py): fields, actions, .phhs, errors.

Replays through the engine are in test_phh_real_hands.py.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from apps.engine import phh
from apps.engine.errors import PHHError

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
