"""Public pages: clock display, standings, leaderboards, players, hand replays (issue 10)."""

from django.urls import path  # noqa: F401

app_name = "public"
urlpatterns: list = []
