from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "apps.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from apps.accounts.rooms import room_table_finder_connect
        from apps.tournaments.selectors import room_tournament_table_id

        room_table_finder_connect(room_tournament_table_id, rank=0)
