"""The hooks the tournaments send to the apps above them (see :mod:`apps.core.hooks`; lock order
:mod:`apps.core.locks`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.core.hooks import Hook
from apps.tournaments.models import Tournament


@dataclass(frozen=True)
class TournamentFinished:
    """``tournament`` (its row locked) has just finished: its places and prizes are final."""

    tournament: Tournament


@dataclass(frozen=True)
class TournamentReading:
    """A tournament being shown (no lock)."""

    tournament: Tournament


@dataclass(frozen=True)
class TournamentPublished:
    """A push on the tournament's live stream: its ``type``, ``data`` and live ``event_id``."""

    tournament: Tournament
    type: str
    data: dict[str, Any]
    event_id: int


tournament_published: Hook[TournamentPublished, None] = Hook(
    "tournaments.tournament_published",
    doc="""Every push on a tournament's stream (seat moves, eliminations, levels, the end), inside the
    publishing transaction, with whatever locks its service holds (the tournament's, lock 4, for most).
    A receiver may only read and schedule work after commit: it must never refuse or slow the push.

    Receivers: ``apps.room.webhooks.webhooks_on_tournament_published`` (the club's webhooks, fanned out by a
    task after commit).""",
)

tournament_finished: Hook[TournamentFinished, None] = Hook(
    "tournaments.tournament_finished",
    doc="""A tournament has just finished (its last elimination, a deal, the match's last hand). Sent inside
    the finishing transaction, holding the tournament's row (lock 4) and its entries (lock 5).

    Receivers: ``apps.standings.receivers.results_record`` (season points, then ratings; locks 8, the
    ratings in ascending pk).""",
)

tournament_points_reading: Hook[TournamentReading, dict[int, object] | None] = Hook(
    "tournaments.tournament_points_reading",
    doc="""The league points each player earned in a finished tournament (player id → points), when it
    counts for a season; no answer: it counts for none. One query, no lock.

    Receivers: ``apps.standings.receivers.tournament_points``.""",
)
