"""The level clock seen from the tournament: every change of the tournament's level clock is mirrored on the
tournament's live stream (``tournament:<id>``), so one stream tells a clock display everything, and a level
that removes a chip brings its colour-up (:func:`apps.tournaments.chips.colour_ups_catch_up`).

The receiver of ``clocks.level_clock_changed`` (sent by ``apps.clocks.levelclock.level_clock_reschedule``),
with the clock row locked, in its transaction. It takes no lock of its own (only the tournament channel's,
as every push does): the colour-ups run after commit, in their own transaction (the tables' rows, then the
tournament's). Events,
besides the clock's own ``clock`` (with its ``action``):

* ``level_started``: a level of play starts (also when the clock starts), with its blinds, antes, bet units;
* ``break_started``: a break starts; ``break_ended``: the level after a break starts (then ``level_started``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.clocks.hooks import LevelClockChanged
from apps.clocks.models import LevelClock
from apps.tournaments.models import Tournament
from apps.tournaments.services import publish


def tournament_clock_changed(moved: LevelClockChanged) -> None:
    """Mirror the clock's change (``kind``: a control action or ``tick``) on its tournaments' streams;
    ``previous`` is the level index announced before it."""
    clock, view, kind, previous = moved.clock, moved.view, moved.kind, moved.previous
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


# --- hand-for-hand (TDA RP-8, WSOP 126-b) ------------------------------------------------------------------


def playing_tables(t: Tournament) -> dict[int, int]:
    """The open tables that can deal (two or more players with chips): table number -> hands played
    hand-for-hand there."""
    from django.db.models import Count, Q

    from apps.tournaments.models import TournamentTable

    live = Q(table__seats__left_at__isnull=True, table__seats__stack__gt=0)
    rows = (
        TournamentTable.objects.filter(tournament=t, broken_at__isnull=True)
        .annotate(live=Count("table__seats", filter=live))
        .values_list("number", "hand_for_hand_hands", "live")
    )
    return {number: played for number, played, n in rows if n >= 2}


def hand_for_hand_wait_check(*, t: Tournament, number: int) -> None:
    """Hand-for-hand, a table deals its next hand only when every other table has played this one: refuse
    (409 ``hand_for_hand_wait``) while one is behind."""
    from apps.core.errors import Conflict

    if not t.hand_for_hand:
        return
    played = playing_tables(t)
    mine = played.get(number, 0)
    behind = sorted(n for n, c in played.items() if c < mine)
    if behind:
        raise Conflict(
            f"hand-for-hand: table {number} waits until table(s) {', '.join(map(str, behind))} finish "
            "this hand",
            code="hand_for_hand_wait",
            rule="TDA RP-8; WSOP 126-b",
            detail={"table": number, "waiting_for": behind, "hand": mine},
        )


def hand_for_hand_hand_finished(*, t: Tournament, number: int, played: int) -> bool:
    """Table ``number`` has just finished its ``played``-th hand-for-hand hand. When it was the last table
    of that round, two minutes come off the level clock (TDA RP-8), once per round. Expects the tournament
    row locked (the clock row is taken after it, as ``tournament_hand_for_hand`` does)."""
    from django.utils import timezone

    from apps.clocks import levelclock as lcs
    from apps.engine import clock as lc

    others = [c for n, c in playing_tables(t).items() if n != number]
    if any(c < played for c in others) or t.level_clock_id is None:
        return False
    clock = LevelClock.objects.select_for_update().filter(pk=t.level_clock_id).first()
    if clock is None or clock.anchor_at is None:
        return False
    now = timezone.now()
    state = lc.hand_for_hand_hand(lcs.clock_levels(clock), lcs.clock_state(clock), now.timestamp())
    clock.level, clock.anchor_at, clock.paused_at = (
        state.level,
        lcs.datetime_from_ts(state.anchor),
        lcs.datetime_from_ts(state.paused_at),
    )
    lcs.level_clock_reschedule(
        clock, now, kind="hand_for_hand_hand"
    )  # as level_clock_control does, without a director
    publish(t, "hand_for_hand_round", {"round": played, "seconds_off": lc.HAND_FOR_HAND_SECONDS})
    return True
