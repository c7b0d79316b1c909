"""Floor's Celery app: Redis when configured, kombu's filesystem transport otherwise."""

from __future__ import annotations

import os
from pathlib import Path

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")

app = Celery("director")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def ensure_embedded_broker_folders() -> None:
    """The filesystem transport needs its folders to exist before anyone publishes."""
    from django.conf import settings

    if settings.CELERY_BROKER_EMBEDDED:
        for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
            Path(settings.CELERY_BROKER_TRANSPORT_OPTIONS[key]).mkdir(parents=True, exist_ok=True)
