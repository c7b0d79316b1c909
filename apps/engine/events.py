"""The event vocabulary of a hand: JSON-able dicts with a ``"type"``.

A hand moves only by these events (RULES.md §4-7). Amounts are the player's total for the betting
round ("raise to 60"). Cards are text as :mod:`apps.engine.cards` reads it (``"AsKd??"``, ``"Xx"`` the
joker, ``"??"`` unknown). Any event may carry ``"at"`` (an ISO timestamp or epoch number, passed in by the
caller and stored as-is; the engine never reads the clock) and the metadata ``by``, ``note``, ``id``, ``seq``
(ignored by the rules); any other key is refused (``event_invalid``), so a typo like ``amout`` is caught.

=================  ==========================================================  ========================
type               fields                                                      phase
=================  ==========================================================  ========================
fold               seat                                                        betting (also draw/open)
check              seat                                                        betting
call               seat                                                        betting
bet                seat, amount (round total)                                  betting
raise              seat, amount (round total)                                  betting
deal               seat, cards (five, ``??`` allowed)                          any, before showdown end
draw               seat, count, discard?, receive?, shown?                     drawing
show               seat, cards                                                 showdown
muck               seat                                                        showdown
finish_order       order: [[seat, ...], [seat, ...]] best first, ties grouped  showdown
prove_openers      seat, cards (the five cards held when opening)              after opening
reshuffle          (declared by the dealer)                                    drawing
timeout            seat                                                        betting/drawing/showdown
=================  ==========================================================  ========================

>>> raise_to(3, 60)
{'type': 'raise', 'seat': 3, 'amount': 60}
>>> validate_event({"type": "draw", "seat": 2, "count": 0})["count"]
0
"""

from __future__ import annotations

from typing import Any

from apps.engine.errors import ActionError

Event = dict[str, Any]

FOLD = "fold"
CHECK = "check"
CALL = "call"
BET = "bet"
RAISE = "raise"
DEAL = "deal"
DRAW = "draw"
SHOW = "show"
MUCK = "muck"
FINISH_ORDER = "finish_order"
PROVE_OPENERS = "prove_openers"
RESHUFFLE = "reshuffle"
TIMEOUT = "timeout"

#: type -> (required fields, optional fields), besides "type" and "at"
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    FOLD: (("seat",), ()),
    CHECK: (("seat",), ()),
    CALL: (("seat",), ()),
    BET: (("seat", "amount"), ()),
    RAISE: (("seat", "amount"), ()),
    DEAL: (("seat", "cards"), ()),
    DRAW: (("seat", "count"), ("discard", "receive", "shown")),
    SHOW: (("seat", "cards"), ()),
    MUCK: (("seat",), ()),
    FINISH_ORDER: (("order",), ()),
    PROVE_OPENERS: (("seat", "cards"), ()),
    RESHUFFLE: ((), ()),
    TIMEOUT: (("seat",), ()),
}
#: metadata any event may carry, stored or ignored by the engine ("at" becomes ``HandState.last_at``)
META_FIELDS = ("at", "by", "note", "id", "seq")
EVENT_TYPES = tuple(FIELDS)
BETTING_TYPES = (FOLD, CHECK, CALL, BET, RAISE)
_INT_FIELDS = ("seat", "amount", "count")
_CARD_FIELDS = ("cards", "discard", "receive", "shown")


def _bad(message: str, event: Any, **detail: Any) -> ActionError:
    return ActionError(message, code="event_invalid", rule="RULES.md §4-7", detail={"event": event, **detail})


#: type -> (every key allowed, required keys, whole-number fields, card fields); built once
_SHAPES: dict[str, tuple[frozenset[str], frozenset[str], tuple[str, ...], tuple[str, ...]]] = {
    kind: (
        frozenset({"type", *META_FIELDS, *required, *optional}),
        frozenset(required),
        tuple(f for f in _INT_FIELDS if f in required or f in optional),
        tuple(f for f in _CARD_FIELDS if f in required or f in optional),
    )
    for kind, (required, optional) in FIELDS.items()
    if kind != FINISH_ORDER
}


def validate_event(event: Any) -> Event:
    """Check an event's shape (not its legality) and return it as a plain dict.

    >>> validate_event({"type": "bet", "seat": 1, "amount": 20, "at": "2026-01-01T10:00:00Z"})["amount"]
    20
    """
    # The common case, checked in one pass; anything unusual goes through the full check below.
    if type(event) is dict:
        kind = event.get("type")
        shape = _SHAPES.get(kind) if type(kind) is str else None
        if shape is not None:
            allowed, required, ints, cards = shape
            if allowed.issuperset(event) and event.keys() >= required:
                for f in ints:
                    if f in event:
                        v = event[f]
                        if type(v) is not int or v < 0:
                            return _validate_slow(event)
                for f in cards:
                    if f in event:
                        v = event[f]
                        if v is not None and not isinstance(v, (str, list, tuple)):
                            return _validate_slow(event)
                return dict(event)
    return _validate_slow(event)


