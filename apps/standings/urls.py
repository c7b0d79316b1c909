"""League and rating routes (included under ``/api/`` by :mod:`director.api_urls`)."""

from django.urls import path

from apps.standings import apis

urlpatterns = [
    path("leagues/", apis.LeagueCreateApi.as_view(), name="api-league-create"),
    path("leagues/<int:league_id>/seasons/", apis.SeasonCreateApi.as_view(), name="api-season-create"),
    path(
        "seasons/<int:season_id>/tournaments/", apis.SeasonTournamentAddApi.as_view(), name="api-season-add"
    ),
    path("seasons/<int:season_id>/leaderboard/", apis.LeaderboardApi.as_view(), name="api-leaderboard"),
    path("clubs/<int:club_id>/ratings/", apis.RatingsApi.as_view(), name="api-ratings"),
    path(
        "players/<int:player_id>/rating-history/", apis.RatingHistoryApi.as_view(), name="api-rating-history"
    ),
]
