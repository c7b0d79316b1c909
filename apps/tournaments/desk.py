"""The registration desk's corrections: rename an entry, remove it, undo the last registration; and what the
desk may offer for each entry right now (rebuy, add-on, re-entry, the corrections), asked of the same rules
the services check, so a button is shown only when pressing it would be accepted.

Every correction is kept as a :class:`~apps.tournaments.models.DeskRecord` (the player's name, the reason,
the money handed back, what it changed). Before the seat draw a removed entry is gone (refunded, out of the
pool, its typo'd player too when nothing else uses it); after the draw it stays as ``removed`` (refunded, out
of the pool, its seat left) and needs a reason. The undone bust-out is :mod:`apps.tournaments.bustundo`.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.accounts.models import Player
from apps.accounts.permissions import Actor, require_director
from apps.accounts.players import player_forget, player_named, player_rename
from apps.core.errors import Conflict, NotFound, ValidationFailed
from apps.tables.models import Hand, Seat
from apps.tables.seats import seats_leave, seats_player_change
from apps.tournaments.models import DeskRecord, Entry, Tournament
from apps.tournaments.services import lock_tournament_and_tables, publish

#: how long after registering the desk may still undo it (a slip of the keyboard, seen at once)
UNDO_REGISTRATION_SECONDS = 300
NAME_MAX = 80
LIVE_OR_WAITING = (Entry.Status.REGISTERED, Entry.Status.PLAYING, Entry.Status.BUSTED)


def lock_entry(entry_id: int) -> tuple[Tournament, Entry]:
    """The tournament (after its open tables and the entry's seat, the lock order of
    :func:`apps.tournaments.services.lock_tournament_and_tables`), then the entry, both locked."""
    row = Entry.objects.filter(pk=entry_id).values_list("tournament_id", "seat_id").first()
    if row is None:
        raise NotFound(f"no entry {entry_id}", code="entry_not_found", detail={"entry": entry_id})
    t = lock_tournament_and_tables(row[0], seat_id=row[1])
    e = Entry.objects.select_for_update(of=("self",)).select_related("seat", "player").get(pk=entry_id)
    return t, e


def record(
    t: Tournament, e: Entry | None, kind: str, actor: Actor, *, name: str, reason: str = "", refund: int = 0,
    **detail: Any,
) -> DeskRecord:  # fmt: skip
    return DeskRecord.objects.create(
        tournament=t,
        entry=e,
        kind=kind,
        player_name=name,
        reason=reason,
        refund=refund,
        detail=detail,
        created_by=actor.user,
    )


def played_hands(t: Tournament, player_id: int) -> bool:
    """Has ``player_id`` been dealt into a hand at one of the tournament's tables? (The hand history names
    who played: such an entry is renamed only with its player, never moved to another player.)"""
    for seats in Hand.objects.filter(table__tournament_table__tournament=t).values_list("seats", flat=True):
        if any(int(s["player_id"]) == player_id for s in seats):
            return True
    return False


def _require_open(t: Tournament) -> None:
    if t.status == Tournament.Status.FINISHED:
        raise Conflict("the tournament is over", code="tournament_finished")


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationFailed("give the player's name", code="name_required", detail={"field": "name"})
    if len(name) > NAME_MAX:
        raise ValidationFailed(
            f"a name has at most {NAME_MAX} characters", code="name_too_long", detail={"field": "name"}
        )
    return name


def _only_here(t: Tournament, player: Player) -> bool:
    """Is ``player`` nobody but this tournament's one entry (a typo made at the desk)?"""
    return (
        player.user_id is None
        and Entry.objects.filter(player=player).count() == 1
        and not Seat.objects.filter(player=player).exclude(table__tournament_table__tournament=t).exists()
    )


@transaction.atomic
def entry_rename(*, actor: Actor, entry: Entry, name: str) -> Entry:
    """Give the entry the right name. A player the desk created only for it (a typo) is renamed, and every
    page and hand follows; an entry of a known player moves to the player of that name (new or existing),
    but only before it has played a hand."""
    t, e = lock_entry(entry.pk)
    require_director(actor, t.club_id)
    _require_open(t)
    name = _clean_name(name)
    old = e.player
    before = old.name
    if e.status == Entry.Status.REMOVED:
        raise Conflict("that entry was removed", code="entry_removed", detail={"entry": e.pk})
    if name == old.name:
        raise Conflict(f"the entry is already named {name}", code="name_unchanged", detail={"field": "name"})
    other = Player.objects.filter(club_id=t.club_id, name=name).first()
    if other is not None and Entry.objects.filter(tournament=t, player=other).exists():
        raise Conflict(
            f"{name} is already registered", code="already_registered", detail={"player": other.pk}
        )
    if other is None and _only_here(t, old):
        player_rename(player=old, name=name)
        how = "player_renamed"
    else:
        if played_hands(t, old.pk):
            raise Conflict(
                f"{old.name} has played hands: the hand history keeps who played them",
                code="entry_has_hands",
                rule="the hand history only grows",
                detail={"entry": e.pk},
            )
        target = other or player_named(club=t.club_id, name=name)
        seats = Seat.objects.filter(player=old, table__tournament_table__tournament=t).values_list(
            "pk", flat=True
        )
        seats_player_change(seat_ids=list(seats), player=target)
        Entry.objects.filter(tournament=t, player=old).update(player=target)
        how = "entry_moved"
    record(t, e, DeskRecord.Kind.RENAMED, actor, name=name, before=before, after=name, how=how)
    publish(t, "entry_renamed", {"entry": e.pk, "before": before, "player": name})
    e.refresh_from_db()
    return e


