"""The state of one hand: data and the questions it answers about itself; the rules live elsewhere.

A :class:`HandState` is a value: ``apply`` returns a **new** state, copied once by hand (a generic copy cost
half of every event), at the same cost at the 5th and the 500th event; it round-trips through plain JSON.
*May I* (``can_apply``), *why not* (``verify``: the typed error) and *do it* (``apply``) are answered by the
rules above this module (:mod:`apps.engine.checks`, :mod:`apps.engine.handlers`), which
:mod:`apps.engine.hand` connects here with :func:`use_rules` on import: this module imports no rule.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from apps.engine import betting as bt
from apps.engine.deck import Stub
from apps.engine.errors import ActionError, EngineError
from apps.engine.events import validate_event
from apps.engine.games import Game
from apps.engine.seats import SeatState, Table, pots_in_middle

BETTING = "betting"
DRAWING = "drawing"
SHOWDOWN = "showdown"
FINISHED = "finished"
PHASES = (BETTING, DRAWING, SHOWDOWN, FINISHED)

#: the rules, connected by :func:`use_rules`: apply a validated event in place; raise the refusal of an
#: event (any mapping); what may happen next
ApplyRule = Callable[["HandState", dict[str, Any]], None]
VerifyRule = Callable[["HandState", object], None]
LegalRule = Callable[["HandState"], list[dict[str, Any]]]


class Rules:
    """The rules :class:`HandState`'s methods ask (one instance, filled by :func:`use_rules`)."""

    __slots__ = ("apply", "legal", "verify")

    def __init__(self) -> None:
        self.apply: ApplyRule | None = None
        self.verify: VerifyRule | None = None
        self.legal: LegalRule | None = None


RULES = Rules()


def use_rules(apply: ApplyRule, verify: VerifyRule, legal: LegalRule) -> None:
    """Connect the rules (``apps.engine.hand`` does, on import): they import the state, not it them."""
    RULES.apply, RULES.verify, RULES.legal = apply, verify, legal


def _err(message: str, code: str, rule: str, **detail: Any) -> ActionError:
    return ActionError(message, code=code, rule=rule, detail=detail)


