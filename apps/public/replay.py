"""A published hand, step by step, as the public sees it: the engine replays the actions that stand, and each
step keeps what a spectator could see then (stacks, bets, pots, draw counts, shown hands; never a card that
was not shown). The last step carries the result: pots with their winners and the pot explanation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from apps.engine.games import Game
from apps.engine.hand import HandState, start_hand


def _seats(st: HandState) -> list[dict[str, Any]]:
    out = []
    for s in st.seats:
        shown = s.showdown == "shown"
        out.append(
            {
                "seat": s.seat,
                "name": s.name or "",
                "player_id": s.player_id,
                "stack": s.stack,
                "bet": s.bet,
                "contributed": s.contributed,
                "folded": s.folded,
                "all_in": s.live and s.stack == 0 and st.game.betting,
                "draws": list(s.draws),
                "cards": s.cards if shown else [],
                "to_act": st.to_act == s.seat,
                "button": st.button == s.seat,
            }
        )
    return out


_SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def card_symbols(token: str) -> str:
    """``"Kh"`` → ``"K♥"``, ``"Td"`` → ``"10♦"`` (what a step's text shows); anything else as it is."""
    if len(token) != 2 or token[1].lower() not in _SUIT_SYMBOLS:
        return token
    rank = "10" if token[0].upper() == "T" else token[0].upper()
    return rank + _SUIT_SYMBOLS[token[1].lower()]


def _event(before: HandState, after: HandState, ev: Mapping[str, Any]) -> dict[str, Any]:
    """What happened, in the terms a page describes it with (the call's amount, the draw's count)."""
    seat = ev.get("seat")
    out: dict[str, Any] = {"type": ev["type"], "seat": seat, "name": ""}
    if seat is not None:
        s0, s1 = before.seat(int(seat)), after.seat(int(seat))
        out["name"] = s1.name or ""
        out["amount"] = ev.get("amount", s1.contributed - s0.contributed)
        out["count"] = ev.get("count")
        shown = ev["type"] in ("show", "prove_openers")
        out["cards"] = " ".join(card_symbols(c) for c in s1.cards) if shown else ""
        if ev["type"] == "timeout":  # the clock's default action: what the seat ended up doing
            out["became"] = "fold" if s1.folded else ("draw" if len(s1.draws) > len(s0.draws) else "check")
    return out


def translated_result(st: HandState) -> dict[str, Any]:
    """The finished hand's result with its explanation and hand names in the active language: the one place
    the replay gets them (H10b's :func:`apps.core.i18n.hand_result`; the engine's English if it is absent)."""
    try:
        from apps.core.i18n import hand_result
    except ImportError:  # pragma: no cover - the translations module is part of the project
        return dict(st.result or {})
    return dict(hand_result(st) or {})


def _result(st: HandState) -> dict[str, Any]:
    result = translated_result(st)
    names = {s.seat: s.name or "" for s in st.seats}

    def name(seat: Any) -> str:
        return names.get(int(seat)) or str(seat)

    return {
        "kind": result.get("kind"),
        "pots": [
            {**p, "winner_names": [name(w) for w in p.get("winners", [])]} for p in result.get("pots", [])
        ],
        "hands": [{"seat": int(k), "name": name(k), "hand": v} for k, v in result.get("hands", {}).items()],
        "net": [{"seat": int(k), "name": name(k), "net": v} for k, v in result.get("net", {}).items()],
        "explanation": list(result.get("explanation") or []),
    }


def hand_replay(
    *,
    game: Mapping[str, Any],
    seats: Iterable[Mapping[str, Any]],
    button: int,
    number: int,
    actions: list[Any],
) -> dict[str, Any]:
    """Every step of the hand: step 0 is the deal (forced bets posted), then one step per action."""
    st = start_hand(Game.from_json(dict(game)), list(seats), button, number)
    steps: list[dict[str, Any]] = [
        {
            "index": 0,
            "event": None,
            "phase": st.phase,
            "seats": _seats(st),
            "pots": st.pots(),
            "pot_total": st.pot_total,
        }
    ]
    for i, ev in enumerate(actions, start=1):
        nxt = st.apply(ev)
        steps.append(
            {
                "index": i,
                "event": _event(st, nxt, ev),
                "phase": nxt.phase,
                "seats": _seats(nxt),
                "pots": nxt.pots() if nxt.phase != "finished" else [],
                "pot_total": nxt.pot_total,
            }
        )
        st = nxt
    return {"steps": steps, "result": _result(st) if st.finished else None, "game": st.game.kind}
