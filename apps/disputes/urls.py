"""The public pot calculator page and the dispute desk pages (issue 8)."""

from django.urls import path  # noqa: F401

app_name = "disputes"
urlpatterns: list = []
