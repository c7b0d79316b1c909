"""The hand state machine: start a hand, ask it what is legal, apply events, replay (RULES.md §4-7).

A :class:`HandState` is a value: :meth:`HandState.apply` returns a **new** state (the old one is untouched)
and costs the same at the 5th and the 500th event (the state holds no history, only an event counter).
It round-trips through plain JSON so the service can cache it beside the event log.

Speed (issue 4): ``apply`` copies the state once (hand-written copies of slotted classes) and changes the
copy in place; :func:`replay` and ``phh.replay_phh`` start their own fresh state and apply every event to it
in place, so a replay copies nothing. What never changes in a hand (seat positions, clockwise orders, each
round's limits) is made once and shared by every copy. A finished hand pays the stacks at once; its
``result`` (pots, explanation) is made when first read. Every event is checked either way.

The three questions per event: *may I* :meth:`HandState.can_apply`, *why not* :meth:`HandState.verify`
(raises the typed error: ``code``, ``rule``, ``detail`` with the seat and the numbers), *do it*
:meth:`HandState.apply`. Reading the state: ``phase`` (``betting``, ``drawing``, ``showdown``,
``finished``), ``to_act``, :meth:`~HandState.legal_actions`, :meth:`~HandState.stacks`,
:meth:`~HandState.bets`, :meth:`~HandState.contributions`, ``pot_total``, :meth:`~HandState.pots`, ``opener``,
``pass_outs``, :meth:`~HandState.cards`, :meth:`~HandState.draw_counts`, :meth:`~HandState.stub_info`,
``result`` / :attr:`~HandState.received` once finished, and :meth:`~HandState.summary` for all of it.
The flow lives in :mod:`apps.engine.flow` (betting, draws, pass-outs, openers), :mod:`apps.engine.known`
(known cards and the stub), :mod:`apps.engine.showdown` (showdown and awards), :mod:`apps.engine.legal`.

>>> from apps.engine.games import five_card_draw
>>> st = start_hand(five_card_draw(), [{"seat": 1, "stack": 2000}, {"seat": 2, "stack": 2000}], button=2)
>>> (st.phase, st.to_act, st.pot_total)
('betting', 1, 20)
>>> st = st.apply({"type": "bet", "seat": 1, "amount": 40}).apply({"type": "fold", "seat": 2})
>>> (st.phase, st.stacks())
('finished', {1: 2010, 2: 1990})
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from apps.engine import betting as bt
from apps.engine.deck import Stub
from apps.engine.errors import ActionError, CardError, EngineError
from apps.engine.events import validate_event
from apps.engine.games import Game

UNKNOWN = "??"

BETTING = "betting"
DRAWING = "drawing"
SHOWDOWN = "showdown"
FINISHED = "finished"
PHASES = (BETTING, DRAWING, SHOWDOWN, FINISHED)
_RULE_PHASE = "RULES.md §6-7 (flow of a hand)"  # flow.RULE_PHASE


def _err(message: str, code: str, rule: str, **detail: Any) -> ActionError:
    return ActionError(message, code=code, rule=rule, detail=detail)


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


class _Table:
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

    def __reduce__(self) -> tuple[type[_Table], tuple[Game, list[int]]]:
        # copy, deepcopy and pickle rebuild it from what it derives from (a mypyc class needs to be told)
        return _Table, (self.game, list(self.numbers))

    def order(self, number: int, inclusive: bool = False) -> tuple[int, ...]:
        """Indexes of every seat once, clockwise, from the first after ``number`` (or at it)."""
        key = number * 2 + inclusive  # one int per (number, inclusive)
        found = self.orders.get(key)
        if found is None:
            nums = self.numbers
            after = [i for i, s in enumerate(nums) if s > number or (inclusive and s == number)]
            found = self.orders[key] = tuple(after + [i for i in range(len(nums)) if i not in after])
        return found


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
    _table: _Table = field(init=False, repr=False, compare=False)
    _result_later: Callable[[], dict[str, Any]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def __init__(  # hand-written, as SeatState's: the same parameters and defaults as the fields above
        self,
        game: Game,
        hand_number: int,
        button: int,
        seats: list[SeatState],
        sb_seat: int | None = None,
        bb_seat: int | None = None,
        phase: str = BETTING,
        deal: int = 0,
        pass_outs: int = 0,
        round: int = 0,
        draw_index: int = -1,
        rnd: bt.RoundState | None = None,
        round_contested: bool = True,
        to_act: int | None = None,
        last_aggressor: int | None = None,
        opener: int | None = None,
        opening_cards: list[str] | None = None,
        openers_proven: bool | None = None,
        pending: str | None = None,
        finish_order: list[list[int]] | None = None,
        stub: Stub | None = None,
        muck_known: list[str] | None = None,
        current_known: list[str] | None = None,
        last_reshuffle: dict[str, Any] | None = None,
        _result: dict[str, Any] | None = None,
        events: int = 0,
        last_at: Any = None,
        *,
        _table: _Table | None = None,  # copy() shares its own: it never changes during a hand
    ) -> None:
        self.game, self.hand_number, self.button, self.seats = game, hand_number, button, seats
        self.sb_seat, self.bb_seat, self.phase, self.deal, self.pass_outs = (
            sb_seat, bb_seat, phase, deal, pass_outs
        )  # fmt: skip
        self.round, self.draw_index, self.round_contested, self.to_act = (
            round,
            draw_index,
            round_contested,
            to_act,
        )
        self.rnd = bt.RoundState() if rnd is None else rnd
        self.last_aggressor, self.opener, self.opening_cards, self.openers_proven = (
            last_aggressor, opener, opening_cards, openers_proven
        )  # fmt: skip
        self.pending, self.finish_order = pending, finish_order
        self.stub = Stub(deck=52, stub=52) if stub is None else stub
        self.muck_known = [] if muck_known is None else muck_known
        self.current_known = [] if current_known is None else current_known
        self.last_reshuffle, self._result, self.events, self.last_at = (
            last_reshuffle,
            _result,
            events,
            last_at,
        )
        self._result_later = None
        self._table = _Table(game, [s.seat for s in seats]) if _table is None else _table

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

    # --- seats -----------------------------------------------------------------------------------------

    def seat(self, number: int) -> SeatState:
        """The :class:`SeatState` of seat ``number`` (``unknown_seat`` if nobody sits there)."""
        i = self._table.index.get(number)
        if i is not None:
            return self.seats[i]
        raise _err(
            f"no seat {number} in this hand",
            "unknown_seat",
            "RULES.md §4-7",
            seat=number,
            seats=[s.seat for s in self.seats],
        )

    def _clockwise_after(self, number: int, *, inclusive: bool = False) -> list[SeatState]:
        """Every seat once, clockwise, starting with the first after ``number`` (or at it)."""
        seats = self.seats
        return [seats[i] for i in self._table.order(number, inclusive)]

    def _active(self, s: SeatState) -> bool:
        return not s.folded and s.stack > 0

    def _n_active(self) -> int:
        n = 0
        for s in self.seats:
            if not s.folded and s.stack > 0:
                n += 1
        return n

    def _live(self) -> list[SeatState]:
        return [s for s in self.seats if not s.folded]

    # --- public queries --------------------------------------------------------------------------------

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
        from apps.engine.pots import FinishingRank, PotPlayer, resolve_pots

        dead = sum(s.dead_posted for s in self.seats)
        collected = {s.seat: s.contributed - s.bet - s.dead_posted for s in self.seats}
        live = [s.seat for s in self.seats if s.live]
        if not any(collected.values()):
            return [{"name": "main", "amount": dead, "eligible": live}] if dead else []
        players = [
            PotPlayer(
                s.seat, collected[s.seat], folded=not s.live, strength=FinishingRank(1), dead=s.dead_posted
            )
            for s in self.seats
        ]
        res = resolve_pots(players, button=self.button, smallest_chip=self.game.smallest_chip)
        out: list[dict[str, Any]] = [
            {"name": p.name, "amount": p.amount, "eligible": list(p.eligible)} for p in res.pots
        ]
        for seat, back in res.returned.items():  # chips nobody can call go back to their owner at the end
            out.append({"name": "uncalled", "amount": back, "eligible": [seat]})
        return out

    def stub_info(self) -> dict[str, Any]:
        """Card counts for the dealer: stub, muck, current discards, reshuffles, and whether the seat to
        draw could need a reshuffle (``reshuffle_due``: it may ask for more than ``usable`` cards)."""
        info: dict[str, Any] = self.stub.to_json()
        due = False
        usable = None
        if self.phase == DRAWING and self.to_act is not None:
            usable = self.stub.usable(last=self._is_last_drawer(self.to_act))
            due = usable < self._draw_max()
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
        from apps.engine.legal import legal_actions

        return legal_actions(self)

    def summary(self) -> dict[str, Any]:
        """Everything a table view needs, as plain JSON: phase, seat to act, legal actions, each seat (stack,
        bet, contribution, folded / all-in / dead, known cards, draw counts), pot total and pots, opener,
        pass-outs, the stub, and the result once finished.

        >>> from apps.engine.games import five_card_draw
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
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "player_id": s.player_id,
                    "stack": s.stack,
                    "bet": s.bet,
                    "contributed": s.contributed,
                    "folded": s.folded,
                    "all_in": s.live and s.stack == 0 and self.game.betting,
                    "dead": s.dead,
                    "cards": "".join(s.cards),
                    "draws": list(s.draws),
                    "showdown": s.showdown,
                }
                for s in self.seats
            ],
            "stub": self.stub_info(),
            "result": copy.deepcopy(self.result),
            "events": self.events,
        }

    # --- may I / why not / do it -----------------------------------------------------------------------

    def can_apply(self, event: object) -> bool:
        """True if :meth:`apply` would accept ``event``."""
        try:
            self.apply(event)
        except EngineError:
            return False
        return True

    def verify(self, event: object) -> None:
        """Raise the typed error :meth:`apply` would raise; return None if ``event`` is legal."""
        self.apply(event)

    def apply(self, event: object) -> HandState:
        """A new state after ``event`` (see :mod:`apps.engine.events`); raises a typed error if illegal."""
        ev = validate_event(event if type(event) is dict or not isinstance(event, Mapping) else dict(event))
        new = self.copy()
        new._apply(ev)
        return new

    def _apply(self, ev: dict[str, Any]) -> None:
        """Apply a validated event to this state in place (``apply`` passes a copy; ``replay`` its own)."""
        kind = ev["type"]
        if self.phase == FINISHED:
            raise _err(f"the hand is over; {kind} is not possible", "hand_finished", _RULE_PHASE, event=kind)
        try:
            _HANDLERS[kind](self, ev)
        except CardError as e:  # a card typo names the seat too
            e.detail.setdefault("seat", ev.get("seat"))
            raise
        self.events += 1
        if "at" in ev:
            self.last_at = ev["at"]

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
            self.last_at, _table=self._table,
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

    # --- JSON ------------------------------------------------------------------------------------------

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

    # --- helpers used by the flow ----------------------------------------------------------------------

    def _limits(self) -> bt.Limits:
        return self._table.limits[self.round]

    def _wagerer(self, s: SeatState) -> bt.Wagerer:
        return bt.Wagerer(seat=s.seat, stack=s.stack, bet=s.bet, acted_at=s.acted_at)

    def _heads_up(self) -> bool:
        return [s.folded for s in self.seats].count(False) == 2

    def _draw_max(self) -> int:
        return self._table.max_draw

    def _is_last_drawer(self, seat: int) -> bool:
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


