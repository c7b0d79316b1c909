"""What may happen next in a hand, with the amounts (``HandState.legal_actions``)."""

from __future__ import annotations

from typing import Any

from apps.engine import betting as bt
from apps.engine.errors import ActionError
from apps.engine.flow import _has_opponent, _opener_check
from apps.engine.hand import BETTING, DRAWING, SHOWDOWN, HandState


def legal_actions(st: HandState) -> list[dict[str, Any]]:
    """What may happen next (see ``HandState.legal_actions``)."""
    out: list[dict[str, Any]] = []
    if st.phase == BETTING and st.to_act is not None:
        s = st.seat(st.to_act)
        lim, w = st._limits(), st._wagerer(s)
        out.append({"type": "fold", "seat": s.seat})
        if bt.can_check(st.rnd, w):
            out.append({"type": "check", "seat": s.seat})
        else:
            total = min(st.rnd.current_bet, w.all_in_total)
            out.append({"type": "call", "seat": s.seat, "amount": total - s.bet, "to": total})
        lo, hi = bt.wager_range(lim, st.rnd, w)
        if st.rnd.current_bet == 0 and _has_opponent(st, s):
            try:
                _opener_check(st, s)
                out.append({"type": "bet", "seat": s.seat, "min": lo, "max": hi})
            except ActionError:
                pass
        elif bt.can_raise_at_all(lim, st.rnd, w, heads_up=st._heads_up()) and _has_opponent(st, s):
            out.append({"type": "raise", "seat": s.seat, "min": max(lo, st.rnd.current_bet + 1), "max": hi})
        out.append({"type": "timeout", "seat": s.seat})
    elif st.phase == DRAWING and st.to_act is not None:
        info = st.stub_info()
        out.append(
            {
                "type": "draw",
                "seat": st.to_act,
                "min": 0,
                "max": st.game.max_draw,
                "show_ace_above": 3 if st.game.draw_limit == "3-or-4-with-ace" else None,
                "usable": info["usable"],
            }
        )
        if st.game.betting:
            out.append({"type": "fold", "seat": st.to_act})
        out.append({"type": "timeout", "seat": st.to_act})
        if info["reshuffle_due"] and st.stub.muck > 0:
            out.append({"type": "reshuffle"})
    elif st.phase == SHOWDOWN and st.pending == "prove_openers":
        out.append({"type": "prove_openers", "seat": st.opener})
        out.append({"type": "timeout", "seat": st.opener})
    elif st.phase == SHOWDOWN:
        waiting = [
            s.seat
            for s in st._clockwise_after(st.to_act or st.button, inclusive=True)
            if s.live and s.showdown is None
        ]
        for seat in waiting:
            out.append({"type": "show", "seat": seat})
            if st.game.betting:  # no-bet mode: everyone shows (RULES.md §6)
                out.append({"type": "muck", "seat": seat})
        out.append({"type": "finish_order", "seats": sorted(s.seat for s in st._live())})
    if (
        st.phase in (BETTING, DRAWING)
        and st.game.opening == "jacks-or-better"
        and st.opener is not None
        and st.openers_proven is None
        and st.seat(st.opener).live
    ):
        out.append({"type": "prove_openers", "seat": st.opener})
    return out
