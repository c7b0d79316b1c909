"""Filters of the public pages: a clock's time, a level's blinds, league points, a shared place."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from apps.public.clockface import level_parts as _level_parts
from apps.public.downloads import points_text

register = template.Library()


@register.filter
def clock_time(seconds: Any) -> str:
    """Seconds as ``m:ss`` (``h:mm:ss`` from an hour): 605.2 -> "10:06" (the second the clock is in)."""
    if seconds is None:
        return "–:––"
    total = max(0, int(-(-float(seconds) // 1)))  # ceil: 0.2 s left still shows 0:01
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


@register.filter
def level_parts(level: Any) -> list[tuple[str, str]]:
    return _level_parts(level)


@register.filter
def points(hundredths: Any) -> str:
    return points_text(None if hundredths in (None, "") else int(hundredths))


@register.filter
def place_range(row: dict[str, Any]) -> str:
    """``3`` or, for a tie sharing places, ``3–4``."""
    place, place_to = row.get("place"), row.get("place_to")
    if place is None:
        return ""
    return f"{place}–{place_to}" if place_to and place_to != place else str(place)


_SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


@register.filter
def cards(tokens: Any) -> SafeString:
    """Cards as ``K♥`` with their names in the active language for screen readers (``apps.core.i18n``)."""
    from apps.core.i18n import card_name

    out = []
    for token in tokens or []:
        text = token
        suit = token[1:].lower()
        if len(token) == 2 and suit in _SUIT_SYMBOLS:
            text = ("10" if token[0].upper() == "T" else token[0].upper()) + _SUIT_SYMBOLS[suit]
        out.append(
            format_html(
                '<span class="card suit-{}" role="img" aria-label="{}">{}</span>',
                suit,
                card_name(token),
                text,
            )
        )
    return mark_safe(" ".join(out))  # each part built by format_html
