"""Loaded with ``-p tests.real_services`` (pyproject addopts), before pytest-django reads the settings.

The suite always runs against real services, on one of two backends (``FLOOR_TEST_BACKEND``):

- ``postgres`` (the default): the real PostgreSQL and Redis; a bare ``pytest`` uses the documented local
  addresses, and ``make test`` (which first makes sure both answer) may point elsewhere.
- ``sqlite``: the embedded default exactly as ``make run`` configures it (nothing set: SQLite and kombu's
  filesystem broker), with its files in a fresh temporary var folder (``FLOOR_VAR_DIR``). Only the tests
  marked ``sqlite`` run (tests/conftest.py); ``make test-sqlite`` runs them.
"""

import atexit
import os
import shutil
import tempfile

BACKENDS = ("postgres", "sqlite")
BACKEND = os.environ.get("FLOOR_TEST_BACKEND", "postgres")
if BACKEND not in BACKENDS:
    raise SystemExit(f"FLOOR_TEST_BACKEND must be one of {', '.join(BACKENDS)}, not {BACKEND!r}")

if BACKEND == "sqlite":
    # Nothing that points at a server: what a host gets from `make run` with nothing set.
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
        os.environ.pop(name, None)
    _var = tempfile.mkdtemp(prefix="floor-sqlite-")
    os.environ["FLOOR_VAR_DIR"] = _var
    atexit.register(shutil.rmtree, _var, ignore_errors=True)
else:
    os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")


def sqlite_backend() -> bool:
    return BACKEND == "sqlite"
