"""What the registration desk may offer for each entry now: asked of the same engine rules the services
check (periods in level numbers, limits, the rebuy's stack condition) and of the desk's own rules, so a
button is shown only when pressing it would be accepted. A fixed number of queries for the whole field."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from apps.engine.tournament import entries as ec
from apps.tables.models import Hand, Seat
from apps.tournaments.desk import LIVE_OR_WAITING, undo_open
from apps.tournaments.models import Elimination, Entry, Tournament
from apps.tournaments.services import config_of, current_level


@dataclass(frozen=True)
class Offers:
    rebuy: bool = False
    add_on: bool = False
    reentry: bool = False
    decline_rebuy: bool = False
    rename: bool = False
    remove: bool = False
    undo_registration: bool = False
    undo_bust: bool = False


def undoable_bust(t: Tournament) -> int | None:
    """The entry whose bust-out may be undone: the latest one (the best place out), when it shares its
    place with nobody and its player has not entered again."""
    el = Elimination.objects.filter(tournament=t).order_by("place", "-pk").select_related("entry").first()
    if el is None or el.place != el.place_to or el.entry.status != Entry.Status.ELIMINATED:
        return None
    if Entry.objects.filter(tournament=t, player_id=el.entry.player_id, number__gt=el.entry.number).exists():
        return None
    return el.entry_id


def _undo_possible(e: Entry, now: datetime) -> bool:
    """May the last registration still be undone (recent, not dealt a hand since)? One query when seated."""
    if not undo_open(e, now=now) or e.status not in (Entry.Status.REGISTERED, Entry.Status.PLAYING):
        return False
    if e.seat_id is None:
        return True
    table_id = Seat.objects.filter(pk=e.seat_id).values_list("table_id", flat=True).first()
    if table_id is None:
        return True
    return not Hand.objects.filter(table_id=table_id, started_at__gte=e.created_at).exists()


def desk_offers(t: Tournament, entries: list[Entry], *, stacks: dict[int, int]) -> dict[int, Offers]:
    """``entries``: the tournament's, ``stacks``: the live seats' chips by entry id."""
    finished = t.status == Tournament.Status.FINISHED
    running = t.status == Tournament.Status.RUNNING
    if finished:
        return {e.pk: Offers() for e in entries}
    cfg = config_of(t)
    level = current_level(t)
    now = timezone.now()
    last = max((e.pk for e in entries), default=None)
    undoable = last is not None and _undo_possible(next(e for e in entries if e.pk == last), now)
    live = sum(1 for e in entries if e.status in LIVE_OR_WAITING)
    bust = undoable_bust(t) if running else None
    taken: dict[int, int] = {}
    alive_players = set()
    for e in entries:
        taken[e.player_id] = taken.get(e.player_id, 0) + 1
        if e.status in LIVE_OR_WAITING:
            alive_players.add(e.player_id)
    out = {}
    for e in entries:
        stack = stacks.get(e.pk, 0)
        in_play = e.status in (Entry.Status.PLAYING, Entry.Status.BUSTED)
        out[e.pk] = Offers(
            rebuy=running and in_play and ec.can_rebuy(cfg, level=level, stack=stack, taken=e.rebuys),
            add_on=running
            and e.status == Entry.Status.PLAYING
            and ec.can_add_on(cfg, level=level, taken=e.add_ons),
            reentry=running
            and e.status == Entry.Status.ELIMINATED
            and e.player_id not in alive_players
            and ec.can_reenter(cfg, level=level, taken=taken[e.player_id] - 1, busted=True),
            decline_rebuy=running and e.status == Entry.Status.BUSTED,
            rename=e.status != Entry.Status.REMOVED,
            remove=not running or (e.status in LIVE_OR_WAITING and live > 2),
            undo_registration=e.pk == last and undoable,
            undo_bust=e.pk == bust,
        )
    return out
