from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "apps.tables"
    label = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from apps.accounts.rooms import room_table_finder_connect
        from apps.tables.selectors import room_cash_table_id

        room_table_finder_connect(room_cash_table_id, rank=1)
