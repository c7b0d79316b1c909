"""Every rule that refuses an event, written once (RULES.md §4-7): ``check_<kind>(state, event)``.

Each check takes a validated event (:func:`apps.engine.events.validate_event`), raises the typed refusal
(``code``, ``rule``, ``detail``) and changes nothing; when the event is allowed it returns what the handler
needs to apply it without checking again (the seat, the cards read, a draw's plan). The handlers
(:mod:`apps.engine.handlers`) run these first; :mod:`apps.engine.verify` (``verify_<kind>``, ``can_<kind>``)
and :mod:`apps.engine.legal` ask them too, so a rule is never written twice.

Rule choices made here: folding when a check is possible is allowed (binding, as TDA treats it); a bet or
raise needs someone who could put in more; in the no-bet mode no one folds or mucks; a timeout checks if it
can (else folds), stands pat in a draw, fails the openers' proof, and at the showdown shows five known cards
(cards speak), else mucks.

>>> from apps.engine.games import five_card_draw
>>> from apps.engine.hand import start_hand
>>> st = start_hand(five_card_draw(), [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}], button=2)
>>> check_event(st, {"type": "check", "seat": 2})
Traceback (most recent call last):
apps.engine.errors.ActionError: not seat 2's turn: seat 1 is to act
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.engine import betting as bt
from apps.engine.cards import parse_cards, rank_of
from apps.engine.claims import (
    RULE_NO_BET,
    check_deal,
    check_finish_order,
    check_muck,
    check_prove,
    check_prove_openers,
    check_show,
    claimant,
)
from apps.engine.errors import ActionError, BettingError, CardError
from apps.engine.known import RULE_PHASE, RULE_TURN, DrawPlan, check_reshuffle, plan_draw, tokens
from apps.engine.seats import UNKNOWN, SeatState
from apps.engine.settle import RULE_OPENERS, meets_openers
from apps.engine.state import BETTING, DRAWING, FINISHED, SHOWDOWN, HandState

RULE_DRAW = "RULES.md §6 (draw limit)"


def _err(message: str, code: str, rule: str, **detail: Any) -> ActionError:
    return ActionError(message, code=code, rule=rule, detail=detail)


# --- whose turn ------------------------------------------------------------------------------------


def require_turn(st: HandState, seat: int, phase: str, kind: str) -> SeatState:
    """The seat, if the hand is in ``phase`` and it is the seat's turn; else the refusal."""
    s = st.seat(seat)
    if st.phase == phase and st.to_act == seat:
        return s
    if st.phase != phase:
        raise _err(
            f"{kind} is not possible now: the hand is in the {st.phase} phase",
            "wrong_phase",
            RULE_PHASE,
            seat=seat,
            phase=st.phase,
            event=kind,
        )
    raise _err(
        f"not seat {seat}'s turn: seat {st.to_act} is to act",
        "not_your_turn",
        RULE_TURN,
        seat=seat,
        to_act=st.to_act,
    )


def _betting_seat(st: HandState, seat: int, kind: str) -> SeatState:
    if st.to_act == seat and st.phase == BETTING:  # require_turn's checks, passed: the usual case
        return st.seats[st.table.index[seat]]
    return require_turn(st, seat, BETTING, kind)


# --- betting ---------------------------------------------------------------------------------------


def check_opener(st: HandState, s: SeatState) -> None:
    """Jacks or better: a first bet by a seat whose five known cards do not open is refused."""
    if st.round != 0 or st.opener is not None or st.game.opening != "jacks-or-better":
        return
    if UNKNOWN not in s.cards and not meets_openers(s.cards, st.game.ranking):
        raise _err(
            f"seat {s.seat} cannot open: jacks or better are needed",
            "openers_required",
            RULE_OPENERS,
            seat=s.seat,
            cards="".join(s.cards),
        )


def has_opponent(st: HandState, s: SeatState) -> bool:
    """A bet or raise needs someone who could put in more than the current bet (else it is pointless)."""
    current = st.rnd.current_bet
    for o in st.seats:  # noqa: SIM110 - a plain loop: any() would add a generator per event
        if not o.folded and o.stack > 0 and o.bet + o.stack > current and o is not s:
            return True
    return False


def check_check(st: HandState, ev: dict[str, Any]) -> SeatState:
    s = _betting_seat(st, ev["seat"], "check")
    if st.rnd.current_bet > s.bet:
        bt.verify_check(st.rnd, st.wagerer(s))  # raises check_not_allowed
    return s


def check_call(st: HandState, ev: dict[str, Any]) -> SeatState:
    s = _betting_seat(st, ev["seat"], "call")
    if st.rnd.current_bet <= s.bet:
        bt.verify_call(st.rnd, st.wagerer(s))  # raises call_not_allowed
    return s


def check_bet(st: HandState, ev: dict[str, Any]) -> SeatState:
    s = _betting_seat(st, ev["seat"], "bet")
    bt.verify_bet(st.table.limits[st.round], st.rnd, st.wagerer(s), ev["amount"])
    check_opener(st, s)
    return s


def check_raise(st: HandState, ev: dict[str, Any]) -> SeatState:
    seat = ev["seat"]
    s = _betting_seat(st, seat, "raise")
    bt.verify_raise(st.table.limits[st.round], st.rnd, st.wagerer(s), ev["amount"], heads_up=st.heads_up())
    if not has_opponent(st, s):
        raise BettingError(
            "nobody left could call a raise: every other player is all-in or has no more than the bet",
            code="raise_not_allowed",
            rule="RULES.md §4",
            detail={"seat": seat, "amount": ev["amount"], "reason": "no_opponent"},
        )
    return s


