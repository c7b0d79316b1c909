"""The dealer console: one page per table, on the dealer's phone or tablet, opened
with the device's token."""

from django.urls import path

from apps.console import now, views, views_clock

app_name = "console"
urlpatterns = [
    path("", views.console_index, name="index"),
    path("open/", views.console_open_page, name="open-page"),
    path("open/<str:token>/", views.console_open, name="open"),
    path("tables/<int:table_id>/", views.console_table, name="table"),
    path("tables/<int:table_id>/now/", now.console_now, name="now"),
    path("tables/<int:table_id>/<slug:action>/", views_clock.clock_only_action, name="clock-only"),
    path("devices/<int:device_id>/qr.svg", views.device_qr, name="device-qr"),
]
