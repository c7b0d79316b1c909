from django.apps import AppConfig


class DisputesConfig(AppConfig):
    name = "apps.disputes"
    label = "disputes"
    default_auto_field = "django.db.models.BigAutoField"
