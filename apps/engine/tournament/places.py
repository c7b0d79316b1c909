"""Finishing places from eliminations, hand-for-hand, and the single-table match of the source rules.

**Eliminations** come from hand results: a player with no chips after a hand who takes no rebuy is out
(:func:`busts_from_hand`). Places for the players out on one hand (RULES.md §8, WSOP 126-b):

* At one table, the player who began the hand with more chips finishes higher; equal stacks tie.
* Hand-for-hand, busts on the same hand at different tables tie. When several tables have more than one bust,
  Floor's reading is: within each table the chip rule orders the busts into tiers (tier = 1 + the number of
  busts at that table who began with more chips); busts of the same tier at different tables tie, and a lower
  tier finishes higher.
* Outside hand-for-hand, busts at different tables are reported hand by hand in the order they happened, so
  one call never mixes tables (:class:`PlaceError` ``busts_span_tables``).

Tied players share the prizes of the places they cover (:func:`prizes_for_finishes`, using
:func:`apps.engine.tournament.payouts.split_places`).

**The single-table match** (RULES.md §6): a fixed number of hands (default 10); the most chips, or in the
no-bet mode the most points, wins; equal totals tie and share the places.

>>> busts = [Bust("ann", 1, 5000), Bust("bob", 1, 3000), Bust("cat", 2, 4000)]
>>> [(f.player, f.places) for f in places_for_hand(10, busts, hand_for_hand=True)]
[('ann', (8, 9)), ('cat', (8, 9)), ('bob', (10,))]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from apps.engine.tournament.errors import PlaceError
from apps.engine.tournament.payouts import split_places


@dataclass(frozen=True)
class Bust:
    """A player out on a hand at ``table``, with the chips they began that hand with."""

    player: str
    table: int
    chips_at_start: int


@dataclass(frozen=True)
class Finish:
    """A player's finish: ``places`` is the range of places they share (one place when not tied)."""

    player: str
    places: tuple[int, ...]

    @property
    def place(self) -> int:
        """The best place of the range (the place shown: "tied 8th")."""
        return self.places[0]

    @property
    def tied(self) -> bool:
        return len(self.places) > 1


def busts_from_hand(
    table: int,
    start_stacks: Mapping[str, int],
    end_stacks: Mapping[str, int],
    rebuying: Collection[str] = (),
) -> list[Bust]:
    """The players out after a hand: no chips left and no rebuy taken (RULES.md §8, TDA 27).

    >>> busts_from_hand(3, {"a": 100, "b": 50, "c": 70}, {"a": 220, "b": 0, "c": 0}, rebuying={"c"})
    [Bust(player='b', table=3, chips_at_start=50)]
    """
    if set(start_stacks) != set(end_stacks):
        raise PlaceError("the players before and after the hand differ", code="stacks_mismatch")
    if min([*start_stacks.values(), *end_stacks.values()], default=0) < 0:
        raise PlaceError("no negative stacks", code="stacks_negative")
    return [
        Bust(p, table, start_stacks[p])
        for p in start_stacks
        if end_stacks[p] == 0 and p not in rebuying and start_stacks[p] > 0
    ]


def _tiers(busts: Sequence[Bust]) -> dict[str, int]:
    tiers = {}
    for b in busts:
        tiers[b.player] = 1 + sum(
            1 for o in busts if o.table == b.table and o.chips_at_start > b.chips_at_start
        )
    return tiers


def places_for_hand(players_left: int, busts: Sequence[Bust], *, hand_for_hand: bool = False) -> list[Finish]:
    """Places of the players out on one hand; ``players_left`` counts them (before the hand's busts).

    >>> [(f.player, f.places) for f in places_for_hand(6, [Bust("a", 1, 900), Bust("b", 1, 900)])]
    [('a', (5, 6)), ('b', (5, 6))]
    """
    if not busts:
        return []
    names = [b.player for b in busts]
    if len(set(names)) != len(names):
        raise PlaceError("a player is out twice", code="bust_twice")
    if len(busts) > players_left:
        raise PlaceError("more busts than players left", code="busts_too_many")
    if len({b.table for b in busts}) > 1 and not hand_for_hand:
        raise PlaceError(
            "busts at different tables are ordered by when they happened: report them hand by hand",
            code="busts_span_tables",
            rule="RULES.md §8 (WSOP 126-b)",
        )
    tiers = _tiers(busts)
    order = sorted(busts, key=lambda b: (tiers[b.player], -b.chips_at_start, b.table, b.player))
    best = players_left - len(busts) + 1
    out = []
    i = 0
    while i < len(order):
        group = [b for b in order if tiers[b.player] == tiers[order[i].player]]
        places = tuple(range(best + i, best + i + len(group)))
        out += [Finish(b.player, places) for b in group]
        i += len(group)
    return out


