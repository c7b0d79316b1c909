"""The Docker image's defaults: production unless told otherwise, and no start without a real SECRET_KEY."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD_KEY = "u4J-vP9qT2mZ8xK1cW7rB3nL6yH0sD5fG_aE-tQiRoVbNjMkXzC"


def _entrypoint(**env: str) -> subprocess.CompletedProcess[str]:
    base = {"PATH": os.environ["PATH"], "PYTHONPATH": str(ROOT), "HOME": os.environ.get("HOME", "/tmp")}
    # the image's python is the venv's here
    base["PATH"] = f"{Path(sys.executable).parent}:{base['PATH']}"
    return subprocess.run(
        ["sh", str(ROOT / "scripts" / "docker-entrypoint.sh"), "echo", "started"],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_image_defaults_to_production_behind_the_entrypoints_check() -> None:
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    env = next(
        i for i, line in enumerate(lines) if line.startswith("ENV ") and "FLOOR_ENV=production" in line
    )
    collect = next(i for i, line in enumerate(lines) if "collectstatic" in line)
    assert env > collect  # the build step runs before the production default applies
    assert 'ENTRYPOINT ["/app/scripts/docker-entrypoint.sh"]' in lines
    assert os.access(ROOT / "scripts" / "docker-entrypoint.sh", os.X_OK)


@pytest.mark.parametrize(
    "env",
    [
        {},  # nothing set: the development key
        {"SECRET_KEY": "k" * 32, "ALLOWED_HOSTS": "floor.example"},  # Floor's old minimum
        {"SECRET_KEY": "aB3-" * 12, "ALLOWED_HOSTS": "floor.example"},  # 48 characters
        {"SECRET_KEY": GOOD_KEY},  # no ALLOWED_HOSTS
    ],
)
def test_the_entrypoint_refuses_an_unsafe_environment_before_running_anything(env: dict[str, str]) -> None:
    result = _entrypoint(FLOOR_ENV="production", **env)
    assert result.returncode == 1
    assert "started" not in result.stdout and "Floor refuses to start" in result.stderr


def test_the_entrypoint_runs_the_command_with_a_real_key() -> None:
    result = _entrypoint(FLOOR_ENV="production", SECRET_KEY=GOOD_KEY, ALLOWED_HOSTS="floor.example")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "started"
