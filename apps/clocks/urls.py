"""Clock and live-stream routes (included under ``/api/`` by :mod:`director.api_urls`)."""

from django.urls import path

from apps.clocks import apis, sse

urlpatterns = [
    path("hands/<int:hand_id>/clock/call/", apis.ClockCallApi.as_view(), name="api-clock-call"),
    path("level-clocks/", apis.LevelClockCreateApi.as_view(), name="api-level-clock-create"),
    path("level-clocks/<int:clock_id>/", apis.LevelClockDetailApi.as_view(), name="api-level-clock-detail"),
    path(
        "level-clocks/<int:clock_id>/control/",
        apis.LevelClockControlApi.as_view(),
        name="api-level-clock-control",
    ),
    path(
        "tables/<int:table_id>/level-clock/", apis.TableLevelClockApi.as_view(), name="api-table-level-clock"
    ),
    path("live/tables/<int:table_id>/", sse.table_stream, name="live-table"),
    path("live/level-clocks/<int:clock_id>/", sse.level_clock_stream, name="live-level-clock"),
]
