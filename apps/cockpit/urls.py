"""The director's cockpit: tournaments, registration, seating, clocks, moves, payouts, devices: the
pages a club's director runs the night from."""

from django.urls import path

from apps.cockpit import (
    views,
    views_club,
    views_deals,
    views_desk,
    views_floor,
    views_leagues,
    views_print,
    views_room,
    views_setup,
)

app_name = "cockpit"
urlpatterns = [
    path("", views_club.index, name="index"),
    path("clubs/<int:club_id>/", views_club.club_home, name="club"),
    path("clubs/<int:club_id>/tournaments/new/", views_setup.tournament_new, name="tournament-new"),
    path("clubs/<int:club_id>/devices/", views_club.devices, name="devices"),
    path("clubs/<int:club_id>/devices/new/", views_club.device_new, name="device-new"),
    path("devices/<int:device_id>/revoke/", views_club.device_revoke_view, name="device-revoke"),
    path("clubs/<int:club_id>/disputes/", views_club.disputes, name="disputes"),
    path("clubs/<int:club_id>/leagues/", views_leagues.leagues, name="leagues"),
    path("leagues/<int:league_id>/edit/", views_leagues.league_edit, name="league-edit"),
    path("leagues/<int:league_id>/seasons/new/", views_leagues.season_new, name="season-new"),
    path("seasons/<int:season_id>/", views_leagues.season, name="season"),
    path("seasons/<int:season_id>/attach/", views_leagues.season_attach, name="season-attach"),
    path(
        "seasons/<int:season_id>/detach/<int:tournament_id>/",
        views_leagues.season_detach,
        name="season-detach",
    ),
    path("clubs/<int:club_id>/webhooks/", views_room.webhooks, name="webhooks"),
    path("webhooks/<int:webhook_id>/delete/", views_room.webhook_delete, name="webhook-delete"),
    # one tournament
    path("tournaments/<int:tournament_id>/", views.registration, name="registration"),
    path("tournaments/<int:tournament_id>/setup/", views_setup.tournament_edit, name="tournament-setup"),
    path("tournaments/<int:tournament_id>/register/", views.entry_register, name="entry-register"),
    path("tournaments/<int:tournament_id>/publish/", views.tournament_publish, name="tournament-publish"),
    path("entries/<int:entry_id>/rename/", views_desk.entry_rename, name="entry-rename"),
    path("entries/<int:entry_id>/remove/", views_desk.entry_remove, name="entry-remove"),
    path("entries/<int:entry_id>/undo-registration/", views_desk.entry_registration_undo, name="entry-undo"),
    path("entries/<int:entry_id>/undo-bust/", views_desk.entry_bust_undo, name="entry-undo-bust"),
    path("entries/<int:entry_id>/<slug:action>/", views.entry_action, name="entry-action"),
    path("tournaments/<int:tournament_id>/tables/", views.tables, name="tables"),
    path("tournaments/<int:tournament_id>/start/", views.tournament_start, name="tournament-start"),
    path("tournaments/<int:tournament_id>/clock/", views_floor.clock, name="clock"),
    path("tournaments/<int:tournament_id>/clock/control/", views_floor.clock_control, name="clock-control"),
    path("tournaments/<int:tournament_id>/moves/", views_floor.moves, name="moves"),
    path("tournaments/<int:tournament_id>/moves/plan/", views_floor.moves_plan, name="moves-plan"),
    path(
        "tournaments/<int:tournament_id>/moves/confirm-all/",
        views_floor.moves_confirm_all,
        name="moves-confirm-all",
    ),
    path("moves/<int:move_id>/decide/", views_floor.move_decide, name="move-decide"),
    path("tournaments/<int:tournament_id>/results/", views_floor.results, name="results"),
    path("tournaments/<int:tournament_id>/deals/", views_deals.deals, name="deals"),
    path(
        "tournaments/<int:tournament_id>/deals/calculate/",
        views_deals.deals_calculate,
        name="deals-calculate",
    ),
    path("deals/<int:deal_id>/accept/", views_deals.deal_accept, name="deal-accept"),
    path("tournaments/<int:tournament_id>/room/", views_room.room, name="room"),
    path("tournaments/<int:tournament_id>/print/", views_print.print_index, name="print"),
    path("tournaments/<int:tournament_id>/print/<slug:sheet>/", views_print.print_sheet, name="print-sheet"),
]
