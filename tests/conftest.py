"""Shared fixtures. The suite runs against the real PostgreSQL and Redis that `make test` checks."""

from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# Speed is measured in bench/, not asserted: Hypothesis's 200 ms per-example deadline and its too-slow
# health check only make the properties flaky when the machine is busy (CI shares its 2 cores with
# PostgreSQL, Redis and Chromium).
hypothesis_settings.register_profile("floor", deadline=None, suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("floor")


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """Hashing test passwords with PBKDF2 costs ~0.8 s per user; the tests are not about hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


from tests.browser import chromium, page  # noqa: E402,F401  (browser fixtures, see tests/browser.py)
