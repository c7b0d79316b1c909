"""Hand values: high with the joker (wild and bug) and 2-7 low (RULES.md §2-3). Pure Python, no database."""

from __future__ import annotations

import copy
import itertools
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.engine.cards import JOKER, RANKS, Card, full_deck, parse_card, parse_cards
from apps.engine.errors import CardError, RankingError
from apps.engine.ranking import CATEGORIES, RANKINGS, HandValue, describe, evaluate

DECK = full_deck()

# One hand per category, strongest first (RULES.md §2), with its English description.
HIGH_BY_CATEGORY = [
    ("As Ah Ad Ac Xx", "five-of-a-kind", "Five of a Kind, Aces"),
    ("As Ks Qs Js Ts", "straight-flush", "Royal Flush"),
    ("9h 8h 7h 6h 5h", "straight-flush", "Straight Flush, Nine high"),
    ("Kc Kd Kh Ks 2c", "four-of-a-kind", "Four of a Kind, Kings"),
    ("Kd Kh Ks 9c 9d", "full-house", "Full House, Kings over Nines"),
    ("Ah Jh 9h 5h 2h", "flush", "Flush, A-J-9-5-2"),
    ("9c 8d 7h 6s 5c", "straight", "Straight, Nine high"),
    ("5c 4d 3h 2s Ac", "straight", "Straight, Five high"),
    ("Qc Qd Qh 7s 2c", "three-of-a-kind", "Three of a Kind, Queens"),
    ("Jc Jd 4h 4s 9c", "two-pair", "Two Pair, Jacks and Fours"),
    ("Tc Td 8h 4s 2c", "one-pair", "One Pair, Tens"),
    ("Ac Jd 9h 5s 2c", "high-card", "High Card, Ace"),
]

# The source page's 20 best 2-7 hands, best first (seed 004), dealt off-suit.
SEED_004_TOP_20 = (
    "75432 76432 76532 76542 85432 86432 86532 86542 86543 87432 "
    "87532 87542 87543 87632 87642 87643 87652 87653 95432 96432"
)
BEST_2_7 = SEED_004_TOP_20.split()


def offsuit(ranks: str) -> str:
    return " ".join(rank + suit for rank, suit in zip(ranks, "cdhsc", strict=True))


def high(text: str) -> HandValue:
    return evaluate(text, "high")


def low(text: str) -> HandValue:
    return evaluate(text, "low27")


# --- high: the category order and the worked examples ---------------------------------------------


def test_categories_are_the_fixed_tuple_and_rankings_are_three() -> None:
    assert CATEGORIES == (
        "five-of-a-kind",
        "straight-flush",
        "four-of-a-kind",
        "full-house",
        "flush",
        "straight",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-card",
    )
    assert RANKINGS == ("high", "high-bug", "low27")


@pytest.mark.parametrize(("text", "category", "description"), HIGH_BY_CATEGORY)
def test_each_high_category_is_named_and_described(text: str, category: str, description: str) -> None:
    value = high(text)
    assert value.category == category
    assert value.ranking == "high"
    assert str(value) == description


def test_high_categories_rank_in_the_rules_order() -> None:
    # given one hand of every category, listed strongest first
    values = [high(text) for text, _, _ in HIGH_BY_CATEGORY]
    # then every hand beats the next one
    for better, worse in itertools.pairwise(values):
        assert better > worse and worse < better and better != worse


def test_the_wheel_is_the_lowest_straight_and_the_ace_is_otherwise_high() -> None:
    wheel, six_high, ace_high = high("Ac 2d 3h 4s 5c"), high("2c 3d 4h 5s 6c"), high("Tc Jd Qh Ks Ac")
    assert wheel.category == six_high.category == ace_high.category == "straight"
    assert wheel < six_high < ace_high
    assert wheel > high("Ac Ad Ah Ks Qc")  # any straight beats three of a kind
    assert wheel.ranks == ("5", "4", "3", "2", "A")
    assert high("Ah 2h 3h 4h 5h") < high("2h 3h 4h 5h 6h")  # the steel wheel is the lowest straight flush


def test_kickers_decide_within_a_category_and_suits_never_rank() -> None:
    assert high("Kc Kd 9h 5s 3c") > high("Kh Ks 9c 5d 2c")  # same pair, the last kicker decides
    assert high("Jc Jd 4h 4s Ac") > high("Jh Js 4c 4d Kc")  # same two pair, the kicker decides
    assert high("Ac Ad Kh Ks 2c") > high("Ah As Qc Qd Jc")  # the higher second pair beats any kicker
    assert high("Ac Jd 9h 5s 2c") == high("As Jh 9c 5d 2h")  # equal in all five ranks: a tie
    assert high("Ah Jh 9h 5h 2h") == high("As Js 9s 5s 2s")


