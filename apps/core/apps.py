from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from director.celery import ensure_embedded_broker_folders

        ensure_embedded_broker_folders()
        import apps.core.schema  # noqa: F401  (registers the drf-spectacular extensions)
        from apps.core import logfilters

        logfilters.install()  # no device token in an access log (the servers' own loggers)
