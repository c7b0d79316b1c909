"""The hooks ``tables`` sends, and their payloads: how a hand reaches the apps above it (clocks,
tournaments, disputes) that ``tables`` may not import. See :mod:`apps.core.hooks`; the receivers connect in
their ``AppConfig.ready()``. Lock order: :mod:`apps.core.locks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from apps.accounts.permissions import Actor
from apps.core.hooks import Hook
from apps.engine.games import Game
from apps.engine.hand import HandState
from apps.tables.models import Hand, Table


@dataclass(frozen=True)
class TableRead:
    """A row a higher app reads with the table when a hand is dealt there, so that its receivers of
    ``hand_game_choosing`` and ``hand_positions_choosing`` find it in their payload's ``reads`` (by ``key``:
    the instance, or None when there is no row) instead of querying it. On PostgreSQL the read joins the
    one statement ``hand_start`` reads the table with; elsewhere nothing is read and ``reads`` lacks the key.

    ``sql``: a query of at most one row (no parameters) whose columns are ``fields``, concrete fields of
    ``model`` (its primary key among them) in that order, with ``{table}`` where the table's id goes.
    Example::

        TableRead("clocks.level_clock", LevelClock, tuple(LevelClock._meta.concrete_fields),
                  "SELECT l.id, l.club_id, ... FROM clocks_levelclock l JOIN clocks_tableclock k ON ... "
                  "WHERE k.table_id = {table} LIMIT 1")
    """

    key: str
    model: type[Any]
    fields: tuple[Any, ...]
    sql: str


@dataclass(frozen=True)
class HandDealing:
    """A hand is about to be dealt at ``table`` (its row locked). ``reads``: the rows the apps above asked
    to read with the table (:class:`TableRead`)."""

    table: Table
    reads: Mapping[str, Any] = field(default_factory=dict)


class Positions(Protocol):
    """Where the next hand's button and blinds go, when a higher app decides (a tournament's dead button)."""

    @property
    def button(self) -> int: ...

    @property
    def waiting(self) -> frozenset[int]: ...

    def marks(self) -> dict[int, str]: ...


@dataclass(frozen=True)
class HandPositioning:
    """The next hand at ``table``: its ``game``, the seats dealt in (``numbers``; ``players``: seat number →
    player id of each), a first hand's ``button``; ``reads`` as :class:`HandDealing`'s."""

    table: Table
    game: Game
    numbers: list[int]
    button: int | None
    players: Mapping[int, int] = field(default_factory=dict)
    reads: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HandChanged:
    """``hand`` (its row locked, already saved) is now at ``state``. ``kind``: ``hand_started`` for a new
    hand, else ``hand``. ``now``: when it changed. ``shown``: whether the caller shows the hand next (a
    dealer's answer does; the clock's timeout does not), so receivers build their view parts only then."""

    hand: Hand
    state: HandState
    kind: str
    now: datetime
    shown: bool = True


@dataclass(frozen=True)
class HandFinished:
    """``hand`` (its row locked) has just finished at ``state`` (it was in play before this change)."""

    hand: Hand
    state: HandState


@dataclass(frozen=True)
class EntryRefused:
    """The engine refused ``event`` at hand ``hand_id``; the request's transaction is rolling back."""

    hand_id: int
    actor: Actor
    expected_seq: int
    event: dict[str, Any]
    error: Any
    by_clock: bool


@dataclass(frozen=True)
class HandReading:
    """A hand being shown (no lock held)."""

    hand: Hand


ViewParts = Mapping[str, Any]

hand_dealing_reads: Hook[None, tuple[TableRead, ...]] = Hook(
    "tables.hand_dealing_reads",
    doc="""The rows the apps above read with a table when a hand is dealt there (:class:`TableRead`), for
    their receivers of ``hand_game_choosing`` and ``hand_positions_choosing``. Asked by ``hand_start`` with
    the table's row held (lock 1); the reads take no lock of their own. Each receiver answers the same
    constants every time (the statement is built once for them).

    Receivers: ``apps.clocks.receivers.level_clock_read`` (the table's running level clock);
    ``apps.tournaments.receivers.tournament_table_read`` (the table's tournament table and tournament).""",
)

hand_game_choosing: Hook[HandDealing, dict[str, Any] | None] = Hook(
    "tables.hand_game_choosing",
    doc="""The game (as JSON) the next hand at a table is dealt with; the table's own game when no receiver
    answers. Asked by ``hand_start`` holding the table's row (lock 1).

    Receivers: ``apps.clocks.receivers.hand_game_for_level`` (the blinds, antes and bet units of the table's
    level clock's current level, WSOP 79; the clock as ``hand_dealing_reads`` read it); it takes no lock.""",
)

hand_positions_choosing: Hook[HandPositioning, Positions | None] = Hook(
    "tables.hand_positions_choosing",
    doc="""The next hand's button, blinds and the seats that wait, when a higher app decides; the button
    moves one seat on when no receiver answers. Asked by ``hand_start`` holding the table's row (lock 1);
    a receiver may refuse the deal.

    Receivers: ``apps.tournaments.receivers.hand_positions`` (a halted table deals nothing, TDA 11-D;
    the dead button, TDA 32; new players wait for the button, TDA 10; the tournament as
    ``hand_dealing_reads`` read it); it takes no lock.""",
)

hand_changed: Hook[HandChanged, ViewParts | None] = Hook(
    "tables.hand_changed",
    doc="""A hand was dealt or moved on (an action, a timeout, a correction). Sent by the hand log's writer
    (``hand_event_append``) and ``hand_start`` holding the hand's row (lock 2; for a new hand the table's,
    lock 1). Answers: parts of the hand's view (``{"clock": ...}``) the answer shows without reading again.

    Receivers: ``apps.clocks.receivers.turn_clock_rearm`` (re-arms or clears the turn clock, then the live
    push; locks 7, the table's turn clock).""",
)

hand_finished: Hook[HandFinished, None] = Hook(
    "tables.hand_finished",
    doc="""A hand in play has just finished. Sent by ``hand_event_append`` after ``hand_changed``, holding the
    hand's row (lock 2); a receiver may refuse (the hand's last action then rolls back).

    Receivers: ``apps.tournaments.receivers.hand_finished`` (eliminations, places, prizes, the
    end of the tournament, proposed moves; locks 3 seats, 4 the tournament, 5 its entries and moves, 6 the
    level clock in hand-for-hand).""",
)

entry_refused: Hook[EntryRefused, None] = Hook(
    "tables.entry_refused",
    doc="""The rules refused a dealer's entry (422); its transaction will roll back. Sent by
    ``hand_event_record`` after the refusal, no lock held any longer worth naming (the row lock goes with
    the rollback).

    Receivers: ``apps.disputes.refusals.refusal_on_entry`` (keeps the refusal for the dispute review,
    written after the request's transaction ends).""",
)

hand_view_reading: Hook[HandReading, ViewParts | None] = Hook(
    "tables.hand_view_reading",
    doc="""Parts of a hand's view that higher apps own, when a hand is shown (no lock).

    Receivers: ``apps.clocks.receivers.turn_clock_part`` (``{"clock": ...}``: the turn clock's deadline,
    stage, seconds and time bank left).""",
)

hand_level_reading: Hook[HandReading, int | None] = Hook(
    "tables.hand_level_reading",
    doc="""The level (1, 2, ... of the structure) a hand was dealt at, for its PHH file; None when nobody
    knows (no level clock, or its schedule no longer gives the hand's blinds). No lock.

    Receivers: ``apps.clocks.receivers.hand_level``.""",
)
