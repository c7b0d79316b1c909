"""The level clock seen from the tournament: every change of the tournament's level clock is mirrored on the
tournament's live stream (``tournament:<id>``), so one stream tells a clock display everything, and a level
that removes a chip brings its colour-up (:func:`apps.tournaments.chips.colour_ups_catch_up`).

Called by the level clock (``apps.clocks.levelclock._reschedule``) with the clock row locked, in its
transaction. It takes no lock of its own (only the tournament channel's, as every push does): the
colour-ups run after commit, in their own transaction, where they take the tournament row first as every
tournament write does. Events, besides the clock's own ``clock`` (with its ``action``):

* ``level_started``: a level of play starts (also when the clock starts), with its blinds, antes, bet units;
* ``break_started``: a break starts; ``break_ended``: the level after a break starts (then ``level_started``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.clocks.models import LevelClock
from apps.tournaments.models import Tournament
from apps.tournaments.services import publish


def tournament_clock_changed(*, clock: LevelClock, view: dict[str, Any], kind: str, previous: int) -> None:
    """Mirror the clock's change (``kind``: a control action or ``tick``) on its tournaments' streams;
    ``previous`` is the level index announced before it."""
    tournaments = list(Tournament.objects.filter(level_clock_id=clock.pk).only("pk"))
    if not tournaments:
        return
    level = int(view["level"])
    changed = level != previous or kind == "start"
    if not changed and kind == "tick":
        return
    structure = clock.structure
    was_break = bool(structure[previous].get("is_break")) if 0 <= previous < len(structure) else False
    is_break = bool(view["current"].get("is_break"))
    level_number = sum(1 for lv in structure[: level + 1] if not lv.get("is_break"))
    events: list[tuple[str, dict[str, Any]]] = [("clock", {**view, "action": kind})]
    if changed:
        summary = {"level": level, "level_number": level_number, "current": view["current"]}
        summary |= {"next": view["next"], "level_ends_at": view["level_ends_at"], "clock": clock.pk}
        if was_break and not is_break and level != previous:
            events.append(("break_ended", summary))
        events.append(("break_started" if is_break else "level_started", summary))
    for t in tournaments:
        for type_, data in events:
            publish(t, type_, data)
        if changed:
            tid = t.pk
            transaction.on_commit(lambda tid=tid: _colour_ups(tid), robust=True)  # type: ignore[misc]


def _colour_ups(tournament_id: int) -> None:
    from apps.tournaments.chips import colour_ups_after_level_change

    colour_ups_after_level_change(tournament_id)
