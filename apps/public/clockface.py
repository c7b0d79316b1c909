"""What the clock display shows of a level: its number (breaks not counted, as the tournament counts them),
blinds, antes and bet units, and the time to the next break. The page's script does the same arithmetic
on the same data (``levels_of``) as the level clock's stream moves on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext


def levels_of(structure: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The structure with each level's display number (None for a break) and its parts as text."""
    out, number = [], 0
    for lv in structure:
        is_break = bool(lv.get("is_break"))
        if not is_break:
            number += 1
        out.append({**lv, "is_break": is_break, "number": None if is_break else number})
    return out


def level_labels() -> dict[str, str]:
    """The words the display puts before the numbers, translated now."""
    return {
        "level": gettext("Level %(number)s"),
        "break": gettext("Break"),
        "blinds": gettext("Blinds"),
        "ante": gettext("Ante"),
        "big_blind_ante": gettext("Big blind ante"),
        "bet_units": gettext("Bet units"),
        "last_level": gettext("Last level"),
        "not_started": gettext("The clock has not started"),
        "paused": gettext("Paused"),
        "hand_for_hand": gettext("Hand-for-hand: the clock stops between hands"),
        "no_break": gettext("No break ahead"),
        "place": gettext("Place %(place)s"),
        "no_payouts": gettext("No payouts yet"),
    }


def level_parts(level: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """``[(label, value)]``: blinds, ante, big-blind ante and bet units where the level has them."""
    if not level or level.get("is_break"):
        return []
    labels = level_labels()
    parts = []
    if level.get("big_blind"):
        parts.append((labels["blinds"], f"{level.get('small_blind', 0)}/{level['big_blind']}"))
    if level.get("ante"):
        parts.append((labels["ante"], str(level["ante"])))
    if level.get("big_blind_ante"):
        parts.append((labels["big_blind_ante"], str(level["big_blind_ante"])))
    if level.get("bet_units"):
        parts.append((labels["bet_units"], "/".join(str(u) for u in level["bet_units"])))
    return parts


def next_break_in(clock: Mapping[str, Any]) -> float | None:
    """Seconds until the next break begins (0 during one), None when no break is ahead."""
    levels, index = clock["structure"], clock["level"]
    if index >= len(levels):
        return None
    if levels[index]["is_break"]:
        return 0.0
    seconds = float(clock["remaining"])
    for lv in levels[index + 1 :]:
        if lv["is_break"]:
            return seconds
        seconds += lv["seconds"]
    return None


def clock_config(clock: Any, level: dict[str, Any] | None) -> dict[str, Any]:
    """What a page's script needs to run a level clock: its stream, where to resume it, the structure and
    where the clock stands (``level`` as the live standings give it, or None before the start)."""
    from django.urls import reverse

    from apps.clocks.live import levelclock_channel
    from apps.public import selectors

    return {
        "stream": reverse("live-level-clock", args=[clock.pk]),
        "last_id": selectors.live_channel_last_id(levelclock_channel(clock.pk)),
        "structure": levels_of(clock.structure),
        "level": level["level"] if level else 0,
        "remaining": level["remaining"] if level else 0,
        "running": bool(level and level["running"]),
        "started": clock.anchor_at is not None,
        "hand_for_hand": clock.hand_for_hand,
    }
