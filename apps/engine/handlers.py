"""Applying an event: each handler runs its check (:mod:`apps.engine.checks`) first, then changes the state
by what the check returned, with no check of its own, then moves the hand on (:mod:`apps.engine.progress`).

:func:`apply_event` changes a :class:`~apps.engine.state.HandState` in place: ``HandState.apply`` passes a
copy, ``hand.replay`` its own fresh state.

>>> from apps.engine.games import five_card_draw
>>> from apps.engine.hand import start_hand
>>> st = start_hand(five_card_draw(), [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}], button=2)
>>> apply_event(st, {"type": "fold", "seat": 1})
>>> (st.phase, st.stacks())
('finished', {1: 90, 2: 110})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.engine import betting as bt
from apps.engine.checks import (
    check_bet,
    check_call,
    check_check,
    check_deal,
    check_draw,
    check_finish_order,
    check_finished,
    check_fold,
    check_muck,
    check_prove,
    check_raise,
    check_reshuffle_event,
    check_show,
    check_timeout,
)
from apps.engine.errors import CardError
from apps.engine.known import DrawPlan, commit_draw, commit_reshuffle, fold_hand, set_cards
from apps.engine.progress import kill, progress_betting, progress_draw, wager
from apps.engine.seats import SeatState
from apps.engine.settle import settle
from apps.engine.showdown import commit_finish_order, commit_muck, commit_show
from apps.engine.state import DRAWING, SHOWDOWN, HandState

# --- betting ---------------------------------------------------------------------------------------


def commit_fold(st: HandState, s: SeatState) -> None:
    """A fold ``checks.check_fold`` allowed: in a draw, in a betting round, or a muck at the showdown."""
    if st.phase == SHOWDOWN:
        commit_muck(st, s)
        return
    fold_hand(st, s)
    if st.phase == DRAWING:
        progress_draw(st, s.seat)
    else:
        progress_betting(st, s.seat)


def commit_check(st: HandState, s: SeatState) -> None:
    s.acted_at = st.rnd.current_bet
    progress_betting(st, s.seat)


def commit_call(st: HandState, s: SeatState) -> None:
    """A call never raises the bet: only the chips are added to the pot (``bt.after_wager`` would agree)."""
    rnd = st.rnd
    current, bet = rnd.current_bet, s.bet
    all_in = bet + s.stack
    total = current if current < all_in else all_in
    added = total - bet
    st.rnd = bt.RoundState(current, rnd.full_level, rnd.increment, rnd.wagers, rnd.pot + added)
    s.stack -= added
    s.bet = total
    s.contributed += added
    s.acted_at = current
    progress_betting(st, s.seat)


def commit_wager(st: HandState, s: SeatState, amount: int) -> None:
    """A bet or raise to ``amount``: the first in the first round opens the pot."""
    wager(st, s, amount)
    st.last_aggressor = s.seat
    if st.opener is None and st.round == 0:
        st.opener, st.opening_cards = s.seat, list(s.cards)
    progress_betting(st, s.seat)


def commit_prove(st: HandState, s: SeatState, ok: bool) -> None:
    """Openers shown (``ok``) settle a hand waiting for them; else the opener's hand is dead."""
    if ok:
        st.openers_proven = True
        if st.pending == "prove_openers":
            st.pending = None
            settle(st)
        return
    st.openers_proven = False
    kill(st, s)


def commit_drawn(st: HandState, s: SeatState, n: int, plan: DrawPlan) -> None:
    commit_draw(st, s, n, plan)
    progress_draw(st, s.seat)


# --- one handler per event kind --------------------------------------------------------------------


def apply_fold(st: HandState, ev: dict[str, Any]) -> None:
    commit_fold(st, check_fold(st, ev))


def apply_check(st: HandState, ev: dict[str, Any]) -> None:
    commit_check(st, check_check(st, ev))


def apply_call(st: HandState, ev: dict[str, Any]) -> None:
    commit_call(st, check_call(st, ev))


def apply_bet(st: HandState, ev: dict[str, Any]) -> None:
    commit_wager(st, check_bet(st, ev), ev["amount"])


def apply_raise(st: HandState, ev: dict[str, Any]) -> None:
    commit_wager(st, check_raise(st, ev), ev["amount"])


def apply_draw(st: HandState, ev: dict[str, Any]) -> None:
    s, n, plan = check_draw(st, ev)
    commit_drawn(st, s, n, plan)


def apply_deal(st: HandState, ev: dict[str, Any]) -> None:
    s, cards = check_deal(st, ev)
    set_cards(s, cards)


def apply_show(st: HandState, ev: dict[str, Any]) -> None:
    s, cards = check_show(st, ev)
    commit_show(st, s, cards)


def apply_muck(st: HandState, ev: dict[str, Any]) -> None:
    commit_muck(st, check_muck(st, ev))


def apply_finish_order(st: HandState, ev: dict[str, Any]) -> None:
    commit_finish_order(st, check_finish_order(st, ev))


def apply_prove_openers(st: HandState, ev: dict[str, Any]) -> None:
    s, ok = check_prove(st, ev)
    commit_prove(st, s, ok)


def apply_reshuffle(st: HandState, ev: dict[str, Any]) -> None:
    check_reshuffle_event(st, ev)
    commit_reshuffle(st)


def apply_timeout(st: HandState, ev: dict[str, Any]) -> None:
    """The event the timeout stands for (checked by ``checks.check_timeout``), applied."""
    stand, plan = check_timeout(st, ev)
    kind = stand["type"]
    if kind == "check":
        assert isinstance(plan, SeatState)
        commit_check(st, plan)
    elif kind == "fold" or kind == "muck":
        assert isinstance(plan, SeatState)
        commit_fold(st, plan) if kind == "fold" else commit_muck(st, plan)
    elif kind == "draw":
        assert isinstance(plan, tuple)
        commit_drawn(st, plan[0], plan[1], plan[2])
    elif kind == "prove_openers":
        assert isinstance(plan, tuple)
        commit_prove(st, plan[0], plan[1])
    else:  # a show of five known cards
        assert isinstance(plan, tuple)
        commit_show(st, plan[0], plan[1])


#: the handler of each event kind
HANDLERS: dict[str, Callable[[HandState, dict[str, Any]], None]] = {
    "fold": apply_fold,
    "check": apply_check,
    "call": apply_call,
    "bet": apply_bet,
    "raise": apply_raise,
    "draw": apply_draw,
    "deal": apply_deal,
    "show": apply_show,
    "muck": apply_muck,
    "finish_order": apply_finish_order,
    "prove_openers": apply_prove_openers,
    "reshuffle": apply_reshuffle,
    "timeout": apply_timeout,
}


def apply_event(st: HandState, ev: dict[str, Any]) -> None:
    """Apply a validated event to ``st`` in place (``HandState.apply`` passes a copy; a replay its own)."""
    kind = ev["type"]
    check_finished(st, kind)
    try:
        HANDLERS[kind](st, ev)
    except CardError as e:  # a card typo names the seat too
        e.detail.setdefault("seat", ev.get("seat"))
        raise
    st.events += 1
    if "at" in ev:
        st.last_at = ev["at"]


__all__ = ["HANDLERS", "apply_event"]
