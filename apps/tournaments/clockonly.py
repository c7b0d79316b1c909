"""Clock-only games: a tournament of a game Floor does not referee (Hold'em, Omaha, a mix; its ``game_name``).

Floor runs everything around the cards (the level clock, registration, the seat draw, balancing, payouts,
deals and leagues) and deals no hand: at such a table :func:`clock_only_deal_refuse` refuses ``hand_start``
(409 ``clock_only_table``), and the director or the table's dealer enters who is out, and who knocked them
out (:func:`entry_out_record`), and the chip counts (:func:`entry_chips_count`). Places, prizes, bounties
and the end of the tournament then follow the same rules as after a refereed hand
(:func:`apps.tournaments.results.director_eliminations_record`).

The tables still carry an engine game (:func:`clock_only_game`): a blinds game, so that the level clock's
blinds and antes fit it and the clock's pages read as usual. It is never dealt.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.accounts.permissions import Actor, can_deal, is_director
from apps.core.errors import Conflict, PermissionRefused, ValidationFailed
from apps.engine.games import SINGLE_DRAW_27
from apps.engine.tournament import entries as ec
from apps.tables.models import Table
from apps.tournaments.models import Entry, Tournament, TournamentTable
from apps.tournaments.services import config_of, current_level, lock_tournament_and_tables, publish

CLOCK_ONLY = Tournament.GameKind.CLOCK_ONLY
GAME_NAMES = ("Hold'em", "Omaha", "Pot-Limit Omaha", "Mixed games")  # suggestions; any name is taken


def clock_only_game(game: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """The tables' game for a clock-only tournament (the blinds the director gave, else 1/2: the level clock
    sets them from its first level) after checking its settings: a game name, and not the match format
    (a match counts hands, and none is dealt)."""
    name = str(settings.get("game_name") or "").strip()
    if not name:
        raise ValidationFailed(
            "a clock-only tournament names its game (Hold'em, Omaha, ...)",
            code="game_name_required",
            detail={"field": "game_name"},
        )
    settings["game_name"] = name
    if settings.get("format") == Tournament.Format.MATCH:
        raise ValidationFailed(
            "a match counts hands, and no hand is dealt in a clock-only game",
            code="clock_only_match",
            detail={"field": "format"},
        )
    return {
        "kind": SINGLE_DRAW_27,
        "small_blind": int(game.get("small_blind") or 1),
        "big_blind": int(game.get("big_blind") or 2),
    }


def is_clock_only(t: Tournament) -> bool:
    return t.game_kind == CLOCK_ONLY


def game_label(t: Tournament) -> str:
    """What the room plays, as the pages show it: the clock-only game's name, else the refereed kind."""
    return t.game_name if is_clock_only(t) else str(t.game.get("kind", ""))


def clock_only_deal_refuse(t: Tournament) -> None:
    """Refuse dealing a hand at a clock-only tournament's table (409 ``clock_only_table``)."""
    if is_clock_only(t):
        raise Conflict(
            f"Floor does not referee {t.game_name}: no hand is dealt at this table; enter who is out and the "
            "chip counts instead",
            code="clock_only_table",
            detail={"tournament": t.pk, "game": t.game_name},
        )


def tournament_of_table(table: Table) -> Tournament | None:
    tt = TournamentTable.objects.filter(table_id=table.pk).select_related("tournament").first()
    return tt.tournament if tt is not None else None


def _authorise(actor: Actor, t: Tournament, e: Entry) -> None:
    if is_director(actor, t.club_id):
        return
    if e.seat is not None and can_deal(actor, e.seat.table):
        return
    raise PermissionRefused("only the director or the table's dealer enters who is out", code="not_dealer")


def _locked(actor: Actor, entry: Entry) -> tuple[Tournament, Entry]:
    t = lock_tournament_and_tables(entry.tournament_id, seat_id=entry.seat_id)
    e = Entry.objects.select_for_update(of=("self",)).select_related("seat__table", "player").get(pk=entry.pk)
    _authorise(actor, t, e)
    if not is_clock_only(t):
        raise Conflict(
            "the hands decide who is out in a refereed game",
            code="not_clock_only",
            detail={"tournament": t.pk},
        )
    if t.status != Tournament.Status.RUNNING:
        raise Conflict("the tournament is not running", code="tournament_not_running")
    if e.status != Entry.Status.PLAYING or e.seat is None or e.seat.left_at is not None:
        raise Conflict(
            f"{e.player.name} is not playing at a table",
            code="entry_not_playing",
            detail={"entry": e.pk, "status": e.status, "player": e.player.name},
        )
    return t, e


@transaction.atomic
def entry_out_record(*, actor: Actor, entry: Entry, knocked_out_by: Entry | None = None) -> Entry:
    """A player out, as the director or the table's dealer saw it: their chips go to who knocked them out
    (who also wins the bounty). One who may still rebuy waits at the desk (``busted``: rebuy or decline);
    anyone else is placed (the next place up from the bottom) and paid now, and the last one left wins."""
    from apps.tables.counts import seat_chips_hand_over
    from apps.tournaments.results import Out, director_eliminations_record

    t, e = _locked(actor, entry)
    assert e.seat is not None
    hunter = None
    if knocked_out_by is not None:
        hunter = Entry.objects.select_related("seat").filter(pk=knocked_out_by.pk, tournament=t).first()
        if hunter is None or hunter.pk == e.pk or hunter.status != Entry.Status.PLAYING:
            raise ValidationFailed(
                "who knocked them out is another player still playing",
                code="knocked_out_by_invalid",
                detail={"field": "knocked_out_by"},
            )
    chips = e.seat.stack
    reason = f"{e.player.name} out" + (f", knocked out by {hunter.player.name}" if hunter else "")
    seat_chips_hand_over(actor=actor, loser=e.seat, winner=hunter.seat if hunter else None, reason=reason)
    if ec.can_rebuy(config_of(t), level=current_level(t), stack=0, taken=e.rebuys):
        e.status = Entry.Status.BUSTED
        e.save(update_fields=["status"])
        publish(t, "busted", {"entry": e.pk, "player": e.player.name})
        return e
    tt = TournamentTable.objects.get(table_id=e.seat.table_id)
    director_eliminations_record(t, [Out(e, None, tt.number, chips, 0, [hunter] if hunter else [])])
    e.refresh_from_db()
    return e


@transaction.atomic
def entry_chips_count(*, actor: Actor, entry: Entry, chips: int) -> Entry:
    """The counted stack of a player of a clock-only game replaces the recorded one."""
    from apps.tables.counts import seat_chips_count

    _t, e = _locked(actor, entry)
    assert e.seat is not None
    seat_chips_count(actor=actor, seat=e.seat, chips=chips, reason="chip count")
    return e


def players_at(table: Table) -> list[Entry]:
    """The entries playing at a clock-only table, by seat (the console's list)."""
    return list(
        Entry.objects.filter(seat__table=table, seat__left_at__isnull=True, status=Entry.Status.PLAYING)
        .select_related("player", "seat")
        .order_by("seat__number")
    )
