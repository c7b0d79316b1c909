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
from urllib.parse import urlsplit, urlunsplit

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


def worker_index() -> int:
    """0 in a plain run; N in pytest-xdist's worker ``gwN`` (``make test`` runs ``-n 2``)."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) if name.startswith("gw") else 0


def redis_url_of_worker(url: str, index: int) -> str:
    """REDIS_URL's database number plus the worker's index: each xdist worker has a Redis database of its
    own (its cache, so the boards and the throttles' counters, keyed by ids that every worker's database
    numbers alike), as pytest-django gives each worker a database of its own (``test_…_gw1``)."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    if base + index > 15:
        raise SystemExit(f"REDIS_URL {url}: worker gw{index} would need Redis database {base + index} (> 15)")
    return urlunsplit(parts._replace(path=f"/{base + index}"))


if BACKEND == "postgres" and worker_index():
    os.environ["REDIS_URL"] = redis_url_of_worker(os.environ["REDIS_URL"], worker_index())


def sqlite_backend() -> bool:
    return BACKEND == "sqlite"
