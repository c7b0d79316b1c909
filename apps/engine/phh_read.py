"""Poker Hand History (PHH 0.0.2): reading and writing the text. A hand history's fields checked, ``.phh``
/ ``.phhs`` TOML read and written (:mod:`apps.engine.phh` describes the format).
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import tomli_w

from apps.engine.errors import PHHError
from apps.engine.errors import PHHVariantUnsupported as PHHVariantUnsupported  # plain Python: see errors.py
from apps.engine.phh_actions import Action, parse_action, phh_error

FIVE_CARD_DRAW = "x-floor-5CD"
SUPPORTED_VARIANTS = ("F2L3D", "N2L1D", FIVE_CARD_DRAW)
STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")

_COMMON_REQUIRED = ("variant", "antes", "starting_stacks", "actions")
_REQUIRED: dict[str, tuple[str, ...]] = {
    "F2L3D": (*_COMMON_REQUIRED, "blinds_or_straddles", "small_bet", "big_bet"),
    "N2L1D": (*_COMMON_REQUIRED, "blinds_or_straddles", "min_bet"),
    "FB": (*_COMMON_REQUIRED, "blinds_or_straddles", "small_bet", "big_bet"),
}
# The order fields are written in: the spec's order, then anything else as read.
_FIELD_ORDER = (
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
    "min_bet", "starting_stacks", "actions", "author", "event", "url", "venue", "address", "city", "region",
    "postal_code", "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand",
    "level", "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "currency",
    "currency_symbol", "time_limit", "time_banks",
)  # fmt: skip
_PER_PLAYER = ("antes", "blinds_or_straddles", "starting_stacks", "seats", "players", "finishing_stacks",
               "winnings", "time_banks")  # fmt: skip
# ------------------------------------------------------------------------------------------ hand histories


@dataclass(slots=True)
class HandHistory:
    """One hand: every TOML field as read (standard, user-defined ``_...`` and unknown ones), in order.

    ``name`` is the table name in a ``.phhs`` file (``"1"``), or ``None`` for a lone ``.phh``.
    """

    fields: dict[str, Any]
    name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        _validate(self.fields)

    @property
    def variant(self) -> str:
        return str(self.fields["variant"])

    @property
    def player_count(self) -> int:
        return len(self.fields["starting_stacks"])

    @property
    def actions(self) -> list[str]:
        return list(self.fields["actions"])

    @property
    def finishing_stacks(self) -> list[int] | None:
        stacks = self.fields.get("finishing_stacks")
        return None if stacks is None else [_chips(v, "finishing_stacks") for v in stacks]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def parsed_actions(self) -> list[Action]:
        return [parse_action(text) for text in self.actions]

    def chips(self, name: str) -> list[int]:
        """A per-player chip field as whole numbers (``PHHError`` for ``inf`` or fractions)."""
        return [_chips(v, name) for v in self.fields.get(name) or [0] * self.player_count]

    def amount(self, name: str) -> int | None:
        value = self.fields.get(name)
        return None if value is None else _chips(value, name)


def _chips(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise phh_error(f"{name} must hold numbers, not {value!r}", "phh_field_invalid", field=name)
    if isinstance(value, int):
        return value
    if not math.isfinite(value) or value != int(value):
        raise phh_error(f"{name}: {value} is not a whole number of chips", "phh_field_invalid", field=name)
    return int(value)


def _validate(fields: Mapping[str, Any]) -> None:
    variant = fields.get("variant")
    if not isinstance(variant, str):
        raise phh_error("the variant field is missing", "phh_field_missing", field="variant")
    required = _REQUIRED.get(variant, _COMMON_REQUIRED)
    if variant == FIVE_CARD_DRAW:
        structure = fields.get("_floor_structure", "no-limit")
        if structure not in STRUCTURES:
            raise phh_error(f"_floor_structure must be one of {STRUCTURES}", "phh_field_invalid",
                         field="_floor_structure")  # fmt: skip
        bets = ("small_bet", "big_bet") if structure == "fixed-limit" else ("min_bet",)
        required = (*_COMMON_REQUIRED, *bets)
    for name in required:
        if name not in fields:
            raise phh_error(
                f"the required field {name} is missing for {variant}", "phh_field_missing", field=name
            )
    actions = fields["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise phh_error("actions must be an array of strings", "phh_field_invalid", field="actions")
    stacks = fields["starting_stacks"]
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise phh_error("starting_stacks must list two players or more", "phh_field_invalid",
                     field="starting_stacks")  # fmt: skip
    for name in _PER_PLAYER:
        value = fields.get(name)
        if value is not None and (not isinstance(value, list) or len(value) != len(stacks)):
            raise phh_error(f"{name} must have one entry per player ({len(stacks)})", "phh_field_invalid",
                         field=name)  # fmt: skip


# ------------------------------------------------------------------------------------------------ read/write


def _toml(text: str) -> dict[str, Any]:
    try:
        # Decimal keeps 0.1 exact so that a fraction of a chip is reported, never rounded.
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise phh_error(f"not valid TOML: {exc}", "phh_toml_invalid") from exc


def loads(text: str) -> HandHistory:
    """Read one ``.phh`` hand."""
    return HandHistory(_toml(text))


def loads_all(text: str) -> list[HandHistory]:
    """Read a ``.phhs`` file: every top-level table is a hand, named by its key (``[1]`` → ``"1"``)."""
    hands = []
    for name, value in _toml(text).items():
        if not isinstance(value, dict):
            raise phh_error(f"a .phhs file holds only tables of hands, not {name!r}", "phh_field_invalid",
                         field=name)  # fmt: skip
        try:
            hands.append(HandHistory(value, name))
        except PHHError as exc:
            exc.detail["hand"] = name
            raise
    return hands


def load_path(path: str | Path) -> list[HandHistory]:
    """Read a ``.phhs`` (many hands) or any other file as one ``.phh`` hand. ``OSError`` passes through."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    return loads_all(text) if path.suffix == ".phhs" else [loads(text)]


