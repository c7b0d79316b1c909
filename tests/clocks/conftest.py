"""A real Celery worker and beat on a real broker, for the clock tests (no eager mode, no mocks): a real
Redis, or on the SQLite backend (tests/real_services.py) the embedded default's filesystem broker.

``clock_redis`` is a dedicated ``redis-server`` started on a free port for this session (so the tests
can stop it and start it again, and never cross-talk with other users of the shared Redis). ``celery``
runs ``celery -A director worker`` and ``celery -A director beat`` as subprocesses pointed at the *test*
database (pytest-django's ``test_…``) and that Redis; the test process publishes to the same broker. Tests
that use it must be ``django_db(transaction=True)`` so the worker sees their committed rows. On SQLite the
worker opens the test database's file (tests/conftest.py) and shares the test process's broker folders (the
same ``FLOOR_VAR_DIR``).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.real_services import sqlite_backend

ROOT = Path(__file__).resolve().parents[2]
CELERY = str(Path(sys.executable).with_name("celery"))


def wait_until(check: Callable[[], Any], timeout: float = 10.0, every: float = 0.05) -> Any:
    """Poll ``check`` until it returns something truthy; fail the test after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"condition not met within {timeout}s: {check}")
        time.sleep(every)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.folder = folder
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(self._answers, timeout=10)

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=10)
            self.proc = None


class CeleryStack:
    """The worker and beat subprocesses; logs under ``folder``."""

    def __init__(self, env: dict[str, str], folder: Path) -> None:
        self.env, self.folder = env, folder
        self.worker: subprocess.Popen[bytes] | None = None
        self.beat: subprocess.Popen[bytes] | None = None
        self.starts = self.crashes = 0
        self.closing = False
        self.lock = threading.RLock()

    def _spawn(self, args: list[str], log: Path) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [CELERY, "-A", "director", *args],
            cwd=ROOT,
            env=self.env,
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def _spawn_worker(self) -> Path:
        self.starts += 1
        log = self.folder / f"worker-{self.starts}.log"
        self.worker = self._spawn(
            [
                "worker",
                "--pool=prefork",
                "--concurrency=2",
                "--loglevel=INFO",
                f"--hostname=clocks{self.starts}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            log,
        )
        return log

    def start_worker(self) -> None:
        with self.lock:
            log = self._spawn_worker()
            worker = self.worker
            assert worker is not None
        wait_until(lambda: b" ready." in log.read_bytes() or worker.poll() is not None, timeout=30)
        assert worker.poll() is None, log.read_text()

    def supervise(self) -> None:
        """Restart the worker when it dies on its own, as the deployment's process manager does
        (docker-compose ``restart: unless-stopped``). kombu 5.7's Redis transport makes the worker exit
        ("Unrecoverable error") when the broker connection drops while it holds unacknowledged ETA tasks."""

        def loop() -> None:
            while not self.closing:
                with self.lock:
                    if self.worker is not None and self.worker.poll() is not None:
                        self.crashes += 1
                        self._spawn_worker()
                time.sleep(0.2)

        threading.Thread(target=loop, daemon=True).start()

    def stop_worker(self, *, kill: bool = False) -> None:
        with self.lock:
            if self.worker is not None:
                os.killpg(self.worker.pid, signal.SIGKILL if kill else signal.SIGTERM)
                try:
                    self.worker.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    # A warm shutdown that hangs (seen once on the filesystem broker while restoring held
                    # countdowns) is ended as a process manager would end it; no clock relies on the worker.
                    os.killpg(self.worker.pid, signal.SIGKILL)
                    self.worker.wait(timeout=10)
                self.worker = None

    def start_beat(self) -> None:
        log = self.folder / "beat.log"
        schedule = f"--schedule={self.folder / 'beat-schedule'}"
        self.beat = self._spawn(["beat", "--loglevel=INFO", schedule], log)
        # the clocks fire from beat's sweep: a test may count on it only once beat is sending (a loaded
        # machine can take seconds to start it)
        beat = self.beat
        wait_until(lambda: b"Sending due task" in log.read_bytes() or beat.poll() is not None, timeout=60)
        assert beat.poll() is None, log.read_text()

    def stop(self) -> None:
        self.closing = True
        self.stop_worker()
        if self.beat is not None:
            os.killpg(self.beat.pid, signal.SIGTERM)
            self.beat.wait(timeout=30)
            self.beat = None


def _point_app_at(url: str) -> None:
    """The test process publishes to the dedicated Redis too."""
    from director.celery import app

    app.conf.broker_url = url
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture(scope="session")
def clock_redis() -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is needed for the clock tests (apt-get install redis-server)")
    folder = Path(tempfile.mkdtemp(prefix="floor-redis-"))
    server = RedisServer(folder)
    server.start()
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def celery_stack(django_db_setup: None, request: pytest.FixtureRequest) -> Iterator[CeleryStack]:
    from django.conf import settings

    name = settings.DATABASES["default"]["NAME"]  # pytest-django's test database
    env = {k: v for k, v in os.environ.items() if k != "CELERY_BROKER_URL"}
    env.update(PYTHONUNBUFFERED="1", LOG_LEVEL="WARNING")
    if sqlite_backend():
        assert settings.CELERY_BROKER_EMBEDDED, settings.CELERY_BROKER_URL
        env["DATABASE_URL"] = f"sqlite:///{name}"
    else:
        clock_redis: RedisServer = request.getfixturevalue("clock_redis")
        parts = urlsplit(os.environ["DATABASE_URL"])
        env.update(DATABASE_URL=urlunsplit(parts._replace(path=f"/{name}")), REDIS_URL=clock_redis.url)
        _point_app_at(clock_redis.url)
    folder = Path(tempfile.mkdtemp(prefix="floor-celery-"))
    stack = CeleryStack(env, folder)
    stack.start_worker()
    stack.start_beat()
    stack.supervise()
    yield stack
    stack.stop()
    print(f"celery logs kept in {folder}")


@pytest.fixture
def worker(
    celery_stack: CeleryStack, request: pytest.FixtureRequest, settings: Any, transactional_db: None
) -> CeleryStack:
    """A running worker and beat; this test's pushes go to the dedicated Redis (none on SQLite: the streams
    poll, as on the embedded default)."""
    if not sqlite_backend():
        clock_redis: RedisServer = request.getfixturevalue("clock_redis")
        settings.REDIS_URL = clock_redis.url
        if clock_redis.proc is None:
            clock_redis.start()
    if celery_stack.worker is None:
        celery_stack.start_worker()
    return celery_stack


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
