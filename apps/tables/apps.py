from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "apps.tables"
    label = "tables"
    default_auto_field = "django.db.models.BigAutoField"
