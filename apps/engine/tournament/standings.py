"""Live and final standings of a tournament.

Live: everyone still in, ranked by chips (equal chips share a rank), players left, the average stack (rounded
down), the prize pool, the places paid and the **next payout jump**: how many more eliminations until the
least a remaining player can win goes up, and from what to what.

Final: each finisher's places (a tie shows its range), prize (ties share, :func:`places.prizes_for_finishes`),
bounties collected, league points, and the money total.

>>> stacks = {"a": 5000, "b": 3000, "c": 3000, "d": 1000}
>>> live = live_standings(stacks, prize_pool=1000, prizes=[500, 300, 200])
>>> ([(r.rank, r.player) for r in live.rows], live.average_stack, live.next_jump)
([(1, 'a'), (2, 'b'), (2, 'c'), (4, 'd')], 3000, PayoutJump(eliminations=1, from_amount=0, to_amount=200))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from apps.engine.tournament.errors import TournamentError
from apps.engine.tournament.payouts import prize_of
from apps.engine.tournament.places import Finish, prizes_for_finishes


@dataclass(frozen=True)
class LiveRow:
    rank: int
    player: str
    chips: int


@dataclass(frozen=True)
class PayoutJump:
    """After ``eliminations`` more busts, the least a remaining player wins goes from ``from_amount`` up."""

    eliminations: int
    from_amount: int
    to_amount: int


@dataclass(frozen=True)
class LiveStandings:
    rows: list[LiveRow]
    players_left: int
    total_chips: int
    average_stack: int
    prize_pool: int
    places_paid: int
    in_the_money: bool
    next_jump: PayoutJump | None


def next_payout_jump(players_left: int, prizes: Sequence[int]) -> PayoutJump | None:
    """The next rise of the guaranteed prize (``None`` when nothing is left to rise).

    >>> next_payout_jump(12, [500, 300, 200, 100, 100])
    PayoutJump(eliminations=7, from_amount=0, to_amount=100)
    >>> next_payout_jump(5, [500, 300, 200, 100, 100])
    PayoutJump(eliminations=2, from_amount=100, to_amount=200)
    """
    now = prize_of(prizes, players_left)
    # places past the paid ones all pay nothing: the first candidate is the last paid place
    first = max(1, players_left - len(prizes))
    for k in range(first, players_left):
        if prize_of(prizes, players_left - k) > now:
            return PayoutJump(k, now, prize_of(prizes, players_left - k))
    return None


def live_standings(stacks: Mapping[str, int], *, prize_pool: int, prizes: Sequence[int]) -> LiveStandings:
    """The live table from the players still in and their chips."""
    if not stacks or min(stacks.values()) < 0:
        raise TournamentError("live standings need players with non-negative chips", code="standings_invalid")
    ordered = sorted(stacks, key=lambda p: (-stacks[p], p))
    # one pass down the sorted list: a row's rank is 1 + how many have more chips (equal chips share it)
    rows: list[LiveRow] = []
    rank, previous = 0, -1
    for i, p in enumerate(ordered):
        chips = stacks[p]
        if chips != previous:
            rank, previous = i + 1, chips
        rows.append(LiveRow(rank, p, chips))
    total = sum(stacks.values())
    left = len(stacks)
    return LiveStandings(
        rows=rows,
        players_left=left,
        total_chips=total,
        average_stack=total // left,
        prize_pool=prize_pool,
        places_paid=sum(1 for p in prizes if p > 0),
        in_the_money=prize_of(prizes, left) > 0,
        next_jump=next_payout_jump(left, prizes),
    )


@dataclass(frozen=True)
class FinalRow:
    places: tuple[int, ...]
    player: str
    prize: int
    bounties: int
    points: int

    @property
    def place(self) -> int:
        return self.places[0]

    @property
    def money(self) -> int:
        return self.prize + self.bounties


def final_standings(
    finishes: Sequence[Finish],
    prizes: Sequence[int],
    *,
    bounties: Mapping[str, int] | None = None,
    points: Mapping[str, int] | None = None,
    unit: int = 1,
) -> list[FinalRow]:
    """The final table of a tournament, best place first (the winner is a :class:`Finish` at place 1).

    >>> rows = final_standings([Finish("w", (1,)), Finish("x", (2, 3)), Finish("y", (2, 3))], [600, 300, 101],
    ...                        bounties={"w": 200})
    >>> [(r.place, r.player, r.prize, r.money) for r in rows]
    [(1, 'w', 600, 800), (2, 'x', 201, 201), (2, 'y', 200, 200)]
    """
    money = prizes_for_finishes(finishes, prizes, unit=unit)
    bounties = bounties or {}
    points = points or {}
    rows = [
        FinalRow(f.places, f.player, money[f.player], bounties.get(f.player, 0), points.get(f.player, 0))
        for f in finishes
    ]
    return sorted(rows, key=lambda r: r.places)
