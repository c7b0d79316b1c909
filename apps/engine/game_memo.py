"""The games :meth:`apps.engine.games.Game.from_json` has read, by their exact JSON: every hand state's JSON
holds its game, read at every entry, and a frozen game is shared safely. Bounded: a club plays a handful of
games, its level clocks' blinds a few dozen."""

from __future__ import annotations

from typing import Any

READ: dict[tuple[Any, ...], Any] = {}
READ_MAX = 512
_SCALARS = (str, int, float, bool, type(None))


def exact_key(cls: type, d: Any) -> tuple[Any, ...] | None:
    """A key of the game JSON ``d`` that tells every value's type apart (``True`` is not ``1``, ``1.0`` not
    ``1``), or None when ``d`` is not a dict of scalars and lists of scalars (then it is read, and checked,
    every time)."""
    if type(d) is not dict:
        return None
    parts: list[Any] = [cls]
    for name, value in d.items():
        kind = type(value)
        if kind is list or kind is tuple:
            if any(type(x) not in _SCALARS for x in value):
                return None
            parts.append((name, kind, tuple((type(x), x) for x in value)))
        elif kind in _SCALARS:
            parts.append((name, kind, value))
        else:
            return None
    return tuple(parts)


def remember(key: tuple[Any, ...], game: Any) -> None:
    """Keep ``game``, read from the JSON of ``key`` and checked."""
    if len(READ) >= READ_MAX:
        READ.clear()
    READ[key] = game
