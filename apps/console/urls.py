"""The dealer console: one page per table, on the dealer's phone or tablet (issue 9)."""

from django.urls import path  # noqa: F401

app_name = "console"
urlpatterns: list = []
