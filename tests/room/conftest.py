"""The room's tests use the clocks' real Celery worker and dedicated Redis (tests/clocks/conftest.py)."""

from tests.clocks.conftest import celery_stack, clock_redis, worker  # noqa: F401
