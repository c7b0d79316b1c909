"""The showdown: who shows next, shows, mucks and the dealer's finishing order (RULES.md §5-7).

Shows and mucks are accepted in any order; a muck (or a timeout) gives up the seat's claim, and the last
claimant wins without showing. What is refused is decided in :mod:`apps.engine.checks`; these functions
apply what it allowed, then end the hand through :func:`~apps.engine.settle.settle` once it is decided.
"""

from __future__ import annotations

from apps.engine.known import fold_hand, set_cards
from apps.engine.seats import SeatState
from apps.engine.settle import settle
from apps.engine.state import SHOWDOWN, HandState


def start_showdown(st: HandState) -> None:
    st.phase, st.pending = SHOWDOWN, None
    first = st.last_aggressor
    if first is None or not st.seat(first).live:
        first = next(s.seat for s in st.clockwise_after(st.button) if s.live)
    st.to_act = first
    resolve_if_ready(st)


def resolve_if_ready(st: HandState) -> None:
    live = st.live_seats()
    if len(live) == 1 or all(s.showdown == "shown" for s in live):
        settle(st)
        return
    for s in st.clockwise_after(st.to_act or st.button, inclusive=True):
        if s.live and s.showdown is None:
            st.to_act = s.seat
            return


def commit_show(st: HandState, s: SeatState, cards: list[str]) -> None:
    """The seat shows ``cards`` (checked: ``checks.check_show``)."""
    set_cards(s, cards)
    st.muck_known.extend(s.unplaced)  # not in the shown hand: they were thrown in a draw
    s.unplaced = []
    s.showdown = "shown"
    resolve_if_ready(st)


def commit_muck(st: HandState, s: SeatState) -> None:
    """The seat gives up its claim (checked: ``checks.check_muck``)."""
    s.showdown = "mucked"
    fold_hand(st, s)
    resolve_if_ready(st)


def commit_finish_order(st: HandState, order: list[list[int]]) -> None:
    """The dealer's finishing order decides the hand (checked: ``checks.check_finish_order``)."""
    st.finish_order = [list(g) for g in order]
    settle(st)


__all__ = ["commit_finish_order", "commit_muck", "commit_show", "resolve_if_ready", "start_showdown"]
