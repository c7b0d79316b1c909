from django.apps import AppConfig


class RoomConfig(AppConfig):
    name = "apps.room"
    label = "room"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "The room: sounds on the TV and announcements out of the room"

    def ready(self) -> None:
        from apps.room.webhooks import webhooks_on_tournament_published
        from apps.tournaments import hooks

        # The tournament's pushes reach the club's webhooks without tournaments knowing of them.
        hooks.tournament_published.connect(webhooks_on_tournament_published)
