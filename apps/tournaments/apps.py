from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "apps.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from apps.accounts.rooms import room_table_finder_connect
        from apps.tournaments.selectors import room_finished_table_id, room_tournament_table_id

        room_table_finder_connect(room_tournament_table_id, rank=0)
        room_table_finder_connect(room_finished_table_id, rank=2)

        from apps.clocks import hooks as clock_hooks
        from apps.tables import hooks as table_hooks
        from apps.tournaments import levels, receivers

        table_hooks.hand_dealing_reads.connect(receivers.tournament_table_read)
        table_hooks.hand_positions_choosing.connect(receivers.hand_positions)
        table_hooks.hand_finished.connect(receivers.hand_finished)
        clock_hooks.level_clock_changed.connect(levels.tournament_clock_changed)
