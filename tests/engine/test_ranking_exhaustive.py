"""Exhaustive agreement of ``evaluate`` with independent evaluators, over every hand (slow; CI runs them).

- "high": all 2,598,960 five-card hands against phevaluator (each hand) and pokerkit's ``StandardHighHand``.
- "low27": all 2,598,960 hands against pokerkit's ``StandardLowHand`` (deuce-to-seven: no wheel, ace high).
  PokerKit is slow, so it judges one hand per class (rank multiset + flush or not, 7,462 classes); every hand
  is still evaluated by Floor and checked to land on its class's value.
- The joker: all 270,725 four-card hands plus the joker, against the best legal substitution (wild: any card
  not in the hand, plus five of a kind; bug: an ace, or any card making a straight, flush or straight flush),
  computed with the non-joker evaluator that the tests above validate.

"Agree" means the same order: for any two hands a, b: floor(a) < floor(b) exactly when ref(a) < ref(b). We
check it through the map floor strength -> reference value: it must be a function (one reference value per
Floor value) and strictly increasing (so also one-to-one), which together give exactly that equivalence.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations, pairwise
from typing import Any

import pytest

from apps.engine.cards import JOKER, Card, format_cards, full_deck
from apps.engine.ranking import HandValue, evaluate

pytestmark = pytest.mark.slow

DECK = full_deck()
ACE = 12
CLASSES = 7462
STRAIGHT_FAMILY = {"straight", "flush", "straight-flush"}


def all_hands() -> Iterator[tuple[Card, ...]]:
    return combinations(DECK, 5)


def hand_class(hand: tuple[Card, ...]) -> tuple[int, ...]:
    """The test's own class of a hand (cards come sorted, so ranks do too): five ranks and a flush flag."""
    a, b, c, d, e = hand
    flush = (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3)
    return (a >> 2, b >> 2, c >> 2, d >> 2, e >> 2, flush)


def assert_same_order(reference_of: Mapping[int, Any]) -> None:
    """``reference_of`` maps Floor strength -> reference value (greater is better in both)."""
    strengths = sorted(reference_of)
    assert len(strengths) == CLASSES
    for lower, higher in pairwise(strengths):
        assert reference_of[lower] < reference_of[higher], (lower, higher)


def test_high_orders_every_hand_like_phevaluator() -> None:
    from phevaluator import evaluate_cards  # phevaluator's card ids are Floor's: rank * 4 + suit

    # given every five-card hand
    reference_of: dict[int, int] = {}
    disagreements = []
    for hand in all_hands():
        # when Floor and phevaluator both value it (phevaluator: 1 is best, so negate)
        strength = evaluate(hand, "high").strength
        reference = -evaluate_cards(*hand)
        if reference_of.setdefault(strength, reference) != reference:
            disagreements.append(format_cards(hand))
    # then one phevaluator value per Floor value, in the same order
    assert disagreements[:10] == []
    assert_same_order(reference_of)


def pokerkit_order_by_class(hand_type: Any, ranking: str) -> None:
    """Value every hand with Floor, one hand per class with PokerKit, and compare the orders."""
    strength_of_class: dict[tuple[int, ...], int] = {}
    example_of_class: dict[tuple[int, ...], tuple[Card, ...]] = {}
    last_of_class: dict[tuple[int, ...], tuple[Card, ...]] = {}
    disagreements = []
    count = 0
    for hand in all_hands():
        key = hand_class(hand)
        strength = evaluate(hand, ranking).strength
        if strength_of_class.setdefault(key, strength) != strength:
            disagreements.append(format_cards(hand))
        example_of_class.setdefault(key, hand)
        last_of_class[key] = hand
        count += 1
    assert count == 2_598_960
    assert disagreements[:10] == []  # Floor gives every hand of a class the same value
    assert len(strength_of_class) == CLASSES

    def reference(hand: tuple[Card, ...]) -> Any:
        return hand_type(format_cards(hand, sep=""))

    # PokerKit gives the first and last hand of each class the same value (suits never rank) ...
    references = {}
    for key, first in example_of_class.items():
        references[key] = reference(first)
        assert references[key] == reference(last_of_class[key]), format_cards(first)
    # ... and PokerKit's order of the classes, as positions, is Floor's order
    ordered = sorted(references, key=references.__getitem__)
    position = {}
    for i, key in enumerate(ordered):
        tied = i and references[key] == references[ordered[i - 1]]
        position[key] = position[ordered[i - 1]] if tied else i
    assert_same_order({strength_of_class[key]: position[key] for key in ordered})


def test_high_orders_every_hand_like_pokerkit_standard_high() -> None:
    from pokerkit import StandardHighHand

    pokerkit_order_by_class(StandardHighHand, "high")


def test_low27_orders_every_hand_like_pokerkit_deuce_to_seven() -> None:
    from pokerkit import StandardLowHand  # deuce-to-seven: ace high, no wheel, straights and flushes count

    # PokerKit's low hands compare "greater is better", like Floor's
    assert StandardLowHand("7c5d4h3s2c") > StandardLowHand("7c6d4h3s2c") > StandardLowHand("Ac2d3h4s5c")
    pokerkit_order_by_class(StandardLowHand, "low27")


def substitutions(four: tuple[Card, ...], ranking: str) -> Iterator[tuple[Card, HandValue]]:
    for card in DECK:
        if card not in four:
            yield card, evaluate((*four, card), ranking)


def quads_rank(four: tuple[Card, ...]) -> int | None:
    ranks = {card >> 2 for card in four}
    return ranks.pop() if len(ranks) == 1 else None


def joker_hands() -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Every four-card hand, with the joker added at a varying position."""
    for i, four in enumerate(combinations(DECK, 4)):
        at = i % 5
        yield four, (*four[:at], JOKER, *four[at:])


def test_wild_joker_is_the_best_substitution_or_five_of_a_kind() -> None:
    royal = evaluate("As Ks Qs Js Ts", "high")
    count = 0
    for four, hand in joker_hands():
        value = evaluate(hand, "high")
        best = max((v for _, v in substitutions(four, "high")), key=lambda v: v.strength)
        quads = quads_rank(four)
        if quads is None:
            assert value is best, format_cards(hand)
        else:
            assert value.category == "five-of-a-kind" and value.ranks == ("23456789TJQKA"[quads],)
            assert value > royal and value > best
        count += 1
    assert count == 270_725


def test_bug_joker_is_an_ace_or_completes_a_straight_or_flush() -> None:
    count = 0
    for four, hand in joker_hands():
        value = evaluate(hand, "high-bug")
        legal = [
            v for card, v in substitutions(four, "high") if card >> 2 == ACE or v.category in STRAIGHT_FAMILY
        ]
        if quads_rank(four) == ACE:
            assert value.category == "five-of-a-kind" and value.ranks == ("A",)
        else:
            best = max(legal, key=lambda v: v.strength)
            assert (value.category, value.ranks) == (best.category, best.ranks), format_cards(hand)
        count += 1
    assert count == 270_725
