"""Reads for the cockpit's pages (each a fixed number of queries, whatever the size of the field)."""

from __future__ import annotations

import math
from typing import Any

from django.db import models
from django.db.models import Count, Prefetch, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.models import Club, DeviceToken
from apps.tables.models import Table
from apps.tournaments.models import Elimination, Entry, SeatMove, Tournament, TournamentTable


def tournaments_of(club: Club) -> list[Tournament]:
    """The club's tournaments, newest first, each with ``entry_count`` and ``alive_count``."""
    alive = Q(entries__status__in=[Entry.Status.REGISTERED, Entry.Status.PLAYING, Entry.Status.BUSTED])
    return list(
        Tournament.objects.filter(club=club)
        .annotate(entry_count=Count("entries"), alive_count=Count("entries", filter=alive))
        .order_by("-created_at", "-pk")
    )


def entries_of(t: Tournament) -> list[dict[str, Any]]:
    """Every entry with its player, status, seat (table number and seat), chips, rebuys and add-ons; one
    query."""
    rows = []
    for e in (
        Entry.objects.filter(tournament=t)
        .select_related("player", "seat__table__tournament_table")
        .order_by("player__name", "number")
    ):
        seat = e.seat if e.seat is not None and e.seat.left_at is None else None
        tt = getattr(seat.table, "tournament_table", None) if seat is not None else None
        rows.append(
            {
                "entry": e,
                "table": tt.number if tt is not None else None,
                "seat": seat.number if seat is not None else None,
                "chips": seat.stack if seat is not None else None,
            }
        )
    return rows


def level_label(level: dict[str, Any], number: int | None) -> str:
    """ "Level 3: 50/100, ante 10" or "Break, 10 min" (``number`` counts levels, not breaks)."""
    minutes = int(level["seconds"]) // 60
    if level.get("is_break"):
        return _("Break, %(minutes)s min") % {"minutes": minutes}
    parts = []
    if level.get("big_blind"):
        parts.append(f"{level.get('small_blind', 0)}/{level['big_blind']}")
    if level.get("ante"):
        parts.append(_("ante %(ante)s") % {"ante": level["ante"]})
    if level.get("big_blind_ante"):
        parts.append(_("big-blind ante %(ante)s") % {"ante": level["big_blind_ante"]})
    if level.get("bet_units"):
        parts.append(_("bets %(units)s") % {"units": "/".join(str(u) for u in level["bet_units"])})
    return _("Level %(number)s: %(blinds)s, %(minutes)s min") % {
        "number": number,
        "blinds": ", ".join(parts),
        "minutes": minutes,
    }


