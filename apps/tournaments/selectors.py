"""Reads for tournaments: live and final standings, tables and seat moves. Each selector runs a fixed
number of queries whatever the size of the field (the tests assert the counts)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from apps.tournaments import hooks
from apps.tournaments.models import Entry, Payout, SeatMove, Tournament, TournamentTable
from apps.tournaments.pko import head_of

ALIVE = (Entry.Status.PLAYING, Entry.Status.BUSTED, Entry.Status.REGISTERED)


def prize_pool(t: Tournament, entries: list[Entry]) -> int:
    """Buy-ins, re-entries, rebuys and add-ons paid, less bounties (the engine's rule)."""
    from apps.tournaments.services import pool_of

    return pool_of(t, [(e.number, e.rebuys, e.add_ons) for e in entries])


def _entries(t: Tournament, *, knockouts: bool = False) -> list[Entry]:
    # One query: entries with their player, seat and the seat's tournament table number (and, for the final
    # standings, who busted them: a join the live standings do not pay for).
    related = ["player", "seat__table__tournament_table"]
    if knockouts:
        related.append("elimination__eliminated_by__player")
    # the seat's table is only the way to its tournament table: its game (JSON, parsed per row) is not read
    return list(
        Entry.objects.filter(tournament=t).select_related(*related).defer("seat__table__game").order_by("pk")
    )


def _level(t: Tournament) -> dict[str, Any] | None:
    if t.level_clock is None:
        return None
    from apps.clocks.levelclock import level_clock_view

    view = level_clock_view(t.level_clock, now=timezone.now())
    return {k: view[k] for k in ("level", "current", "next", "remaining", "running", "hand_for_hand")}


def _seat_of(e: Entry) -> dict[str, Any] | None:
    seat = e.seat
    if seat is None or seat.left_at is not None:
        return None
    tt = getattr(seat.table, "tournament_table", None)
    return {"table": tt.number if tt else None, "table_id": seat.table_id, "seat": seat.number}


def standings_live(*, tournament: Tournament) -> dict[str, Any]:
    """Chips (each entry's seat stack), ranks by chips (equal chips share), players left, average stack, the
    prize pool, the payouts and the next pay jump (the engine's :func:`live_standings`). Three queries
    (tournament with its clock, entries with players and seats, payouts)."""
    from apps.engine.tournament import standings as es

    t = Tournament.objects.select_related("level_clock").get(pk=tournament.pk)
    entries = _entries(t)
    prizes = [p.amount for p in Payout.objects.filter(tournament=t).order_by("place")]
    alive = {str(e.pk): e for e in entries if e.status in ALIVE}
    chips = {
        k: (e.seat.stack if e.seat is not None and e.seat.left_at is None else 0) for k, e in alive.items()
    }
    counted = [e for e in entries if e.status != Entry.Status.REMOVED]  # a removed entry was refunded
    pool = prize_pool(t, counted)
    level = _level(t)
    big_blind = (level or {}).get("current", {}).get("big_blind") or 0
    live = es.live_standings(chips, prize_pool=pool, prizes=prizes) if chips else None
    rows = []
    for r in live.rows if live else []:
        e = alive[r.player]
        rows.append(
            {
                "entry": e.pk,
                "player": e.player.name,
                "player_id": e.player_id,
                "entry_number": e.number,
                "status": e.status,
                "chips": r.chips,
                "rank": r.rank,
                "big_blinds": round(r.chips / big_blind, 1) if big_blind else None,
                "seat": _seat_of(e),
                "rebuys": e.rebuys,
                "add_ons": e.add_ons,
                "bounties": e.bounties_won,
                # the bounty on the player's head (PKO: grown by their knockouts)
                "head_bounty": head_of(t, e),
            }
        )
    jump = live.next_jump if live else None
    out = sorted((e for e in entries if e.place is not None), key=lambda e: (e.place or 0, e.pk))
    return {
        "tournament": t.pk,
        "name": t.name,
        "status": t.status,
        "hand_for_hand": t.hand_for_hand,
        "level": level,
        "entries": len(counted),
        "players_left": live.players_left if live else 0,
        "total_chips": live.total_chips if live else 0,
        "average_stack": live.average_stack if live else 0,
        "prize_pool": pool,
        "places_paid": live.places_paid if live else sum(1 for p in prizes if p > 0),
        "in_the_money": live.in_the_money if live else False,
        "bounty": t.bounty,
        "progressive_bounty": t.progressive_bounty,
        "payouts": [{"place": i, "amount": a} for i, a in enumerate(prizes, start=1)],
        "next_payout_jump": None
        if jump is None
        else {"eliminations": jump.eliminations, "from": jump.from_amount, "to": jump.to_amount},
        "alive": rows,
        "out": [_finished_row(e) for e in out],
    }


def _knockout(e: Entry) -> dict[str, Any] | None:
    """Who busted the entry (the first winner of the pot it went out in) and its bounty's shares."""
    el = getattr(e, "elimination", None)
    if el is None:
        return None
    by = el.eliminated_by
    return {
        "hand": el.hand_id,
        "table": el.table_number,
        "by_entry": by.pk if by is not None else None,
        "by_player": by.player.name if by is not None else None,
        "bounty_shares": el.bounty_shares,
    }


def _finished_row(e: Entry, *, knockouts: bool = False) -> dict[str, Any]:
    return {
        "entry": e.pk,
        "player": e.player.name,
        "player_id": e.player_id,
        "entry_number": e.number,
        "place": e.place,
        "place_to": e.place_to,
        "prize": e.prize,
        "bounties": e.bounties_won,
        "rebuys": e.rebuys,
        "add_ons": e.add_ons,
        **({"eliminated": _knockout(e)} if knockouts else {}),
    }


def standings_final(*, tournament: Tournament) -> dict[str, Any]:
    """Places (ties shown as a range), prizes, bounties and league points when the tournament counts for a
    season. Three queries (tournament, entries, season results)."""
    t = Tournament.objects.get(pk=tournament.pk)
    entries = [e for e in _entries(t, knockouts=True) if e.place is not None]
    points = hooks.tournament_points_reading.ask(hooks.TournamentReading(tournament=t)) or {}
    entries.sort(key=lambda e: (e.place or 0, e.pk))
    rows = []
    for e in entries:
        row = _finished_row(e, knockouts=True)
        row["points"] = str(points[e.player_id]) if e.player_id in points else None
        rows.append(row)
    return {"tournament": t.pk, "name": t.name, "status": t.status, "results": rows}


def tournament_tables(*, tournament: Tournament) -> list[dict[str, Any]]:
    """The open tables with who sits where, and whether play halts there (three or more players short of
    the longest table, TDA 11-D: Floor deals no hand there until it is balanced). Two queries."""
    from apps.engine.tournament import balancing
    from apps.engine.tournament import seating as es
    from apps.tables.models import Seat

    seats = Seat.objects.filter(left_at__isnull=True).select_related("player").order_by("number")
    tables = list(
        TournamentTable.objects.filter(tournament=tournament, broken_at__isnull=True)
        .prefetch_related(Prefetch("table__seats", queryset=seats, to_attr="open_seats"))
        .select_related("table")
    )
    occupied = {tt.number: {s.number: str(s.player_id) for s in tt.table.open_seats} for tt in tables}  # type: ignore[attr-defined]
    halted = set(
        balancing.halted_tables(
            [es.Table(tt.number, tt.table.seats_count, occupied[tt.number]) for tt in tables]
        )
    )
    return [
        {
            "number": tt.number,
            "table_id": tt.table_id,
            "is_final": tt.is_final,
            "halted": tt.number in halted,
            "hand_for_hand_hands": tt.hand_for_hand_hands,
            "button_seat": tt.table.button_seat,
            "seats": [
                {"seat": s.number, "player": s.player.name, "player_id": s.player_id, "stack": s.stack}
                for s in tt.table.open_seats  # type: ignore[attr-defined]
            ],
        }
        for tt in tables
    ]


def seat_moves(*, tournament: Tournament, status: str | None = None) -> list[dict[str, Any]]:
    qs = SeatMove.objects.filter(tournament=tournament).select_related("entry__player").order_by("pk")
    if status:
        qs = qs.filter(status=status)
    return [
        {
            "id": m.pk,
            "entry": m.entry_id,
            "player": m.entry.player.name,
            "kind": m.kind,
            "rule": m.rule,
            "reason": m.reason,
            "from_table": m.from_table,
            "from_seat": m.from_seat,
            "to_table": m.to_table,
            "to_seat": m.to_seat,
            "status": m.status,
            "proposed_at": m.proposed_at.isoformat(),
            "decided_at": m.decided_at.isoformat() if m.decided_at else None,
        }
        for m in qs
    ]


def room_tournament_table_id(club_id: int, number: int) -> int | None:
    """The table number ``number`` of the club's running tournament (the one started last, if two run at
    once; a broken table no longer counts): what a device of the room's Table N deals at tonight."""
    from apps.tournaments.models import Tournament, TournamentTable

    found = (
        TournamentTable.objects.filter(
            tournament__club_id=club_id,
            tournament__status=Tournament.Status.RUNNING,
            number=number,
            broken_at__isnull=True,
        )
        .order_by("-tournament__started_at", "-tournament_id")
        .values_list("table_id", flat=True)
        .first()
    )
    return int(found) if found is not None else None


# how long after its end a tournament's last table stays its room table's (the night it was played)
FINISHED_TABLE_HOURS = 12


def room_finished_table_id(club_id: int, number: int) -> int | None:
    """The table number ``number`` still open when the club's latest tournament finished, tonight: asked
    after the cash tables, so a device of the room's Table N that has no cash table to go back to stays on
    the final table and shows its places (it deals no more there: one player has the chips)."""
    from apps.tournaments.models import Tournament, TournamentTable

    since = timezone.now() - timedelta(hours=FINISHED_TABLE_HOURS)
    found = (
        TournamentTable.objects.filter(
            tournament__club_id=club_id,
            tournament__status=Tournament.Status.FINISHED,
            tournament__finished_at__gte=since,
            number=number,
            broken_at__isnull=True,
        )
        .order_by("-tournament__finished_at", "-tournament_id")
        .values_list("table_id", flat=True)
        .first()
    )
    return int(found) if found is not None else None
