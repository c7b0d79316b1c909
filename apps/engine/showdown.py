"""The showdown and the end of a hand: shows, mucks, the dealer's finishing order, strengths, the award
through :mod:`apps.engine.pots`, no-bet points, and the opener's proof (RULES.md §5-7).

Used by the hand state machine (:mod:`apps.engine.flow`): ``settle`` either writes the hand's ``result`` (and
the stacks) or leaves the hand waiting for the opener to prove openers. Shows and mucks are accepted in any
order; a muck (or a timeout) gives up the seat's claim, and the last claimant wins without showing.

>>> meets_openers("JcJd4h3s2c", "high"), meets_openers("TcTd4h3s2c", "high")
(True, False)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from apps.engine.errors import ActionError
from apps.engine.hand import SHOWDOWN, HandState, SeatState
from apps.engine.known import RULE_PHASE, fold_hand, merge_known, tokens
from apps.engine.pots import FinishingRank, PotPlayer, resolve_pots
from apps.engine.ranking import HandValue, evaluate

RULE_OPENERS = "RULES.md §6 (jacks or better); RRoP Jacks-or-better"
RULE_SHOWDOWN = "RULES.md §5-7"
_JACKS_MIN = "JcJd4h3s2c"


def _err(message: str, code: str, rule: str, **detail: Any) -> ActionError:
    return ActionError(message, code=code, rule=rule, detail=detail)


@cache
def _jacks_threshold(ranking: str) -> HandValue:
    return evaluate(_JACKS_MIN, ranking)


def meets_openers(cards: str | list[str], ranking: str) -> bool:
    """Does a five-card hand hold a pair of jacks or better (RULES.md §6)?

    >>> meets_openers("5c5d3h3s2c", "high"), meets_openers("JcXx9h3s2c", "high")
    (True, True)
    """
    text = cards if isinstance(cards, str) else "".join(cards)
    return evaluate(text, ranking) >= _jacks_threshold(ranking)


def _strengths(st: HandState) -> dict[int, Any]:
    """Showdown strength of each live seat: the dealer's finishing order, else the shown hand's value."""
    live = [s for s in st.seats if s.live]
    if len(live) < 2:
        return {}
    if st.finish_order is not None:
        rank = {seat: i + 1 for i, group in enumerate(st.finish_order) for seat in group}
        return {s.seat: FinishingRank(rank[s.seat]) for s in live}
    return {s.seat: evaluate("".join(s.cards), st.game.ranking) for s in live}


def _seat_map(d: Any) -> dict[str, int]:
    return {str(k): int(v) for k, v in dict(d).items()}


def settle(st: HandState) -> None:
    """Award the hand (or ask the opener to prove openers first). Writes ``st.result`` and the stacks."""
    strengths = _strengths(st)
    live = [s for s in st.seats if s.live]
    if not st.game.betting:
        _settle_points(st, strengths)
        return
    players = [
        PotPlayer(
            s.seat,
            s.contributed - s.dead_posted,
            folded=not s.live,
            strength=strengths.get(s.seat),
            name=s.name,
            dead=s.dead_posted,  # the big-blind ante: dead money in the main pot (RULES.md §4)
        )
        for s in st.seats
    ]
    res = resolve_pots(players, button=st.button, smallest_chip=st.game.smallest_chip)
    received = dict(res.received)
    pots = [
        {
            "name": p.name,
            "amount": p.amount,
            "eligible": list(p.eligible),
            "winners": list(p.winners),
            "shares": _seat_map(p.shares),
            "hand": p.hand,
            "uncontested": p.uncontested,
        }
        for p in res.pots
    ]
    explanation = res.explanation_text()
    opener = st.opener
    if (
        st.game.opening == "jacks-or-better"
        and opener is not None
        and st.openers_proven is not True
        and any(s.seat == opener for s in live)
        and received.get(opener, 0) - res.returned.get(opener, 0) > 0
    ):
        st.pending = "prove_openers"
        st.phase = "showdown"
        st.to_act = opener
        return
    for s in st.seats:
        s.stack += received.get(s.seat, 0)
    st.result = {
        "kind": "pots",
        "returned": _seat_map(res.returned),
        "received": _seat_map(received),
        "net": {str(s.seat): received.get(s.seat, 0) - s.contributed for s in st.seats},
        "pots": pots,
        "hands": {str(seat): str(v) for seat, v in strengths.items()},
        "explanation": explanation,
        "stacks": {str(s.seat): s.stack for s in st.seats},
        "points": None,
    }
    _finish(st)


def _settle_points(st: HandState, strengths: dict[int, Any]) -> None:
    """No-bet mode: the best hand scores 1 point, every tied best hand scores 1 (RULES.md §6)."""
    live = [s for s in st.seats if s.live]
    if len(live) == 1:
        winners = [live[0].seat]
    else:
        best = max(strengths.values())
        winners = [seat for seat, v in strengths.items() if not v < best]
    points = {str(s.seat): int(s.seat in winners) for s in st.seats}
    lines = [
        f"{_label(st, seat)} scores 1 point" + (f" with {strengths[seat]}" if seat in strengths else "")
        for seat in winners
    ]
    st.result = {
        "kind": "points",
        "points": points,
        "winners": winners,
        "hands": {str(seat): str(v) for seat, v in strengths.items()},
        "explanation": lines,
        "stacks": {str(s.seat): s.stack for s in st.seats},
        "received": {str(s.seat): 0 for s in st.seats},
        "net": {str(s.seat): 0 for s in st.seats},
        "returned": {},
        "pots": [],
    }
    _finish(st)


def _label(st: HandState, seat: int) -> str:
    s = st.seat(seat)
    return s.name or f"seat {seat}"


def _finish(st: HandState) -> None:
    st.phase = "finished"
    st.to_act = None
    st.pending = None


# --- showdown events -------------------------------------------------------------------------------------


def start_showdown(st: HandState) -> None:
    st.phase, st.pending = SHOWDOWN, None
    first = st.last_aggressor
    if first is None or not st.seat(first).live:
        first = next(s.seat for s in st._clockwise_after(st.button) if s.live)
    st.to_act = first
    resolve_if_ready(st)


def _claimant(st: HandState, seat: int, kind: str) -> SeatState:
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


def resolve_if_ready(st: HandState) -> None:
    live = st._live()
    if len(live) == 1 or all(s.showdown == "shown" for s in live):
        settle(st)
        return
    for s in st._clockwise_after(st.to_act or st.button, inclusive=True):
        if s.live and s.showdown is None:
            st.to_act = s.seat
            return


def on_show(st: HandState, ev: dict[str, Any]) -> None:
    s = _claimant(st, ev["seat"], "show")
    merge_known(st, s, tokens(st, ev["cards"], count=5, unknown=False))
    st.muck_known.extend(s.unplaced)  # not in the shown hand: they were thrown in a draw
    s.unplaced = []
    s.showdown = "shown"
    resolve_if_ready(st)


def on_muck(st: HandState, seat: int) -> None:
    s = _claimant(st, seat, "muck")
    s.showdown = "mucked"
    fold_hand(st, s)
    resolve_if_ready(st)


def on_finish_order(st: HandState, order: list[list[int]]) -> None:
    if st.phase != SHOWDOWN or st.pending is not None:
        raise _err(
            "a finishing order is given only at the showdown",
            "wrong_phase",
            RULE_PHASE,
            phase=st.phase,
            pending=st.pending,
        )
    flat = [seat for group in order for seat in group]
    live = sorted(s.seat for s in st._live())
    if sorted(flat) != live:
        raise _err(
            f"the finishing order must list each live seat once: {live}",
            "finish_order_invalid",
            "RULES.md §5-7",
            order=order,
            live=live,
        )
    st.finish_order = [list(g) for g in order]
    settle(st)