def test_deciding_ranks_come_in_comparison_order() -> None:
    assert high("9c 9d Kh Ks Kc").ranks == ("K", "9")
    assert high("Jc Jd 4h 4s 9c").ranks == ("J", "4", "9")
    assert high("Tc Td 8h 4s 2c").ranks == ("T", "8", "4", "2")
    assert high("2c Jd 9h 5s Ac").ranks == ("A", "J", "9", "5", "2")


# --- the joker, wild (the default) and bug --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wild", "bug"),
    [
        # four aces + joker = five aces, in both modes
        ("As Ah Ad Ac Xx", "Five of a Kind, Aces", "Five of a Kind, Aces"),
        # four kings + joker: five kings when wild; in bug the joker is only an ace
        ("Ks Kh Kd Kc Xx", "Five of a Kind, Kings", "Four of a Kind, Kings"),
        # 9-T-J-Q + joker: the joker extends the straight upward
        ("9h Th Jd Qc Xx", "Straight, King high", "Straight, King high"),
        # a gap is filled
        ("9h Th Qd Kc Xx", "Straight, King high", "Straight, King high"),
        ("2c 3d 4h 5s Xx", "Straight, Six high", "Straight, Six high"),
        # a flush takes the highest rank of that suit missing from the hand
        ("As Ks 7s 3s Xx", "Flush, A-K-Q-7-3", "Flush, A-K-Q-7-3"),
        ("Ks 9s 7s 3s Xx", "Flush, A-K-9-7-3", "Flush, A-K-9-7-3"),
        ("9s Ts Js Qs Xx", "Straight Flush, King high", "Straight Flush, King high"),
        ("Ts Js Qs Ks Xx", "Royal Flush", "Royal Flush"),
        # pairs: wild makes trips or a full house; bug can only add an ace
        ("Kc Kd Qh 7s Xx", "Three of a Kind, Kings", "One Pair, Kings"),
        ("Kc Kd 7h 7s Xx", "Full House, Kings over Sevens", "Two Pair, Kings and Sevens"),
        ("Ac Ad 7h 2s Xx", "Three of a Kind, Aces", "Three of a Kind, Aces"),
        ("Kc Qd 9h 2s Xx", "One Pair, Kings", "High Card, Ace"),
        ("Ac Qd 9h 2s Xx", "One Pair, Aces", "One Pair, Aces"),
        ("Kc Kd Kh 2s Xx", "Four of a Kind, Kings", "Three of a Kind, Kings"),
    ],
)
def test_joker_examples(text: str, wild: str, bug: str) -> None:
    assert str(evaluate(text, "high")) == wild
    assert str(evaluate(text, "high-bug")) == bug


def test_bug_joker_as_an_ace_gives_the_ace_kicker() -> None:
    assert evaluate("Kc Kd Qh 7s Xx", "high-bug").ranks == ("K", "A", "Q", "7")
    assert evaluate("Ks Kh Kd Kc Xx", "high-bug").ranks == ("K", "A")


def test_five_of_a_kind_beats_a_royal_flush_in_both_modes() -> None:
    assert evaluate("2s 2h 2d 2c Xx", "high") > evaluate("As Ks Qs Js Ts", "high")
    for ranking in ("high", "high-bug"):
        assert evaluate("As Ah Ad Ac Xx", ranking) > evaluate("As Ks Qs Js Ts", ranking)


def test_the_joker_may_sit_anywhere_and_be_given_as_a_card() -> None:
    cards = parse_cards("9h Th Jd Qc")
    for position in range(5):
        hand = [*cards[:position], JOKER, *cards[position:]]
        assert str(evaluate(hand, "high")) == "Straight, King high"


# --- 2-7 low --------------------------------------------------------------------------------------


def test_the_source_pages_20_best_2_7_hands_come_in_its_exact_order() -> None:
    # given the 20 best hands of seed 004, off-suit
    values = [low(offsuit(ranks)) for ranks in BEST_2_7]
    # then each is strictly better than the next
    for better, worse in itertools.pairwise(values):
        assert better > worse
    # and they hold the 20 top strengths of the 7,462 classes: nothing else beats any of them
    assert [v.strength for v in values] == list(range(7462, 7442, -1))
    assert low(offsuit("96532")).strength == 7442  # the 21st


