from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "apps.standings"
    label = "standings"
    verbose_name = "Standings, leagues and ratings"