def refund_of(t: Tournament, e: Entry) -> int:
    """The money handed back: the buy-in with its fee, and any rebuys and add-ons paid."""
    return t.buy_in + t.fee + e.rebuys * t.rebuy_price + e.add_ons * t.addon_price


def _forget_player(player: Player) -> None:
    """A player the desk created for a removed typo disappears from the club's list (nothing refers to it)."""
    if not Entry.objects.filter(player=player).exists() and not Seat.objects.filter(player=player).exists():
        player_forget(player=player)


def _leave_seat(e: Entry) -> dict[str, Any]:
    """The entry's seat is left between hands; its chips go out of play with it. Returns where it sat."""
    if e.seat is None or e.seat.left_at is not None:
        return {}
    if Hand.objects.filter(table_id=e.seat.table_id, status=Hand.Status.IN_PROGRESS).exists():
        raise Conflict(
            "a hand is in progress at that table: finish it first",
            code="hand_in_progress",
            rule="TDA 27",
            detail={"entry": e.pk},
        )
    seats_leave(seat_ids=[e.seat.pk])
    number = getattr(getattr(e.seat.table, "tournament_table", None), "number", None)
    return {"table": number, "seat": e.seat.number, "chips": e.seat.stack}


@transaction.atomic
def entry_remove(*, actor: Actor, entry: Entry, reason: str = "") -> DeskRecord:
    """Remove an entry. Before the draw: it is deleted, its money refunded, out of the pool. After the
    draw: only with a reason; it stays in the record as ``removed``, refunded and out of the pool, and its
    seat (with its chips) leaves play; the balancer is asked again."""
    t, e = lock_entry(entry.pk)
    require_director(actor, t.club_id)
    _require_open(t)
    reason = " ".join((reason or "").split())[:300]
    name, refund = e.player.name, refund_of(t, e)
    if t.status == Tournament.Status.REGISTERING:
        player = e.player
        e.delete()
        _forget_player(player)
        return record(t, None, DeskRecord.Kind.REMOVED, actor, name=name, reason=reason, refund=refund,
                      before_draw=True)  # fmt: skip
    if not reason:
        raise ValidationFailed(
            "after the seat draw an entry is removed only with a reason",
            code="reason_required",
            rule="the record keeps every entry after the draw",
            detail={"field": "reason"},
        )
    if e.status not in LIVE_OR_WAITING:
        raise Conflict(
            f"{name} is out of the tournament (undo the bust-out first)",
            code="entry_not_live",
            detail={"entry": e.pk, "status": e.status},
        )
    live = Entry.objects.filter(tournament=t, status__in=LIVE_OR_WAITING).count()
    if live <= 2:
        raise Conflict(
            "two players are left: removing one would decide the tournament",
            code="too_few_left",
            detail={"live": live},
        )
    where = _leave_seat(e)
    Entry.objects.filter(pk=e.pk).update(status=Entry.Status.REMOVED)
    from apps.tournaments.moves import moves_propose
    from apps.tournaments.payouts import payouts_refresh

    payouts_refresh(t)
    moves_propose(t=t)
    publish(t, "entry_removed", {"entry": e.pk, "player": name})
    return record(t, e, DeskRecord.Kind.REMOVED, actor, name=name, reason=reason, refund=refund,
                  before_draw=False, **where)  # fmt: skip


def last_registration(t: Tournament) -> Entry | None:
    return Entry.objects.filter(tournament=t).order_by("-pk").first()


def undo_open(e: Entry, *, now: Any = None) -> bool:
    return e.created_at >= (now or timezone.now()) - timedelta(seconds=UNDO_REGISTRATION_SECONDS)


@transaction.atomic
def entry_registration_undo(*, actor: Actor, entry: Entry) -> DeskRecord:
    """Undo the tournament's last registration, within a few minutes of it, before it has played a hand: as
    if it had never been made (a late entry's seat is left; its money, if taken, handed back)."""
    t, e = lock_entry(entry.pk)
    require_director(actor, t.club_id)
    _require_open(t)
    last = last_registration(t)
    if last is None or last.pk != e.pk:
        raise Conflict(
            "only the last registration can be undone (remove this one instead)",
            code="not_last_registration",
            detail={"entry": e.pk, "last": last.pk if last else None},
        )
    if not undo_open(e):
        raise Conflict(
            f"a registration is undone within {UNDO_REGISTRATION_SECONDS // 60} minutes (remove it instead)",
            code="undo_too_late",
            detail={"entry": e.pk, "seconds": UNDO_REGISTRATION_SECONDS},
        )
    if e.status not in (Entry.Status.REGISTERED, Entry.Status.PLAYING) or played_hands(t, e.player_id):
        raise Conflict(
            f"{e.player.name} has played since registering (remove the entry instead)",
            code="entry_has_hands",
            detail={"entry": e.pk},
        )
    name, player, number = e.player.name, e.player, e.number
    where = _leave_seat(e)
    e.delete()
    _forget_player(player)
    if t.status == Tournament.Status.RUNNING:
        from apps.tournaments.payouts import payouts_refresh

        payouts_refresh(t)
        publish(t, "registration_undone", {"player": name})
    return record(t, None, DeskRecord.Kind.REGISTRATION_UNDONE, actor, name=name, refund=t.buy_in + t.fee,
                  number=number, **where)  # fmt: skip