def test_the_best_2_7_hand_reads_7_5_4_3_2_low() -> None:
    assert str(low("7c 5d 4h 3s 2c")) == "7-5-4-3-2 low"
    assert str(low("8c 7d 6h 4s 3c")) == "8-7-6-4-3 low"
    assert low("7c 5d 4h 3s 2c").category == "high-card"


def test_in_2_7_the_ace_is_high_and_a_2_3_4_5_is_no_straight() -> None:
    wheel = low("Ac 2d 3h 4s 5c")
    assert wheel.category == "high-card"
    assert str(wheel) == "A-5-4-3-2 low"
    assert wheel < low("Kc 5d 4h 3s 2c")  # ace-high is worse than any king-high
    assert wheel > low("2c 2d 3h 4s 5c")  # but better than any pair


def test_in_2_7_straights_and_flushes_count_against_the_hand() -> None:
    assert low("7c 5c 4c 3c 2c").category == "flush"
    assert low("7c 5c 4c 3c 2c") < low("Ac Kd Qh Js 9c")  # a flush is worse than any high-card hand
    assert low("6c 5d 4h 3s 2c").category == "straight"
    assert low("6c 5d 4h 3s 2c") < low("2c 2d 4h 5s 6c")  # a straight is worse than a pair
    assert str(low("2c 2d 9h 8s 7c")) == "One Pair, Twos"
    assert str(low("6c 5d 4h 3s 2c")) == "Straight, Six high"


def test_2_7_reverses_the_category_order() -> None:
    values = [low(text) for text, _, _ in HIGH_BY_CATEGORY[1:] if text != "5c 4d 3h 2s Ac"]
    for worse, better in itertools.pairwise(values):
        assert worse < better


# --- the value object -----------------------------------------------------------------------------


def test_values_of_one_class_are_one_shared_object() -> None:
    assert high("Ac Jd 9h 5s 2c") is high("As Jh 9c 5d 2h")


def test_shared_values_are_read_only_and_copy_to_themselves() -> None:
    value = high("As Ks Qs Js Ts")
    with pytest.raises(AttributeError):
        value.strength = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        value.description_args["x"] = "y"  # type: ignore[index]
    assert copy.copy(value) is value and copy.deepcopy(value) is value
    assert pickle.loads(pickle.dumps(value)) is value
    five_aces = evaluate("As Ah Ad Ac Xx", "high-bug")
    assert pickle.loads(pickle.dumps(five_aces)) is five_aces


def test_values_of_different_rankings_never_compare() -> None:
    hi, bug, lo = (
        evaluate("7c 5d 4h 3s 2c", "high"),
        evaluate("7c 5d 4h 3s 2c", "high-bug"),
        low("7c 5d 4h 3s 2c"),
    )
    assert hi != lo and hi != bug
    for a, b in ((hi, lo), (hi, bug), (lo, bug)):
        with pytest.raises(TypeError):
            _ = a < b
        with pytest.raises(TypeError):
            _ = a >= b


def test_equal_values_hash_alike_and_strength_orders_them() -> None:
    a, b, c = high("Kc Kd 9h 5s 3c"), high("Kh Ks 9c 5d 3h"), high("Qc Qd 9h 5s 3c")
    assert a == b and hash(a) == hash(b) and len({a, b, c}) == 2
    assert a.strength == b.strength > c.strength
    assert max([c, a]) is a and sorted([a, c]) == [c, a]
    assert a <= b and a >= b


def test_description_is_a_template_key_with_named_rank_arguments() -> None:
    value = high("Kd Kh Ks 9c 9d")
    assert (value.description_key, value.description_args) == ("full_house", {"trips": "K", "pair": "9"})
    assert describe(value.description_key, value.description_args) == str(value)
    # a translation supplies its own templates and rank names
    dutch = {"full_house": "Full house, {trips:plural} vol met {pair:plural}"}
    names = {"K": ("Heer", "Heren"), "9": ("Negen", "Negens")}
    assert describe("full_house", {"trips": "K", "pair": "9"}, templates=dutch, rank_names=names) == (
        "Full house, Heren vol met Negens"
    )


def test_repr_names_the_ranking_and_description() -> None:
    assert repr(high("As Ks Qs Js Ts")).startswith("HandValue('high', 'Royal Flush', strength=")


# --- inputs ---------------------------------------------------------------------------------------


