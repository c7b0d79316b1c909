"""Betting limits for one betting round, the numbers: structures, :class:`Limits`, the round's
:class:`RoundState`, each seat's :class:`Wagerer`, the bounds of a bet or raise and the round after a wager
(RULES.md §4). Pure functions; the refusals are in :mod:`apps.engine.betting`.

>>> lim = Limits(structure="pot-limit", unit=10)
>>> rnd = RoundState(current_bet=50, full_level=50, increment=50, wagers=1, pot=150)
>>> raise_bounds(lim, rnd, Wagerer(seat=2, stack=1000, bet=0))
(100, 250)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.engine.errors import BettingError

NO_LIMIT = "no-limit"
POT_LIMIT = "pot-limit"
FIXED_LIMIT = "fixed-limit"
STRUCTURES = (NO_LIMIT, POT_LIMIT, FIXED_LIMIT)

RULE_BET = "RULES.md §4; TDA 43-A"
RULE_PL = "RULES.md §4 (pot-limit)"
RULE_FL = "RULES.md §4 (fixed-limit); WSOP 100-b"
RULE_FL_SHORT = "RULES.md §4 (fixed-limit short all-in); TDA 47-B"
RULE_CAP = "RULES.md §4; WSOP 100-b; TDA 48"
RULE_REOPEN_NL = "RULES.md §4; TDA 47-A; WSOP 96-a"
RULE_REOPEN_FL = "RULES.md §4; TDA 47-B"
RULE_STACK = "RULES.md §4"


@dataclass(frozen=True)
class Limits:
    """The betting structure of one round.

    ``unit`` is the minimum bet (no-limit, pot-limit) or the one allowed bet size (fixed-limit);
    ``step``: a bet, and each raise's increment over the bet it raises, is a whole number of steps (all-ins
    and a pot-limit maximum excepted, RULES.md §6); ``chip``: the smallest chip in play, every amount is a
    multiple of it (all-ins excepted); ``max_raises`` counts raises after the bet in fixed-limit (4 = "a bet
    and four raises"); ``uncap_heads_up`` lifts the cap with two live players. ``phh``: PHH's reading
    (PokerKit's), for replaying a standard PHH file: the blind is not a bet for the cap or for reopening,
    a raise counts from the bet it raises, short all-ins count as raises (see :func:`raise_bounds`).

    >>> Limits(structure="fixed-limit", unit=20).max_wagers
    5
    """

    structure: str
    unit: int
    step: int = 1
    max_raises: int | None = 4
    uncap_heads_up: bool = False
    chip: int = 1
    phh: bool = False

    def __post_init__(self) -> None:
        if self.structure not in STRUCTURES:
            raise BettingError(
                f"unknown betting structure {self.structure!r}",
                code="structure_invalid",
                detail={"structure": self.structure},
            )
        if self.unit < 1 or self.step < 1 or self.chip < 1:
            raise BettingError(
                "the bet unit and the step must be positive chips",
                code="unit_invalid",
                detail={"unit": self.unit, "step": self.step, "chip": self.chip},
            )

    @property
    def max_wagers(self) -> int | None:
        """The bet plus the raises allowed, or None when there is no cap (no-limit, pot-limit). Under PHH's
        reading (PokerKit) the cap counts every bet and raise, short all-ins too, but not the blind."""
        if self.structure != FIXED_LIMIT or self.max_raises is None:
            return None
        return self.max_raises if self.phh else 1 + self.max_raises


@dataclass(slots=True)
class RoundState:
    """The numbers of the betting round so far. A value: never changed once made (not frozen only because
    a frozen dataclass costs six times more to build, once per wager).

    ``current_bet``: the highest total this round; ``full_level``: the total of the last *full* bet or
    raise (a short all-in raises ``current_bet`` but not this); ``increment``: the largest full bet or
    raise so far (the no-limit minimum raise); ``wagers``: full bets and raises so far (a posted big
    blind counts as the bet); ``pot``: every chip in the middle, this round's bets included.
    ``phh_increment`` and ``phh_wagers`` are the same two numbers as PHH's reading (PokerKit) counts them:
    from 0 at each round (the blind is no raise), every bet and raise counted, short all-ins too.

    >>> RoundState.opening(unit=20, pot=60).increment
    20
    """

    current_bet: int = 0
    full_level: int = 0
    increment: int = 0
    wagers: int = 0
    pot: int = 0
    phh_increment: int = 0
    phh_wagers: int = 0

    # Hand-written rather than the dataclass's: compiled, mypyc makes it native (apps/engine/native.py).
    def __init__(
        self,
        current_bet: int = 0,
        full_level: int = 0,
        increment: int = 0,
        wagers: int = 0,
        pot: int = 0,
        phh_increment: int = 0,
        phh_wagers: int = 0,
    ) -> None:
        self.current_bet, self.full_level, self.increment, self.wagers, self.pot = (
            current_bet, full_level, increment, wagers, pot
        )  # fmt: skip
        self.phh_increment, self.phh_wagers = phh_increment, phh_wagers

    def __reduce__(self) -> tuple[type[RoundState], tuple[int, int, int, int, int, int, int]]:
        # pickle, copy and deepcopy go through __init__ (a compiled class with one has no other way in)
        return RoundState, (
            self.current_bet, self.full_level, self.increment, self.wagers, self.pot, self.phh_increment,
            self.phh_wagers,
        )  # fmt: skip

    @classmethod
    def opening(cls, *, unit: int, pot: int, blind: int = 0, posted: int = 0) -> RoundState:
        """A round before any voluntary action: ``blind`` is the big blind whose level the raises count
        from (the nominal blind, or what was posted under the posted-amount reading), ``posted`` the most
        anyone actually put in, or the full blind when it is the bet to call.

        >>> RoundState.opening(unit=100, pot=150, blind=100, posted=100).wagers
        1
        """
        return cls(current_bet=posted, full_level=blind, increment=unit, wagers=1 if blind else 0, pot=pot)

    def to_json(self) -> dict[str, int]:
        return {
            "current_bet": self.current_bet,
            "full_level": self.full_level,
            "increment": self.increment,
            "wagers": self.wagers,
            "pot": self.pot,
            "phh_increment": self.phh_increment,
            "phh_wagers": self.phh_wagers,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> RoundState:
        # states cached before the PHH numbers existed have none: 0, as a round that saw no raise yet
        return cls(
            int(d["current_bet"]),
            int(d["full_level"]),
            int(d["increment"]),
            int(d["wagers"]),
            int(d["pot"]),
            int(d.get("phh_increment", 0)),
            int(d.get("phh_wagers", 0)),
        )


@dataclass(slots=True)
class Wagerer:
    """One seat as the betting round sees it: chips behind, total bet this round, and the
    ``current_bet`` it last acted on (None: has not acted voluntarily this round; blinds do not count).
    A value, never changed once made (not frozen: built once per betting event).

    >>> Wagerer(seat=1, stack=90, bet=10).all_in_total
    100
    """

    seat: int
    stack: int
    bet: int = 0
    acted_at: int | None = None

    def __init__(self, seat: int, stack: int, bet: int = 0, acted_at: int | None = None) -> None:
        self.seat, self.stack, self.bet, self.acted_at = seat, stack, bet, acted_at  # as RoundState's

    def __reduce__(self) -> tuple[type[Wagerer], tuple[int, int, int, int | None]]:
        return Wagerer, (self.seat, self.stack, self.bet, self.acted_at)  # as RoundState's

    @property
    def all_in_total(self) -> int:
        return self.bet + self.stack


def details(player: Wagerer, amount: int | None, **more: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"seat": player.seat, "amount": amount, "stack": player.stack, "bet": player.bet}
    d.update(more)
    return d


def _ceil_step(x: int, step: int) -> int:
    return -(-x // step) * step


def to_call(rnd: RoundState, player: Wagerer) -> int:
    """Chips the seat must add to call (never more than its stack).

    >>> to_call(RoundState(current_bet=50), Wagerer(seat=1, stack=30, bet=10))
    30
    """
    return max(0, min(rnd.current_bet - player.bet, player.stack))


def min_bet(limits: Limits) -> int:
    """The smallest opening bet (all-in for less excepted).

    >>> min_bet(Limits(structure="no-limit", unit=20))
    20
    """
    return limits.unit


def bet_bounds(limits: Limits, rnd: RoundState, player: Wagerer) -> tuple[int, int]:
    """(minimum, maximum) bet total when nothing is bet yet, before the stack cap. Pot-limit: the pot
    itself is the maximum, a whole number of units or not (RULES.md §6).

    >>> bet_bounds(Limits(structure="pot-limit", unit=10), RoundState(pot=100), Wagerer(seat=1, stack=500))
    (10, 100)
    >>> in_units = Limits(structure="pot-limit", unit=20, step=20)
    >>> bet_bounds(in_units, RoundState(pot=30), Wagerer(seat=1, stack=500))
    (20, 30)
    """
    lo = limits.unit
    if limits.structure == FIXED_LIMIT:
        return lo, lo
    if limits.structure == POT_LIMIT:
        return lo, max(lo, rnd.pot)
    return lo, max(lo, player.all_in_total)


def raise_bounds(limits: Limits, rnd: RoundState, player: Wagerer) -> tuple[int, int]:
    """(minimum, maximum) raise-to facing a bet, before the stack cap (RULES.md §4).

    No-limit/pot-limit minimum: current bet + the largest full bet or raise (TDA 43-A), the increment
    rounded up to whole bet units when amounts are in units; pot-limit maximum: current bet + the pot after
    calling. Fixed-limit: the last full level + one unit. Under PHH's reading: current bet + the largest
    bet or raise this round (at least one unit; the blind is none), in every structure.

    >>> raise_bounds(Limits(structure="no-limit", unit=10), RoundState(current_bet=20, full_level=20,
    ...              increment=20, wagers=1, pot=30), Wagerer(seat=1, stack=1000))
    (40, 1000)
    >>> raise_bounds(Limits(structure="no-limit", unit=20, step=20), RoundState(current_bet=50,
    ...              full_level=40, increment=40, wagers=1, pot=130), Wagerer(seat=1, stack=1000))
    (90, 1000)
    """
    current = rnd.current_bet
    if limits.phh:
        lo = current + max(rnd.phh_increment, limits.unit)
        if limits.structure == FIXED_LIMIT:
            return lo, lo
    elif limits.structure == FIXED_LIMIT:
        target = max(rnd.full_level + limits.unit, current + 1)
        return target, target
    else:
        lo = max(current, rnd.full_level) + max(rnd.increment, limits.unit)
        lo = current + _ceil_step(lo - current, limits.step)
    if limits.structure == POT_LIMIT:
        pot_after_call = rnd.pot + (current - player.bet)
        return lo, max(lo, current + pot_after_call)
    return lo, max(lo, player.all_in_total)


def reopen_threshold(limits: Limits, rnd: RoundState) -> int:
    """How much the bet must have grown since a seat acted for it to raise again: the largest full
    raise (no-limit/pot-limit, TDA 47-A, WSOP 96-a) or half a unit (fixed-limit, TDA 47-B); under PHH's
    reading, the largest bet or raise of the round (PokerKit: a call smaller than that cannot raise).

    >>> reopen_threshold(Limits(structure="fixed-limit", unit=20), RoundState())
    10
    """
    if limits.phh:
        return rnd.phh_increment
    if limits.structure == FIXED_LIMIT:
        return -(-limits.unit // 2)
    return max(rnd.increment, limits.unit)


def is_reopened_for(limits: Limits, rnd: RoundState, player: Wagerer) -> bool:
    """May this seat raise, as far as short all-ins go? (It has not acted, or faces a full raise.)
    Under PHH's reading: the chips it must call are at least the largest bet or raise of the round.

    >>> lim = Limits(structure="no-limit", unit=100)
    >>> rnd = RoundState(current_bet=150, full_level=100, increment=100, wagers=1, pot=250)
    >>> is_reopened_for(lim, rnd, Wagerer(seat=1, stack=900, bet=100, acted_at=100))
    False
    """
    if limits.phh:
        return min(player.stack, rnd.current_bet - player.bet) >= rnd.phh_increment
    if player.acted_at is None:
        return True
    return rnd.current_bet - player.acted_at >= reopen_threshold(limits, rnd)


def cap_reached(limits: Limits, rnd: RoundState, *, heads_up: bool = False) -> bool:
    """Fixed-limit: the bet and ``max_raises`` raises are in (lifted heads-up with ``uncap_heads_up``).

    >>> cap_reached(Limits(structure="fixed-limit", unit=10), RoundState(wagers=5))
    True
    """
    cap = limits.max_wagers
    if cap is None:
        return False
    if limits.phh:
        return rnd.phh_wagers >= cap
    if heads_up and limits.uncap_heads_up:
        return False
    return rnd.wagers >= cap


def is_full_wager(limits: Limits, rnd: RoundState, total: int) -> bool:
    """Does a wager to ``total`` count as a full bet/raise (reopening the action)?

    >>> lim = Limits(structure="fixed-limit", unit=20)
    >>> is_full_wager(lim, RoundState(current_bet=20, full_level=20, increment=20, wagers=1), 30)
    True
    """
    if limits.structure == FIXED_LIMIT:
        return total - rnd.full_level >= -(-limits.unit // 2)
    return total - max(rnd.current_bet, rnd.full_level) >= max(rnd.increment, limits.unit) or (
        rnd.current_bet == 0 and total >= limits.unit
    )


def after_wager(limits: Limits, rnd: RoundState, player: Wagerer, total: int) -> RoundState:
    """The round after ``player`` puts its round total to ``total`` (bet, raise, or call).

    >>> lim = Limits(structure="no-limit", unit=100)
    >>> r = after_wager(lim, RoundState(pot=0), Wagerer(seat=1, stack=1000), 300)
    >>> (r.current_bet, r.increment, r.wagers, r.pot)
    (300, 300, 1, 300)
    """
    return after_wager_to(limits, rnd, player.bet, total)


def after_wager_to(limits: Limits, rnd: RoundState, bet: int, total: int) -> RoundState:
    """:func:`after_wager` for a seat whose round total was ``bet`` (the hand's hot path: no Wagerer).
    Both readings' numbers are kept (the house's and PHH's), so either can judge the next action."""
    pot = rnd.pot + total - bet
    current = rnd.current_bet
    if total <= current:
        return RoundState(
            current, rnd.full_level, rnd.increment, rnd.wagers, pot, rnd.phh_increment, rnd.phh_wagers
        )
    raised = total - current
    phh_inc = rnd.phh_increment if rnd.phh_increment > raised else raised
    phh_wagers = rnd.phh_wagers + 1
    level = current if current > rnd.full_level else rnd.full_level
    if limits.structure == FIXED_LIMIT:
        if total - rnd.full_level >= -(-limits.unit // 2):  # is_full_wager, fixed-limit
            inc = limits.unit
            return RoundState(
                total, total, rnd.increment if rnd.increment > inc else inc, rnd.wagers + 1, pot, phh_inc,
                phh_wagers,
            )  # fmt: skip
    elif total - level >= max(rnd.increment, limits.unit) or (current == 0 and total >= limits.unit):
        inc = total - level
        return RoundState(
            total, total, rnd.increment if rnd.increment > inc else inc, rnd.wagers + 1, pot, phh_inc,
            phh_wagers,
        )  # fmt: skip
    return RoundState(total, rnd.full_level, rnd.increment, rnd.wagers, pot, phh_inc, phh_wagers)


__all__ = [
    "FIXED_LIMIT",
    "NO_LIMIT",
    "POT_LIMIT",
    "RULE_BET",
    "RULE_CAP",
    "RULE_FL",
    "RULE_FL_SHORT",
    "RULE_PL",
    "RULE_REOPEN_FL",
    "RULE_REOPEN_NL",
    "RULE_STACK",
    "STRUCTURES",
    "Limits",
    "RoundState",
    "Wagerer",
    "after_wager",
    "after_wager_to",
    "bet_bounds",
    "cap_reached",
    "details",
    "is_full_wager",
    "is_reopened_for",
    "min_bet",
    "raise_bounds",
    "reopen_threshold",
    "to_call",
]
