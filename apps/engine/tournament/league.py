"""League points and season leaderboards.

Points are kept as **hundredths** (an ``int``; 1,250 means 12.50 points), so every total is exact.

Points rules (:class:`PointsRule`):

* ``"table"``: the league's own places table (``table[0]`` for 1st, ...); places past the table score 0.
* ``"tlb"``: the Tournament Leader Board formula PokerStars published:
  ``10 × sqrt(entries) / sqrt(place) × (1 + log10(buy-in + 0.25))``, the buy-in in whole currency units.
* ``"sqrt"``: ``sqrt(entries × buy-in) / sqrt(place)``, the buy-in in whole currency units.

Formulas are rounded to the hundredth, half up. Tied players share: each scores the average of the points of
the places they cover (rounded down to the hundredth).

The season (:func:`leaderboard`) counts each player's best ``best_n`` results (all when ``None``); dropped
results are shown. Tie-breakers, in order: more wins, more cashes, better best finish, then earlier
achievement (the total was complete earlier: the player's latest counted result came in an earlier
tournament). Players equal on all of them share the rank.

>>> rule = PointsRule("tlb")
>>> rule.points(place=1, entries=100, buyin=1000, minor_units=100)
20107
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from apps.engine.tournament.errors import LeagueError

RULE_KINDS = ("table", "tlb", "sqrt")


@dataclass(frozen=True)
class PointsRule:
    """How a league scores one finish; ``table`` holds hundredths for ``kind="table"``."""

    kind: str = "table"
    table: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in RULE_KINDS:
            raise LeagueError(
                f"unknown points rule {self.kind!r}", code="points_rule", detail={"kinds": RULE_KINDS}
            )
        if self.kind == "table" and (not self.table or min(self.table) < 0):
            raise LeagueError("a places table needs non-negative points", code="points_table")

    def points(self, *, place: int, entries: int, buyin: int, minor_units: int = 100) -> int:
        """Hundredths of points for one (untied) place.

        >>> PointsRule("table", (1000, 700, 500)).points(place=2, entries=9, buyin=0)
        700
        """
        if place < 1 or entries < 1 or place > entries or buyin < 0 or minor_units < 1:
            raise LeagueError(
                "a place within the entries and a non-negative buy-in",
                code="points_input",
                detail={"place": place, "entries": entries, "buyin": buyin},
            )
        if self.kind == "table":
            return self.table[place - 1] if place <= len(self.table) else 0
        money = buyin / minor_units
        if self.kind == "tlb":
            value = 10 * math.sqrt(entries) / math.sqrt(place) * (1 + math.log10(money + 0.25))
        else:
            value = math.sqrt(entries * money) / math.sqrt(place)
        return _hundredths(max(0.0, value))

    def shared(self, places: Sequence[int], *, entries: int, buyin: int, minor_units: int = 100) -> int:
        """Hundredths for each of the players tied over ``places``: the average, rounded down.

        >>> PointsRule("table", (1000, 700, 500)).shared([2, 3], entries=9, buyin=0)
        600
        """
        values = [self.points(place=p, entries=entries, buyin=buyin, minor_units=minor_units) for p in places]
        return sum(values) // len(values)


def _hundredths(value: float) -> int:
    return int(Decimal(repr(value)).scaleb(2).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class Result:
    """One player's result in one tournament of the season; ``tournament`` orders the season (earlier
    first)."""

    player: str
    tournament: int
    place: int
    points: int
    prize: int = 0


@dataclass(frozen=True)
class Standing:
    """A leaderboard row; ``counted`` and ``dropped`` are the results in and out of the best-N total."""

    rank: int
    player: str
    total: int
    wins: int
    cashes: int
    best_finish: int
    completed_at: int
    counted: list[Result] = field(default_factory=list)
    dropped: list[Result] = field(default_factory=list)


def _best(results: Sequence[Result], best_n: int | None) -> tuple[list[Result], list[Result]]:
    # Best points first; among equal points the earlier result counts (so "earlier achievement" is fair).
    ranked = sorted(results, key=lambda r: (-r.points, r.tournament))
    n = len(ranked) if best_n is None else best_n
    return ranked[:n], ranked[n:]


def leaderboard(results: Sequence[Result], *, best_n: int | None = None) -> list[Standing]:
    """The season table: best-N totals and the documented tie-breakers.

    >>> rs = [Result("a", 1, 1, 1000, 500), Result("b", 1, 2, 700, 300), Result("a", 2, 5, 100),
    ...       Result("b", 2, 1, 1000, 500)]
    >>> [(s.rank, s.player, s.total) for s in leaderboard(rs, best_n=1)]  # one win each; b cashed twice
    [(1, 'b', 1000), (2, 'a', 1000)]
    >>> [(s.rank, s.player, s.total) for s in leaderboard(rs)]
    [(1, 'b', 1700), (2, 'a', 1100)]
    """
    if best_n is not None and best_n < 1:
        raise LeagueError("best-N counts one or more results", code="best_n")
    by_player: dict[str, list[Result]] = {}
    for r in results:
        by_player.setdefault(r.player, []).append(r)
    for player, rs in by_player.items():
        if len({r.tournament for r in rs}) != len(rs):
            raise LeagueError(
                "a player has two results in one tournament", code="result_twice", detail={"player": player}
            )
    rows = []
    for player, rs in by_player.items():
        counted, dropped = _best(rs, best_n)
        rows.append(
            Standing(
                rank=0,
                player=player,
                total=sum(r.points for r in counted),
                wins=sum(1 for r in rs if r.place == 1),
                cashes=sum(1 for r in rs if r.prize > 0),
                best_finish=min(r.place for r in rs),
                completed_at=max(r.tournament for r in counted) if counted else 0,
                counted=sorted(counted, key=lambda r: r.tournament),
                dropped=sorted(dropped, key=lambda r: r.tournament),
            )
        )

    def key(s: Standing) -> tuple[int, int, int, int, int]:
        return (-s.total, -s.wins, -s.cashes, s.best_finish, s.completed_at)

    rows.sort(key=lambda s: (*key(s), s.player))
    out: list[Standing] = []
    for i, s in enumerate(rows):
        rank = out[-1].rank if out and key(out[-1]) == key(s) else i + 1
        out.append(
            Standing(
                rank, s.player, s.total, s.wins, s.cashes, s.best_finish, s.completed_at, s.counted, s.dropped
            )
        )
    return out