def test_text_tokens_and_cards_give_the_same_value() -> None:
    cards = parse_cards("Kd Kh Ks 9c 9d")
    same = [
        evaluate("KdKhKs9c9d", "high"),
        evaluate("kd, kh, ks, 9c, 9d", "high"),
        evaluate(["Kd", "Kh", "Ks", "9c", "9d"], "high"),
        evaluate(cards, "high"),
        evaluate(list(cards), "high"),
        evaluate([cards[0], "Kh", cards[2], "9c", cards[4]], "high"),
    ]
    assert all(value is same[0] for value in same)


# --- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "code", "detail"),
    [
        ("As Ks Qs Js 1s", "card_invalid", {"token": "1s"}),
        ("As Ks Qs Js", "card_count", {"expected": 5, "got": 4}),
        ("As Ks Qs Js Ts 9s", "card_count", {"expected": 5, "got": 6}),
        ("As Ks Qs Js as", "card_duplicate", {"token": "As"}),
        ("As Ks Qs Js ??", "card_unknown", {"token": "??"}),
        ("As Ks Xx Js Xx", "card_duplicate", {"token": "Xx"}),
    ],
)
@pytest.mark.parametrize("as_cards", [False, True], ids=["text", "cards"])
def test_bad_cards_are_refused_with_a_card_error(
    cards: str, code: str, detail: dict[str, object], as_cards: bool
) -> None:
    given: str | list[Card] | list[str] = cards
    if as_cards:  # the same hand as card ints where the text parses, else as tokens
        try:
            given = list(parse_cards(cards))
        except CardError:
            given = cards.split()
    for ranking in RANKINGS:
        with pytest.raises(CardError) as raised:
            evaluate(given, ranking)
        assert (raised.value.code, raised.value.detail) == (code, detail)


@pytest.mark.parametrize("ranking", ["razz", "HIGH", "", None, 27])
def test_an_unknown_ranking_is_ranking_unknown(ranking: object) -> None:
    for cards in ("As Ks Qs Js Ts", parse_cards("As Ks Qs Js Ts")):
        with pytest.raises(RankingError) as raised:
            evaluate(cards, ranking)  # type: ignore[arg-type]
        assert raised.value.code == "ranking_unknown"
        assert raised.value.detail["known"] == ["high", "high-bug", "low27"]


def test_the_joker_is_not_allowed_in_2_7() -> None:
    for cards in ("7c 5d 4h 3s Xx", parse_cards("7c 5d 4h 3s Xx")):
        with pytest.raises(RankingError) as raised:
            evaluate(cards, "low27")
        assert raised.value.code == "joker_not_allowed"
        assert raised.value.rule == "RULES.md §3; TDA 35-A"


def test_non_card_ints_are_refused_not_evaluated() -> None:
    for bad in (-1, 54, 500, -900):
        with pytest.raises(CardError) as raised:
            evaluate([parse_card("As"), 0, 4, 8, bad], "high")  # type: ignore[list-item]
        assert raised.value.code == "card_invalid"


# --- properties -----------------------------------------------------------------------------------

five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
four_cards = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)


@given(five_cards, st.permutations(range(5)), st.permutations(range(4)))
def test_order_of_cards_and_names_of_suits_do_not_matter(
    cards: list[Card], order: list[int], suits: list[int]
) -> None:
    relabelled = [Card((card & ~3) | suits[card & 3]) for card in cards]
    shuffled = [relabelled[i] for i in order]
    for ranking in RANKINGS:
        assert evaluate(shuffled, ranking) is evaluate(cards, ranking)


@given(five_cards)
def test_only_the_20_listed_hands_beat_96432_in_2_7(cards: list[Card]) -> None:
    value = low(cards)
    ranks = "".join(sorted((RANKS[card >> 2] for card in cards), key=RANKS.index, reverse=True))
    listed = ranks in BEST_2_7 and value.category == "high-card"
    assert (value >= low(offsuit("96432"))) == listed


@given(four_cards)
def test_wild_joker_is_at_least_every_real_card_and_at_least_bug(four: list[Card]) -> None:
    wild = evaluate([*four, JOKER], "high")
    bug = evaluate([*four, JOKER], "high-bug")
    assert wild.strength >= bug.strength
    for card in DECK:
        if card not in four:
            assert wild >= evaluate([*four, card], "high")


def test_the_docstring_examples_hold() -> None:
    import doctest

    import apps.engine.ranking

    assert doctest.testmod(apps.engine.ranking).failed == 0
