"""The room's tests use the clocks' real Celery worker and dedicated Redis (tests/clocks/conftest.py) and
tests/i18n's world (every page filled with data) for the accessibility walk."""

from tests.clocks.conftest import celery_stack, clock_redis, worker  # noqa: F401
from tests.i18n.conftest import world  # noqa: F401
