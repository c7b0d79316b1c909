"""Loaded with ``-p tests.real_services`` (pyproject addopts), before pytest-django reads the settings.

The suite always runs against the real PostgreSQL and Redis: a bare ``pytest`` uses the documented local
addresses, and ``make test`` (which first makes sure both answer) may point elsewhere.
"""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
