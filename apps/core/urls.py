"""API routes. Each app adds its own module here as it lands."""

from django.urls import path

from apps.core import apis

urlpatterns = [
    path("ping/", apis.PingApi.as_view(), name="api-ping"),
]
