"""Small helpers for the hand state machine tests (given / when / then)."""

from __future__ import annotations

from typing import Any

import pytest

from apps.engine.errors import EngineError
from apps.engine.games import Game
from apps.engine.hand import HandState, start_hand


def seats(*stacks: int, start: int = 1) -> list[dict[str, Any]]:
    return [{"seat": start + i, "stack": s} for i, s in enumerate(stacks)]


def deal(game: Game, *stacks: int, button: int = 1, hand_number: int = 1) -> HandState:
    return start_hand(game, seats(*stacks), button=button, hand_number=hand_number)


def play(st: HandState, *events: str | dict[str, Any]) -> HandState:
    """Apply events; a string is shorthand: ``"3 raise 20"``, ``"2 draw 3"``, ``"1 show 7c5d4h3s2c"``."""
    for ev in events:
        st = st.apply(parse(ev) if isinstance(ev, str) else ev)
    return st


def parse(text: str) -> dict[str, Any]:
    parts = text.split()
    seat, kind, rest = int(parts[0]), parts[1], parts[2:]
    ev: dict[str, Any] = {"type": kind, "seat": seat}
    if kind in ("bet", "raise"):
        ev["amount"] = int(rest[0])
    elif kind == "draw":
        ev["count"] = int(rest[0])
    elif kind in ("show", "deal", "prove_openers"):
        ev["cards"] = rest[0]
    return ev


def refused(st: HandState, event: str | dict[str, Any]) -> EngineError:
    ev = parse(event) if isinstance(event, str) else event
    assert not st.can_apply(ev)
    with pytest.raises(EngineError) as info:
        st.verify(ev)
    return info.value


def types(st: HandState) -> list[str]:
    return [a["type"] for a in st.legal_actions()]


def action(st: HandState, kind: str) -> dict[str, Any]:
    return next(a for a in st.legal_actions() if a["type"] == kind)
