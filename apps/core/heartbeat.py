"""Heartbeats: the Celery worker and beat prove they are alive by writing a row, and /healthz reads it.

A process that runs is not enough: a worker cut off from its broker runs but applies no clock. So the
worker's heartbeat is written by the clocks' sweep task when it runs (it only runs if beat sent it through
the broker and the worker took it), and beat's when it sends the sweep (``before_task_publish`` in the beat
process, :mod:`director.celery`). Both happen every second; /healthz calls a part dead when its row is
older than ``FLOOR_HEARTBEAT_STALE_SECONDS``.
"""

from __future__ import annotations

from datetime import datetime

from django.db import models
from django.utils import timezone

WORKER = "worker"
BEAT = "beat"
PARTS = (WORKER, BEAT)


class Heartbeat(models.Model):
    part = models.CharField(max_length=16, primary_key=True)
    at = models.DateTimeField()
    detail = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        app_label = "core"

    def __str__(self) -> str:
        return f"{self.part} @ {self.at:%H:%M:%S}"


def heartbeat_record(*, part: str, detail: str = "") -> None:
    Heartbeat.objects.update_or_create(part=part, defaults={"at": timezone.now(), "detail": detail[:200]})


def heartbeat_ages(*, now: datetime | None = None) -> dict[str, float | None]:
    """Seconds since each part's last heartbeat (None: never seen)."""
    now = now or timezone.now()
    seen = dict(Heartbeat.objects.filter(part__in=PARTS).values_list("part", "at"))
    return {part: (now - seen[part]).total_seconds() if part in seen else None for part in PARTS}
