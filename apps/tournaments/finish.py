"""The end of a tournament: its last entry paid, the match format's end by chips or points, a deal's end.
Each runs inside the finishing transaction with the tournament's row locked."""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from apps.accounts.permissions import Actor
from apps.core.errors import RuleViolation
from apps.engine.errors import EngineError
from apps.engine.tournament import places as ep
from apps.tables.models import Hand
from apps.tables.seats import seats_leave
from apps.tournaments import hooks
from apps.tournaments.models import Deal, Entry, Payout, SeatMove, Tournament, TournamentTable
from apps.tournaments.pko import head_of
from apps.tournaments.services import LIVE, publish


def prizes_for(t: Tournament, finishes: list[ep.Finish]) -> dict[str, int]:
    """Each finish's prize (by entry id): the payouts of its places, ties sharing them."""
    prizes = list(Payout.objects.filter(tournament=t).order_by("place").values_list("amount", flat=True))
    unit = int((t.payout or {}).get("unit", 1))
    try:
        return ep.prizes_for_finishes(finishes, prizes, unit=unit)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc


def tournament_finish(t: Tournament, *, winner: Entry | None) -> None:
    """The tournament is over (``winner``: the last entry left, paid first place): proposed moves are
    cancelled, the ``tournament_finished`` hook sent (season points, ratings), the end pushed."""
    if winner is not None:
        prize = prizes_for(t, [ep.Finish(str(winner.pk), (1,))])[str(winner.pk)]
        winner.status, winner.place, winner.place_to, winner.prize = Entry.Status.FINISHED, 1, 1, prize
        winner.save(update_fields=["status", "place", "place_to", "prize"])
        if t.bounty:  # the winner keeps the bounty on their own head (PKO: all it has grown to)
            Entry.objects.filter(pk=winner.pk).update(bounties_won=F("bounties_won") + head_of(t, winner))
    t.status, t.finished_at = Tournament.Status.FINISHED, timezone.now()
    t.save(update_fields=["status", "finished_at"])
    SeatMove.objects.filter(tournament=t, status=SeatMove.Status.PROPOSED).update(
        status=SeatMove.Status.CANCELLED, decided_at=timezone.now(), reason="the tournament is over"
    )
    hooks.tournament_finished.send(hooks.TournamentFinished(tournament=t))  # season points, ratings
    publish(t, "finished", {"winner": winner.pk if winner else None})


def match_check(t: Tournament, tt: TournamentTable) -> None:
    """The source rules' match: after its fixed number of hands, places by chips (no-bet mode: points)."""
    hands = list(Hand.objects.filter(table_id=tt.table_id, status=Hand.Status.FINISHED).order_by("number"))
    fmt = ep.MatchFormat(hands=t.match_hands, mode="points" if t.game.get("mode") == "no-bet" else "chips")
    entries = {
        e.player_id: e for e in Entry.objects.filter(tournament=t, status__in=LIVE).select_related("seat")
    }
    with_chips = [
        e for e in entries.values() if e.seat is not None and e.seat.left_at is None and e.seat.stack > 0
    ]
    # a match played for chips also ends when one player holds them all: no further hand can be dealt
    if not fmt.is_over(len(hands)) and not (fmt.mode == "chips" and len(with_chips) <= 1):
        return
    if fmt.mode == "points":
        winners: list[set[str]] = []
        for h in hands:
            pid = {int(s["seat"]): int(s["player_id"]) for s in h.seats}
            pts = (h.result or {}).get("points") or {}
            winners.append(
                {str(entries[pid[int(k)]].pk) for k, v in pts.items() if v and pid[int(k)] in entries}
            )
        totals = ep.no_bet_points([str(e.pk) for e in entries.values()], winners)
    else:
        totals = {str(e.pk): (e.seat.stack if e.seat is not None else 0) for e in entries.values()}
    finishes = ep.match_result(totals)
    prizes = prizes_for(t, finishes)
    for f in finishes:
        e = next(x for x in entries.values() if str(x.pk) == f.player)
        e.status = Entry.Status.FINISHED if f.places[0] == 1 else Entry.Status.ELIMINATED
        e.place, e.place_to, e.prize = f.places[0], f.places[-1], prizes[f.player]
        e.save(update_fields=["status", "place", "place_to", "prize"])
    tournament_finish(t, winner=None)


def tournament_finish_by_deal(*, actor: Actor, tournament: Tournament, deal: Deal) -> None:
    """The players left are paid the deal's amounts; places follow the chips (equal stacks tie)."""
    t = tournament
    shares = {s["entry"]: s for s in deal.shares}
    finishes = ep.match_result({str(k): int(s["chips"]) for k, s in shares.items()})
    for f in finishes:
        e = Entry.objects.get(pk=int(f.player))
        e.status = Entry.Status.FINISHED
        e.place, e.place_to, e.prize = f.places[0], f.places[-1], int(shares[e.pk]["amount"])
        e.save(update_fields=["status", "place", "place_to", "prize"])
        if e.seat_id is not None:
            seats_leave(seat_ids=[e.seat_id])
    tournament_finish(t, winner=None)
