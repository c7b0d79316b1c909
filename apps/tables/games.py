"""Turning a director's game choice (``{"kind": ..., settings...}``) into the engine's :class:`Game`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

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
    if kind not in CONSTRUCTORS:
        raise ValidationFailed(
            f"game kind must be one of {', '.join(CONSTRUCTORS)}",
            code="game_invalid",
            detail={"field": "game.kind", "value": kind, "choices": list(CONSTRUCTORS)},
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
        default = known[name]
        expects_int = (
            isinstance(default, int) and not isinstance(default, bool)
        ) or default is inspect.Parameter.empty
        if expects_int and value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValidationFailed(
                f"game.{name} must be a whole number",
                code="game_invalid",
                detail={"field": f"game.{name}", "value": value},
            )
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise ValidationFailed(
                f"game.{name} cannot be negative",
                code="game_invalid",
                detail={"field": f"game.{name}", "value": value},
            )
    try:
        return CONSTRUCTORS[kind](**settings)
    except EngineError as exc:
        raise ValidationFailed(exc.message, code="game_invalid", rule=exc.rule, detail=exc.detail) from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise ValidationFailed(
            f"invalid settings for {kind}: {exc}", code="game_invalid", detail={"field": "game"}
        ) from exc
