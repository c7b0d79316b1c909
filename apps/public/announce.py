"""The clock display's announcements (seat moves, eliminations, ...), in the active language.

One table of translatable formats serves both the page as rendered and its script (which receives the
same formats, already translated, and fills them in as the tournament's stream reports), so a line reads the
same before and after a reload. Placeholders are ``%(name)s``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext


def formats() -> dict[str, str]:
    """The formats by live-event type, translated now (call it inside the request)."""
    return {
        "started": gettext("The tournament has started: %(entries)s entries."),
        "seated": gettext("%(player)s: table %(table)s, seat %(seat)s."),
        "seat_move": gettext("%(player)s moves to table %(to_table)s, seat %(to_seat)s."),
        "table_broken": gettext("Table %(table)s is broken."),
        "busted": gettext("%(player)s is out of chips and may rebuy."),
        "rebuy": gettext("%(player)s rebuys."),
        "add_on": gettext("%(player)s takes the add-on."),
        "eliminated": gettext("%(player)s is eliminated in place %(place)s."),
        "eliminated_prize": gettext("%(player)s is eliminated in place %(place)s and wins %(prize)s."),
        "hand_for_hand_on": gettext("Hand-for-hand play begins."),
        "hand_for_hand_off": gettext("Hand-for-hand play is over."),
        "finished": gettext("The tournament is over."),
    }


def params(type: str, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The format key and the values to fill it with, for one live event."""
    p: dict[str, Any] = {k: v for k, v in data.items() if isinstance(v, str | int)}
    if type == "seat_move":
        to = data.get("to") or [None, None]
        p.update(to_table=to[0], to_seat=to[1])
    if type == "eliminated":
        place, place_to = data.get("place"), data.get("place_to")
        p["place"] = f"{place}–{place_to}" if place_to and place_to != place else place
        return ("eliminated_prize" if data.get("prize") else "eliminated"), p
    if type == "hand_for_hand":
        return ("hand_for_hand_on" if data.get("on") else "hand_for_hand_off"), p
    return type, p


def announcement_text(type: str, data: dict[str, Any], table: dict[str, str] | None = None) -> str:
    """One announcement in the active language (empty for an event the display does not announce)."""
    key, values = params(type, data)
    fmt = (table or formats()).get(key)
    if fmt is None:
        return ""
    try:
        return fmt % values
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder: say it plainly
        return fmt