@dataclass(slots=True, eq=False)
class HandState:
    """The whole state of one hand (see the module docstring). Read it through the query methods;
    change it only with :meth:`apply`."""

    game: Game
    hand_number: int
    button: int
    seats: list[SeatState]
    sb_seat: int | None = None
    bb_seat: int | None = None
    phase: str = BETTING
    deal: int = 0
    pass_outs: int = 0
    round: int = 0
    draw_index: int = -1
    rnd: bt.RoundState = field(default_factory=bt.RoundState)
    round_contested: bool = True
    to_act: int | None = None
    last_aggressor: int | None = None
    opener: int | None = None
    opening_cards: list[str] | None = None
    openers_proven: bool | None = None
    pending: str | None = None
    finish_order: list[list[int]] | None = None
    stub: Stub = field(default_factory=lambda: Stub(deck=52, stub=52))
    muck_known: list[str] = field(default_factory=list)
    current_known: list[str] = field(default_factory=list)
    last_reshuffle: dict[str, Any] | None = None
    _result: dict[str, Any] | None = None
    events: int = 0
    last_at: Any = None
    table: Table = field(init=False, repr=False, compare=False)
    _result_later: Callable[[], dict[str, Any]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def __init__(  # hand-written, as SeatState's: the same parameters and defaults as the fields above
        self, game: Game, hand_number: int, button: int, seats: list[SeatState], sb_seat: int | None = None,
        bb_seat: int | None = None, phase: str = BETTING, deal: int = 0, pass_outs: int = 0, round: int = 0,
        draw_index: int = -1, rnd: bt.RoundState | None = None, round_contested: bool = True,
        to_act: int | None = None, last_aggressor: int | None = None, opener: int | None = None,
        opening_cards: list[str] | None = None, openers_proven: bool | None = None,
        pending: str | None = None, finish_order: list[list[int]] | None = None, stub: Stub | None = None,
        muck_known: list[str] | None = None, current_known: list[str] | None = None,
        last_reshuffle: dict[str, Any] | None = None, _result: dict[str, Any] | None = None, events: int = 0,
        last_at: Any = None, *, table: Table | None = None,  # copy() shares its own: it never changes
    ) -> None:  # fmt: skip
        self.game, self.hand_number, self.button, self.seats = game, hand_number, button, seats
        self.sb_seat, self.bb_seat, self.phase, self.deal, self.pass_outs = (
            sb_seat, bb_seat, phase, deal, pass_outs
        )  # fmt: skip
        self.round, self.draw_index, self.round_contested, self.to_act = (
            round, draw_index, round_contested, to_act
        )  # fmt: skip
        self.rnd = bt.RoundState() if rnd is None else rnd
        self.last_aggressor, self.opener, self.opening_cards, self.openers_proven = (
            last_aggressor, opener, opening_cards, openers_proven
        )  # fmt: skip
        self.pending, self.finish_order = pending, finish_order
        self.stub = Stub(deck=52, stub=52) if stub is None else stub
        self.muck_known = [] if muck_known is None else muck_known
        self.current_known = [] if current_known is None else current_known
        self.last_reshuffle, self._result, self.events, self.last_at = (
            last_reshuffle, _result, events, last_at
        )  # fmt: skip
        self._result_later = None
        self.table = Table(game, [s.seat for s in seats]) if table is None else table

    @property
    def result(self) -> dict[str, Any] | None:
        """How the hand ended (pots, chips received, hands, the explanation), or None before. Made when
        first read: replaying a hand needs only the stacks, which are paid when it ends."""
        if self._result_later is not None:
            self._result, self._result_later = self._result_later(), None
        return self._result

    @result.setter
    def result(self, value: dict[str, Any] | None) -> None:
        self._result, self._result_later = value, None

    def set_result_later(self, make: Callable[[], dict[str, Any]]) -> None:
        """The result will be ``make()`` (called once, when first read; it must not depend on later
        changes: a finished hand does not change)."""
        self._result, self._result_later = None, make

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _COMPARED)

    def seat(self, number: int) -> SeatState:
        """The :class:`SeatState` of seat ``number`` (``unknown_seat`` if nobody sits there)."""
        i = self.table.index.get(number)
        if i is not None:
            return self.seats[i]
        raise _err(
            f"no seat {number} in this hand",
            "unknown_seat",
            "RULES.md §4-7",
            seat=number,
            seats=[s.seat for s in self.seats],
        )

    def clockwise_after(self, number: int, *, inclusive: bool = False) -> list[SeatState]:
        """Every seat once, clockwise, starting with the first after ``number`` (or at it)."""
        seats = self.seats
        return [seats[i] for i in self.table.order(number, inclusive)]

    def n_active(self) -> int:
        n = 0
        for s in self.seats:
            if not s.folded and s.stack > 0:
                n += 1
        return n

    def live_seats(self) -> list[SeatState]:
        return [s for s in self.seats if not s.folded]

    @property
    def pot_total(self) -> int:
        """Every chip in the middle (all deals of a passed-out hand, this round's bets included)."""
        return sum(s.contributed for s in self.seats)

    @property
    def finished(self) -> bool:
        return self.phase == FINISHED

    def stacks(self) -> dict[int, int]:
        """``{seat: chips behind}`` (after the awards once finished)."""
        return {s.seat: s.stack for s in self.seats}

    def bets(self) -> dict[int, int]:
        """``{seat: total bet this betting round}``."""
        return {s.seat: s.bet for s in self.seats}

    def contributions(self) -> dict[int, int]:
        """``{seat: chips put in this hand}``."""
        return {s.seat: s.contributed for s in self.seats}

    def cards(self, seat: int) -> str:
        """The known cards of ``seat`` as text, unknown ones ``??`` (``"AsKd??????"``)."""
        return "".join(self.seat(seat).cards)

    def draw_counts(self) -> dict[int, list[int]]:
        """``{seat: [cards drawn in draw 1, draw 2, ...]}`` for the current deal."""
        return {s.seat: list(s.draws) for s in self.seats}

    def pots(self) -> list[dict[str, Any]]:
        """The pots in the middle: ``[{"name", "amount", "eligible"}]``, from the chips of finished betting
        rounds and the antes (this round's bets are still in front of their owners: :meth:`bets`); chips
        that nobody can call are listed last as ``"uncalled"`` (they go back to their owner)."""
        return pots_in_middle(self.seats, self.button, self.game.smallest_chip)

    def stub_info(self) -> dict[str, Any]:
        """Card counts for the dealer: stub, muck, current discards, reshuffles, and whether the seat to
        draw could need a reshuffle (``reshuffle_due``: it may ask for more than ``usable`` cards)."""
        info: dict[str, Any] = self.stub.to_json()
        due = False
        usable = None
        if self.phase == DRAWING and self.to_act is not None:
            usable = self.stub.usable(last=self.is_last_drawer(self.to_act))
            due = usable < self.table.max_draw
        info.update(usable=usable, reshuffle_due=due, last_reshuffle=self.last_reshuffle)
        return info

    @property
    def received(self) -> dict[int, int]:
        """``{seat: chips received}`` once finished (empty before)."""
        if not self.result:
            return {}
        return {int(k): v for k, v in self.result.get("received", {}).items()}

    def legal_actions(self) -> list[dict[str, Any]]:
        """What may happen next, with amounts: e.g. ``[{"type": "fold", "seat": 1}, {"type": "call",
        "seat": 1, "amount": 20, "to": 40}, {"type": "raise", "seat": 1, "min": 80, "max": 1000}]``."""
        rule = RULES.legal
        assert rule is not None, "import apps.engine.hand: it connects the rules"
        return rule(self)

    def summary(self) -> dict[str, Any]:
        """Everything a table view needs, as plain JSON: phase, seat to act, legal actions, each seat (stack,
        bet, contribution, folded / all-in / dead, known cards, draw counts), pot total and pots, opener,
        pass-outs, the stub, and the result once finished.

        >>> from apps.engine.games import five_card_draw
        >>> from apps.engine.hand import start_hand
        >>> two = [{"seat": 1, "stack": 90}, {"seat": 2, "stack": 90}]
        >>> s = start_hand(five_card_draw(), two, 2).summary()
        >>> (s["phase"], s["to_act"], s["pot_total"], s["seats"][0]["stack"])
        ('betting', 1, 20, 80)
        """
        return {
            "hand_number": self.hand_number,
            "button": self.button,
            "phase": self.phase,
            "deal": self.deal,
            "pass_outs": self.pass_outs,
            "round": self.round,
            "draw": self.draw_index,
            "to_act": self.to_act,
            "pending": self.pending,
            "legal_actions": self.legal_actions(),
            "current_bet": self.rnd.current_bet,
            "pot_total": self.pot_total,
            "pots": self.pots() if self.phase != FINISHED else [],
            "opener": self.opener,
            "seats": [s.summary(betting=self.game.betting) for s in self.seats],
            "stub": self.stub_info(),
            "result": copy.deepcopy(self.result),
            "events": self.events,
        }

    def can_apply(self, event: object) -> bool:
        """True if :meth:`apply` would accept ``event`` (:meth:`verify` passes)."""
        try:
            self.verify(event)
        except EngineError:
            return False
        return True

    def verify(self, event: object) -> None:
        """Raise the typed error :meth:`apply` would raise; return None if ``event`` is legal. Changes
        nothing (``apps.engine.verify.verify``)."""
        rule = RULES.verify
        assert rule is not None, "import apps.engine.hand: it connects the rules"
        rule(self, event)

    def apply(self, event: object) -> HandState:
        """A new state after ``event`` (see :mod:`apps.engine.events`); raises a typed error if illegal."""
        ev = validate_event(event if type(event) is dict or not isinstance(event, Mapping) else dict(event))
        rule = RULES.apply
        assert rule is not None, "import apps.engine.hand: it connects the rules"
        new = self.copy()
        rule(new, ev)
        return new

    def copy(self) -> HandState:
        """A copy sharing nothing mutable (cost: the number of seats, never the history). Hand-written:
        ``dataclasses.replace`` cost half of every ``apply``."""
        n = HandState(
            self.game, self.hand_number, self.button, [s.copy() for s in self.seats], self.sb_seat,
            self.bb_seat, self.phase, self.deal, self.pass_outs, self.round, self.draw_index, self.rnd,
            self.round_contested, self.to_act, self.last_aggressor, self.opener,
            self.opening_cards[:] if self.opening_cards is not None else None, self.openers_proven,
            self.pending, [g[:] for g in self.finish_order] if self.finish_order is not None else None,
            self.stub, self.muck_known[:], self.current_known[:],
            dict(self.last_reshuffle) if self.last_reshuffle else None, self._result, self.events,
            self.last_at, table=self.table,
        )  # fmt: skip
        n._result_later = self._result_later  # never mutated once set
        return n

    def __reduce__(self) -> tuple[Callable[..., HandState], tuple[Any, ...]]:
        # pickle, copy and deepcopy go through __init__: the only way into a compiled class that has one
        args = (
            self.game, self.hand_number, self.button, self.seats, self.sb_seat, self.bb_seat, self.phase,
            self.deal, self.pass_outs, self.round, self.draw_index, self.rnd, self.round_contested,
            self.to_act, self.last_aggressor, self.opener, self.opening_cards, self.openers_proven,
            self.pending, self.finish_order, self.stub, self.muck_known, self.current_known,
            self.last_reshuffle, self._result, self.events, self.last_at,
        )  # fmt: skip
        return _rebuilt, (args, self._result_later)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON types only; ``HandState.from_json(s.to_json())`` gives an equal state."""
        return {
            "game": self.game.to_json(),
            "hand_number": self.hand_number,
            "button": self.button,
            "seats": [s.to_json() for s in self.seats],
            "sb_seat": self.sb_seat,
            "bb_seat": self.bb_seat,
            "phase": self.phase,
            "deal": self.deal,
            "pass_outs": self.pass_outs,
            "round": self.round,
            "draw_index": self.draw_index,
            "rnd": self.rnd.to_json(),
            "round_contested": self.round_contested,
            "to_act": self.to_act,
            "last_aggressor": self.last_aggressor,
            "opener": self.opener,
            "opening_cards": self.opening_cards,
            "openers_proven": self.openers_proven,
            "pending": self.pending,
            "finish_order": self.finish_order,
            "stub": self.stub.to_json(),
            "muck_known": list(self.muck_known),
            "current_known": list(self.current_known),
            "last_reshuffle": copy.deepcopy(self.last_reshuffle),
            "result": copy.deepcopy(self.result),
            "events": self.events,
            "last_at": self.last_at,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> HandState:
        """Inverse of :meth:`to_json`."""
        kw = dict(d)
        kw["game"] = Game.from_json(d["game"])
        kw["seats"] = [SeatState.from_json(s) for s in d["seats"]]
        kw["rnd"] = bt.RoundState.from_json(d["rnd"])
        kw["stub"] = Stub.from_json(d["stub"])
        kw["_result"] = copy.deepcopy(kw.pop("result", None))
        kw["last_reshuffle"] = copy.deepcopy(d.get("last_reshuffle"))
        for key in ("opening_cards", "finish_order", "muck_known", "current_known"):
            kw[key] = copy.deepcopy(d.get(key))
        return cls(**kw)

    def limits(self) -> bt.Limits:  # the limits of this betting round
        return self.table.limits[self.round]

    def wagerer(self, s: SeatState) -> bt.Wagerer:
        return bt.Wagerer(seat=s.seat, stack=s.stack, bet=s.bet, acted_at=s.acted_at)

    def heads_up(self) -> bool:
        return [s.folded for s in self.seats].count(False) == 2

    def is_last_drawer(self, seat: int) -> bool:
        i = self.draw_index
        for s in self.seats:  # noqa: SIM110 - a plain loop: all() would add a generator per event
            if not s.folded and len(s.draws) <= i and s.seat != seat:
                return False
        return True


def _rebuilt(args: tuple[Any, ...], result_later: Callable[[], dict[str, Any]] | None) -> HandState:
    """A state from its ``__init__`` arguments and its pending result (see ``HandState.__reduce__``)."""
    st = HandState(*args)
    st._result_later = result_later
    return st


#: the fields two equal states agree on (``result`` through its property, made if it is not yet)
_COMPARED = tuple("result" if f.name == "_result" else f.name for f in fields(HandState) if f.compare)

__all__ = ["BETTING", "DRAWING", "FINISHED", "PHASES", "SHOWDOWN", "HandState", "Rules", "use_rules"]
