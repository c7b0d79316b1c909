"""A worker for the compiled-vs-plain differential test: reads one JSON case a line on stdin, answers one
JSON line on stdout. Run as ``python tests/engine/engine_worker.py`` (with ``FLOOR_ENGINE_PURE=1`` for the
plain build). The first line it writes is the build it runs (``apps.engine.ENGINE_BUILD``).

A case is ``{"op": "hand" | "play" | "evaluate" | "game", ...}``; lists written as ``{"__tuple__": [...]}``
are tuples. The answer, per step, is what the engine did: a summary of the state, or the code of its typed
refusal, or ``{"crash": "TypeError"}`` for anything else (which the test fails on).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from apps import engine
from apps.engine import games
from apps.engine.errors import EngineError
from apps.engine.hand import HandState, start_hand
from apps.engine.ranking import evaluate

FACTORIES = {
    "five_card_draw": games.five_card_draw,
    "triple_draw_27": games.triple_draw_27,
    "single_draw_27": games.single_draw_27,
}


def decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"__tuple__"}:
            return tuple(decode(v) for v in value["__tuple__"])
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


def summary(st: HandState) -> dict[str, Any]:
    return {
        "phase": st.phase,
        "to_act": st.to_act,
        "stacks": {str(k): v for k, v in st.stacks().items()},
        "bets": {str(k): v for k, v in st.bets().items()},
        "pot": st.pot_total,
        "legal": st.legal_actions(),
    }


def outcome(call: Any) -> tuple[bool, Any]:
    try:
        return True, call()
    except EngineError as exc:
        return False, {"refused": exc.code, "rule": exc.rule}
    except Exception as exc:
        return False, {"crash": type(exc).__name__}


def make_game(spec: Any) -> Any:
    if isinstance(spec, dict) and spec.get("factory") in FACTORIES:
        return FACTORIES[spec["factory"]](**spec.get("kwargs", {}))
    return spec  # anything else is passed as it is (a string game, None...)


def run_hand(case: dict[str, Any]) -> list[Any]:
    steps: list[Any] = []
    ok, st = outcome(
        lambda: start_hand(make_game(case["game"]), case["seats"], case["button"], case["number"])
    )
    if not ok:
        return [st]
    steps.append(summary(st))
    for event in case["events"]:
        ok, new = outcome(lambda ev=event, now=st: now.apply(ev))
        steps.append(summary(new) if ok else new)
        if ok:
            st = new
    return steps


def run_play(case: dict[str, Any]) -> list[Any]:
    """Random legal play, the same choices wherever the two builds agree on what is legal."""
    rng = random.Random(case["seed"])
    ok, st = outcome(lambda: start_hand(make_game(case["game"]), case["seats"], case["button"], 1))
    if not ok:
        return [st]
    steps: list[Any] = [summary(st)]
    for _ in range(300):
        legal = [a for a in st.legal_actions() if a["type"] not in ("finish_order", "reshuffle")]
        if st.phase == "finished" or not legal:
            break
        a = rng.choice(legal)
        ev: dict[str, Any] = {"type": a["type"], "seat": a.get("seat")}
        if a["type"] in ("bet", "raise"):
            ev["amount"] = rng.choice([a["min"], a["max"], a["min"] + 1, (a["min"] + a["max"]) // 2])
        elif a["type"] == "draw":
            ev["count"] = rng.randint(0, a["max"])
        elif a["type"] in ("show", "prove_openers"):
            ev = {"type": "timeout", "seat": a["seat"]}
        ok, new = outcome(lambda ev=ev, now=st: now.apply(ev))
        steps.append(summary(new) if ok else new)
        if ok:
            st = new
    return steps


def answer(case: dict[str, Any]) -> Any:
    op = case["op"]
    if op == "hand":
        return run_hand(case)
    if op == "play":
        return run_play(case)
    if op == "evaluate":
        ok, value = outcome(lambda: evaluate(case["cards"], case["ranking"]))
        return {"value": str(value), "category": value.category} if ok else value
    if op == "game":
        spec = case["spec"]
        if isinstance(spec, dict) and spec.get("factory") in FACTORIES:
            ok, value = outcome(lambda: make_game(spec).to_json())
        else:  # anything else is read as a game's JSON
            ok, value = outcome(lambda: games.Game.from_json(spec).to_json())
        return value
    raise ValueError(op)


def main() -> None:
    print(json.dumps({"build": engine.ENGINE_BUILD}), flush=True)
    for line in sys.stdin:
        case = decode(json.loads(line))
        print(json.dumps(answer(case), default=repr, sort_keys=True), flush=True)


if __name__ == "__main__":
    main()
