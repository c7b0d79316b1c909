"""API routes under ``/api/``, one block per app. They live in the project, above every app: core sits below
accounts and tables and may not import the APIs it would otherwise mount."""

from django.conf import settings
from django.urls import include, path

from apps.accounts import apis as accounts
from apps.core import apis
from apps.tables import apis as tables

urlpatterns = [
    path("ping/", apis.PingApi.as_view(), name="api-ping"),
    # accounts
    path("clubs/", accounts.ClubCreateApi.as_view(), name="api-club-create"),
    path("clubs/<int:club_id>/members/", accounts.MembershipCreateApi.as_view(), name="api-member-create"),
    path("clubs/<int:club_id>/players/", accounts.PlayerCreateApi.as_view(), name="api-player-create"),
    path("clubs/<int:club_id>/devices/", accounts.DeviceIssueApi.as_view(), name="api-device-issue"),
    path("devices/<int:device_id>/revoke/", accounts.DeviceRevokeApi.as_view(), name="api-device-revoke"),
    # tables and hands
    path("tables/", tables.TableCreateApi.as_view(), name="api-table-create"),
    path("tables/<int:table_id>/", tables.TableDetailApi.as_view(), name="api-table-detail"),
    path("tables/<int:table_id>/seats/", tables.TableSeatApi.as_view(), name="api-table-seat"),
    path(
        "tables/<int:table_id>/seats/<int:seat_number>/adjustments/",
        tables.SeatAdjustApi.as_view(),
        name="api-seat-adjust",
    ),
    path("tables/<int:table_id>/hands/", tables.HandStartApi.as_view(), name="api-hand-start"),
    path("tables/<int:table_id>/hands/import", tables.HandImportApi.as_view(), name="api-hand-import"),
    path("hands/<int:hand_id>/", tables.HandDetailApi.as_view(), name="api-hand-detail"),
    path("hands/<int:hand_id>/events/", tables.HandEventsApi.as_view(), name="api-hand-events"),
    path("hands/<int:hand_id>/corrections/", tables.HandCorrectionApi.as_view(), name="api-hand-corrections"),
    path("hands/<int:hand_id>/award-check/", tables.HandAwardCheckApi.as_view(), name="api-hand-award-check"),
    path("hands/<int:hand_id>/phh", tables.HandPhhApi.as_view(), name="api-hand-phh"),
    # clocks and live pushes
    path("", include("apps.clocks.urls")),
    # tournaments, leagues and ratings
    path("", include("apps.tournaments.urls")),
    path("", include("apps.standings.urls")),
    # the pot calculator and the dispute desk
    path("", include("apps.disputes.api_urls")),
]

if settings.FLOOR_BENCH_ENDPOINTS:  # an append inside Floor's stack, for profiling; off unless asked for
    from apps.core.bench import BenchAppendApi

    urlpatterns += [
        path("bench/counters/<int:counter_id>/append/", BenchAppendApi.as_view(), name="api-bench-append")
    ]
