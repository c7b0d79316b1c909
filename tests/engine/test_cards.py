"""Cards: parsing, printing, the joker and unknown cards (RULES.md §1). Pure Python, no database."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.engine.cards import (
    JOKER,
    RANKS,
    SUITS,
    UNKNOWN,
    Card,
    format_card,
    format_cards,
    full_deck,
    is_joker,
    is_unknown,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from apps.engine.errors import CardError, EngineError


def test_a_card_round_trips_through_its_text() -> None:
    # given every card of the deck, the joker and the unknown card
    texts = [r + s for r in RANKS for s in SUITS] + ["Xx", "??"]
    # when each is parsed and printed back
    printed = [format_card(parse_card(text)) for text in texts]
    # then the text is unchanged
    assert printed == texts


def test_cards_are_small_distinct_hashable_ints() -> None:
    deck = full_deck(joker=True)
    assert len(deck) == 53 and len(set(deck)) == 53
    assert all(isinstance(card, int) and 0 <= card < 54 for card in (*deck, UNKNOWN))
    assert parse_card("As") == 51 and parse_card("2c") == 0


@pytest.mark.parametrize("text", ["as", "AS", "aS", "As"])
def test_rank_and_suit_are_read_in_any_case_and_printed_canonically(text: str) -> None:
    assert format_card(parse_card(text)) == "As"


@pytest.mark.parametrize("text", ["td", "TD", "Td"])
def test_ten_is_t_in_any_case(text: str) -> None:
    assert format_card(parse_card(text)) == "Td"


def test_joker_and_unknown_have_their_own_tokens() -> None:
    assert parse_card("Xx") == JOKER and parse_card("XX") == JOKER
    assert parse_card("??") == UNKNOWN
    assert is_joker(JOKER) and not is_joker(UNKNOWN)
    assert is_unknown(UNKNOWN) and not is_unknown(parse_card("As"))


@pytest.mark.parametrize(
    "text",
    [
        "AsKsQsJsTs",
        "As Ks Qs Js Ts",
        "As,Ks,Qs,Js,Ts",
        "As, Ks, Qs, Js, Ts",
        "  AsKs Qs,JsTs  ",
        "as ks qs js ts",
    ],
)
def test_cards_are_read_packed_or_separated_by_spaces_and_commas(text: str) -> None:
    # when the five cards are written in any accepted layout
    cards = parse_cards(text)
    # then they read as the same five cards, in order
    assert format_cards(cards) == "As Ks Qs Js Ts"


def test_a_sequence_of_tokens_or_cards_is_accepted() -> None:
    ace, king = parse_card("As"), parse_card("Kd")
    assert parse_cards(["As", "Kd"]) == (ace, king)
    assert parse_cards((ace, king)) == (ace, king)
    assert parse_cards([ace, "Kd"]) == (ace, king)


def test_format_cards_joins_with_the_given_separator() -> None:
    cards = parse_cards("As Td 7c")
    assert format_cards(cards) == "As Td 7c"
    assert format_cards(cards, sep="") == "AsTd7c"


def test_full_deck_has_52_distinct_cards_and_the_joker_on_request() -> None:
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert JOKER not in deck and UNKNOWN not in deck
    assert full_deck(joker=True) == (*deck, JOKER)
    assert {rank_of(card) for card in deck} == set(RANKS)
    assert {suit_of(card) for card in deck} == set(SUITS)


def test_rank_and_suit_of_a_real_card_and_none_for_joker_or_unknown() -> None:
    card = parse_card("Td")
    assert (rank_of(card), suit_of(card)) == ("T", "d")
    assert rank_of(JOKER) is None and suit_of(JOKER) is None
    assert rank_of(UNKNOWN) is None and suit_of(UNKNOWN) is None


def test_unknown_cards_may_repeat() -> None:
    assert parse_cards("?? ?? As") == (UNKNOWN, UNKNOWN, parse_card("As"))


# --- errors -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["1s", "Ax", "A", "10h", "", "Asx", "x"])
def test_bad_card_text_is_card_invalid_with_the_token(token: str) -> None:
    with pytest.raises(CardError) as raised:
        parse_card(token)
    assert raised.value.code == "card_invalid"
    assert raised.value.detail == {"token": token}
    assert isinstance(raised.value, EngineError) and raised.value.rule == "RULES.md §1"


@pytest.mark.parametrize(("text", "token"), [("As Kx", "Kx"), ("AsKsQ", "AsKsQ"), ("As 1s", "1s")])
def test_bad_token_in_a_list_is_card_invalid_with_that_token(text: str, token: str) -> None:
    with pytest.raises(CardError) as raised:
        parse_cards(text)
    assert (raised.value.code, raised.value.detail) == ("card_invalid", {"token": token})


@pytest.mark.parametrize("item", [52.0, -1, 54, True, None])
def test_a_non_card_value_in_a_sequence_is_card_invalid(item: object) -> None:
    with pytest.raises(CardError) as raised:
        parse_cards([parse_card("As"), item])  # type: ignore[list-item]
    assert raised.value.code == "card_invalid"


def test_wrong_number_of_cards_is_card_count_with_expected_and_got() -> None:
    with pytest.raises(CardError) as raised:
        parse_cards("As Ks Qs Js", count=5)
    assert raised.value.code == "card_count"
    assert raised.value.detail == {"expected": 5, "got": 4}


def test_the_same_card_twice_is_card_duplicate() -> None:
    with pytest.raises(CardError) as raised:
        parse_cards("As Kd as")
    assert (raised.value.code, raised.value.detail) == ("card_duplicate", {"token": "As"})


def test_the_joker_at_most_once() -> None:
    with pytest.raises(CardError) as raised:
        parse_cards("Xx As XX")
    assert (raised.value.code, raised.value.detail) == ("card_duplicate", {"token": "Xx"})


def test_joker_and_unknown_can_be_refused() -> None:
    with pytest.raises(CardError) as raised:
        parse_cards("As Xx", allow_joker=False)
    assert (raised.value.code, raised.value.detail) == ("joker_not_allowed", {"token": "Xx"})
    with pytest.raises(CardError) as raised:
        parse_cards("As ??", allow_unknown=False)
    assert (raised.value.code, raised.value.detail) == ("card_unknown", {"token": "??"})


def test_format_card_refuses_a_non_card() -> None:
    with pytest.raises(CardError) as raised:
        format_card(Card(99))
    assert raised.value.code == "card_invalid"


@given(st.lists(st.sampled_from(full_deck(joker=True)), unique=True, max_size=10))
def test_any_distinct_cards_round_trip_through_text(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_cards(cards, sep="")) == tuple(cards)
    assert parse_cards(format_cards(cards, sep=", ").lower()) == tuple(cards)


def test_the_docstring_examples_hold() -> None:
    import doctest

    import apps.engine.cards

    assert doctest.testmod(apps.engine.cards).failed == 0
