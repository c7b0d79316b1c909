"""The director's cockpit: tournaments, registration, seating, clocks, moves, payouts, devices (issue 9)."""

from django.urls import path  # noqa: F401

app_name = "cockpit"
urlpatterns: list = []
