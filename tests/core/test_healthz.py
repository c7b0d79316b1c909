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


def test_the_suite_runs_against_the_real_services() -> None:
    from django.conf import settings

    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    assert settings.CELERY_BROKER_EMBEDDED is False
