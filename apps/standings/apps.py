from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "apps.standings"
    label = "standings"
    verbose_name = "Standings, leagues and ratings"

    def ready(self) -> None:
        from apps.standings import receivers
        from apps.tournaments import hooks

        hooks.tournament_finished.connect(receivers.results_record)
        hooks.tournament_points_reading.connect(receivers.tournament_points)
