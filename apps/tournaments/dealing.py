"""What the next hand at a tournament table needs from the tournament, asked by the table service's
``hand_start`` (with the table row locked; nothing here takes a lock, so no lock order is added):

* whether a hand may be dealt at all: a table three or more players short of the longest is halted until
  the director's moves balance it (TDA 11-D, :func:`apps.engine.tournament.balancing.halted_tables`);
  hand-for-hand, a table that has played this hand waits for the others (TDA RP-8, WSOP 126-b);
* its button and blinds under the dead button (TDA 32, :func:`apps.engine.tournament.seating.next_positions`):
  the big blind always moves on to the next player dealt in, the small blind goes to the seat that had the
  big blind and the button to the seat that had the small blind, even when those seats are now empty (a
  dead small blind posts nothing; a dead button sits on an empty seat). Heads-up the button posts the small
  blind (TDA 34-B). Games without blinds keep the plain moving button. A new player (a late entry, a move)
  whose seat is the button, the small blind or between them waits until the button passes (TDA 10).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from apps.core.errors import Conflict
from apps.engine.errors import EngineError
from apps.engine.games import Game
from apps.tables.models import Hand, Table
from apps.tournaments.levels import hand_for_hand_wait_check
from apps.tournaments.models import Tournament, TournamentTable

RULE_HALT = "TDA 11-D"
RULE_DEAD_BUTTON = "TDA 32"


@dataclass(frozen=True)
class HandPositions:
    """The next hand's button (maybe an empty seat) and the blinds to mark on the seats dealt in (a dead
    small blind is not marked: no one posts it)."""

    button: int
    small_blind: int | None
    big_blind: int
    waiting: frozenset[int] = frozenset()  # new players not dealt in until the button passes (TDA 10)

    def marks(self) -> dict[int, str]:
        out = {self.big_blind: "big"}
        if self.small_blind is not None:
            out[self.small_blind] = "small"
        return out


def table_halt_check(*, t: Tournament, number: int) -> None:
    """Refuse (409 ``table_halted``, TDA 11-D) while table ``number`` is three or more players short."""
    from apps.engine.tournament import balancing
    from apps.tournaments.seating import engine_tables, open_tables

    tables = engine_tables(open_tables(t))
    if number in balancing.halted_tables(tables):
        counts = {tb.number: tb.count for tb in tables if tb.count}
        short = max(counts.values()) - counts.get(number, 0)
        raise Conflict(
            f"table {number} is halted: it is {short} players short of the longest table; confirm the "
            "balancing moves first",
            code="table_halted",
            rule=RULE_HALT,
            detail={"table": number, "players": counts},
        )


def movers_standing_check(*, t: Tournament) -> None:
    """Refuse (409 ``mover_standing``) while a plan is half carried out: a player stood up for a move into
    their seat sits nowhere until their own move is confirmed, and would miss the hand."""
    from apps.tournaments.moves import standing_movers

    standing = standing_movers(t)
    if standing:
        raise Conflict(
            "players are standing between seats: confirm or override their moves first",
            code="mover_standing",
            detail={"entries": standing},
        )


def tournament_table_of(table: Table) -> TournamentTable | None:
    """The table's tournament table, with its tournament (None: not a tournament's table)."""
    return TournamentTable.objects.filter(table_id=table.pk).select_related("tournament").first()


def tournament_positions(
    *,
    tt: TournamentTable | None,
    table: Table,
    game: Game,
    numbers: list[int],
    seated: Mapping[int, int],
    button: int | None,
) -> HandPositions | None:
    """For a table of a running tournament (``tt``: :func:`tournament_table_of`): refuse a halted table; with
    blinds, the next hand's positions under the dead button (``numbers``: the seats dealt in; ``seated``:
    their player ids by seat; ``button``: the drawn button of a first hand). None for any other table (the
    table service moves the button as usual)."""
    from apps.engine.tournament import seating as es
    from apps.tournaments.seating import hand_positions

    if tt is not None:
        from apps.tournaments.clockonly import clock_only_deal_refuse

        clock_only_deal_refuse(tt.tournament)
    if tt is None or tt.tournament.status != Tournament.Status.RUNNING:
        return None
    table_halt_check(t=tt.tournament, number=tt.number)
    movers_standing_check(t=tt.tournament)
    hand_for_hand_wait_check(t=tt.tournament, number=tt.number)
    if not game.big_blind:
        return None
    players = {n: str(n) for n in numbers}
    last, hand = None, None
    if table.button_seat is not None:  # None: a first hand, or the final table's fresh draw for the button
        hand = Hand.objects.filter(table=table, source=Hand.Source.LIVE).order_by("-number").first()
        last = hand_positions(hand) if hand is not None else None
    try:
        if last is None:
            pos = es.first_positions(es.Table(tt.number, table.seats_count, players), button or numbers[0])
        else:
            pos = es.next_positions(es.Table(tt.number, table.seats_count, players, last=last))
    except EngineError as exc:  # pragma: no cover - hand_start checked the button and the players first
        rule = exc.rule or RULE_DEAD_BUTTON
        raise Conflict(exc.message, code=exc.code, rule=rule, detail=exc.detail) from exc
    waiting = _waiting(table, hand, pos, seated) if hand is not None and len(numbers) > 2 else frozenset()
    return HandPositions(
        button=pos.button,
        small_blind=pos.small_blind
        if pos.small_blind in players and pos.small_blind not in waiting
        else None,
        big_blind=pos.big_blind,
        waiting=waiting,
    )


def _waiting(table: Table, last_hand: Hand, pos: Any, seated: Mapping[int, int]) -> frozenset[int]:
    """New players (not dealt the table's last hand: a late entry, a balancing or broken-table move) whose
    seat is the button, the small blind or between them wait until the button passes (TDA 10): they are
    not dealt in, and a small blind there is dead. ``seated``: the seats dealt in, seat → player id."""
    from apps.engine.tournament import seating as es

    before = {int(s["player_id"]) for s in last_hand.seats}
    span = es.Table(0, table.seats_count)
    zone = {pos.button, pos.small_blind, *es.seats_between(span, pos.button, pos.small_blind)}
    out = frozenset(n for n, player in seated.items() if n in zone and player not in before)
    return out if len(seated) - len(out) >= 2 and pos.big_blind not in out else frozenset()