@dataclass(frozen=True)
class SeatSpec:
    """A seat dealt into the hand: number (>= 1, clockwise), chips, optional name and player id."""

    seat: int
    stack: int
    name: str | None = None
    player_id: str | None = None


def _seat_error(message: str, **detail: Any) -> ActionError:
    return _err(message, "seats_invalid", "RULES.md §4-7", **detail)


def _whole(value: object) -> bool:
    return type(value) is int


def _spec(x: object) -> tuple[int, int, str | None, str | None]:
    """``(seat, stack, name, player_id)`` of a seat given as a :class:`SeatSpec` or a mapping. Every value
    is checked, never converted: a seat or stack that is not a whole number (``100.7``, ``"100"``, True)
    is refused, as is a missing one."""
    # object, not int: compiled, an int variable would convert a bool and refuse a float with a TypeError
    seat: object
    stack: object
    name: object
    pid: object
    if isinstance(x, SeatSpec):
        seat, stack, name, pid = x.seat, x.stack, x.name, x.player_id
    elif isinstance(x, Mapping):
        missing = [k for k in ("seat", "stack") if k not in x]
        if missing:
            raise _seat_error(f"a seat needs {' and '.join(missing)}", missing=missing)
        seat, stack, name = x["seat"], x["stack"], x.get("name")
        pid = x.get("player_id", x.get("id"))
    else:
        raise _seat_error(f"a seat is a mapping with seat and stack, not {x!r}", value=repr(x))
    if not _whole(seat) or not _whole(stack):
        raise _seat_error(
            f"seat {seat!r} with stack {stack!r}: seats and chips are whole numbers", seat=repr(seat),
            stack=repr(stack),
        )  # fmt: skip
    if name is not None and type(name) is not str:
        raise _seat_error(f"seat {seat}'s name must be text, not {name!r}", seat=seat)
    if pid is not None and (type(pid) is not str and not _whole(pid)):
        raise _seat_error(f"seat {seat}'s player id must be text or a number, not {pid!r}", seat=seat)
    assert type(seat) is int and type(stack) is int and (name is None or type(name) is str)  # checked above
    return seat, stack, name, None if pid is None else str(pid)


