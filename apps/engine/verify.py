"""May I, and why not: ``verify_<kind>(state, event)`` raises the refusal ``HandState.apply`` would raise
and changes nothing; ``can_<kind>(state, event)`` says whether it would be accepted. Both run the very
checks the handlers run (:mod:`apps.engine.checks`), after the event's own shape (:mod:`apps.engine.events`).

>>> from apps.engine.games import five_card_draw
>>> from apps.engine.hand import start_hand
>>> st = start_hand(five_card_draw(), [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}], button=2)
>>> can_check(st, {"type": "check", "seat": 1}), can_bet(st, {"type": "bet", "seat": 1, "amount": 5})
(True, False)
>>> verify_call(st, {"type": "call", "seat": 1})
Traceback (most recent call last):
apps.engine.errors.BettingError: seat 1 has nothing to call; check instead
"""

from __future__ import annotations

from collections.abc import Mapping

from apps.engine.checks import check_event
from apps.engine.errors import ActionError, EngineError
from apps.engine.events import EVENT_TYPES, validate_event
from apps.engine.state import HandState


def verify(st: HandState, event: object) -> None:
    """Raise the typed error :meth:`HandState.apply` would raise for ``event``; None if it is legal."""
    check_event(
        st, validate_event(event if type(event) is dict or not isinstance(event, Mapping) else dict(event))
    )


def _verify_kind(st: HandState, event: object, kind: str) -> None:
    if not isinstance(event, Mapping) or event.get("type") != kind:
        raise ActionError(
            f"a {kind} check needs a {kind} event, not {event!r}",
            code="event_invalid",
            rule="RULES.md §4-7",
            detail={"event": repr(event), "expected": kind},
        )
    verify(st, event)


def can_apply(st: HandState, event: object) -> bool:
    """True if :meth:`HandState.apply` would accept ``event``."""
    try:
        verify(st, event)
    except EngineError:
        return False
    return True


def _can_kind(st: HandState, event: object, kind: str) -> bool:
    try:
        _verify_kind(st, event, kind)
    except EngineError:
        return False
    return True


def verify_fold(st: HandState, event: object) -> None:
    _verify_kind(st, event, "fold")


def verify_check(st: HandState, event: object) -> None:
    _verify_kind(st, event, "check")


def verify_call(st: HandState, event: object) -> None:
    _verify_kind(st, event, "call")


def verify_bet(st: HandState, event: object) -> None:
    _verify_kind(st, event, "bet")


def verify_raise(st: HandState, event: object) -> None:
    _verify_kind(st, event, "raise")


def verify_draw(st: HandState, event: object) -> None:
    _verify_kind(st, event, "draw")


def verify_deal(st: HandState, event: object) -> None:
    _verify_kind(st, event, "deal")


def verify_show(st: HandState, event: object) -> None:
    _verify_kind(st, event, "show")


def verify_muck(st: HandState, event: object) -> None:
    _verify_kind(st, event, "muck")


def verify_finish_order(st: HandState, event: object) -> None:
    _verify_kind(st, event, "finish_order")


def verify_prove_openers(st: HandState, event: object) -> None:
    _verify_kind(st, event, "prove_openers")


def verify_reshuffle(st: HandState, event: object) -> None:
    _verify_kind(st, event, "reshuffle")


def verify_timeout(st: HandState, event: object) -> None:
    _verify_kind(st, event, "timeout")


def can_fold(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "fold")


def can_check(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "check")


def can_call(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "call")


def can_bet(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "bet")


def can_raise(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "raise")


def can_draw(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "draw")


def can_deal(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "deal")


def can_show(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "show")


def can_muck(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "muck")


def can_finish_order(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "finish_order")


def can_prove_openers(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "prove_openers")


def can_reshuffle(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "reshuffle")


def can_timeout(st: HandState, event: object) -> bool:
    return _can_kind(st, event, "timeout")


#: ``{kind: (verify_<kind>, can_<kind>)}`` for every event kind
BY_KIND = {
    "fold": (verify_fold, can_fold),
    "check": (verify_check, can_check),
    "call": (verify_call, can_call),
    "bet": (verify_bet, can_bet),
    "raise": (verify_raise, can_raise),
    "draw": (verify_draw, can_draw),
    "deal": (verify_deal, can_deal),
    "show": (verify_show, can_show),
    "muck": (verify_muck, can_muck),
    "finish_order": (verify_finish_order, can_finish_order),
    "prove_openers": (verify_prove_openers, can_prove_openers),
    "reshuffle": (verify_reshuffle, can_reshuffle),
    "timeout": (verify_timeout, can_timeout),
}
assert set(BY_KIND) == set(EVENT_TYPES), "every event kind has its verify_ and can_"
