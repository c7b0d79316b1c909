"""Shared fixtures. The suite runs against the real services that `make test` checks: PostgreSQL and Redis,
or (``FLOOR_TEST_BACKEND=sqlite``, the tests marked ``sqlite``) the embedded default (tests/real_services.py).
"""

import sys
import threading
import time
import warnings
from collections.abc import Iterator
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


def live_server_requests() -> int:
    """How many requests this process's live server (pytest-django's, threads of this process) is serving:
    the threads inside wsgiref's ``BaseHandler.run``, from reading the request to closing the response
    (a live stream's thread stays there until its stream ends)."""
    from wsgiref.handlers import BaseHandler

    run = BaseHandler.run.__code__
    here = threading.get_ident()
    busy = 0
    for ident, frame in sys._current_frames().items():
        f = frame if ident != here else None
        while f is not None and f.f_code is not run:
            f = f.f_back
        busy += f is not None
    return busy


LIVE_SERVER_IDLE_TIMEOUT = 30.0


@pytest.fixture(autouse=True)
def live_server_idle(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a test that used the live server, wait until the server has finished every request, before
    pytest-django empties the test database. A page's live stream holds a server thread that reads the
    database every second until it ends (``FLOOR_SSE_LIFETIME``) or next writes to the closed socket, and
    must not read into the next test's rows or an emptied database (the browser modules used to sleep a
    fixed 1.6 s for it, too long on an idle machine, maybe too short on a loaded one). This fixture is
    set up after pytest-django's database fixtures and before ``page`` and the test's own browser contexts,
    so its teardown runs once the browser is closed and before the flush."""
    yield
    if "live_server" not in request.fixturenames:
        return
    end = time.monotonic() + LIVE_SERVER_IDLE_TIMEOUT
    while (busy := live_server_requests()) and time.monotonic() < end:
        time.sleep(0.05)
    if busy:
        warnings.warn(
            f"{request.node.nodeid}: the live server still serves {busy} request(s) "
            f"{LIVE_SERVER_IDLE_TIMEOUT:.0f} s after the test",
            stacklevel=1,
        )


def pytest_configure(config: pytest.Config) -> None:
    _flush_retries_deadlocks()


def _flush_retries_deadlocks() -> None:
    """pytest-django empties the database after a transactional test with one TRUNCATE of every table.
    Once a clock test has started the session's Celery worker and beat (tests/clocks/conftest.py), the
    worker's sweep reads clocks_tableclock and clocks_levelclock in one statement every second, for the
    rest of the session; when the TRUNCATE has locked one and waits for the other, PostgreSQL ends one of
    the two as a deadlock, sometimes the TRUNCATE (the test then errors at teardown). Its transaction is
    rolled back whole, so the flush is tried again (the sweep's own loss is harmless: it runs again)."""
    from django.core.management.base import CommandError
    from django.test import TransactionTestCase

    flush = TransactionTestCase._fixture_teardown

    def _fixture_teardown(self: TransactionTestCase) -> None:
        for attempt in range(5):
            try:
                flush(self)
                return
            except CommandError as exc:
                if attempt == 4 or "deadlock detected" not in str(exc.__cause__):
                    raise
                time.sleep(0.2)

    TransactionTestCase._fixture_teardown = _fixture_teardown  # type: ignore[method-assign]


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