def _marked_blinds(seats: list[object]) -> tuple[int | None, int] | None:
    """The blinds given with the seats (``"blind": "small"`` / ``"big"``; a tournament's dead button, TDA
    32), or None: derive them from the button. A big blind with no small blind marked: the small blind is
    dead (no one posts it)."""
    marked: dict[str, int] = {}
    for x in seats:
        if not isinstance(x, Mapping) or x.get("blind") is None:
            continue
        blind = x["blind"]
        if blind not in ("small", "big") or blind in marked:
            raise _err("one small and one big blind may be marked", "blinds_invalid", "TDA 32", blind=blind)
        marked[blind] = int(x["seat"])
    if not marked:
        return None
    if "big" not in marked or marked.get("small") == marked["big"]:
        raise _err("the big blind must be marked, on its own seat", "blinds_invalid", "TDA 32", **marked)
    return marked.get("small"), marked["big"]


def _checked_start(game: object, seats: object, button: object, hand_number: object) -> list[object]:
    """The arguments of :func:`start_hand`, checked: a wrong type is a typed refusal (compiled or not,
    the same one), never a TypeError or a conversion."""
    if not isinstance(game, Game):
        raise _err(f"a hand is dealt for a Game, not {game!r}", "game_invalid", "RULES.md §6-7",
                   value=repr(game))  # fmt: skip
    if not _whole(button):
        raise _err(f"the button must be a seat number, not {button!r}", "button_invalid", "RULES.md §4-7",
                   button=repr(button))  # fmt: skip
    if not _whole(hand_number) or hand_number < 1:  # type: ignore[operator]
        raise _err(f"the hand number must be a whole number >= 1, not {hand_number!r}", "hand_number_invalid",
                   "RULES.md §4-7", hand_number=repr(hand_number))  # fmt: skip
    if isinstance(seats, str | bytes | Mapping) or not isinstance(seats, Iterable):
        raise _seat_error(f"the seats are a list of seats, not {seats!r}", value=repr(seats))
    return list(seats)


