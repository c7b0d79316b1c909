from django.apps import AppConfig


class CockpitConfig(AppConfig):
    name = "apps.cockpit"
    label = "cockpit"
    default_auto_field = "django.db.models.BigAutoField"
