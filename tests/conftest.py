"""Shared fixtures. The suite runs against the real services that `make test` checks: PostgreSQL and Redis,
or (``FLOOR_TEST_BACKEND=sqlite``, the tests marked ``sqlite``) the embedded default (tests/real_services.py).
"""

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tests.real_services import sqlite_backend

# Speed is measured in bench/, not asserted: Hypothesis's 200 ms per-example deadline and its too-slow
# health check only make the properties flaky when the machine is busy (CI shares its 2 cores with
# PostgreSQL, Redis and Chromium).
hypothesis_settings.register_profile("floor", deadline=None, suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("floor")


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """Hashing test passwords with PBKDF2 costs ~0.8 s per user; the tests are not about hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """On SQLite the test database is a file next to the embedded default's (pytest-django's default is in
    memory), so the Celery worker and a server in another process see what a test committed."""
    from django.db import connections

    db = connections["default"].settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        db["TEST"]["NAME"] = str(Path(db["NAME"]).with_name("test.sqlite3"))


def _runs_here(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("sqlite")
    if sqlite_backend():
        return marker is not None
    return marker is None or not marker.kwargs.get("only", False)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On the SQLite backend only the tests marked ``sqlite`` run (the others are written for PostgreSQL and
    Redis: README "Tests on both backends" says which and why); ``sqlite(only=True)`` marks a test that
    builds the embedded default itself, the same on either run, so it runs in the SQLite run alone."""
    kept = [item for item in items if _runs_here(item)]
    dropped = [item for item in items if not _runs_here(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


from tests.browser import chromium, page, strict_page  # noqa: E402,F401  (browser fixtures, see tests/browser.py)
