"""API routes of the pot calculator and the dispute desk (included from apps.core.urls)."""

from django.urls import path

from apps.disputes import apis

urlpatterns = [
    path("pots/resolve", apis.PotResolveApi.as_view(), name="api-pots-resolve"),
]
