"""A hand of draw poker refereed: start it, replay it (RULES.md §4-7). The package's entry point for hands.

:func:`start_hand` deals a hand (forced bets posted, the first betting round or draw begun) and returns its
:class:`~apps.engine.state.HandState`; :func:`replay` applies a whole event log to a fresh state in place.
Per event, the three questions *may I* (``HandState.can_apply``, ``verify.can_<kind>``), *why not*
(``HandState.verify``, ``verify.verify_<kind>``) and *do it* (``HandState.apply``) are answered by one set of
checks (:mod:`apps.engine.checks`), which the handlers (:mod:`apps.engine.handlers`) run before they change
anything; importing this module connects them to the state (``state.use_rules``). Reading the state:
``phase`` (``betting``, ``drawing``, ``showdown``, ``finished``), ``to_act``, ``legal_actions()``,
``stacks()``, ``bets()``, ``contributions()``, ``pot_total``, ``pots()``, ``opener``, ``pass_outs``,
``cards()``, ``draw_counts()``, ``stub_info()``, ``result`` / ``received`` once finished, and ``summary()``.

>>> from apps.engine.games import five_card_draw
>>> st = start_hand(five_card_draw(), [{"seat": 1, "stack": 2000}, {"seat": 2, "stack": 2000}], button=2)
>>> (st.phase, st.to_act, st.pot_total)
('betting', 1, 20)
>>> st = st.apply({"type": "bet", "seat": 1, "amount": 40}).apply({"type": "fold", "seat": 2})
>>> (st.phase, st.stacks())
('finished', {1: 2010, 2: 1990})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from apps.engine.errors import ActionError
from apps.engine.events import validate_event
from apps.engine.games import Game
from apps.engine.handlers import apply_event
from apps.engine.legal import legal_actions
from apps.engine.progress import begin_deal
from apps.engine.seats import UNKNOWN, SeatState
from apps.engine.state import BETTING, DRAWING, FINISHED, PHASES, SHOWDOWN, HandState, use_rules
from apps.engine.verify import verify

use_rules(apply_event, verify, legal_actions)


def _err(message: str, code: str, rule: str, **detail: Any) -> ActionError:
    return ActionError(message, code=code, rule=rule, detail=detail)


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
    begin_deal(st, fresh=True)
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
        apply_event(st, validate_event(ev if type(ev) is dict or not isinstance(ev, Mapping) else dict(ev)))
    return st


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
    "apply_event",
    "replay",
    "start_hand",
]
