"""Taking a tournament back out of a season (the cockpit's "detach"); the writes that put one in, and
leagues and seasons themselves, are :mod:`apps.standings.services`'."""

from __future__ import annotations

from django.db import transaction

from apps.accounts.permissions import Actor
from apps.core.errors import NotFound
from apps.standings.models import Season, SeasonResult, SeasonTournament
from apps.tournaments.models import Tournament
from apps.tournaments.services import require_director


@transaction.atomic
def season_tournament_remove(*, actor: Actor, season: Season, tournament: Tournament) -> int:
    """The tournament no longer counts for the season: its link and the season results it wrote go (the
    leaderboard is read from those results, so it drops them at once). Returns the results removed."""
    require_director(actor, season.league.club_id)
    link = SeasonTournament.objects.select_for_update().filter(season=season, tournament=tournament).first()
    if link is None:
        raise NotFound(
            "that tournament does not count for this season",
            code="tournament_not_in_season",
            detail={"season": season.pk, "tournament": tournament.pk},
        )
    removed, _ = SeasonResult.objects.filter(season=season, tournament=tournament).delete()
    link.delete()
    return removed
