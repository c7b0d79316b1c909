"""The chip race at a colour-up (TDA 24, RULES.md §8), with the cards dealt passed in.

1. Each player colours up what they can: every ``next_chip / removed`` chips of the removed denomination
   become one chip of the next denomination. What is left are the *odd chips*.
2. The odd chips' total value is exchanged for chips of the next denomination: one per full chip's worth, plus
   one more when the remainder is half a chip or more (rounded half up). So the value in play changes by less
   than half a chip, plus any chips given under step 5.
3. Cards are dealt face up starting at seat 1, clockwise: each racing seat gets one card per odd chip, all its
   cards before the next seat. The cards arrive in that order (``cards``).
4. The new chips go to the highest cards, at most one chip per player; a player's best card counts (rank, then
   suit in bridge order: clubs, diamonds, hearts, spades).
5. No one is raced out: a player left with no chips gets one chip of the smallest denomination still in play.

>>> race = chip_race({1: 3, 2: 1, 4: 2}, removed=25, next_chip=100, stacks={1: 1075, 2: 25, 4: 5050},
...                  cards=["2c", "9d", "4h", "3c", "Ah", "3s"])
>>> [(s.seat, s.won, s.given_minimum, s.value_after) for s in race.seats]
[(1, True, False, 1100), (2, False, True, 100), (4, True, False, 5100)]
>>> (race.odd_value, race.chips_awarded, race.value_change)
(150, 2, 150)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from apps.engine.tournament.errors import ChipRaceError

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # bridge order, lowest first


def card_key(card: str) -> tuple[int, int]:
    """Sort key of a race card: rank, then suit in bridge order.

    >>> card_key("As") > card_key("Ah") > card_key("Ks")
    True
    """
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ChipRaceError(f"not a card: {card!r}", code="card_invalid", detail={"card": card})
    return RANKS.index(card[0]), SUITS.index(card[1])


@dataclass(frozen=True)
class RaceSeat:
    """One seat's part in the race: the chips it colours up, its odd chips, its cards and what it gets."""

    seat: int
    removed_chips: int
    coloured_up: int
    odd_chips: int
    cards: tuple[str, ...]
    won: bool
    given_minimum: bool
    value_before: int
    value_after: int

    @property
    def new_chips(self) -> int:
        """Chips of the next denomination the seat receives (colour-up plus the race)."""
        return self.coloured_up + int(self.won)


@dataclass(frozen=True)
class ChipRace:
    """The record of a race: every seat, the odd value, how many chips were raced, and the value change."""

    removed: int
    next_chip: int
    seats: list[RaceSeat]
    odd_value: int
    chips_awarded: int
    value_change: int
    explanation: list[str]


def chip_race(
    removed_counts: Mapping[int, int],
    *,
    removed: int,
    next_chip: int,
    stacks: Mapping[int, int],
    cards: Sequence[str],
    minimum_chip: int | None = None,
) -> ChipRace:
    """Race off the ``removed`` chips (see the module docstring); ``stacks`` are the seats' values before.

    >>> chip_race({3: 10}, removed=5, next_chip=25, stacks={3: 500}, cards=[]).seats[0].coloured_up
    2
    """
    _verify(removed_counts, removed, next_chip, stacks)
    minimum = minimum_chip or next_chip
    per = next_chip // removed
    seats = sorted(s for s, c in removed_counts.items() if c > 0)
    full = {s: removed_counts[s] // per for s in seats}
    odd = {s: removed_counts[s] % per for s in seats}
    needed = sum(odd.values())
    if len(cards) != needed:
        raise ChipRaceError(
            "one card per odd chip", code="race_cards", detail={"cards": len(cards), "odd_chips": needed}
        )
    keys = [card_key(c) for c in cards]
    if len(set(keys)) != len(keys):
        raise ChipRaceError("a card is dealt twice", code="race_cards", detail={"cards": list(cards)})
    dealt: dict[int, tuple[str, ...]] = {}
    pos = 0
    for s in seats:
        dealt[s] = tuple(cards[pos : pos + odd[s]])
        pos += odd[s]
    odd_value = needed * removed
    awarded = odd_value // next_chip + (
        1 if 2 * (odd_value % next_chip) >= next_chip > 0 and odd_value else 0
    )
    racing = sorted(
        (s for s in seats if odd[s]), key=lambda s: max(card_key(c) for c in dealt[s]), reverse=True
    )
    winners = set(racing[:awarded])
    out = []
    for s in seats:
        rest = stacks[s] - removed_counts[s] * removed + full[s] * next_chip
        won = s in winners
        after = rest + (next_chip if won else 0)
        given = after == 0
        if given:
            after = minimum
        out.append(RaceSeat(s, removed_counts[s], full[s], odd[s], dealt[s], won, given, stacks[s], after))
    change = sum(r.value_after - r.value_before for r in out)
    return ChipRace(
        removed,
        next_chip,
        out,
        odd_value,
        awarded,
        change,
        _explain(out, removed, next_chip, odd_value, awarded),
    )


def _verify(counts: Mapping[int, int], removed: int, next_chip: int, stacks: Mapping[int, int]) -> None:
    if removed < 1 or next_chip <= removed or next_chip % removed:
        raise ChipRaceError(
            "the next chip is a multiple of the removed chip",
            code="race_denominations",
            detail={"removed": removed, "next_chip": next_chip},
        )
    for s, c in counts.items():
        if c < 0 or s not in stacks or stacks[s] < c * removed:
            raise ChipRaceError(
                "a seat's removed chips are negative or worth more than its stack",
                code="race_counts",
                detail={"seat": s, "count": c, "stack": stacks.get(s)},
            )


def _explain(
    seats: Sequence[RaceSeat], removed: int, next_chip: int, odd_value: int, awarded: int
) -> list[str]:
    lines = [
        f"Colour-up: the {removed} chips leave play; every {next_chip // removed} become one "
        f"{next_chip} chip.",
        f"Odd chips worth {odd_value} are raced for {awarded} chip(s) of {next_chip} "
        f"({odd_value // next_chip} full, remainder {odd_value % next_chip} rounded half up).",
        "Cards dealt from seat 1, one per odd chip; the highest cards win, at most one chip each (TDA 24).",
    ]
    for r in seats:
        line = f"Seat {r.seat}: {r.removed_chips} x {removed} -> {r.coloured_up} x {next_chip}"
        if r.odd_chips:
            line += f", {r.odd_chips} odd chip(s), cards {' '.join(r.cards)}" + (
                ", wins a chip" if r.won else ""
            )
        if r.given_minimum:
            line += ", would be raced out: gets one chip (TDA 24)"
        lines.append(line)
    return lines