def start_hand(game: object, seats: object, button: object, hand_number: object = 1) -> HandState:
    """Deal a hand: forced bets are posted, the first betting round (or the draw, in no-bet mode) begins.
    The blinds follow the button, unless the seats mark them (``"blind": "small"`` / ``"big"``): then no
    one posts an unmarked small blind (a dead small blind, TDA 32) and the button may be an empty seat.

    >>> from apps.engine.games import triple_draw_27
    >>> seats = [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}, {"seat": 3, "stack": 100}]
    >>> st = start_hand(triple_draw_27(small_blind=5, big_blind=10), seats, button=3)
    >>> (st.sb_seat, st.bb_seat, st.to_act, st.bets())
    (1, 2, 3, {1: 5, 2: 10, 3: 0})
    >>> seats = [{"seat": 1, "stack": 90}, {"seat": 2, "stack": 90}, {"seat": 4, "stack": 90, "blind": "big"}]
    >>> st = start_hand(triple_draw_27(small_blind=5, big_blind=10), seats, button=2)  # 3 busted in the BB
    >>> (st.sb_seat, st.bb_seat, st.to_act, st.bets())
    (None, 4, 1, {1: 0, 2: 0, 4: 10})
    """
    seat_list = _checked_start(game, seats, button, hand_number)
    assert isinstance(game, Game) and type(button) is int and type(hand_number) is int  # checked above
    specs = sorted([_spec(x) for x in seat_list], key=lambda s: s[0])
    numbers = [s[0] for s in specs]
    if len(set(numbers)) != len(numbers) or any(n < 1 for n in numbers):
        raise _err("seat numbers must be distinct and >= 1", "seats_invalid", "RULES.md §4-7", seats=numbers)
    if not game.min_players <= len(specs) <= game.max_players:
        raise _err(
            f"{game.kind} is for {game.min_players}-{game.max_players} players, not {len(specs)}",
            "player_count",
            "RULES.md §6-7",
            players=len(specs),
            minimum=game.min_players,
            maximum=game.max_players,
        )
    betting = game.betting
    for number, stack, _, _ in specs:
        if stack < 0 or (betting and stack == 0):
            raise _err(
                f"seat {number} has {stack} chips and cannot be dealt in",
                "seat_without_chips",
                "RULES.md §4",
                seat=number,
                stack=stack,
            )
    st = HandState(
        game,
        hand_number,
        button,
        [SeatState(number, stack, stack, name, pid) for number, stack, name, pid in specs],
    )
    blinds = _marked_blinds(seat_list)
    if blinds is not None and game.big_blind:
        if blinds[1] not in numbers or (blinds[0] is not None and blinds[0] not in numbers):
            raise _err("a marked blind is not dealt in", "blinds_invalid", "TDA 32", seats=numbers)
        st.sb_seat, st.bb_seat = blinds
    _begin_deal(st, fresh=True)
    return st


