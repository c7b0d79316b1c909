"""The standings' receivers of the tournaments' hooks (connected in ``StandingsConfig.ready()``)."""

from __future__ import annotations

from apps.standings.models import SeasonResult
from apps.standings.services import tournament_results_record
from apps.tournaments.hooks import TournamentFinished, TournamentReading


def results_record(finished: TournamentFinished) -> None:
    """``tournaments.tournament_finished``: score the tournament for its season and rate it."""
    tournament_results_record(tournament=finished.tournament)


def tournament_points(reading: TournamentReading) -> dict[int, object]:
    """``tournaments.tournament_points_reading``: player id → league points earned in the tournament."""
    return dict(SeasonResult.objects.filter(tournament=reading.tournament).values_list("player_id", "points"))
