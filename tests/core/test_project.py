"""The project as a newcomer meets it: the demo, production's deploy checks, and `make run`."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"}}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set for the browser tests' Playwright (tests/browser.py)
    env.update(extra)
    return env


def test_production_settings_pass_check_deploy() -> None:
    env = _clean_env(
        FLOOR_ENV="production",
        SECRET_KEY="a-real-production-key-" + "x" * 40,
        ALLOWED_HOSTS="floor.example",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/test",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_with_the_development_key() -> None:
    env = _clean_env(FLOOR_ENV="production", ALLOWED_HOSTS="floor.example")
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read()


def test_make_run_serves_the_embedded_default_and_stops_on_ctrl_c() -> None:
    """`make run`'s script with no DATABASE_URL / REDIS_URL: SQLite and the filesystem broker."""
    port = _free_port()
    process = subprocess.Popen(
        ["scripts/run.sh"],
        cwd=ROOT,
        env=_clean_env(PORT=str(port)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                status, body = _get(f"http://127.0.0.1:{port}/")
                break
            except OSError:
                assert process.poll() is None, process.stdout.read().decode() if process.stdout else ""
                assert time.monotonic() < deadline, "the web server did not come up in 90 s"
                time.sleep(0.5)
        assert status == 200
        assert b"Floor" in body
        assert _get(f"http://127.0.0.1:{port}/api/docs/")[0] == 200
        health = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5)
        assert b'"sqlite"' in health.read()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            output = process.communicate(timeout=30)[0].decode()
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            raise
    assert "Floor is running at http://127.0.0.1:" in output
    assert "Stopping Floor" in output
    # Ctrl-C stopped the web server, the worker and beat: nothing of the group is left.
    time.sleep(1)
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)


def test_docker_compose_file_is_accepted() -> None:
    """`docker compose config` (or the standalone docker-compose) validates the file."""
    import shutil

    if subprocess.run(["docker", "compose", "version"], capture_output=True, check=False).returncode == 0:
        command = ["docker", "compose", "config"]
    else:
        assert shutil.which("docker-compose"), (
            "make test installs docker-compose when docker compose is absent"
        )
        command = ["docker-compose", "config"]
    result = subprocess.run(
        [*command, "--services"],
        cwd=ROOT,
        env={**os.environ, "SECRET_KEY": "x" * 40},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert set(result.stdout.split()) == {"db", "redis", "web", "worker", "beat"}
