"""The tournaments' receivers of the hooks the apps below send (connected in ``TournamentsConfig.ready()``):
a tournament table's hands and its level clock."""

from __future__ import annotations

import functools

from apps.tables.hooks import HandFinished, HandPositioning, Positions, TableRead
from apps.tournaments.dealing import tournament_positions, tournament_table_of
from apps.tournaments.models import Tournament, TournamentTable
from apps.tournaments.results import tournament_hand_finished

TOURNAMENT_TABLE, TOURNAMENT = "tournaments.table", "tournaments.tournament"


def tournament_table_read(_: None) -> tuple[TableRead, ...]:
    """``tables.hand_dealing_reads``: the table's tournament table and its tournament, read with the table
    (the query of :func:`~apps.tournaments.dealing.tournament_table_of`), for :func:`hand_positions`."""
    return _tournament_table_read()


@functools.cache
def _tournament_table_read() -> tuple[TableRead, ...]:
    tt_fields, t_fields = (
        tuple(TournamentTable._meta.concrete_fields),
        tuple(Tournament._meta.concrete_fields),
    )
    tt = {f.name: f.column for f in tt_fields}
    tt_t = TournamentTable._meta.db_table
    return (
        TableRead(
            TOURNAMENT_TABLE,
            TournamentTable,
            tt_fields,
            f"SELECT {', '.join(f'tt.{f.column}' for f in tt_fields)} FROM {tt_t} tt "
            f"WHERE tt.{tt['table']} = {{table}} LIMIT 1",
        ),
        TableRead(
            TOURNAMENT,
            Tournament,
            t_fields,
            f"SELECT {', '.join(f'x.{f.column}' for f in t_fields)} FROM {tt_t} tt "
            f"JOIN {Tournament._meta.db_table} x ON x.{Tournament._meta.pk.column} = tt.{tt['tournament']} "
            f"WHERE tt.{tt['table']} = {{table}} LIMIT 1",
        ),
    )


def hand_positions(positioning: HandPositioning) -> Positions | None:
    """``tables.hand_positions_choosing``: at a running tournament's table, refuse a halted table and give
    the next hand's positions under the dead button; None for any other table."""
    reads = positioning.reads
    if TOURNAMENT_TABLE in reads:
        tt = reads[TOURNAMENT_TABLE]
        if tt is not None:
            TournamentTable.tournament.field.set_cached_value(tt, reads[TOURNAMENT])
    else:
        tt = tournament_table_of(positioning.table)
    return tournament_positions(
        tt=tt,
        table=positioning.table,
        game=positioning.game,
        numbers=positioning.numbers,
        seated=positioning.players,
        button=positioning.button,
    )


def hand_finished(finished: HandFinished) -> None:
    """``tables.hand_finished``: a hand at a tournament table yields its eliminations, places and the seat
    moves Floor proposes (a no-op for other tables)."""
    tournament_hand_finished(hand=finished.hand)
