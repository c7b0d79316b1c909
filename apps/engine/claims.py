"""The checks of what seats claim with their cards (RULES.md §1, §5-7): cards dealt, shows, mucks, the
dealer's finishing order and the opener's proof. Each raises the typed refusal and changes nothing; it
returns what the handler needs (:mod:`apps.engine.checks` holds the betting and draw checks, and dispatch).
"""

from __future__ import annotations

from typing import Any

from apps.engine.errors import ActionError
from apps.engine.known import RULE_CARDS, RULE_PHASE, check_merge, tokens
from apps.engine.seats import UNKNOWN, SeatState
from apps.engine.settle import RULE_OPENERS, meets_openers
from apps.engine.state import FINISHED, SHOWDOWN, HandState

RULE_NO_BET = "RULES.md §6 (no-bet mode)"


def _err(message: str, code: str, rule: str, **detail: Any) -> ActionError:
    return ActionError(message, code=code, rule=rule, detail=detail)


def check_deal(st: HandState, ev: dict[str, Any]) -> tuple[SeatState, list[str]]:
    """Cards dealt to (learned for) a live seat: the seat and the cards read."""
    s = st.seat(ev["seat"])
    if st.phase == FINISHED or not s.live:
        raise _err(
            f"seat {s.seat} has no live hand to deal to",
            "wrong_phase",
            RULE_PHASE,
            seat=s.seat,
            phase=st.phase,
        )
    cards = tokens(st, ev["cards"], count=5)
    check_merge(st, s, cards)
    return s, cards


def claimant(st: HandState, seat: int, kind: str) -> SeatState:
    """The seat, if it may still show or muck at the showdown."""
    s = st.seat(seat)
    if st.phase != SHOWDOWN or st.pending is not None:
        code_phase = st.phase if st.pending is None else "awaiting prove_openers"
        raise _err(
            f"{kind} is not possible now ({code_phase})",
            "wrong_phase",
            RULE_PHASE,
            seat=seat,
            phase=st.phase,
            pending=st.pending,
        )
    if not s.live or s.showdown is not None:
        raise _err(f"seat {seat} has no hand to {kind}", "seat_not_in_showdown", "RULES.md §6-7", seat=seat)
    return s


def check_show(st: HandState, ev: dict[str, Any]) -> tuple[SeatState, list[str]]:
    s = claimant(st, ev["seat"], "show")
    cards = tokens(st, ev["cards"], count=5, unknown=False)
    check_merge(st, s, cards)
    return s, cards


def check_muck(st: HandState, ev: dict[str, Any]) -> SeatState:
    """A muck (or a fold) at the showdown: refused in the no-bet mode, where everyone draws and shows."""
    if not st.game.betting:
        raise _err(
            "no mucking in the no-bet mode: everyone draws and shows",
            "muck_not_allowed",
            RULE_NO_BET,
            seat=ev["seat"],
        )
    return claimant(st, ev["seat"], "muck")


def check_finish_order(st: HandState, ev: dict[str, Any]) -> list[list[int]]:
    order: list[list[int]] = ev["order"]
    if st.phase != SHOWDOWN or st.pending is not None:
        raise _err(
            "a finishing order is given only at the showdown",
            "wrong_phase",
            RULE_PHASE,
            phase=st.phase,
            pending=st.pending,
        )
    flat = [seat for group in order for seat in group]
    live = sorted(s.seat for s in st.live_seats())
    if sorted(flat) != live:
        raise _err(
            f"the finishing order must list each live seat once: {live}",
            "finish_order_invalid",
            "RULES.md §5-7",
            order=order,
            live=live,
        )
    return order


def check_prove(st: HandState, ev: dict[str, Any], *, failed: bool = False) -> tuple[SeatState, bool]:
    """The opener shows its openers (``failed``: it cannot, on a timeout): the seat and whether they open."""
    seat = ev["seat"]
    s = st.seat(seat)
    if (
        st.game.opening != "jacks-or-better"
        or st.opener != seat
        or st.openers_proven is not None
        or st.phase == FINISHED
        or not s.live
    ):
        raise _err(
            f"seat {seat} has no openers to prove",
            "prove_not_allowed",
            RULE_OPENERS,
            seat=seat,
            opener=st.opener,
        )
    if failed:
        return s, False
    cards = tokens(st, ev["cards"], count=5, unknown=False)
    known = [c for c in (st.opening_cards or []) if c != UNKNOWN]
    if any(c not in cards for c in known):
        raise _err(
            f"seat {seat} opened holding {' '.join(known)}",
            "card_mismatch",
            RULE_OPENERS,
            seat=seat,
            cards="".join(cards),
        )
    for c in cards:
        for o in st.seats:
            if o.seat != seat and c in o.cards:
                raise _err(
                    f"{c} is known in seat {o.seat}'s hand",
                    "card_conflict",
                    RULE_CARDS,
                    seat=seat,
                    card=c,
                    holder=o.seat,
                )
    return s, meets_openers(cards, st.game.ranking)


def check_prove_openers(st: HandState, ev: dict[str, Any]) -> tuple[SeatState, bool]:
    return check_prove(st, ev)


__all__ = [
    "RULE_NO_BET",
    "check_deal",
    "check_finish_order",
    "check_muck",
    "check_prove",
    "check_prove_openers",
    "check_show",
    "claimant",
]