def _plain(value: Any) -> Any:
    # tomli_w writes Decimal fine, but inf/nan must stay TOML floats.
    if isinstance(value, Decimal) and not value.is_finite():
        return float(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    return value


def _ordered(fields: Mapping[str, Any]) -> dict[str, Any]:
    known = [name for name in _FIELD_ORDER if name in fields]
    rest = [name for name in fields if name not in _FIELD_ORDER]
    return {name: _plain(fields[name]) for name in (*known, *rest) if fields[name] is not None}


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _value(name)


def _value(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value) and sum(map(len, value)) > 80:
        return "[\n" + "".join(f"    {_value(v)},\n" for v in value) + "]"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return tomli_w.dumps({"x": value})[4:].rstrip("\n")


def _dump_table(fields: Mapping[str, Any], name: str | None) -> str:
    # Scalars and arrays inline (one action a line); sub-tables (user-defined) after, through tomli_w.
    fields = _ordered(fields)
    lines = [] if name is None else [f"[{_key(name)}]"]
    lines += [f"{_key(k)} = {_value(v)}" for k, v in fields.items() if not isinstance(v, dict)]
    tables = {k: v for k, v in fields.items() if isinstance(v, dict)}
    if tables:
        lines += ["", tomli_w.dumps(tables if name is None else {name: tables}).rstrip("\n")]
    return "\n".join(lines) + "\n"


def dumps(hh: HandHistory) -> str:
    """Write one hand as ``.phh`` TOML text."""
    return _dump_table(hh.fields, None)


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """Write many hands as ``.phhs``; hands keep their name, or get their 1-based position."""
    parts: dict[str, str] = {}
    for i, hh in enumerate(hands, start=1):
        name = hh.name or str(i)
        if name in parts:
            raise phh_error(f"two hands are named {name!r}", "phh_field_invalid", hand=name)
        parts[name] = _dump_table(hh.fields, name)
    return "\n".join(parts.values())


def iter_paths(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Files as given, and folders searched recursively for ``*.phh`` and ``*.phhs``, sorted."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".phh", ".phhs") and p.is_file())
        else:
            yield path


__all__ = [
    "FIVE_CARD_DRAW",
    "STRUCTURES",
    "SUPPORTED_VARIANTS",
    "HandHistory",
    "dumps",
    "dumps_all",
    "iter_paths",
    "load_path",
    "loads",
    "loads_all",
]
