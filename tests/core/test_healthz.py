"""/healthz answers 200 when the database and the broker answer and the worker and beat proved recently that
they run (their heartbeats); 503 naming what failed. It also says which engine the process runs."""

from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone

from apps.core.heartbeat import BEAT, WORKER, Heartbeat, heartbeat_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def alive() -> None:
    heartbeat_record(part=WORKER)
    heartbeat_record(part=BEAT)


def test_healthy(client: Client, alive: None) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["ok"] is True
    assert body["checks"]["worker"]["ok"] is True and body["checks"]["beat"]["ok"] is True
    from apps.engine import ENGINE_BUILD

    assert body["engine"] == ENGINE_BUILD


@override_settings(CELERY_BROKER_URL="redis://127.0.0.1:1/0", CELERY_BROKER_EMBEDDED=False)
def test_broker_unreachable(client: Client, alive: None) -> None:
    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["code"] == "dependency_unavailable"
    assert body["detail"] == {"failed": ["broker"]}
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["ok"] is False


def test_a_worker_that_has_not_proved_itself_recently_is_dead(client: Client, alive: None, settings) -> None:  # type: ignore[no-untyped-def]
    settings.FLOOR_HEARTBEAT_STALE_SECONDS = 10
    Heartbeat.objects.filter(part=WORKER).update(at=timezone.now() - timedelta(seconds=11))

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["detail"] == {"failed": ["worker"]}
    assert set(body) >= {"code", "message", "rule", "detail"}
    assert body["checks"]["worker"]["message"] == "last seen 11 s ago"
    assert body["checks"]["beat"]["ok"] is True


def test_parts_never_seen_are_dead(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["detail"] == {"failed": ["worker", "beat"]}


@pytest.mark.sqlite
def test_the_suite_runs_against_the_real_services() -> None:
    """PostgreSQL and Redis, or (the SQLite run) the embedded default exactly as `make run` has it."""
    from django.conf import settings

    from tests.real_services import sqlite_backend

    db = settings.DATABASES["default"]
    if sqlite_backend():
        assert db["ENGINE"] == "django.db.backends.sqlite3"
        assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
        assert settings.CELERY_BROKER_URL.startswith("filesystem://")
        assert settings.CELERY_BROKER_TRANSPORT == "director.broker:Transport"
        assert settings.CELERY_BROKER_EMBEDDED is True
        assert settings.REDIS_URL is None
    else:
        assert db["ENGINE"] == "django.db.backends.postgresql"
        assert settings.CELERY_BROKER_URL.startswith("redis://")
        assert settings.CELERY_BROKER_EMBEDDED is False


@pytest.mark.sqlite(only=True)
@pytest.mark.django_db
def test_the_sqlite_test_database_is_a_file_in_wal_mode() -> None:
    """On SQLite the test database is a file the worker's process can open, with the embedded default's
    pragmas."""
    from django.db import connection

    assert connection.vendor == "sqlite"
    assert not connection.is_in_memory_db()
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 30_000
