"""Writes for tournaments: create, register, start (the seat draw), rebuys, add-ons and re-entries.

Every function owns its transaction, takes keyword-only arguments and an explicit ``actor``, and takes the
tournament row with ``SELECT … FOR UPDATE`` before validating, so two directors' clicks serialise. Seating,
balancing and breaking are in :mod:`apps.tournaments.seating`; eliminations, places, payouts and deals in
:mod:`apps.tournaments.results`. The rules themselves are :mod:`apps.engine.tournament`'s.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.utils import timezone

from apps.accounts.models import Club
from apps.accounts.permissions import Actor, require_director
from apps.clocks.live import live_publish
from apps.clocks.models import LevelClock
from apps.core.errors import Conflict, NotFound, RuleViolation, ValidationFailed
from apps.core.locks import rows_lock
from apps.engine.errors import EngineError
from apps.engine.tournament import entries as ec
from apps.tables.games import game_from_settings
from apps.tournaments import hooks
from apps.tournaments.checks import suggestion_check, tournament_settings_check
from apps.tournaments.models import Entry, Tournament

LIVE = (Entry.Status.PLAYING, Entry.Status.BUSTED)


def tournament_channel(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


def publish(tournament: Tournament, type: str, data: dict[str, Any]) -> None:
    """Push a tournament event (seat moves, eliminations, ...) on ``tournament:<id>`` (after commit)."""
    event_id = live_publish(channel=tournament_channel(tournament.pk), type=type, data=data)
    hooks.tournament_published.send(
        hooks.TournamentPublished(tournament=tournament, type=type, data=data, event_id=event_id)
    )


def lock_tournament(tournament_id: int) -> Tournament:
    """The tournament's row, locked. Lock order (:mod:`apps.core.locks`): after any table, hand or seat the
    caller takes, before its entries, moves, deals, the level clock; a service that may seat or move
    players takes :func:`lock_tournament_and_tables` instead."""
    t = (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("level_clock")
        .filter(pk=tournament_id)
        .first()
    )
    if t is None:
        raise NotFound(
            f"no tournament {tournament_id}",
            code="tournament_not_found",
            detail={"tournament": tournament_id},
        )
    return t


class _TablesChanged(Exception):
    """A table was opened between locking the tables and locking the tournament: start again."""


def lock_tournament_and_tables(tournament_id: int, *, seat_id: int | None = None) -> Tournament:
    """The tournament's row, locked after its open tables' rows (the lock order of :mod:`apps.core.locks`:
    tables before the tournament, as a hand start, a finishing hand and the colour-ups take them). For the
    services that seat, move or pay players while hands may be played: registration, re-entry, moves,
    deals, chip races.

    The tables are the tournament's, so the set is only known for sure once the tournament is held. When a
    table was opened in between (the seat draw), the locks are given back (rolling back a savepoint
    releases the row locks taken in it) and taken again, the new table first: taking it while holding the
    tournament could wait in a cycle with the colour-ups that hold it and wait for the tournament.
    ``seat_id``: a seat to lock between the tables and the tournament (a rebuy's, a re-entry's)."""
    from apps.tables.models import Seat, Table
    from apps.tournaments.models import TournamentTable

    open_tables = TournamentTable.objects.filter(tournament_id=tournament_id, broken_at__isnull=True)
    wanted = set(open_tables.values_list("table_id", flat=True))
    for _ in range(10):
        try:
            with transaction.atomic():
                rows_lock(Table.objects.filter(pk__in=wanted))
                if seat_id is not None:
                    rows_lock(Seat.objects.filter(pk=seat_id))
                t = lock_tournament(tournament_id)
                now_open = set(open_tables.values_list("table_id", flat=True))
                if not now_open <= wanted:
                    wanted = now_open
                    raise _TablesChanged
                return t
        except _TablesChanged:
            continue
    raise Conflict("the tournament's tables keep changing; try again", code="tables_changing")


def current_level(t: Tournament, *, now: datetime | None = None) -> int:
    """The current level *number* (1, 2, ...; breaks not counted): during a break, the number of the level
    before it, so a period "until level 4" includes the break after level 4. 1 before the clock starts."""
    clock = t.level_clock
    if clock is None or clock.anchor_at is None:
        return 1
    from apps.clocks.levelclock import clock_levels, clock_position

    index = clock_position(clock, now or timezone.now()).level
    return max(1, sum(1 for lv in clock_levels(clock)[: index + 1] if not lv.is_break))


def config_of(t: Tournament) -> ec.TournamentConfig:
    """The tournament's money and chips rules in the engine's terms (:mod:`apps.engine.tournament.entries`):
    periods in level numbers, inclusive (a break belongs to the level before it)."""
    kind = GAME_KINDS.get(str(t.game.get("kind")), "blinds")
    try:
        return ec.TournamentConfig(
            buy_in=t.buy_in,
            starting_stack=t.starting_stack,
            fee=t.fee,
            game_kind=kind,
            late_registration_until=t.late_reg_until_level or 0,
            rebuy=ec.Option(
                cost=t.rebuy_price,
                chips=t.rebuy_chips,
                until_level=t.rebuy_until_level,
                max_per_player=t.rebuy_limit,
                max_stack=t.rebuy_max_stack,
            )
            if t.rebuy_until_level is not None and t.rebuy_chips > 0
            else None,
            add_on=ec.Option(
                cost=t.addon_price,
                chips=t.addon_chips,
                from_level=t.addon_from_level or 1,
                until_level=t.addon_until_level,
                max_per_player=1,
            )
            if t.addon_until_level is not None and t.addon_chips > 0
            else None,
            reentry=ec.Option(
                cost=t.buy_in,
                chips=t.starting_stack,
                until_level=t.reentry_until_level,
                max_per_player=t.reentry_limit,
            )
            if t.reentry_until_level is not None
            else None,
            bounty=t.bounty,
            payout_unit=int((t.payout or {}).get("unit", 1)),
        )
    except EngineError as exc:
        raise ValidationFailed(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail) from exc


def pool_of(t: Tournament, counts: list[tuple[int, int, int]]) -> int:
    """The prize pool from the entries' ``(number, rebuys, add_ons)`` (engine: buy-ins and re-entries less
    their bounties, rebuys and add-ons; fees to the house)."""
    try:
        return ec.prize_pool(
            config_of(t),
            entries=sum(1 for n, _, _ in counts if n == 1),
            reentries=sum(1 for n, _, _ in counts if n > 1),
            rebuys=sum(r for _, r, _ in counts),
            add_ons=sum(a for _, _, a in counts),
        )
    except EngineError as exc:
        raise ValidationFailed(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail) from exc


def rules_verify(check: Any, **kwargs: Any) -> None:
    try:
        check(**kwargs)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc


# --- create -------------------------------------------------------------------------------------------------


MATCH_TURN_SECONDS = 60  # a match's turn clock when the game sets none (the source site offers 30 or 60 s)

GAME_KINDS = {"five-card-draw": "ante", "2-7-triple-draw": "fixed-limit", "2-7-single-draw": "blinds"}


def structure_for(
    *,
    game_kind: str,
    structure: list[dict[str, Any]] | None,
    template: str | None,
    suggest: dict[str, Any] | None,
    starting_stack: int,
) -> list[dict[str, Any]]:
    """The level clock's levels: given outright, a ready template, or suggested from the number of players,
    the starting stack and the host's hours (the engine's :mod:`~apps.engine.tournament.structure`)."""
    from apps.engine.errors import EngineError
    from apps.engine.tournament import structure as st

    kind = GAME_KINDS.get(game_kind, "blinds")
    try:
        if structure:
            return structure
        if template:
            levels = st.template(template, kind, starting_stack=starting_stack)
        elif suggest:
            wanted = suggestion_check(suggest)
            levels = st.suggest_structure(
                wanted["players"],
                starting_stack,
                wanted["hours"],
                kind,
                level_minutes=wanted["level_minutes"],
            )
        else:
            raise ValidationFailed(
                "give a structure, a template or what to suggest from (players, hours)",
                code="structure_missing",
                detail={"field": "structure"},
            )
        return [lv.to_json() for lv in st.to_clock_levels(levels)]
    except EngineError as exc:
        raise ValidationFailed(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail) from exc
    except (KeyError, ValueError, TypeError, ArithmeticError) as exc:
        raise ValidationFailed(
            f"cannot suggest a structure: {exc}", code="structure_invalid", detail={"field": "suggest"}
        ) from exc


@transaction.atomic
def tournament_create(
    *,
    actor: Actor,
    club: Club,
    name: str,
    game: dict[str, Any],
    starting_stack: int,
    structure: list[dict[str, Any]] | None = None,
    template: str | None = None,
    suggest: dict[str, Any] | None = None,
    seed: int | None = None,
    **settings: Any,
) -> Tournament:
    """A tournament with its level clock. ``settings`` are the model's other fields (buy-in, periods,
    limits, payout, ...); unknown names are refused."""
    require_director(actor, club.pk)
    from apps.clocks.levelclock import level_clock_create

    clock_only = settings.get("game_kind") == Tournament.GameKind.CLOCK_ONLY
    if clock_only:
        from apps.tournaments.clockonly import clock_only_game

        game = clock_only_game(game, settings)
    engine_game = game_from_settings(game)
    if settings.get("format") == Tournament.Format.MATCH and engine_game.turn_time_limit is None:
        # the match plays a seat that is away by the clock's default actions (RULES.md §6: check, else fold;
        # keep all cards), so its tables need a turn clock: the longer of the source site's two limits
        game = {**game, "turn_time_limit": MATCH_TURN_SECONDS}
        engine_game = game_from_settings(game)
    allowed = {f.name for f in Tournament._meta.concrete_fields} - {
        "id",
        "club",
        "name",
        "game",
        "starting_stack",
        "level_clock",
        "status",
        "seed",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "hand_for_hand",
    }
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise ValidationFailed(
            f"unknown tournament setting(s): {', '.join(unknown)}",
            code="setting_unknown",
            detail={"field": unknown[0], "unknown": unknown},
        )
    tournament_settings_check(settings)
    if (
        not engine_game.betting
        and settings.get("format", Tournament.Format.FREEZEOUT) != Tournament.Format.MATCH
    ):
        # no chips change hands in the no-bet mode: played to the last player, it would never end
        raise ValidationFailed(
            "the no-bet mode is played as a match (format: match)",
            code="invalid",
            detail={"field": "game.mode", "fields": {"game.mode": ["the no-bet mode is played as a match"]}},
        )
    seats = int(settings.get("seats_per_table", 6))
    top = 10 if clock_only else min(10, engine_game.max_players)  # no cards dealt: any table size
    if not engine_game.min_players <= seats <= top:
        raise ValidationFailed(
            f"seats_per_table must be between {engine_game.min_players} and {top}",
            code="seats_per_table_invalid",
            detail={"field": "seats_per_table", "value": seats},
        )
    levels = structure_for(
        game_kind=engine_game.kind,
        structure=structure,
        template=template,
        suggest=suggest,
        starting_stack=starting_stack,
    )
    clock = level_clock_create(actor=actor, club_id=club.pk, name=f"{name[:112]} (clock)", structure=levels)
    t = Tournament(
        club=club,
        name=name,
        game=game,  # the director's settings, as tables.services.table_create takes them
        starting_stack=starting_stack,
        level_clock=clock,
        seed=seed if seed is not None else secrets.randbelow(2**62),
        created_by=actor.user,
        **settings,
    )
    try:
        t.full_clean(exclude=["level_clock", "created_by"])
    except DjangoValidationError as exc:
        first = next(iter(exc.message_dict), "settings")
        raise ValidationFailed(
            f"invalid {first}: {' '.join(exc.message_dict[first])}",
            code="setting_invalid",
            detail={"field": first, "errors": exc.message_dict},
        ) from exc
    from apps.tournaments.payouts import verify_payout_setting

    verify_payout_setting(t.payout or {"kind": "standard"})
    t.save()
    return t


@transaction.atomic
def tournament_publish(*, actor: Actor, tournament: Tournament, published: bool) -> Tournament:
    t = lock_tournament(tournament.pk)
    require_director(actor, t.club_id)
    t.published = published
    t.save(update_fields=["published"])
    # its tables follow it (their hands, logs, PHH and streams with them), drawn or not yet
    from apps.tables.services import tables_publish

    tables_publish(table_ids=list(t.tables.values_list("table_id", flat=True)), published=published)
    return t


def level_clock_of(t: Tournament) -> LevelClock:
    if t.level_clock is None:
        raise Conflict("the tournament has no level clock", code="no_level_clock")
    return t.level_clock


# The entries' services live in apps.tournaments.entries; their names stay importable from here.
from apps.tournaments.entries import (  # noqa: E402
    entry_add_on,
    entry_rebuy,
    entry_reenter,
    entry_register,
)

__all__ = ["entry_add_on", "entry_rebuy", "entry_reenter", "entry_register"]