def replay(game: object, seats: object, button: object, hand_number: object, events: object) -> HandState:
    """Start the hand and apply ``events`` in order (the service caches the result).

    >>> from apps.engine.games import five_card_draw
    >>> replay(five_card_draw(), [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}], 1, 1,
    ...        [{"type": "bet", "seat": 2, "amount": 20}, {"type": "fold", "seat": 1}]).stacks()
    {1: 90, 2: 110}
    """
    st = start_hand(game, seats, button, hand_number)  # a fresh state: applied in place, no copies
    if isinstance(events, str | bytes | Mapping) or not isinstance(events, Iterable):
        raise _err(f"the events are a list of events, not {events!r}", "event_invalid", "RULES.md §4-7",
                   event=repr(events))  # fmt: skip
    for ev in events:
        st._apply(validate_event(ev if type(ev) is dict or not isinstance(ev, Mapping) else dict(ev)))
    return st


#: the fields two equal states agree on (``result`` through its property, made if it is not yet)
_COMPARED = tuple("result" if f.name == "_result" else f.name for f in fields(HandState) if f.compare)

# The flow needs this module's classes; it is imported last so that either module may be imported first.
from apps.engine.flow import _HANDLERS  # noqa: E402
from apps.engine.flow import begin_deal as _begin_deal  # noqa: E402

__all__ = [
    "BETTING",
    "DRAWING",
    "FINISHED",
    "PHASES",
    "SHOWDOWN",
    "UNKNOWN",
    "HandState",
    "SeatSpec",
    "SeatState",
    "replay",
    "start_hand",
]
