from django.apps import AppConfig


class ClocksConfig(AppConfig):
    name = "apps.clocks"
    label = "clocks"
    verbose_name = "Clocks and live pushes"

    def ready(self) -> None:
        from apps.clocks import receivers
        from apps.tables import hooks

        hooks.hand_dealing_reads.connect(receivers.level_clock_read)
        hooks.hand_game_choosing.connect(receivers.hand_game_for_level)
        hooks.hand_changed.connect(receivers.turn_clock_rearm)
        hooks.hand_view_reading.connect(receivers.turn_clock_part)
        hooks.hand_level_reading.connect(receivers.hand_level)
