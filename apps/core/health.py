"""Liveness of the parts Floor needs: the database, the Celery broker, and the worker and beat (by their
heartbeats, :mod:`apps.core.heartbeat`)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    message: str


def check_database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down" here
        return Check("database", False, f"{type(exc).__name__}: {exc}".strip())
    return Check("database", True, connection.vendor)


def check_heartbeats() -> list[Check]:
    """The worker and beat are alive only if they proved it within ``FLOOR_HEARTBEAT_STALE_SECONDS``."""
    from apps.core.heartbeat import heartbeat_ages

    stale = float(getattr(settings, "FLOOR_HEARTBEAT_STALE_SECONDS", 10))
    try:
        ages = heartbeat_ages()
    except Exception as exc:
        return [
            Check(part, False, f"heartbeat unreadable: {type(exc).__name__}") for part in ("worker", "beat")
        ]
    checks = []
    for part, age in ages.items():
        if age is None:
            checks.append(Check(part, False, "never seen alive"))
        elif age > stale:
            checks.append(Check(part, False, f"last seen {age:.0f} s ago"))
        else:
            checks.append(Check(part, True, f"seen {max(age, 0.0):.1f} s ago"))
    return checks


def check_broker(timeout: float = 1.0) -> Check:
    url: str = settings.CELERY_BROKER_URL
    if settings.CELERY_BROKER_EMBEDDED:
        folder = Path(settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"])
        if folder.is_dir() and os.access(folder, os.W_OK):
            return Check("broker", True, f"filesystem queue at {folder}")
        return Check("broker", False, f"filesystem queue folder {folder} is missing or read-only")
    if url.startswith(("redis://", "rediss://", "unix://")):
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        try:
            client = redis.Redis.from_url(
                url, socket_connect_timeout=timeout, socket_timeout=timeout, retry=Retry(NoBackoff(), 0)
            )
            client.ping()
            client.close()
        except Exception as exc:
            return Check("broker", False, f"redis unreachable: {exc}")
        return Check("broker", True, "redis")
    from kombu.connection import Connection

    try:
        with Connection(url, connect_timeout=timeout) as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout)
    except Exception as exc:
        return Check("broker", False, f"broker unreachable: {exc}")
    return Check("broker", True, url.split("://", 1)[0])