def _validate_slow(event: Any) -> Event:
    if not isinstance(event, dict) or event.get("type") not in FIELDS:
        raise _bad(f"unknown event {event!r}; types are {', '.join(EVENT_TYPES)}", event)
    required, optional = FIELDS[event["type"]]
    allowed = {"type", *META_FIELDS, *required, *optional}
    missing = [f for f in required if f not in event]
    extra = [f for f in event if f not in allowed]
    if missing or extra:
        raise _bad(
            f"{event['type']} event: missing {missing}, unexpected {extra}",
            event,
            missing=missing,
            unexpected=extra,
        )
    for f in _INT_FIELDS:
        if f in event and (isinstance(event[f], bool) or not isinstance(event[f], int) or event[f] < 0):
            raise _bad(f"{event['type']} event: {f} must be a whole number >= 0", event, field=f)
    for f in _CARD_FIELDS:
        if f in event and event[f] is not None and not isinstance(event[f], (str, list, tuple)):
            raise _bad(f"{event['type']} event: {f} must be card text", event, field=f)
    if event["type"] == FINISH_ORDER:
        order = event["order"]
        ok = isinstance(order, list) and all(
            isinstance(g, list) and g and all(isinstance(s, int) and not isinstance(s, bool) for s in g)
            for g in order
        )
        if not ok:
            raise _bad("finish_order: order must be a list of non-empty lists of seats", event)
    return dict(event)


def fold(seat: int) -> Event:
    """``fold(2)`` → ``{"type": "fold", "seat": 2}``."""
    return {"type": FOLD, "seat": seat}


def check(seat: int) -> Event:
    """``check(2)`` → ``{"type": "check", "seat": 2}``."""
    return {"type": CHECK, "seat": seat}


def call(seat: int) -> Event:
    """``call(2)`` → ``{"type": "call", "seat": 2}``."""
    return {"type": CALL, "seat": seat}


def bet(seat: int, amount: int) -> Event:
    """``bet(2, 20)`` → ``{"type": "bet", "seat": 2, "amount": 20}``."""
    return {"type": BET, "seat": seat, "amount": amount}


def raise_to(seat: int, amount: int) -> Event:
    """``raise_to(2, 60)`` → ``{"type": "raise", "seat": 2, "amount": 60}`` (amount = round total)."""
    return {"type": RAISE, "seat": seat, "amount": amount}


def deal(seat: int, cards: str) -> Event:
    """``deal(1, "AsKsQsJsTs")`` makes seat 1's cards known."""
    return {"type": DEAL, "seat": seat, "cards": cards}


def draw(
    seat: int, count: int, *, discard: str | None = None, receive: str | None = None, shown: str | None = None
) -> Event:
    """``draw(1, 0)`` stands pat; ``draw(1, 2, discard="2c3d", receive="??Ah")``.

    >>> draw(1, 4, shown="As")["shown"]
    'As'
    """
    ev: Event = {"type": DRAW, "seat": seat, "count": count}
    if discard is not None:
        ev["discard"] = discard
    if receive is not None:
        ev["receive"] = receive
    if shown is not None:
        ev["shown"] = shown
    return ev


def show(seat: int, cards: str) -> Event:
    """``show(1, "7s5d4c3h2d")``."""
    return {"type": SHOW, "seat": seat, "cards": cards}


def muck(seat: int) -> Event:
    """``muck(1)``."""
    return {"type": MUCK, "seat": seat}


def finish_order(*groups: list[int]) -> Event:
    """``finish_order([3], [1, 2])``: seat 3 best, seats 1 and 2 tie behind."""
    return {"type": FINISH_ORDER, "order": [list(g) for g in groups]}


def prove_openers(seat: int, cards: str) -> Event:
    """``prove_openers(4, "JcJd9s5h2c")``."""
    return {"type": PROVE_OPENERS, "seat": seat, "cards": cards}


def reshuffle() -> Event:
    """``reshuffle()`` → ``{"type": "reshuffle"}``."""
    return {"type": RESHUFFLE}


def timeout(seat: int) -> Event:
    """``timeout(5)``: check if allowed else fold; in a draw, stand pat; at showdown, muck."""
    return {"type": TIMEOUT, "seat": seat}
