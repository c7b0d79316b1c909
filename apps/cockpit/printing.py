"""Reads for the print-ready sheets (seat cards of the draw, move slips, the sign-in sheet, the payout
table, the final results); each a fixed number of queries."""

from __future__ import annotations

from typing import Any

from apps.tournaments.models import Entry, Payout, SeatMove, Tournament
from apps.tournaments.payouts import prize_pool_of
from apps.tournaments.pko import head_of

SHEETS = ("seats", "moves", "signin", "payouts", "results")
PAPERS = ("a4", "letter")


def seat_cards(t: Tournament) -> list[dict[str, Any]]:
    """One card per seat of the draw, by table and seat (the draw's confirmed moves)."""
    moves = SeatMove.objects.filter(tournament=t, kind=SeatMove.Kind.DRAW).select_related("entry__player")
    rows = [
        {"table": m.to_table, "seat": m.to_seat, "player": m.entry.player.name, "stack": t.starting_stack}
        for m in moves
        if m.status != SeatMove.Status.CANCELLED and m.entry.status != Entry.Status.REMOVED
    ]
    return sorted(rows, key=lambda r: (r["table"], r["seat"]))


def move_slips(t: Tournament) -> list[SeatMove]:
    """A slip per seat change after the draw, still to make or made (balancing, breaks, the final table,
    late seats), oldest first."""
    return list(
        SeatMove.objects.filter(tournament=t)
        .exclude(kind=SeatMove.Kind.DRAW)
        .exclude(status=SeatMove.Status.CANCELLED)
        .select_related("entry__player")
        .order_by("pk")
    )


def sign_in(t: Tournament) -> list[Entry]:
    return list(
        Entry.objects.filter(tournament=t)
        .exclude(status=Entry.Status.REMOVED)
        .select_related("player")
        .order_by("player__name", "number")
    )


def payout_table(t: Tournament) -> dict[str, Any]:
    count, pool = prize_pool_of(t)
    return {
        "entries": count,
        "pool": pool,
        "rows": list(Payout.objects.filter(tournament=t).order_by("place")),
    }


def final_results(t: Tournament) -> list[dict[str, Any]]:
    """Places (ties as a range), prizes and bounties; the players still in at the end of the list."""
    entries = list(
        Entry.objects.filter(tournament=t)
        .exclude(status=Entry.Status.REMOVED)
        .select_related("player", "elimination__eliminated_by__player")
    )
    entries.sort(key=lambda e: (e.place is None, e.place or 0, e.player.name))
    rows = []
    for e in entries:
        el = getattr(e, "elimination", None)
        by = el.eliminated_by if el is not None else None
        rows.append(
            {
                "place": e.place,
                "place_to": e.place_to,
                "player": e.player.name,
                "number": e.number,
                "prize": e.prize,
                "bounties": e.bounties_won,
                "head": head_of(t, e) if t.progressive_bounty and e.place is None else None,
                "by": by.player.name if by is not None else None,
            }
        )
    return rows
