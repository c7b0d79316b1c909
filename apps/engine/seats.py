"""A seat in a hand, and what never changes during a hand (the table): data only, no rules.

:class:`SeatState` is one seat's chips, bets and known cards; :class:`Table` is shared by every copy of a
hand's state (seat positions, clockwise orders, each betting round's limits).

>>> SeatState(1, 100, 100).known()
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from apps.engine import betting as bt
from apps.engine.games import Game
from apps.engine.pots import FinishingRank, PotPlayer, resolve_pots

UNKNOWN = "??"


@dataclass(slots=True)
class SeatState:
    """One seat in the hand. ``cards`` are five tokens (``"??"`` unknown); ``draws`` the count per draw of
    the current deal; ``showdown`` is None, ``"shown"`` or ``"mucked"``; ``unplaced`` known cards whose
    place (kept or discarded) got lost when a draw named no discards."""

    seat: int
    start_stack: int
    stack: int
    name: str | None = None
    player_id: str | None = None
    bet: int = 0
    contributed: int = 0
    dead_posted: int = 0
    folded: bool = False
    dead: bool = False
    acted_at: int | None = None
    cards: list[str] = field(default_factory=lambda: [UNKNOWN] * 5)
    draws: list[int] = field(default_factory=list)
    showdown: str | None = None
    unplaced: list[str] = field(default_factory=list)

    # Hand-written rather than the dataclass's (which it keeps: a class's own __init__ wins): compiled,
    # mypyc makes this one native, while a generated __init__ stays interpreted (apps/engine/native.py).
    def __init__(
        self,
        seat: int,
        start_stack: int,
        stack: int,
        name: str | None = None,
        player_id: str | None = None,
        bet: int = 0,
        contributed: int = 0,
        dead_posted: int = 0,
        folded: bool = False,
        dead: bool = False,
        acted_at: int | None = None,
        cards: list[str] | None = None,
        draws: list[int] | None = None,
        showdown: str | None = None,
        unplaced: list[str] | None = None,
    ) -> None:
        self.seat, self.start_stack, self.stack, self.name, self.player_id = (
            seat, start_stack, stack, name, player_id
        )  # fmt: skip
        self.bet, self.contributed, self.dead_posted, self.folded, self.dead, self.acted_at = (
            bet, contributed, dead_posted, folded, dead, acted_at
        )  # fmt: skip
        self.cards = [UNKNOWN] * 5 if cards is None else cards
        self.draws = [] if draws is None else draws
        self.showdown = showdown
        self.unplaced = [] if unplaced is None else unplaced

    @property
    def live(self) -> bool:
        return not self.folded

    def copy(self) -> SeatState:
        """A copy sharing no list (hand-written: ``dataclasses.replace`` costs ten times more)."""
        return SeatState(
            self.seat, self.start_stack, self.stack, self.name, self.player_id, self.bet, self.contributed,
            self.dead_posted, self.folded, self.dead, self.acted_at, self.cards[:], self.draws[:],
            self.showdown, self.unplaced[:],
        )  # fmt: skip

    def __reduce__(self) -> tuple[type[SeatState], tuple[Any, ...]]:
        # pickle, copy and deepcopy go through __init__: the only way into a compiled class that has one
        return SeatState, (
            self.seat, self.start_stack, self.stack, self.name, self.player_id, self.bet, self.contributed,
            self.dead_posted, self.folded, self.dead, self.acted_at, self.cards, self.draws, self.showdown,
            self.unplaced,
        )  # fmt: skip

    def summary(self, *, betting: bool) -> dict[str, Any]:
        """This seat in ``HandState.summary`` (``betting``: the game has bets, so a seat can be all-in)."""
        return {
            "seat": self.seat,
            "name": self.name,
            "player_id": self.player_id,
            "stack": self.stack,
            "bet": self.bet,
            "contributed": self.contributed,
            "folded": self.folded,
            "all_in": self.live and self.stack == 0 and betting,
            "dead": self.dead,
            "cards": "".join(self.cards),
            "draws": list(self.draws),
            "showdown": self.showdown,
        }

    def known(self) -> list[str]:
        return [c for c in self.cards if c != UNKNOWN]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "start_stack": self.start_stack,
            "stack": self.stack,
            "name": self.name,
            "player_id": self.player_id,
            "bet": self.bet,
            "contributed": self.contributed,
            "dead_posted": self.dead_posted,
            "folded": self.folded,
            "dead": self.dead,
            "acted_at": self.acted_at,
            "cards": list(self.cards),
            "draws": list(self.draws),
            "showdown": self.showdown,
            "unplaced": list(self.unplaced),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> SeatState:
        return cls(
            **{**d, "cards": list(d["cards"]), "draws": list(d["draws"]), "unplaced": list(d["unplaced"])}
        )


#: each game's limits per betting round (a Game is a frozen value; Limits too)
_LIMITS: dict[Game, tuple[bt.Limits, ...]] = {}


class Table:
    """What never changes during a hand, shared by every copy of its state: where each seat sits in
    ``seats``, the clockwise orders (as indexes, made once), each betting round's limits and the game's
    derived settings. Rebuilt from ``game`` and the seat numbers, so it is never serialized."""

    __slots__ = ("betting", "game", "has_joker", "index", "limits", "max_draw", "numbers", "orders", "phh")

    def __init__(self, game: Game, numbers: list[int]) -> None:
        self.game = game
        self.numbers = tuple(numbers)
        self.index = {n: i for i, n in enumerate(numbers)}
        self.orders: dict[int, tuple[int, ...]] = {}
        limits = _LIMITS.get(game)
        if limits is None:
            if len(_LIMITS) >= 256:  # games are few; never let the cache grow without bound
                _LIMITS.clear()
            limits = _LIMITS[game] = tuple(game.limits(r) for r in range(len(game.bet_units)))
        self.limits = limits
        self.betting = game.betting
        self.max_draw = game.max_draw
        self.has_joker = game.has_joker
        self.phh = game.rules == "phh"  # PHH's reading (PokerKit), games.PHH

    def __reduce__(self) -> tuple[type[Table], tuple[Game, list[int]]]:
        # copy, deepcopy and pickle rebuild it from what it derives from (a mypyc class needs to be told)
        return Table, (self.game, list(self.numbers))

    def order(self, number: int, inclusive: bool = False) -> tuple[int, ...]:
        """Indexes of every seat once, clockwise, from the first after ``number`` (or at it)."""
        key = number * 2 + inclusive  # one int per (number, inclusive)
        found = self.orders.get(key)
        if found is None:
            nums = self.numbers
            after = [i for i, s in enumerate(nums) if s > number or (inclusive and s == number)]
            found = self.orders[key] = tuple(after + [i for i in range(len(nums)) if i not in after])
        return found


def pots_in_middle(seats: list[SeatState], button: int, smallest_chip: int) -> list[dict[str, Any]]:
    """``HandState.pots``: the pots from the chips of finished betting rounds and the antes; chips that
    nobody can call are listed last as ``"uncalled"``."""
    dead = sum(s.dead_posted for s in seats)
    collected = {s.seat: s.contributed - s.bet - s.dead_posted for s in seats}
    live = [s.seat for s in seats if s.live]
    if not any(collected.values()):
        return [{"name": "main", "amount": dead, "eligible": live}] if dead else []
    players = [
        PotPlayer(s.seat, collected[s.seat], folded=not s.live, strength=FinishingRank(1), dead=s.dead_posted)
        for s in seats
    ]
    res = resolve_pots(players, button=button, smallest_chip=smallest_chip)
    out: list[dict[str, Any]] = [
        {"name": p.name, "amount": p.amount, "eligible": list(p.eligible)} for p in res.pots
    ]
    for seat, back in res.returned.items():  # chips nobody can call go back to their owner at the end
        out.append({"name": "uncalled", "amount": back, "eligible": [seat]})
    return out


__all__ = ["UNKNOWN", "SeatState", "Table", "pots_in_middle"]
