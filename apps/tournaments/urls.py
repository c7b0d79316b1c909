"""Tournament routes (included under ``/api/`` by :mod:`director.api_urls`)."""

from django.urls import path

from apps.tournaments import apis, apis_floor, views

urlpatterns = [
    path("tournaments/", apis.TournamentCreateApi.as_view(), name="api-tournament-create"),
    path("tournaments/structure/", apis.StructureSuggestApi.as_view(), name="api-tournament-structure"),
    path(
        "tournaments/<int:tournament_id>/", apis.TournamentDetailApi.as_view(), name="api-tournament-detail"
    ),
    path(
        "tournaments/<int:tournament_id>/publish/",
        apis.TournamentPublishApi.as_view(),
        name="api-tournament-publish",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/", apis.EntryRegisterApi.as_view(), name="api-entry-register"
    ),
    path(
        "tournaments/<int:tournament_id>/start/",
        apis.TournamentStartApi.as_view(),
        name="api-tournament-start",
    ),
    path(
        "tournaments/<int:tournament_id>/clock/",
        apis_floor.TournamentClockApi.as_view(),
        name="api-tournament-clock",
    ),
    path(
        "tournaments/<int:tournament_id>/hand-for-hand/",
        apis_floor.TournamentHandForHandApi.as_view(),
        name="api-tournament-hand-for-hand",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/live/",
        apis.StandingsLiveApi.as_view(),
        name="api-standings-live",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/final/",
        apis.StandingsFinalApi.as_view(),
        name="api-standings-final",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/",
        apis.TournamentTablesApi.as_view(),
        name="api-tournament-tables",
    ),
    path(
        "tournaments/<int:tournament_id>/moves/", apis_floor.SeatMoveListApi.as_view(), name="api-seat-moves"
    ),
    path(
        "tournaments/<int:tournament_id>/moves/confirm-all/",
        apis_floor.SeatMovesConfirmAllApi.as_view(),
        name="api-seat-moves-confirm-all",
    ),
    path(
        "tournaments/<int:tournament_id>/chip-races/", apis_floor.ChipRaceApi.as_view(), name="api-chip-races"
    ),
    path(
        "tournaments/<int:tournament_id>/deals/",
        apis_floor.DealCalculateApi.as_view(),
        name="api-deal-calculate",
    ),
    path("deals/<int:deal_id>/accept/", apis_floor.DealAcceptApi.as_view(), name="api-deal-accept"),
    path("moves/<int:move_id>/decide/", apis_floor.SeatMoveDecideApi.as_view(), name="api-seat-move-decide"),
    path("entries/<int:entry_id>/<str:action>/", apis.EntryActionApi.as_view(), name="api-entry-action"),
    path("live/tournaments/<int:tournament_id>/", views.tournament_stream, name="live-tournament"),
]