def structure_rows(structure: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The structure's levels and breaks with their labels; ``index`` is the clock's (breaks counted)."""
    rows, number = [], 0
    for index, level in enumerate(structure):
        if not level.get("is_break"):
            number += 1
        rows.append(
            {
                "index": index,
                "is_break": bool(level.get("is_break")),
                "label": level_label(level, None if level.get("is_break") else number),
            }
        )
    return rows


def clock_of(t: Tournament) -> dict[str, Any] | None:
    """The tournament's level clock as the page shows it: where it stands and the structure's rows."""
    if t.level_clock is None:
        return None
    from apps.clocks.levelclock import level_clock_view

    view = level_clock_view(t.level_clock, now=timezone.now())
    rows = structure_rows(view["structure"])
    return {
        **view,
        "rows": rows,
        "current_label": rows[view["level"]]["label"],
        "remaining_text": clock_text(view["remaining"]),
    }


def clock_text(seconds: float) -> str:
    """ "12:05" or "1:02:05" (the page's script keeps it counting)."""
    s = max(0, math.ceil(seconds))
    h, m, r = s // 3600, s % 3600 // 60, s % 60
    return f"{h}:{m:02d}:{r:02d}" if h else f"{m}:{r:02d}"


def tables_of(t: Tournament) -> list[dict[str, Any]]:
    """The open tables with who sits where and their chips (two queries)."""
    from apps.tournaments.selectors import tournament_tables

    return tournament_tables(tournament=t)


def moves_of(t: Tournament) -> dict[str, list[SeatMove]]:
    """The proposals still to decide, and the decided moves, newest first (one query)."""
    moves = list(SeatMove.objects.filter(tournament=t).select_related("entry__player").order_by("-pk"))
    return {
        "pending": [m for m in reversed(moves) if m.status == SeatMove.Status.PROPOSED],
        "decided": [m for m in moves if m.status != SeatMove.Status.PROPOSED],
    }


def eliminations_of(t: Tournament) -> list[Elimination]:
    """The eliminations by place, with who went out and who knocked them out (one query)."""
    return list(
        Elimination.objects.filter(tournament=t)
        .select_related("entry__player", "eliminated_by__player")
        .order_by("place", "pk")
    )


def busted_of(t: Tournament) -> list[Entry]:
    """Entries out of chips that may still rebuy: the director asks them (one query)."""
    return list(
        Entry.objects.filter(tournament=t, status=Entry.Status.BUSTED)
        .select_related("player")
        .order_by("player__name")
    )


# What a tournament page listens for: anything that changes who sits where, who is in, or the clock.
TOURNAMENT_EVENTS = (
    "seated",
    "started",
    "rebuy",
    "add_on",
    "busted",
    "eliminated",
    "moves_proposed",
    "seat_move",
    "moves_confirmed",
    "table_broken",
    "hand_for_hand",
    "hand_for_hand_due",
    "hand_for_hand_round",
    "chip_race",
    "deal",
    "finished",
)
CLOCK_EVENTS = ("clock", "level")


def live_stream_of(t: Tournament, *, clock: bool = False) -> dict[str, str]:
    """The live stream a tournament page follows (the tournament's, or its level clock's for the clock page),
    from the channel's last event now, so only what happens after the page was drawn is announced."""
    from apps.clocks.live import levelclock_channel
    from apps.clocks.models import LiveChannel
    from apps.tournaments.services import tournament_channel

    events: tuple[str, ...]
    if clock and t.level_clock_id is not None:
        channel, url, events = (
            levelclock_channel(t.level_clock_id),
            reverse("live-level-clock", args=[t.level_clock_id]),
            CLOCK_EVENTS,
        )
    else:
        channel, url, events = (
            tournament_channel(t.pk),
            reverse("live-tournament", args=[t.pk]),
            TOURNAMENT_EVENTS,
        )
    last = LiveChannel.objects.filter(name=channel).values_list("last_id", flat=True).first() or 0
    return {"url": f"{url}?last_event_id={last}", "events": " ".join(events)}


def devices_of(club: Club) -> list[DeviceToken]:
    """The club's device tokens, active first, newest first, with their tables (two queries), and for each
    device of the room the table it follows now (``room_now``: two queries per table number in use)."""
    from apps.accounts.rooms import room_table_id

    devices = list(
        DeviceToken.objects.filter(club=club)
        .prefetch_related(Prefetch("tables", queryset=Table.objects.order_by("name")))
        .order_by("revoked_at", "-created_at")
    )
    numbers = {d.room_table for d in devices if d.room_table is not None and d.revoked_at is None}
    ids = {n: room_table_id(club_id=club.pk, number=n) for n in sorted(numbers)}
    tables = Table.objects.in_bulk([i for i in ids.values() if i is not None])
    for d in devices:
        current = ids.get(d.room_table) if d.room_table is not None and d.revoked_at is None else None
        d.room_now = tables.get(current) if current is not None else None  # type: ignore[attr-defined]
    return devices


def table_choices(club: Club) -> list[tuple[int, str]]:
    """The club's tables a device may be given, open tournament tables and cash tables alike."""
    from apps.core.i18n_names import table_display_name

    broken = TournamentTable.objects.filter(table__club=club, broken_at__isnull=False).values("table_id")
    rows = Table.objects.filter(club=club).exclude(pk__in=broken).order_by("name").values_list("pk", "name")
    return [(pk, table_display_name(name)) for pk, name in rows]


def disputes_of(club: Club) -> list[Any] | None:
    """The disputes on the club's hands, open ones first, then the newest (one query); None while the
    dispute desk (``apps.disputes.models``) is not installed."""
    try:
        from apps.disputes.models import Dispute
    except ImportError:
        return None
    return list(
        Dispute.objects.filter(hand__table__club=club)
        .select_related("hand__table")
        .order_by(
            models.Case(models.When(status="open", then=0), default=1, output_field=models.IntegerField()),
            "-created_at",
            "-pk",
        )[:200]
    )
