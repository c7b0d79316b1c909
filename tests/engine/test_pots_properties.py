"""Properties of the pot resolver: chips conserved, eligibility kept, odd chips fair, order irrelevant."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from apps.engine.cards import full_deck
from apps.engine.pots import FinishingRank, PotPlayer, PotResult, check_award, resolve_pots
from apps.engine.ranking import evaluate


@st.composite
def hands(draw: st.DrawFn, *, real_cards: bool = False) -> dict[str, Any]:
    """A hand: 1-9 seats out of 1-10, contributions, folds (at least one live), strengths, button, chip."""
    seats = draw(st.lists(st.integers(1, 10), min_size=1, max_size=9, unique=True))
    unit = draw(st.sampled_from([1, 1, 5, 25]))
    # mostly multiples of the chip, sometimes anything (the sub-chip remainder rule)
    scale = draw(st.sampled_from([1, unit]))
    deck = draw(st.permutations(full_deck())) if real_cards else ()
    players = []
    for i, seat in enumerate(seats):
        contributed = draw(st.integers(0, 40)) * scale
        dead = draw(st.sampled_from([0, 0, 0, 1, 2 * scale, 10 * scale]))  # antes, a big-blind ante
        folded = draw(st.booleans())
        if real_cards:
            strength: Any = evaluate(deck[5 * i : 5 * i + 5], "high")
        else:
            strength = FinishingRank(draw(st.integers(1, 3)))
        players.append(PotPlayer(seat, contributed, folded, strength, f"P{seat}", dead))
    if all(p.folded for p in players):
        first = players[0]
        players[0] = PotPlayer(first.seat, first.contributed, False, first.strength, first.name, first.dead)
    return {"players": players, "button": draw(st.integers(1, 10)), "smallest_chip": unit}


def resolve(hand: dict[str, Any]) -> PotResult:
    return resolve_pots(hand["players"], button=hand["button"], smallest_chip=hand["smallest_chip"])


@given(hands())
def test_chips_are_conserved_exactly(hand: dict[str, Any]) -> None:
    result = resolve(hand)
    put_in = sum(p.contributed + p.dead for p in hand["players"])
    assert sum(result.received.values()) == put_in
    assert sum(result.net.values()) == 0
    assert sum(result.returned.values()) + sum(pot.amount for pot in result.pots) == put_in
    for pot in result.pots:
        assert sum(pot.shares.values()) == pot.amount
        assert all(isinstance(chips, int) and chips >= 0 for chips in pot.shares.values())
    assert check_award(result, dict(result.received)).ok


@given(hands())
def test_nobody_receives_from_a_pot_they_are_not_eligible_for(hand: dict[str, Any]) -> None:
    result = resolve(hand)
    folded = {p.seat for p in hand["players"] if p.folded}
    previous: set[int] | None = None
    for pot in result.pots:
        assert set(pot.shares) == set(pot.winners) <= set(pot.eligible)
        assert not folded & set(pot.eligible)
        eligible = set(pot.eligible)
        if previous is not None:
            assert eligible < previous  # each side pot has fewer players than the pot below it
        previous = eligible
    for seat in folded:
        assert result.received[seat] == result.returned.get(seat, 0)


@given(hands())
def test_winners_hold_the_best_hand_among_the_eligible(hand: dict[str, Any]) -> None:
    result = resolve(hand)
    strength = {p.seat: p.strength for p in hand["players"]}
    for pot in result.pots:
        if len(pot.eligible) < 2:
            continue
        best = max(strength[seat] for seat in pot.eligible)
        assert set(pot.winners) == {seat for seat in pot.eligible if strength[seat] == best}


@given(hands())
def test_at_most_one_odd_chip_per_seat_per_pot(hand: dict[str, Any]) -> None:
    result = resolve(hand)
    unit = hand["smallest_chip"]
    for pot in result.pots:
        assert len(set(pot.odd_chips)) == len(pot.odd_chips)
        assert len(pot.odd_chips) < len(pot.winners) or not pot.odd_chips
        assert pot.remainder < unit
        assert pot.remainder_to not in pot.odd_chips
        base = pot.amount // (len(pot.winners) * unit) * unit  # the equal share, in whole chips
        for seat, chips in pot.shares.items():
            odd = unit if seat in pot.odd_chips else 0
            rest = pot.remainder if seat == pot.remainder_to else 0
            assert chips == base + odd + rest
        # odd chips then the remainder go one at a time in order from the left of the button
        button = hand["button"]
        assert list(pot.winners) == sorted(pot.winners, key=lambda s: (s <= button, s))
        extras = len(pot.odd_chips) + (pot.remainder_to is not None)
        assert (*pot.odd_chips, pot.remainder_to)[:extras] == pot.winners[:extras]


@given(hands(), st.randoms(use_true_random=False))
def test_results_do_not_depend_on_the_order_players_are_listed(hand: dict[str, Any], rnd: Any) -> None:
    shuffled = list(hand["players"])
    rnd.shuffle(shuffled)
    assert resolve(hand) == resolve({**hand, "players": shuffled})


@given(hands(real_cards=True))
def test_properties_hold_with_real_hand_values(hand: dict[str, Any]) -> None:
    result = resolve(hand)
    assert sum(result.received.values()) == sum(p.put_in for p in hand["players"])
    for pot in result.pots:
        assert set(pot.shares) <= set(pot.eligible)
    assert len(result.explanation_text()) >= 2


@given(hands())
def test_without_ties_each_seat_wins_what_a_chip_by_chip_count_gives(hand: dict[str, Any]) -> None:
    # A slow reference: walk the contribution levels one chip at a time; each level's chips go to the best
    # live hand that reached it; levels no live player reached go with the highest level one did; dead
    # money (antes) goes to the best live hand.
    players = [
        PotPlayer(p.seat, p.contributed, p.folded, FinishingRank(i + 1), p.name, p.dead)
        for i, p in enumerate(hand["players"])
    ]
    place = {p.seat: i + 1 for i, p in enumerate(players)}  # the finishing rank: lower is better
    result = resolve_pots(players, button=hand["button"])
    in_pot = {p.seat: p.contributed - result.returned.get(p.seat, 0) for p in players}
    live = [p for p in players if not p.folded]
    expected = {p.seat: result.returned.get(p.seat, 0) for p in players}
    last_winner = None
    dead = 0
    for level in range(1, max(in_pot.values()) + 1):
        chips = sum(1 for amount in in_pot.values() if amount >= level)
        reached = [p for p in live if in_pot[p.seat] >= level]
        if reached:
            last_winner = min(reached, key=lambda p: place[p.seat]).seat
            expected[last_winner] += chips
        else:
            dead += chips
    best_live = min(live, key=lambda p: place[p.seat]).seat
    expected[last_winner if last_winner is not None else best_live] += dead
    expected[best_live] += sum(p.dead for p in players)  # antes: the main pot every live player can win
    assert dict(result.received) == expected
