"""What may happen next in a hand, with the amounts (``HandState.legal_actions``).

Each action is listed only if its check in :mod:`apps.engine.checks` passes, the very check ``apply`` runs:
what is legal is never derived a second time. The amounts (a call's chips, a bet's or raise's range, the
cards a draw may take) come from :mod:`apps.engine.betting` and the stub.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.engine import betting as bt
from apps.engine.checks import (
    check_bet,
    check_call,
    check_check,
    check_draw,
    check_fold,
    check_muck,
    check_prove,
    check_raise,
    check_reshuffle_event,
    check_timeout,
    claimant,
    has_opponent,
)
from apps.engine.errors import EngineError
from apps.engine.state import BETTING, DRAWING, SHOWDOWN, HandState


def passes(check: Callable[[HandState, dict[str, Any]], object], st: HandState, ev: dict[str, Any]) -> bool:
    """Does ``check`` allow ``ev``?"""
    try:
        check(st, ev)
    except EngineError:
        return False
    return True


def _betting(st: HandState, seat: int, out: list[dict[str, Any]]) -> None:
    s = st.seat(seat)
    rnd, w = st.rnd, st.wagerer(s)
    if passes(check_fold, st, {"type": "fold", "seat": seat}):
        out.append({"type": "fold", "seat": seat})
    if passes(check_check, st, {"type": "check", "seat": seat}):
        out.append({"type": "check", "seat": seat})
    elif passes(check_call, st, {"type": "call", "seat": seat}):
        total = min(rnd.current_bet, w.all_in_total)
        out.append({"type": "call", "seat": seat, "amount": total - s.bet, "to": total})
    lo, hi = bt.wager_range(st.limits(), rnd, w)
    if rnd.current_bet == 0:
        # a bet nobody could call is allowed, but not offered
        if has_opponent(st, s) and passes(check_bet, st, {"type": "bet", "seat": seat, "amount": lo}):
            out.append({"type": "bet", "seat": seat, "min": lo, "max": hi})
    else:
        least = max(lo, rnd.current_bet + 1)
        if passes(check_raise, st, {"type": "raise", "seat": seat, "amount": least}):
            out.append({"type": "raise", "seat": seat, "min": least, "max": hi})
    if passes(check_timeout, st, {"type": "timeout", "seat": seat}):
        out.append({"type": "timeout", "seat": seat})


def legal_actions(st: HandState) -> list[dict[str, Any]]:
    """What may happen next (see ``HandState.legal_actions``)."""
    out: list[dict[str, Any]] = []
    seat = st.to_act
    if st.phase == BETTING and seat is not None:
        _betting(st, seat, out)
    elif st.phase == DRAWING and seat is not None:
        info = st.stub_info()
        if passes(check_draw, st, {"type": "draw", "seat": seat, "count": 0}):
            out.append(
                {
                    "type": "draw",
                    "seat": seat,
                    "min": 0,
                    "max": st.game.max_draw,
                    "show_ace_above": 3 if st.game.draw_limit == "3-or-4-with-ace" else None,
                    "usable": info["usable"],
                }
            )
        if passes(check_fold, st, {"type": "fold", "seat": seat}):
            out.append({"type": "fold", "seat": seat})
        if passes(check_timeout, st, {"type": "timeout", "seat": seat}):
            out.append({"type": "timeout", "seat": seat})
        if passes(check_reshuffle_event, st, {"type": "reshuffle"}):
            out.append({"type": "reshuffle"})
    elif st.phase == SHOWDOWN and st.pending == "prove_openers":
        opener = st.opener
        assert opener is not None  # a hand waits for the proof of the opener's openers
        if passes(lambda st, ev: check_prove(st, ev, failed=True), st, {"seat": opener}):
            out.append({"type": "prove_openers", "seat": opener})
        if passes(check_timeout, st, {"type": "timeout", "seat": opener}):
            out.append({"type": "timeout", "seat": opener})
    elif st.phase == SHOWDOWN:
        for s in st.clockwise_after(st.to_act or st.button, inclusive=True):
            if not passes(lambda st, ev: claimant(st, ev["seat"], "show"), st, {"seat": s.seat}):
                continue
            out.append({"type": "show", "seat": s.seat})
            if passes(check_muck, st, {"type": "muck", "seat": s.seat}):  # no-bet mode: everyone shows
                out.append({"type": "muck", "seat": s.seat})
        out.append({"type": "finish_order", "seats": sorted(s.seat for s in st.live_seats())})
    opener = st.opener
    if (
        st.phase in (BETTING, DRAWING)
        and opener is not None
        and passes(lambda st, ev: check_prove(st, ev, failed=True), st, {"seat": opener})
    ):
        out.append({"type": "prove_openers", "seat": opener})
    return out


__all__ = ["legal_actions", "passes"]
