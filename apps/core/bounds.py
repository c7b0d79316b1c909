"""Types and bounds for the settings a director gives (a game's, a table's, a tournament's, a league's, a
level's), checked when they come in so that nothing accepted can stop play later.

Chips and seconds are whole numbers (JSON ``true`` is not 1, ``10.5`` is not a bet, ``1e308`` is not a
stack), within maxima that fit PostgreSQL's ``bigint`` with room for sums. A refusal is a 400 with the
field at fault, as DRF's own field errors are::

    {"code": "invalid", "message": "game.bet_unit must be a whole number from 1 to 1000000000000",
     "rule": null, "detail": {"field": "game.bet_unit", "fields": {"game.bet_unit": ["..."]}}}

>>> whole(25, "game.ante", low=0, high=MAX_CHIPS)
25
>>> whole(True, "game.ante", low=0, high=MAX_CHIPS)
Traceback (most recent call last):
...
apps.core.errors.ValidationFailed: game.ante must be a whole number from 0 to 1000000000000
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final

from apps.core.errors import ValidationFailed

MAX_CHIPS: Final = 10**12  # a stack, a blind, an ante, a bet unit, a buy-in (sums of them fit a bigint)
MAX_SECONDS: Final = 3600  # a turn clock's limit
MAX_LEVEL_SECONDS: Final = 7 * 24 * 3600  # a level (the clock's own limit)
MAX_LEVELS: Final = 200  # levels and breaks in a structure
MAX_HANDS: Final = 10_000  # a match's or a game's fixed number of hands
MAX_RAISES: Final = 100
MAX_POINTS: Final = 10**9  # hundredths of league points for one place
MAX_PLACES: Final = 1000  # places in a league's points table
MAX_DENOMINATIONS: Final = 20
MAX_LEVEL_NUMBER: Final = 1000  # a period "until level N"
MAX_SEED: Final = 2**63 - 1


def refusal(field: str, message: str) -> ValidationFailed:
    """The refusal of one field, in the shape of DRF's field errors (``detail.fields``)."""
    return ValidationFailed(message, code="invalid", detail={"field": field, "fields": {field: [message]}})


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, field: str, *, low: int, high: int) -> int:
    """``value`` when it is an integer (not a bool, not a float) from ``low`` to ``high``."""
    if not is_whole(value) or not low <= value <= high:
        raise refusal(field, f"{field} must be a whole number from {low} to {high}")
    return int(value)


def whole_or_none(value: Any, field: str, *, low: int, high: int) -> int | None:
    return None if value is None else whole(value, field, low=low, high=high)


def flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise refusal(field, f"{field} must be true or false")
    return value


def text(value: Any, field: str, *, max_length: int = 200) -> str:
    if not isinstance(value, str) or len(value) > max_length:
        raise refusal(field, f"{field} must be text of at most {max_length} characters")
    return value


def choice(value: Any, field: str, choices: Collection[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise refusal(field, f"{field} must be one of {', '.join(sorted(choices))}")
    return value


def wholes(value: Any, field: str, *, low: int, high: int, max_items: int, min_items: int = 0) -> list[int]:
    """A list of ``min_items`` to ``max_items`` whole numbers, each from ``low`` to ``high``."""
    if (
        not isinstance(value, list)
        or not min_items <= len(value) <= max_items
        or not all(is_whole(v) and low <= v <= high for v in value)
    ):
        raise refusal(
            field,
            f"{field} must be a list of {min_items} to {max_items} whole numbers from {low} to {high}",
        )
    return [int(v) for v in value]


def mapping(value: Any, field: str, *, known: Collection[str]) -> dict[str, Any]:
    """An object whose keys are all among ``known``."""
    if not isinstance(value, dict):
        raise refusal(field, f"{field} must be an object")
    unknown = sorted(str(k) for k in value if k not in known)
    if unknown:
        name = f"{field}.{unknown[0]}"
        raise refusal(name, f"{name} is not a setting; the settings are {', '.join(sorted(known))}")
    return value
