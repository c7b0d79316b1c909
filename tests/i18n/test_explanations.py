"""Pot explanations, hand names and card names: English exactly as the engine's, and translated.

Given random pots (side pots, folds, dead money, splits, odd chips in chips of 1, 5 or 25), when each
explanation line is rendered by apps.core.i18n, then the English equals the engine's render_line and every
other language renders each line differently (translated) with the same numbers.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.core.i18n import (
    EXPLANATION_KEYS,
    award_check,
    award_reason,
    card_name,
    explanation_text,
    hand_name,
    hand_result,
    remade_result,
    sentence_texts,
    strength_name,
)
from apps.core.i18n import _read as read_template
from apps.core.i18n import _translate as translate_template
from apps.core.i18n_sentences import SENTENCES
from apps.engine import pot_lines, pots, pots_explain, ranking
from apps.engine.cards import RANKS, SUITS
from apps.engine.games import five_card_draw, triple_draw_27
from apps.engine.hand import HandState, start_hand
from apps.engine.pots import FinishingRank, PotPlayer, check_award, resolve_pots
from apps.engine.ranking import evaluate
from apps.engine.tournament import chiprace, deals

LANGUAGES = ("id", "ru", "pt")
DECK = [r + s for r in RANKS for s in SUITS]


def test_the_keys_are_the_engines() -> None:
    source = "".join(Path(m.__file__ or "").read_text() for m in (pots, pots_explain))
    written = set(re.findall(r'ExplanationLine\(\s*"(\w+)"', source))
    assert written == EXPLANATION_KEYS
    assert set(pot_lines.ENGLISH) == EXPLANATION_KEYS


@st.composite
def pot_players(draw: Any) -> tuple[list[PotPlayer], int, int]:
    count = draw(st.integers(2, 6))
    smallest = draw(st.sampled_from([1, 1, 5, 25]))
    use_cards = draw(st.booleans())
    rng = random.Random(draw(st.integers(0, 10**6)))
    hands = rng.sample(DECK, 5 * count)
    players = []
    for i in range(count):
        contributed = draw(st.sampled_from([0, 5, 10, 25, 50, 50, 120, 200, 333]))
        folded = draw(st.booleans()) and i > 0
        strength: Any = None
        if not folded:
            strength = (
                evaluate("".join(hands[5 * i : 5 * i + 5]), "high")
                if use_cards
                else FinishingRank(draw(st.integers(1, 3)))
            )
        name = draw(st.sampled_from([None, "Ann", "Bob", "Сергей", "seat 9"]))
        dead = draw(st.sampled_from([0, 0, 10]))
        players.append(PotPlayer(i + 1, contributed, folded, strength, name if i % 2 else None, dead))
    return players, draw(st.integers(1, count)), smallest


@settings(max_examples=300, deadline=None)
@given(pot_players())
def test_every_line_reads_as_the_engine_in_english_and_is_translated(
    case: tuple[list[PotPlayer], int, int],
) -> None:
    players, button, smallest = case
    result = resolve_pots(players, button=button, smallest_chip=smallest)
    for line in result.explanation:
        english = pots.render_line(line)
        with translation.override("en"):
            assert explanation_text(line) == english
            assert explanation_text(line.as_dict()) == english
        numbers = Counter(re.findall(r"\d+", english))
        for lang in LANGUAGES:
            with translation.override(lang):
                text = explanation_text(line)
            assert text != english, (lang, english)
            assert "%(" not in text
            assert not numbers - Counter(re.findall(r"\d+", text)), (lang, english, text)  # same numbers


def test_hand_picked_pots_reach_every_key_in_every_language() -> None:
    rank = FinishingRank
    cases = [
        ([PotPlayer(1, 50, strength=rank(1)), PotPlayer(2, 120, strength=rank(2)),
          PotPlayer(3, 200, strength=rank(3))], 3, 1),  # uncalled, side pot, outranked
        ([PotPlayer(1, 0, strength=rank(1)), PotPlayer(2, 0, strength=rank(2))], 1, 1),  # no pot
        ([PotPlayer(1, 40, folded=True), PotPlayer(2, 40, strength=rank(1))], 1, 1),  # uncontested, shown
        ([PotPlayer(1, 40, folded=True), PotPlayer(2, 40)], 1, 1),  # uncontested, won without showing
        ([PotPlayer(s, 34, strength=rank(1)) for s in (1, 2, 3)] + [PotPlayer(4, 0, folded=True, dead=1)],
         2, 1),  # split with odd chips, dead money
        ([PotPlayer(1, 55, strength=rank(1)), PotPlayer(2, 55, strength=rank(1))], 2, 25),  # a remainder
        ([PotPlayer(s, 185, strength=rank(1)) for s in (1, 2, 3)], 1, 25),  # odd chips then a remainder
    ]  # fmt: skip
    seen = set()
    for players, button, chip in cases:
        for line in resolve_pots(players, button=button, smallest_chip=chip).explanation:
            seen.add(line.key)
            with translation.override("en"):
                assert explanation_text(line) == pots.render_line(line)
            for lang in LANGUAGES:
                with translation.override(lang):
                    assert explanation_text(line) != pots.render_line(line)
    assert seen == EXPLANATION_KEYS


def test_a_side_pot_in_russian() -> None:
    rank = FinishingRank
    result = resolve_pots(
        [PotPlayer(1, 50, strength=rank(1), name="A"), PotPlayer(2, 120, strength=rank(2)),
         PotPlayer(3, 200, strength=rank(3))], button=3,
    )  # fmt: skip
    with translation.override("ru"):
        lines = [explanation_text(line) for line in result.explanation]
    assert lines[0] == (
        "место 3 получает обратно неуравненные 80: 200 − 120 (следующий по величине вклад) = 80."
    )
    assert lines[2].startswith("Побочный банк 1: (120 − 50) × 2 = 140; претенденты: место 2, место 3;")


def test_every_hand_name_reads_as_the_engine_in_english_and_follows_the_seed_pages() -> None:
    values = list(ranking._BY_STRENGTH.values())
    assert len(values) > 7000
    with translation.override("en"):
        assert all(hand_name(v.description_key, v.description_args) == str(v) for v in values)
    full_house = evaluate("KhKdKc9s9d", "high")
    pair = evaluate("JhJd2c5s9d", "high")
    low = evaluate("7h5d4c3s2d", "low27")
    expected = {
        "en": ("Full House, Kings over Nines", "One Pair, Jacks", "7-5-4-3-2 low"),
        "id": ("Full House, tiga K dan dua 9", "One Pair J", "7-5-4-3-2 rendah"),
        "ru": ("Фул-хаус, три K и две 9", "Одна пара J", "Лоу 7-5-4-3-2"),
        "pt": ("Full house, trio de K e par de 9", "Par de J", "Mão baixa 7-5-4-3-2"),
    }
    for lang, names in expected.items():
        with translation.override(lang):
            assert (strength_name(full_house), strength_name(pair), strength_name(low)) == names
            assert strength_name(FinishingRank(2)) != "" and "%" not in strength_name(FinishingRank(2))


def test_card_names() -> None:
    expected = {
        "en": ("King of hearts", "Ten of spades", "Joker"),
        "id": ("King hati", "10 sekop", "Joker"),
        "ru": ("Король червей", "Десятка пик", "Джокер"),
        "pt": ("Rei de copas", "Dez de espadas", "Jóquer"),
    }
    for lang, names in expected.items():
        with translation.override(lang):
            assert (card_name("Kh"), card_name("Ts"), card_name("Xx")) == names
            assert card_name("??") != card_name("Kh")


def _finished_side_pot_hand() -> HandState:
    """Ann (50) bets all in, Bob (120) raises all in, Cy (300) calls; all stand pat; trips aces, kings,
    queens: Ann wins the main pot, Bob the side pot."""
    seats = [{"seat": 1, "stack": 50, "name": "Ann"}, {"seat": 2, "stack": 120, "name": "Bob"},
             {"seat": 3, "stack": 300}]  # fmt: skip
    state = start_hand(five_card_draw(ante=0, bet_unit=10), seats, button=3)
    for event in (
        {"type": "bet", "seat": 1, "amount": 50},
        {"type": "raise", "seat": 2, "amount": 120},
        {"type": "call", "seat": 3},
        *({"type": "draw", "seat": s, "count": 0} for s in (1, 2, 3)),
        {"type": "show", "seat": 1, "cards": "AhAdAcKd9s"},
        {"type": "show", "seat": 2, "cards": "KhKcKsQd9d"},
        {"type": "show", "seat": 3, "cards": "QhQcQs2d3d"},
    ):
        state = state.apply(event)
    assert state.phase == "finished"
    return state


def test_a_hand_result_remade_reads_as_the_stored_one_in_english() -> None:
    state = _finished_side_pot_hand()
    stored = HandState.from_json(state.to_json()).result
    assert stored is not None
    with translation.override("en"):
        remade = remade_result(HandState.from_json(state.to_json()), stored)
        assert hand_result(state.to_json()) == stored
    assert remade["explanation"] == stored["explanation"]
    assert remade["hands"] == stored["hands"]
    with translation.override("pt"):
        result = hand_result(state.to_json())
    assert result is not None and result["received"] == stored["received"]
    assert result["explanation"][0].startswith("Pote principal: 50 × 3 = 150; elegíveis: Ann, Bob, lugar 3;")
    assert result["hands"]["1"] == "Trio de A"


def test_a_lowball_hand_result_in_indonesian() -> None:
    seats = [{"seat": s, "stack": 100} for s in (1, 2)]
    state = start_hand(triple_draw_27(small_blind=5, big_blind=10), seats, button=2)
    state = state.apply({"type": "call", "seat": 2}).apply({"type": "check", "seat": 1})
    for _ in range(3):
        for s in (1, 2):
            state = state.apply({"type": "draw", "seat": s, "count": 0})
        for s in (1, 2):
            state = state.apply({"type": "check", "seat": s})
    state = state.apply({"type": "show", "seat": 1, "cards": "7h5d4c3s2d"})
    state = state.apply({"type": "show", "seat": 2, "cards": "8h6d4d3c2c"})
    assert state.phase == "finished", state.phase
    with translation.override("id"):
        result = hand_result(state)
    assert result is not None
    assert result["hands"] == {"1": "7-5-4-3-2 rendah", "2": "8-6-4-3-2 rendah"}
    assert any("kursi 1 menang dengan 7-5-4-3-2 rendah" in line for line in result["explanation"])


@settings(max_examples=150, deadline=None)
@given(pot_players(), st.lists(st.integers(0, 400), min_size=1, max_size=7))
def test_award_check_reasons_read_as_the_engine_in_english_and_are_translated(
    case: tuple[list[PotPlayer], int, int], proposal: list[int]
) -> None:
    players, button, smallest = case
    result = resolve_pots(players, button=button, smallest_chip=smallest)
    proposed = {seat: chips for seat, chips in enumerate(proposal, start=1)}
    check = check_award(result, proposed).as_dict()
    for difference in check["differences"]:
        english = difference["reason"]
        with translation.override("en"):
            assert award_reason(english) == english
        for lang in LANGUAGES:
            with translation.override(lang):
                text = award_reason(english)
            assert text != english, (lang, english)
            assert not Counter(re.findall(r"\d+", english)) - Counter(re.findall(r"\d+", text))


def test_every_kind_of_award_reason_in_russian() -> None:
    rank = FinishingRank
    result = resolve_pots(
        [PotPlayer(1, 50, strength=rank(1), name="A"), PotPlayer(2, 120, strength=rank(2)),
         PotPlayer(3, 200, strength=rank(3)), PotPlayer(4, 20, folded=True)], button=3,
    )  # fmt: skip
    check = check_award(result, {1: 370, 2: 140, 4: 5, 7: 1})
    codes = {d.code for d in check.differences}
    assert {"beyond_eligibility", "underpaid", "folded_seat_paid", "seat_not_in_hand"} <= codes
    with translation.override("ru"):
        reasons = {d["code"]: d["reason"] for d in award_check(check.as_dict())["differences"]}
    assert reasons["beyond_eligibility"] == (
        "место 1 (A): предложено 370, но претендует только на основной банк (170 самое большее): "
        "верно 170 (основной банк 170), разница +200"
    )
    assert reasons["seat_not_in_hand"].startswith("места 7 нет в раздаче")


def _tournament_explanations() -> list[str]:
    lines: list[str] = []
    for unit in (1, 25):
        for deal in (deals.icm, deals.chip_chop, deals.even_split):
            lines += deal([5000, 3000, 1500, 500], [500, 300, 200], unit=unit).explanation
    races = [
        chiprace.chip_race(
            {1: 10, 2: 3, 3: 1},
            removed=5,
            next_chip=25,
            stacks={1: 500, 2: 100, 3: 5},
            cards=["As", "Kd", "2c", "7h"],
        ),
        chiprace.chip_race(
            {1: 2, 2: 4}, removed=25, next_chip=100, stacks={1: 50, 2: 100}, cards=["As", "Kd"]
        ),
    ]
    for race in races:
        lines += race.explanation
    return lines


def rendered_sentence(line: str) -> str:
    """The sentence written again from its template (no English short cut)."""
    found = read_template(SENTENCES, line)
    assert found is not None, f"no template reads {line!r}"
    return translate_template(found, line)


def test_deal_and_chip_race_explanations_read_as_the_engine_and_are_translated() -> None:
    lines = _tournament_explanations()
    assert len(lines) > 25
    with translation.override("en"):
        assert [rendered_sentence(line) for line in lines] == lines
    for lang in LANGUAGES:
        with translation.override(lang):
            translated = sentence_texts(lines)
        same = [line for line, text in zip(lines, translated, strict=True) if line == text]
        assert not same, (lang, same)


def test_a_no_bet_hand_result_remade_reads_as_the_stored_one_and_in_russian() -> None:
    seats = [{"seat": 1, "stack": 0, "name": "Ann"}, {"seat": 2, "stack": 0}]
    state = start_hand(five_card_draw(mode="no-bet"), seats, button=2)
    for event in (
        {"type": "draw", "seat": 1, "count": 0},
        {"type": "draw", "seat": 2, "count": 0},
        {"type": "show", "seat": 1, "cards": "AhAdAcKd9s"},
        {"type": "show", "seat": 2, "cards": "KhKcKsQd9d"},
    ):
        state = state.apply(event)
    assert state.phase == "finished" and state.result is not None
    stored = state.result
    with translation.override("en"):
        assert remade_result(state, stored)["explanation"] == stored["explanation"]
    with translation.override("ru"):
        result = hand_result(state.to_json())
    assert result is not None and result["explanation"] == ["Ann получает 1 очко (Трипс, A)"]
