"""The tournament side of a ruling's re-flow: eliminations that no longer happened are undone (and recorded
as such in the dispute's audit, never deleted), eliminations that now happen are made by the tournament's own
hook (:func:`apps.tournaments.results.tournament_hand_finished`).

A correction that changes who is out of a **finished** tournament reopens it (:func:`tournament_reopen`): its
finishers are playing again, and what its finish produced is taken back: the season results it scored (league
points) and the rating changes it made. Those rows are derived from the finish (the tournament's own finish
replaces them the same way); a copy of each goes into the dispute's audit before it is removed, so the audit
keeps everything. When the tournament finishes again, its new places score and rate as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import F

from apps.accounts.permissions import Actor
from apps.core.errors import Conflict
from apps.disputes.models import Dispute
from apps.tables.models import Hand, Seat
from apps.tables.seats import seats_return
from apps.tournaments import results as tournament_results
from apps.tournaments.models import Elimination, Entry, Tournament, TournamentTable

if TYPE_CHECKING:
    from apps.disputes.reflow import Plan


def _last_hands(plan: Plan) -> dict[int, tuple[Hand, int, int]]:
    return plan.last_finals()


def _tournament(plan: Plan) -> Tournament | None:
    from apps.tournaments.services import lock_tournament

    row = (
        TournamentTable.objects.filter(table_id=plan.hand.table_id)
        .values_list("tournament_id", flat=True)
        .first()
    )
    return lock_tournament(row) if row is not None else None


def eliminations_undo(*, actor: Actor, dispute: Dispute, plan: Plan) -> list[dict[str, Any]]:
    """Bring back every entry out of chips in the recorded hands that has chips after the correction: its
    elimination is recorded in the audit and undone (status playing, no place or prize, its seat reopened,
    the bounty taken back)."""
    from apps.disputes.services import audit
    from apps.tournaments.services import publish

    t = _tournament(plan)
    if t is None:
        return []
    back = [pid for pid, (_, old, new) in _last_hands(plan).items() if old == 0 and new > 0]
    gone = [pid for pid, (_, old, new) in _last_hands(plan).items() if old > 0 and new == 0]
    undone: list[dict[str, Any]] = []
    if (back or gone) and t.status == Tournament.Status.FINISHED:
        undone += tournament_reopen(actor=actor, dispute=dispute, t=t)
    for pid in back:
        e = (
            Entry.objects.select_for_update(of=("self",))
            .select_related("seat", "player")
            .filter(tournament=t, player_id=pid, status__in=[Entry.Status.ELIMINATED, Entry.Status.BUSTED])
            .exclude(pk__in=[u["entry"] for u in undone])
            .order_by("-number")
            .first()
        )
        if e is None or e.seat is None:
            continue
        el = Elimination.objects.filter(entry=e).first()
        record = {
            "entry": e.pk,
            "player": e.player.name,
            "status": e.status,
            "place": e.place,
            "place_to": e.place_to,
            "prize": e.prize,
            "hand": el.hand_id if el else None,
            "start_chips": el.start_chips if el else None,
            "eliminated_by": el.eliminated_by_id if el else None,
        }
        seat = e.seat
        if seat.left_at is not None:
            if Seat.objects.filter(table_id=seat.table_id, number=seat.number, left_at__isnull=True).exists():
                raise Conflict(
                    f"{e.player.name}'s seat {seat.number} has been taken since: move them back first",
                    code="seat_taken",
                    detail={"seat": seat.number, "entry": e.pk},
                )
            seats_return(seat_ids=[seat.pk])
        if el is not None:  # each share of a split bounty goes back from whoever got it
            record["bounty_taken_back"] = tournament_results.elimination_bounty_take_back(t=t, elimination=el)
        Entry.objects.filter(pk=e.pk).update(status=Entry.Status.PLAYING, place=None, place_to=None, prize=0)
        audit(dispute, "elimination_undone", actor, record)
        publish(t, "elimination_undone", {"entry": e.pk, "player": e.player.name, "dispute": dispute.pk})
        undone.append(record)
    places_shift(actor=actor, dispute=dispute, t=t, undone=undone)
    return undone


def places_shift(*, actor: Actor, dispute: Dispute, t: Tournament, undone: list[dict[str, Any]]) -> None:
    """Entries that went out after an entry brought back (a better place than its old one) finished one place
    lower for each: that entry was still playing when they went out. Their prizes follow their new places.
    (A tie shared with an entry brought back is left as it was.)"""
    from apps.disputes.services import audit
    from apps.engine.tournament import places as ep
    from apps.tournaments.models import Payout

    old_places = [int(u["place"]) for u in undone if u.get("place")]
    if not old_places:
        return
    prizes = list(Payout.objects.filter(tournament=t).order_by("place").values_list("amount", flat=True))
    unit = int((t.payout or {}).get("unit", 1))
    back = [int(u["entry"]) for u in undone]
    for el in Elimination.objects.filter(tournament=t, entry__status=Entry.Status.ELIMINATED).exclude(
        entry_id__in=back
    ):
        shift = sum(1 for place in old_places if place > el.place_to)
        if not shift:
            continue
        places = tuple(range(el.place + shift, el.place_to + shift + 1))
        prize = ep.prizes_for_finishes([ep.Finish(str(el.entry_id), places)], prizes, unit=unit)[
            str(el.entry_id)
        ]
        entry = Entry.objects.get(pk=el.entry_id)
        audit(
            dispute,
            "place_changed",
            actor,
            {"entry": entry.pk, "place": entry.place, "place_to": entry.place_to, "prize": entry.prize,
             "new_place": places[0], "new_place_to": places[-1], "new_prize": prize},
        )  # fmt: skip
        Entry.objects.filter(pk=entry.pk).update(place=places[0], place_to=places[-1], prize=prize)
        Elimination.objects.filter(pk=el.pk).update(
            place=places[0], place_to=places[-1], alive_before=F("alive_before") + shift
        )


def eliminations_new(*, plan: Plan) -> list[int]:
    """Entries that are out of chips only after the correction go out by the tournament's own rules, as of
    the last hand they played (called once the stacks have been moved)."""
    from apps.tournaments.results import tournament_hand_finished

    t = Tournament.objects.filter(tables__table_id=plan.hand.table_id).first()
    if t is None or t.status != Tournament.Status.RUNNING:
        return []
    gone = {pid: h for pid, (h, old, new) in _last_hands(plan).items() if old > 0 and new == 0}
    for hand in {h.pk: h for h in gone.values()}.values():
        hand.refresh_from_db()
        tournament_hand_finished(hand=hand)
    return sorted(gone)


def tournament_reopen(*, actor: Actor, dispute: Dispute, t: Tournament) -> list[dict[str, Any]]:
    """A finished tournament runs again: its finishers (status finished: the winner, or the players of a
    deal) play on, the league points and rating changes its finish made are taken back (copied into the
    audit first). Returns the finishes undone."""
    from apps.disputes.services import audit
    from apps.standings.models import Rating, RatingHistory, SeasonResult
    from apps.tournaments.services import publish

    results = list(SeasonResult.objects.filter(tournament=t).select_related("player"))
    history = list(RatingHistory.objects.filter(tournament=t).select_related("rating"))
    finishers = list(
        Entry.objects.filter(tournament=t, status=Entry.Status.FINISHED).select_related("player")
    )
    audit(
        dispute,
        "tournament_reopened",
        actor,
        {
            "tournament": t.pk,
            "finished_at": t.finished_at.isoformat() if t.finished_at else None,
            "season_results": [
                {"season": r.season_id, "player": r.player_id, "name": r.player.name, "place": r.place,
                 "points": r.points, "prize": r.prize, "bounties": r.bounties, "entries": r.entries}
                for r in results
            ],
            "rating_changes": [
                {"player": h.rating.player_id, "place": h.place, "mu_before": h.mu_before,
                 "sigma_before": h.sigma_before, "mu_after": h.mu_after, "sigma_after": h.sigma_after}
                for h in history
            ],
        },
    )  # fmt: skip
    for h in history:
        rating = Rating.objects.select_for_update().get(pk=h.rating_id)
        latest = RatingHistory.objects.filter(rating=rating).order_by("-created_at", "-pk").first()
        if latest is None or latest.pk != h.pk:
            raise Conflict(
                f"{rating.player} has played a rated game since this tournament: its rating cannot be undone",
                code="rating_not_latest",
                detail={"player": rating.player_id, "tournament": t.pk},
            )
        rating.mu, rating.sigma, rating.games = h.mu_before, h.sigma_before, max(0, rating.games - 1)
        rating.save(update_fields=["mu", "sigma", "games", "updated_at"])
    RatingHistory.objects.filter(pk__in=[h.pk for h in history]).delete()
    SeasonResult.objects.filter(pk__in=[r.pk for r in results]).delete()
    undone = []
    for e in finishers:
        record = {"entry": e.pk, "player": e.player.name, "status": e.status, "place": e.place,
                  "place_to": e.place_to, "prize": e.prize, "hand": None}  # fmt: skip
        if e.place == 1 and t.bounty:  # the winner kept the bounty on their own head
            Entry.objects.filter(pk=e.pk).update(bounties_won=F("bounties_won") - t.bounty)
        Entry.objects.filter(pk=e.pk).update(status=Entry.Status.PLAYING, place=None, place_to=None, prize=0)
        if e.seat_id is not None:  # a deal's finishers left their seats
            seats_return(seat_ids=[e.seat_id])
        audit(dispute, "finish_undone", actor, record)
        undone.append(record)
    t.status, t.finished_at = Tournament.Status.RUNNING, None
    t.save(update_fields=["status", "finished_at"])
    publish(t, "reopened", {"dispute": dispute.pk})
    return undone
