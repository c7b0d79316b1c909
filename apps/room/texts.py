"""The sentences the room hears: what the TV says aloud and what a webhook posts, in the active language.

The TV's script receives :func:`spoken_formats` (already translated) and fills them as the streams report;
a webhook's text is :func:`announcement` of the live event it announces. Placeholders are ``%(name)s``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from apps.tournaments.models import Tournament


def spoken_formats() -> dict[str, str]:
    """What the clock display says, by kind (translated now: call it inside the request)."""
    return {
        "level": gettext("Level %(number)s. %(parts)s."),
        "minute": gettext("One minute left in this level."),
        "break_started": gettext("Break. Play resumes in %(minutes)s minutes."),
        "break_ended": gettext("The break is over. Level %(number)s. %(parts)s."),
        "sound_on": gettext("Sound is on."),
    }


def level_text(level: Mapping[str, Any] | None) -> str:
    """``Blinds 100/200, ante 25`` for a level (empty for a break)."""
    if not level or level.get("is_break"):
        return ""
    parts = []
    if level.get("big_blind"):
        parts.append(
            gettext("blinds %(small)s/%(big)s")
            % {"small": level.get("small_blind", 0), "big": level["big_blind"]}
        )
    if level.get("ante"):
        parts.append(gettext("ante %(ante)s") % {"ante": level["ante"]})
    if level.get("big_blind_ante"):
        parts.append(gettext("big blind ante %(ante)s") % {"ante": level["big_blind_ante"]})
    if level.get("bet_units"):
        parts.append(gettext("bet units %(units)s") % {"units": "/".join(str(u) for u in level["bet_units"])})
    return ", ".join(parts)


def _results(t: Tournament) -> str:
    from apps.tournaments.selectors import standings_final

    lines = []
    for r in standings_final(tournament=t)["results"][:10]:
        place = r["place"] if r["place_to"] in (None, r["place"]) else f"{r['place']}–{r['place_to']}"
        line = f"{place}. {r['player']}"
        if r["prize"]:
            line += f" ({r['prize']})"
        lines.append(line)
    return "\n".join(lines)


def announcement(t: Tournament, type: str, data: dict[str, Any]) -> str:
    """One webhook post for a live event of the tournament's stream."""
    name = t.name
    if type == "started":
        return gettext("%(tournament)s has started: %(entries)s entries.") % {
            "tournament": name,
            "entries": data.get("entries", 0),
        }
    if type in ("level_started", "break_ended"):
        current = data.get("current") or {}
        text = gettext("%(tournament)s: level %(number)s, %(parts)s.") % {
            "tournament": name,
            "number": data.get("level_number", ""),
            "parts": level_text(current),
        }
        return text
    if type == "break_started":
        minutes = round(float((data.get("current") or {}).get("seconds", 0)) / 60)
        return gettext("%(tournament)s: a break of %(minutes)s minutes.") % {
            "tournament": name,
            "minutes": minutes,
        }
    if type == "eliminated":
        place, place_to = data.get("place"), data.get("place_to")
        shown = f"{place}–{place_to}" if place_to and place_to != place else place
        values = {
            "tournament": name,
            "player": data.get("player", ""),
            "place": shown,
            "prize": data.get("prize"),
        }
        if data.get("prize"):
            return (
                gettext("%(tournament)s: %(player)s is out in place %(place)s and wins %(prize)s.") % values
            )
        return gettext("%(tournament)s: %(player)s is out in place %(place)s.") % values
    if type == "finished":
        return gettext("%(tournament)s is over. Results:") % {"tournament": name} + "\n" + _results(t)
    return ""
