"""Public pages: clock display, standings, leaderboards, players, hand replays: what anyone may
read without logging in, once the director publishes it."""

from django.urls import path

from apps.public import floorcall, views, views_me

app_name = "public"
urlpatterns = [
    path("t/", views.public_index, name="index"),
    path("t/<int:tournament_id>/clock/", views.tournament_clock, name="clock"),
    path(
        "t/<int:tournament_id>/clock/second/", views.tournament_clock, {"second": True}, name="clock-second"
    ),
    path("t/<int:tournament_id>/me/", views_me.me_index, name="me-index"),
    path("t/<int:tournament_id>/me/<int:entry_id>/", views_me.me_page, name="me"),
    path("t/<int:tournament_id>/me/<int:entry_id>/qr.svg", views_me.me_qr, name="me-qr"),
    path("t/<int:tournament_id>/standings/", views.tournament_standings, name="standings"),
    path(
        "t/<int:tournament_id>/standings.<str:fmt>",
        views.tournament_standings_download,
        name="standings-download",
    ),
    path("leagues/<int:league_id>/seasons/<int:season_id>/", views.season_leaderboard, name="leaderboard"),
    path(
        "leagues/<int:league_id>/seasons/<int:season_id>/leaderboard.<str:fmt>",
        views.season_leaderboard_download,
        name="leaderboard-download",
    ),
    path("players/<int:player_id>/", views.player_page, name="player"),
    path("hands/<int:hand_id>/replay/", views.hand_replay, name="replay"),
    path("hands/<int:hand_id>/call-the-floor/", floorcall.hand_call_floor, name="replay-call-floor"),
]
