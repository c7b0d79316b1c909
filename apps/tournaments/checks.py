"""The types and bounds of a tournament's settings (:func:`tournament_settings_check`), of its payout
(:func:`payout_setting_check`) and of a structure suggestion (:func:`suggestion_check`), checked before
anything is saved: a setting accepted here is one the seat draw, every hand and the final action can use.

Money and chips are whole numbers up to :data:`MAX_AMOUNT` (the columns are PostgreSQL ``integer``); level
numbers and limits up to :data:`~apps.core.bounds.MAX_LEVEL_NUMBER`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from apps.core import bounds as b

MAX_AMOUNT: Final = 10**9  # a buy-in, a fee, a bounty, rebuy and add-on chips, a chip's value
PAYOUT_KINDS: Final = ("standard", "percentages", "by_entries", "amounts")
MAX_PAID: Final = 1000


def _amount(v: Any, f: str) -> Any:
    return b.whole(v, f, low=0, high=MAX_AMOUNT)


def _level(v: Any, f: str) -> Any:
    return b.whole_or_none(v, f, low=0, high=b.MAX_LEVEL_NUMBER)


def _limit(v: Any, f: str) -> Any:
    return b.whole_or_none(v, f, low=0, high=b.MAX_LEVEL_NUMBER)


def _denominations(v: Any, f: str) -> Any:
    chips = b.wholes(v, f, low=1, high=MAX_AMOUNT, max_items=b.MAX_DENOMINATIONS)
    if len(set(chips)) != len(chips):
        raise b.refusal(f, f"{f} lists each chip once")
    return chips


def _break_order(v: Any, f: str) -> Any:
    numbers = b.wholes(v, f, low=1, high=b.MAX_LEVEL_NUMBER, max_items=100)
    if len(set(numbers)) != len(numbers):
        raise b.refusal(f, f"{f} lists each table once")
    return numbers


SETTINGS: Final[dict[str, Callable[[Any, str], Any]]] = {
    "format": lambda v, f: b.choice(v, f, ("freezeout", "match")),
    "match_hands": lambda v, f: b.whole(v, f, low=1, high=b.MAX_HANDS),
    "buy_in": _amount,
    "fee": _amount,
    "seats_per_table": lambda v, f: b.whole(v, f, low=2, high=10),
    "final_table_size": lambda v, f: b.whole_or_none(v, f, low=2, high=10),
    "late_reg_until_level": _level,
    "rebuy_until_level": _level,
    "rebuy_limit": _limit,
    "rebuy_price": _amount,
    "rebuy_chips": _amount,
    "rebuy_max_stack": lambda v, f: None if v is None else _amount(v, f),
    "addon_from_level": _level,
    "addon_until_level": _level,
    "addon_price": _amount,
    "addon_chips": _amount,
    "reentry_until_level": _level,
    "reentry_limit": _limit,
    "bounty": _amount,
    "progressive_bounty": b.flag,
    "payout": lambda v, f: payout_setting_check(v, f),
    "chip_denominations": _denominations,
    "break_order": _break_order,
    "published": b.flag,
    "rated": b.flag,
}


def tournament_settings_check(settings: dict[str, Any]) -> None:
    """Refuse a setting of the wrong type or out of bounds (400 ``invalid``, naming the field). Unknown names
    are the caller's to refuse (``setting_unknown``)."""
    for name, value in settings.items():
        check = SETTINGS.get(name)
        if check is not None:
            check(value, name)


def _percentages(value: Any, field: str) -> None:
    ok = isinstance(value, list) and 1 <= len(value) <= MAX_PAID
    for p in value if ok else ():
        if isinstance(p, bool):
            ok = False
        elif isinstance(p, int):
            ok = ok and 0 <= p <= 100
        elif isinstance(p, float):
            ok = ok and math.isfinite(p) and 0 <= p <= 100
        elif isinstance(p, str):
            ok = ok and len(p) <= 10
        else:
            ok = False
    if not ok:
        raise b.refusal(field, f"{field} must be a list of 1 to {MAX_PAID} percentages from 0 to 100")


def payout_setting_check(payout: Any, field: str = "payout") -> dict[str, Any]:
    """``{"kind": "standard" | "percentages" | "by_entries" | "amounts", "unit": 1, ...}`` of the right
    types (the engine then checks that the shares add up)."""
    b.mapping(payout, field, known=("kind", "unit", "percentages", "tables", "amounts"))
    kind = b.choice(payout.get("kind", "standard"), f"{field}.kind", PAYOUT_KINDS)
    if "unit" in payout:
        b.whole(payout["unit"], f"{field}.unit", low=1, high=MAX_AMOUNT)
    if kind == "percentages":
        _percentages(payout.get("percentages"), f"{field}.percentages")
    elif kind == "amounts":
        b.wholes(
            payout.get("amounts"), f"{field}.amounts", low=0, high=MAX_AMOUNT, max_items=MAX_PAID, min_items=1
        )
    elif kind == "by_entries":
        tables = payout.get("tables")
        if not isinstance(tables, list) or not 1 <= len(tables) <= 100:
            raise b.refusal(f"{field}.tables", f"{field}.tables must be a list of 1 to 100 objects")
        for i, row in enumerate(tables):
            where = f"{field}.tables[{i}]"
            b.mapping(row, where, known=("min_entries", "max_entries", "percentages"))
            for key in ("min_entries", "max_entries"):
                if key in row:
                    b.whole(row[key], f"{where}.{key}", low=0, high=10**9)
            _percentages(row.get("percentages"), f"{where}.percentages")
    return payout


def suggestion_check(suggest: Any, field: str = "suggest") -> dict[str, Any]:
    """``{"players": 40, "hours": 4, "level_minutes": 20}``: players 2 to 10,000, hours a finite number above
    zero up to 72, level_minutes (optional) a whole number from 1 to 240."""
    b.mapping(suggest, field, known=("players", "hours", "level_minutes"))
    if "players" not in suggest or "hours" not in suggest:
        raise b.refusal(field, f"{field} needs players and hours")
    players = b.whole(suggest["players"], f"{field}.players", low=2, high=10_000)
    hours = suggest["hours"]
    if isinstance(hours, bool) or not isinstance(hours, int | float) or not (0 < hours <= 72):
        # NaN fails every comparison, so it is refused here too
        raise b.refusal(f"{field}.hours", f"{field}.hours must be a number above 0 and at most 72")
    minutes = b.whole_or_none(suggest.get("level_minutes"), f"{field}.level_minutes", low=1, high=240)
    return {"players": players, "hours": float(hours), "level_minutes": minutes}
