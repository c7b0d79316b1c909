"""Checking a dealer's proposed award against a finished hand's result (the JSON ``HandState.result``).

The result already holds what each seat receives, the pots with who was eligible and the uncalled returns,
so the check needs no re-evaluation: each wrong seat is named with the correct amount, how far off the
proposal is, and why (it folded, it was not eligible for that much, or simply over- or underpaid).

>>> result = {"received": {"1": 150, "2": 140, "3": 80}, "returned": {"3": 80},
...           "pots": [{"name": "main", "amount": 150, "eligible": [1, 2, 3], "shares": {"1": 150}},
...                    {"name": "side 1", "amount": 140, "eligible": [2, 3], "shares": {"2": 140}}]}
>>> check_result_award(result, {1: 150, 2: 140, 3: 80})["ok"]
True
>>> check_result_award(result, {1: 370})["differences"][0]["code"]
'beyond_eligibility'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from apps.engine.errors import PotError

RULE = "RULES.md §5; TDA 20-21"


def _seat_int(key: Any, field: str) -> int:
    try:
        seat = int(key)
    except (TypeError, ValueError):
        raise PotError(
            f"{field} must name seats by number", code="field_invalid", rule=RULE, detail={"field": field}
        ) from None
    return seat


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def check_result_award(result: Mapping[str, Any], proposed: Mapping[Any, Any]) -> dict[str, Any]:
    """``{"ok", "differences": [{"seat", "proposed", "correct", "off", "code", "reason"}], "proposed_total",
    "correct_total"}``; seats missing from ``proposed`` are taken as receiving nothing."""
    received = {_seat_int(k, "received"): int(v) for k, v in result.get("received", {}).items()}
    returned = {_seat_int(k, "returned"): int(v) for k, v in result.get("returned", {}).items()}
    offer: dict[int, int] = {}
    for key, value in proposed.items():
        seat = _seat_int(key, "proposed")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise PotError(
                f"proposed chips for seat {seat} must be a whole number of 0 or more",
                code="field_invalid",
                rule=RULE,
                detail={"field": f"proposed.{seat}", "value": value},
            )
        offer[seat] = value
    pots = list(result.get("pots", []))
    differences = []
    for seat in sorted(set(received) | set(offer)):
        got, want = offer.get(seat, 0), received.get(seat, 0)
        if got == want:
            continue
        off = f"off by {_signed(got - want)}"
        eligible = [p for p in pots if seat in [int(s) for s in p.get("eligible", [])]]
        most = sum(int(p["amount"]) for p in eligible) + returned.get(seat, 0)
        parts = [f"{p['name']} {p['shares'][str(seat)]}" for p in pots if str(seat) in p.get("shares", {})]
        if seat in returned:
            parts.append(f"{returned[seat]} back uncalled")
        why = f"correct {want} ({' + '.join(parts) or 'nothing'})"
        if seat not in received:
            code, reason = (
                "seat_not_in_hand",
                f"seat {seat} is not in the hand: proposed {got}, correct 0, {off}",
            )
        elif got > most:
            names = ", ".join(str(p["name"]) for p in eligible)
            scope = f"eligible only for {names} ({most} at most)" if eligible else "eligible for no pot"
            code, reason = "beyond_eligibility", f"seat {seat} proposed {got} but is {scope}: {why}, {off}"
        else:
            code = "overpaid" if got > want else "underpaid"
            reason = f"seat {seat} proposed {got}: {why}, {off}"
        differences.append(
            {
                "seat": seat,
                "proposed": got,
                "correct": want,
                "off": got - want,
                "code": code,
                "reason": reason,
            }
        )
    return {
        "ok": not differences,
        "differences": differences,
        "proposed_total": sum(offer.values()),
        "correct_total": sum(received.values()),
    }