def hand_for_hand_due(players_left: int, places_paid: int, *, before_money: int = 1) -> bool:
    """Hand-for-hand is played when the money is ``before_money`` eliminations away or less (the bubble).

    >>> [hand_for_hand_due(n, 9) for n in (11, 10, 9)]
    [False, True, False]
    """
    return places_paid < players_left <= places_paid + before_money


def prizes_for_finishes(
    finishes: Sequence[Finish], prizes: Sequence[int], *, unit: int = 1
) -> dict[str, int]:
    """Each finisher's prize; tied players share their places' prizes (odd units in the order given).

    >>> fs = [Finish("a", (2, 3)), Finish("b", (2, 3))]
    >>> prizes_for_finishes(fs, [500, 301, 200])
    {'a': 251, 'b': 250}
    """
    out: dict[str, int] = {}
    groups: dict[tuple[int, ...], list[str]] = {}
    for f in finishes:
        groups.setdefault(f.places, []).append(f.player)
    for places, players in groups.items():
        if len(players) != len(places):
            raise PlaceError(
                "a tie covers as many places as players", code="tie_mismatch", detail={"places": list(places)}
            )
        for player, amount in zip(
            players, split_places(prizes, places[0], len(players), unit=unit), strict=True
        ):
            out[player] = amount
    return out


def bounty_hunters(pots: Sequence[Mapping[str, Any]], seat: int) -> list[int]:
    """Who busted ``seat``: the winners of the last pot it was in (the pot its last chips went into). A split
    pot has several (RULES.md §5, 8); an empty list when it was in no pot.

    >>> pots = [{"eligible": [1, 2, 3], "winners": [2]}, {"eligible": [2, 3], "winners": [2, 3]}]
    >>> bounty_hunters(pots, 1), bounty_hunters(pots, 3)
    ([2], [2, 3])
    """
    mine = [p for p in pots if seat in p.get("eligible", ())]
    return [int(w) for w in mine[-1].get("winners", ())] if mine else []


@dataclass(frozen=True)
class MatchFormat:
    """The source rules' single-table match: ``hands`` hands, won on chips or (no-bet mode) points."""

    hands: int = 10
    mode: str = "chips"

    def __post_init__(self) -> None:
        if self.hands < 1 or self.mode not in ("chips", "points"):
            raise PlaceError("a match has one or more hands and mode chips or points", code="match_invalid")

    def is_over(self, hands_played: int) -> bool:
        """True once the match's hands are played.

        >>> MatchFormat().is_over(9), MatchFormat().is_over(10)
        (False, True)
        """
        return hands_played >= self.hands


def no_bet_points(players: Sequence[str], winners_by_hand: Sequence[Collection[str]]) -> dict[str, int]:
    """No-bet mode scores: each hand's best hand scores a point, every tied best hand too (RULES.md §6).

    >>> no_bet_points(["a", "b", "c"], [{"a"}, {"a", "b"}, {"c"}])
    {'a': 2, 'b': 1, 'c': 1}
    """
    points = dict.fromkeys(players, 0)
    for winners in winners_by_hand:
        for w in winners:
            if w not in points:
                raise PlaceError(
                    "a winner who is not in the match", code="match_player", detail={"player": w}
                )
            points[w] += 1
    return points


def match_result(totals: Mapping[str, int]) -> list[Finish]:
    """Places of a match from the final chips (or points): more is better, equal totals tie.

    >>> [(f.player, f.places) for f in match_result({"a": 2500, "b": 4000, "c": 2500, "d": 1000})]
    [('b', (1,)), ('a', (2, 3)), ('c', (2, 3)), ('d', (4,))]
    """
    if not totals:
        raise PlaceError("a match needs players", code="match_invalid")
    ranked = sorted(totals, key=lambda p: -totals[p])
    out = []
    for p in ranked:
        better = sum(1 for q in totals if totals[q] > totals[p])
        equal = sum(1 for q in totals if totals[q] == totals[p])
        out.append(Finish(p, tuple(range(better + 1, better + equal + 1))))
    return out
