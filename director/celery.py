"""Floor's Celery app: Redis when configured, kombu's filesystem transport otherwise."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

from celery import Celery
from celery.exceptions import SecurityWarning

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")

# Celery warns at every start of a worker run as root (a container, a fresh VM). What it guards against is a
# root worker unpickling messages; Floor's workers accept JSON only (Celery's default, never changed here), so
# a host has nothing to act on. Should pickle ever be accepted, Celery itself refuses to run as root.
warnings.filterwarnings("ignore", category=SecurityWarning, module="celery.platforms")

app = Celery("director")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def ensure_embedded_broker_folders() -> None:
    """The filesystem transport needs its folders to exist before anyone publishes."""
    from django.conf import settings

    if settings.CELERY_BROKER_EMBEDDED:
        for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
            Path(settings.CELERY_BROKER_TRANSPORT_OPTIONS[key]).mkdir(parents=True, exist_ok=True)
