"""Turning a director's game choice (``{"kind": ..., settings...}``) into the engine's :class:`Game`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from apps.core.bounds import MAX_CHIPS, MAX_HANDS, MAX_RAISES, MAX_SECONDS, flag, text, whole, wholes
from apps.core.errors import ValidationFailed
from apps.engine.errors import EngineError
from apps.engine.games import (
    FIVE_CARD_DRAW,
    SINGLE_DRAW_27,
    TRIPLE_DRAW_27,
    Game,
    five_card_draw,
    single_draw_27,
    triple_draw_27,
)

CONSTRUCTORS: dict[str, Callable[..., Game]] = {
    FIVE_CARD_DRAW: five_card_draw,
    TRIPLE_DRAW_27: triple_draw_27,
    SINGLE_DRAW_27: single_draw_27,
}


# What each setting takes: ("chips" | "count" | "seconds" | "flag" | "text" | "units", low, high, optional).
# Chips are whole numbers up to MAX_CHIPS; a setting the engine adds later falls back to its default's type.
SETTING_BOUNDS: dict[str, tuple[str, int, int, bool]] = {
    "ante": ("chips", 0, MAX_CHIPS, False),
    "small_blind": ("chips", 0, MAX_CHIPS, False),
    "big_blind": ("chips", 1, MAX_CHIPS, False),
    "big_blind_ante": ("chips", 0, MAX_CHIPS, False),
    "bet_unit": ("chips", 1, MAX_CHIPS, True),
    "min_bet": ("chips", 1, MAX_CHIPS, True),
    "bet_units": ("units", 1, MAX_CHIPS, True),
    "starting_chips": ("chips", 1, MAX_CHIPS, False),
    "smallest_chip": ("chips", 1, MAX_CHIPS, False),
    "hands": ("count", 1, MAX_HANDS, False),
    "max_raises": ("count", 0, MAX_RAISES, True),
    "turn_time_limit": ("seconds", 1, MAX_SECONDS, True),
    "amounts_in_units": ("flag", 0, 0, False),
    "uncap_heads_up": ("flag", 0, 0, False),
    "call_full_blind": ("flag", 0, 0, False),
    "mode": ("text", 0, 0, False),
    "structure": ("text", 0, 0, False),
    "draw_limit": ("text", 0, 0, False),
    "opening": ("text", 0, 0, False),
    "round2_starter": ("text", 0, 0, False),
    "joker": ("text", 0, 0, False),
}


def _by_default(default: Any) -> tuple[str, int, int, bool]:
    if isinstance(default, bool):
        return ("flag", 0, 0, False)
    if isinstance(default, str):
        return ("text", 0, 0, False)
    return ("chips", 0, MAX_CHIPS, default is None)


def _setting_check(field: str, bounds: tuple[str, int, int, bool], value: Any) -> None:
    """Refuse a setting of the wrong type or out of its bounds (400 ``invalid``, naming the field)."""
    kind, low, high, optional = bounds
    if value is None and optional:
        return
    if kind == "flag":
        flag(value, field)
    elif kind == "text":
        text(value, field, max_length=40)
    elif kind == "units":
        wholes(value, field, low=low, high=high, max_items=8, min_items=1)
    else:
        whole(value, field, low=low, high=high)


def settings_of(kind: str) -> dict[str, Any]:
    """The settings a kind takes, with their defaults (``inspect.Parameter.empty`` when required)."""
    return {name: p.default for name, p in inspect.signature(CONSTRUCTORS[kind]).parameters.items()}


def game_from_settings(data: dict[str, Any]) -> Game:
    """``{"kind": "2-7-triple-draw", "small_blind": 25, "big_blind": 50}`` → :class:`Game`.

    Refuses unknown kinds and settings, missing required settings and impossible values (400,
    ``game_invalid``, naming the field)."""
    if not isinstance(data, dict):
        raise ValidationFailed("game must be an object", code="game_invalid", detail={"field": "game"})
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in CONSTRUCTORS:
        raise ValidationFailed(
            f"game kind must be one of {', '.join(CONSTRUCTORS)}",
            code="game_invalid",
            detail={"field": "game.kind", "value": str(kind)[:40], "choices": list(CONSTRUCTORS)},
        )
    settings = {k: v for k, v in data.items() if k != "kind"}
    known = settings_of(kind)
    unknown = sorted(set(settings) - set(known))
    if unknown:
        raise ValidationFailed(
            f"unknown setting(s) for {kind}: {', '.join(unknown)}",
            code="game_invalid",
            detail={"field": f"game.{unknown[0]}", "unknown": unknown, "settings": sorted(known)},
        )
    missing = sorted(k for k, d in known.items() if d is inspect.Parameter.empty and k not in settings)
    if missing:
        raise ValidationFailed(
            f"{kind} needs {', '.join(missing)}",
            code="game_invalid",
            detail={"field": f"game.{missing[0]}", "missing": missing},
        )
    for name, value in settings.items():
        _setting_check(f"game.{name}", SETTING_BOUNDS.get(name, _by_default(known[name])), value)
    try:
        return CONSTRUCTORS[kind](**settings)
    except EngineError as exc:
        raise ValidationFailed(exc.message, code="game_invalid", rule=exc.rule, detail=exc.detail) from exc
    except (TypeError, ValueError, KeyError, ArithmeticError) as exc:
        raise ValidationFailed(
            f"invalid settings for {kind}: {exc}", code="game_invalid", detail={"field": "game"}
        ) from exc
