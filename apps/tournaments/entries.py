"""Entries: registration (a late one is seated at once), rebuys, add-ons and re-entries. Each takes the
tournament and its tables' rows first (:func:`~apps.tournaments.services.lock_tournament_and_tables`), then
validates with the engine's rules, then writes."""

from __future__ import annotations

from django.db import transaction

from apps.accounts.models import Player
from apps.accounts.permissions import Actor, require_director
from apps.core.errors import Conflict, NotFound, ValidationFailed
from apps.engine.tournament import entries as ec
from apps.tables.services import seat_stack_adjust
from apps.tournaments.models import Entry, Tournament
from apps.tournaments.services import (
    LIVE,
    config_of,
    current_level,
    lock_tournament_and_tables,
    publish,
    rules_verify,
)


def _player(t: Tournament, player: Player | None, player_name: str | None) -> Player:
    if player is None:
        if not player_name:
            raise ValidationFailed(
                "give a player id or a player name", code="player_missing", detail={"field": "player"}
            )
        return Player.objects.get_or_create(club_id=t.club_id, name=player_name)[0]
    if player.club_id != t.club_id:
        raise ValidationFailed(
            "that player belongs to another club", code="player_invalid", detail={"field": "player"}
        )
    return player


@transaction.atomic
def entry_register(
    *, actor: Actor, tournament: Tournament, player: Player | None = None, player_name: str | None = None
) -> Entry:
    """Register a player. Once the tournament runs, only up to the late-registration level, and the new
    entry is seated at once (TDA 10: never between the small blind and the button)."""
    t = lock_tournament_and_tables(tournament.pk)
    require_director(actor, t.club_id)
    who = _player(t, player, player_name)
    if t.status == Tournament.Status.FINISHED:
        raise Conflict("the tournament is over", code="tournament_finished")
    level = current_level(t)
    if t.status == Tournament.Status.RUNNING:
        rules_verify(ec.verify_registration, config=config_of(t), level=level)
    if Entry.objects.filter(tournament=t, player=who).exists():
        raise Conflict(
            f"{who.name} is already registered (a re-entry goes through re-entry)",
            code="already_registered",
            detail={"player": who.pk},
        )
    entry = Entry.objects.create(tournament=t, player=who, number=1)
    if t.status == Tournament.Status.RUNNING:
        from apps.tournaments.seating import seat_late_entry

        seat_late_entry(actor=actor, tournament=t, entry=entry)
    return entry


def _lock_entry(entry_id: int) -> tuple[Tournament, Entry]:
    """Lock order (:mod:`apps.core.locks`): the tournament's open tables (a re-entry is seated at one), the
    entry's seat, then the tournament, then the entry. A finishing hand holds its seats and then takes the
    tournament (the hook), so taking the seat first never waits in a cycle with it."""
    row = Entry.objects.filter(pk=entry_id).values_list("tournament_id", "seat_id").first()
    if row is None:
        raise NotFound(f"no entry {entry_id}", code="entry_not_found", detail={"entry": entry_id})
    tournament_id, seat_id = row
    t = lock_tournament_and_tables(tournament_id, seat_id=seat_id)
    return t, Entry.objects.select_for_update(of=("self",)).select_related("seat", "player").get(pk=entry_id)


def _adjust(actor: Actor, entry: Entry, kind: str, chips: int, reason: str) -> None:
    if entry.seat is None or entry.seat.left_at is not None:
        raise Conflict("the entry is not seated", code="entry_not_seated", detail={"entry": entry.pk})
    seat_stack_adjust(actor=actor, seat=entry.seat, kind=kind, amount=chips, reason=reason)


@transaction.atomic
def entry_rebuy(*, actor: Actor, entry: Entry) -> Entry:
    """A rebuy in the rebuy period, within the limit, at or below the allowed stack (engine rules). A busted
    entry that rebuys plays on (TDA 27: declared before the next hand)."""
    t, e = _lock_entry(entry.pk)
    require_director(actor, t.club_id)
    _require_running(t)
    if e.status not in LIVE:
        raise Conflict("that entry is out of the tournament", code="entry_not_live", detail={"entry": e.pk})
    stack = e.seat.stack if e.seat is not None else 0
    rules_verify(ec.verify_rebuy, config=config_of(t), level=current_level(t), stack=stack, taken=e.rebuys)
    _adjust(actor, e, "rebuy", t.rebuy_chips, f"rebuy {e.rebuys + 1} of {t.name}")
    e.rebuys += 1
    e.status = Entry.Status.PLAYING
    e.save(update_fields=["rebuys", "status"])
    _payouts_refresh(t)
    publish(t, "rebuy", {"entry": e.pk, "player": e.player.name, "rebuys": e.rebuys})
    return e


@transaction.atomic
def entry_add_on(*, actor: Actor, entry: Entry) -> Entry:
    """One add-on per entry, in the add-on period."""
    t, e = _lock_entry(entry.pk)
    require_director(actor, t.club_id)
    _require_running(t)
    if e.status != Entry.Status.PLAYING:
        raise Conflict("that entry is not playing", code="entry_not_live", detail={"entry": e.pk})
    rules_verify(ec.verify_add_on, config=config_of(t), level=current_level(t), taken=e.add_ons)
    _adjust(actor, e, "add_on", t.addon_chips, f"add-on of {t.name}")
    e.add_ons += 1
    e.save(update_fields=["add_ons"])
    _payouts_refresh(t)
    publish(t, "add_on", {"entry": e.pk, "player": e.player.name})
    return e


@transaction.atomic
def entry_reenter(*, actor: Actor, entry: Entry) -> Entry:
    """A new entry for an eliminated player, in the re-entry period: a full stack and a random seat
    (TDA 8). The old entry keeps its place."""
    t, e = _lock_entry(entry.pk)
    require_director(actor, t.club_id)
    _require_running(t)
    numbers = list(Entry.objects.filter(tournament=t, player=e.player).values_list("number", "status"))
    if any(status in LIVE for _, status in numbers):
        raise Conflict("the player is still in the tournament", code="entry_live", detail={"entry": e.pk})
    used = len(numbers) - 1
    rules_verify(
        ec.verify_reentry,
        config=config_of(t),
        level=current_level(t),
        taken=used,
        busted=e.status == Entry.Status.ELIMINATED,
    )
    new = Entry.objects.create(tournament=t, player=e.player, number=used + 2)
    from apps.tournaments.seating import seat_late_entry

    seat_late_entry(actor=actor, tournament=t, entry=new)
    return new


def _require_running(t: Tournament) -> None:
    if t.status != Tournament.Status.RUNNING:
        raise Conflict(
            "the tournament is not running", code="tournament_not_running", detail={"status": t.status}
        )


def _payouts_refresh(t: Tournament) -> None:
    from apps.tournaments.payouts import payouts_refresh

    payouts_refresh(t)