def check_fold(st: HandState, ev: dict[str, Any]) -> SeatState:
    """A fold: in a betting round by the seat to act; in a draw by the seat to draw (not in the no-bet
    mode); at the showdown it is a muck."""
    if st.phase == DRAWING:
        s = require_turn(st, ev["seat"], DRAWING, "fold")
        if not st.game.betting:
            raise _err(
                "no folding in the no-bet mode: everyone draws and shows",
                "fold_not_allowed",
                RULE_NO_BET,
                seat=s.seat,
            )
        return s
    if st.phase == SHOWDOWN:
        return check_muck(st, ev)
    return _betting_seat(st, ev["seat"], "fold")


# --- draws -----------------------------------------------------------------------------------------


def check_draw(st: HandState, ev: dict[str, Any]) -> tuple[SeatState, int, DrawPlan]:
    """The seat, the number of cards and the draw's plan (:func:`~apps.engine.known.plan_draw`)."""
    seat = ev["seat"]
    if st.to_act == seat and st.phase == DRAWING:  # require_turn's checks, passed
        s = st.seats[st.table.index[seat]]
    else:
        s = require_turn(st, seat, DRAWING, "draw")
    n: int = ev["count"]
    g = st.game
    if n > st.table.max_draw:
        raise _err(
            f"seat {seat} may draw at most {g.max_draw} cards, not {n}",
            "draw_too_many",
            RULE_DRAW if g.kind == "five-card-draw" else "RULES.md §7",
            seat=seat,
            amount=n,
            minimum=0,
            maximum=g.max_draw,
        )
    if (
        n == 4
        and g.draw_limit == "3-or-4-with-ace"
        and not any(
            rank_of(parse_cards(c)[0]) in ("A", None)
            for c in (tokens(st, ev["shown"], unknown=False) if ev.get("shown") else [])
        )
    ):
        raise _err(
            f"seat {seat} may draw four only by showing the kept ace or joker",
            "draw_needs_ace_shown",
            RULE_DRAW,
            seat=seat,
            amount=n,
            maximum=3,
        )
    return s, n, plan_draw(st, s, n, ev)


def check_reshuffle_event(st: HandState, ev: dict[str, Any]) -> None:
    check_reshuffle(st)


# --- timeouts --------------------------------------------------------------------------------------


def check_timeout(st: HandState, ev: dict[str, Any]) -> tuple[dict[str, Any], object]:
    """The event a timeout stands for and what its own check returned: a check (else a fold), a draw
    standing pat, a failed openers' proof, a show of five known cards (cards speak), else a muck."""
    seat = ev["seat"]
    if st.phase == BETTING:
        s = require_turn(st, seat, BETTING, "timeout")
        stand = {"type": "check" if bt.can_check(st.rnd, st.wagerer(s)) else "fold", "seat": seat}
        return stand, CHECKS[stand["type"]](st, stand)
    if st.phase == DRAWING:
        stand = {"type": "draw", "seat": seat, "count": 0}
        return stand, check_draw(st, stand)
    if st.phase == SHOWDOWN and st.pending == "prove_openers":
        if seat != st.opener:
            raise _err(
                f"not seat {seat}'s turn: seat {st.opener} must prove openers",
                "not_your_turn",
                RULE_TURN,
                seat=seat,
                to_act=st.opener,
            )
        stand = {"type": "prove_openers", "seat": seat}
        return stand, check_prove(st, stand, failed=True)
    if st.phase == SHOWDOWN:
        s = st.seat(seat)
        if s.live and s.showdown is None and UNKNOWN not in s.cards:  # known cards speak for themselves
            stand = {"type": "show", "seat": seat, "cards": "".join(s.cards)}
            return stand, check_show(st, stand)
        # a timeout mucks even in the no-bet mode: the seat cannot show cards nobody knows
        return {"type": "muck", "seat": seat}, claimant(st, seat, "muck")
    raise _err("the hand is over", "wrong_phase", RULE_PHASE, seat=seat, phase=st.phase)


#: the check of each event kind
CHECKS: dict[str, Callable[[HandState, dict[str, Any]], object]] = {
    "fold": check_fold,
    "check": check_check,
    "call": check_call,
    "bet": check_bet,
    "raise": check_raise,
    "draw": check_draw,
    "deal": check_deal,
    "show": check_show,
    "muck": check_muck,
    "finish_order": check_finish_order,
    "prove_openers": check_prove_openers,
    "reshuffle": check_reshuffle_event,
    "timeout": check_timeout,
}


def check_finished(st: HandState, kind: str) -> None:
    if st.phase == FINISHED:
        raise _err(f"the hand is over; {kind} is not possible", "hand_finished", RULE_PHASE, event=kind)


def check_event(st: HandState, ev: dict[str, Any]) -> object:
    """Refuse a validated event, or return what applying it needs; changes nothing."""
    kind = ev["type"]
    check_finished(st, kind)
    try:
        return CHECKS[kind](st, ev)
    except CardError as e:  # a card typo names the seat too
        e.detail.setdefault("seat", ev.get("seat"))
        raise


__all__ = [
    "CHECKS",
    "RULE_DRAW",
    "check_bet",
    "check_call",
    "check_check",
    "check_deal",
    "check_draw",
    "check_event",
    "check_finish_order",
    "check_finished",
    "check_fold",
    "check_muck",
    "check_opener",
    "check_prove",
    "check_prove_openers",
    "check_raise",
    "check_reshuffle_event",
    "check_show",
    "check_timeout",
    "claimant",
    "has_opponent",
    "require_turn",
]
