"""/healthz answers 200 when the database and the broker answer, 503 naming what failed."""

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def test_healthy(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["ok"] is True


@override_settings(CELERY_BROKER_URL="redis://127.0.0.1:1/0", CELERY_BROKER_EMBEDDED=False)
def test_broker_unreachable(client: Client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["code"] == "dependency_unavailable"
    assert body["detail"] == {"failed": ["broker"]}
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["ok"] is False


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
