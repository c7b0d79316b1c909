"""API routes of the pot calculator and the dispute desk (included from director.api_urls)."""

from django.urls import path

from apps.disputes import apis, apis_console, floorstream

urlpatterns = [
    path("pots/resolve", apis.PotResolveApi.as_view(), name="api-pots-resolve"),
    path("hands/<int:hand_id>/undo", apis_console.HandUndoApi.as_view(), name="api-hand-undo"),
    path("hands/<int:hand_id>/events/try", apis_console.HandEventTryApi.as_view(), name="api-hand-try"),
    path("hands/<int:hand_id>/disputes/", apis.DisputeRaiseApi.as_view(), name="api-dispute-raise"),
    path("disputes/<int:dispute_id>/", apis.DisputeDetailApi.as_view(), name="api-dispute-detail"),
    path("disputes/<int:dispute_id>/review", apis.DisputeReviewApi.as_view(), name="api-dispute-review"),
    path("disputes/<int:dispute_id>/sandbox", apis.DisputeSandboxApi.as_view(), name="api-dispute-sandbox"),
    path("live/clubs/<int:club_id>/floor/", floorstream.floor_stream, name="live-floor"),
    path("disputes/<int:dispute_id>/ruling", apis.DisputeRulingApi.as_view(), name="api-dispute-ruling"),
]
