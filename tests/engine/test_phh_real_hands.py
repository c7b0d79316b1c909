"""Real televised 2-7 hands (tests/data/phh, see SOURCES.txt) replay through Floor's hand engine.

Every action is applied through the engine (which checks it) and the final stacks must be the file's
``finishing_stacks`` to the chip.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from apps.engine import phh

DATA = Path(__file__).resolve().parent.parent / "data" / "phh"
REAL_27 = [p for p in sorted(DATA.glob("*.phh")) if phh.load_path(p)[0].variant in ("F2L3D", "N2L1D")]
WITH_FINISHING_STACKS = [p for p in REAL_27 if phh.load_path(p)[0].finishing_stacks is not None]


def test_the_data_folder_holds_the_fourteen_real_2_7_hands() -> None:
    variants = sorted(phh.load_path(p)[0].variant for p in REAL_27)

    assert variants == ["F2L3D"] * 8 + ["N2L1D"] * 7
    assert len(WITH_FINISHING_STACKS) == 14


@pytest.mark.parametrize("path", WITH_FINISHING_STACKS, ids=lambda p: p.stem)
def test_given_a_real_hand_when_replayed_then_every_action_is_legal_and_stacks_match(path: Path) -> None:
    hh = phh.load_path(path)[0]

    result = phh.replay_phh(hh)

    assert result.error is None, result.error
    assert result.final_stacks == hh.finishing_stacks
    assert sum(result.final_stacks or []) == sum(hh.chips("starting_stacks"))


def test_given_arieh_yockey_without_finishing_stacks_when_replayed_then_pokerkits_result() -> None:
    # The file has no finishing_stacks; PokerKit's documented replay of the hand ends with these stacks.
    result = phh.replay_phh(phh.load_path(DATA / "arieh-yockey-2019.phh")[0])

    assert result.ok
    assert result.final_stacks == [0, 4190000, 5910000, 12095000]


@pytest.mark.parametrize("path", REAL_27, ids=lambda p: p.stem)
def test_given_a_real_hand_when_written_back_from_engine_events_then_same_actions(path: Path) -> None:
    hh = phh.load_path(path)[0]
    game, seats, button, number, events = phh.hand_from_phh(hh)

    again = phh.phh_from_hand(game, seats, button, number, events)

    assert again.actions == [" ".join(text.split("#")[0].split()) for text in hh.actions]
    assert again.finishing_stacks == (hh.finishing_stacks or phh.replay_phh(hh).final_stacks)
    assert phh.hand_from_phh(phh.loads(phh.dumps(again)))[4] == events


def test_given_the_big_blind_ante_hand_41_then_the_ante_is_dead_money_won_by_the_raiser() -> None:
    # BB (p2) posts 100k + a 150k ante; p4 raises to 200k and everyone folds. The ante is dead money in the
    # main pot (RULES.md §4): p4 wins 50k + 100k + 150k, and the BB gets nothing back as "uncalled".
    result = phh.replay_phh(phh.load_path(DATA / "wsop_2023_43_5_41.phh")[0])

    assert result.final_stacks == [7200000, 2600000, 4800000, 775000, 14325000]


def test_given_the_badugi_hand_when_replayed_then_unsupported_not_a_crash() -> None:
    result = phh.replay_phh(phh.load_path(DATA / "alice-carol-wikipedia.phh")[0])

    assert result.status == "unsupported"
    assert result.error is not None and result.error.code == "phh_variant_unsupported"
    assert result.error.index is None
