"""The public pot calculator page and the dispute desk pages."""

from django.urls import path

from apps.disputes import views

app_name = "disputes"
urlpatterns = [
    path("pots/", views.pots_page, name="pots"),
    path("disputes/", views.disputes_page, name="disputes"),
    path("disputes/<int:dispute_id>/", views.dispute_page, name="dispute"),
]
