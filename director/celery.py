"""Floor's Celery app: Redis when configured, kombu's filesystem transport otherwise."""

from __future__ import annotations

import logging
import os
import warnings
from pathlib import Path

from celery import Celery
from celery.exceptions import SecurityWarning
from celery.signals import beat_init, before_task_publish, worker_init

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


SWEEP_TASK = "apps.clocks.tasks.clocks_sweep"


@worker_init.connect
@beat_init.connect
def _patient_broker_reads(**_: object) -> None:
    """The short socket timeout of the broker settings is for request paths (a dealer never waits on a hung
    Redis). The worker and beat wait instead: a read that times out mid-reply while Redis is hung (an ack,
    a publish) leaves kombu's consumer wedged after Redis comes back, taking tasks no more. Blocked, they
    simply carry on when it answers again; kombu's own health checks still drop half-open connections."""
    options = dict(app.conf.broker_transport_options or {})
    if options.get("socket_timeout") is not None:
        options["socket_timeout"] = None
        options.setdefault("socket_keepalive", True)
        app.conf.broker_transport_options = options


@before_task_publish.connect
def _beat_heartbeat(sender: str | None = None, **_: object) -> None:
    """Beat proves it is alive each time it sends the clocks' sweep (only beat sends it): /healthz reads
    the row (:mod:`apps.core.heartbeat`). Never lets a database hiccup stop the schedule."""
    if sender != SWEEP_TASK:
        return
    try:
        import django
        from django.apps import apps as django_apps

        if not django_apps.ready:
            django.setup()
        from apps.core.heartbeat import BEAT, heartbeat_record

        heartbeat_record(part=BEAT, detail=f"pid {os.getpid()}")
    except Exception as exc:
        logging.getLogger(__name__).warning("beat: could not write its heartbeat (%s)", exc)
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
