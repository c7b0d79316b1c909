"""The Dockerfile, docker-compose.yml, the proxy's config and `make run` checked as files (Docker cannot
pull images on the machines the suite runs on, so the image is never built here): the engine is compiled
in a build stage that alone has a C compiler, the final image runs it, and every way of starting Floor
runs the same server command."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SERVER = ["gunicorn", "-c", "director/gunicorn_conf.py", "director.asgi:application"]


def _stages() -> list[dict[str, object]]:
    """The Dockerfile's stages: their FROM line and instructions (continuation lines joined)."""
    text = (ROOT / "Dockerfile").read_text()
    text = re.sub(r"\\\n", " ", text)
    stages: list[dict[str, object]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        instruction, _, rest = line.partition(" ")
        instruction = instruction.upper()
        if instruction == "FROM":
            words = rest.split()
            name = words[2] if len(words) >= 3 and words[1].upper() == "AS" else None
            stages.append({"image": words[0], "name": name, "steps": []})
        else:
            assert stages, "an instruction before the first FROM"
            stages[-1]["steps"].append((instruction, rest.strip()))  # type: ignore[union-attr]
    return stages


def _steps(stage: dict[str, object], instruction: str) -> list[str]:
    return [rest for ins, rest in stage["steps"] if ins == instruction]  # type: ignore[union-attr]


def test_the_engine_is_compiled_in_a_build_stage_with_the_only_c_compiler() -> None:
    stages = _stages()
    assert len(stages) == 2
    build, final = stages
    assert build["name"] == "engine"
    # the compiled build loads only in the Python that built it: one base image for both
    assert build["image"] == final["image"]
    build_runs = " ".join(_steps(build, "RUN"))
    assert "gcc" in build_runs and "mypy" in build_runs
    assert "scripts/build_engine.py" in build_runs
    final_runs = " ".join(_steps(final, "RUN"))
    assert not re.search(r"\b(gcc|build-essential|clang|apt-get install)\b", final_runs)
    copies = _steps(final, "COPY")
    assert "--from=engine /app/build/engine/lib ./build/engine/lib" in copies
    # the final image refuses to build unless it loads the compiled engine
    [check] = [r for r in _steps(final, "RUN") if "ENGINE_BUILD" in r]
    assert "'compiled'" in check and "sys.exit" in check
    # the lib is copied after the sources it was built from: nothing copied later can shadow it
    order = [rest for ins, rest in final["steps"] if ins == "COPY"]  # type: ignore[union-attr]
    assert order.index("--from=engine /app/build/engine/lib ./build/engine/lib") == len(order) - 1
    assert "build" in (ROOT / ".dockerignore").read_text().split()


def test_the_image_compose_and_make_run_start_the_same_asgi_server() -> None:
    [cmd] = _steps(_stages()[-1], "CMD")
    assert json.loads(cmd) == SERVER
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    web = shlex.split(services["web"]["command"])
    assert web[:2] == ["sh", "-c"] and web[2].endswith(" ".join(SERVER))
    assert services["web2"]["command"] == SERVER
    run = (ROOT / "scripts/run.sh").read_text()
    assert ".venv/bin/" + " ".join(SERVER) in run
    assert "runserver" not in run
    conf = (ROOT / "director/gunicorn_conf.py").read_text()
    assert 'worker_class = "uvicorn_worker.UvicornWorker"' in conf


def test_the_replicas_profile_puts_two_web_processes_behind_nginx() -> None:
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    proxy = services["proxy"]
    assert proxy["image"].startswith("nginx:") and proxy["profiles"] == ["replicas"]
    assert services["web2"]["profiles"] == ["replicas"]
    # the proxy's fixed address is the only one whose X-Forwarded-For the web processes believe
    address = proxy["networks"]["default"]["ipv4_address"]
    assert address in services["web"]["environment"]["FORWARDED_ALLOW_IPS"].split(",")
    conf = (ROOT / "deploy/nginx.conf").read_text()
    assert "server web:8000" in conf and "server web2:8000" in conf
    live = conf[conf.index("location /api/live/") :]
    assert "proxy_buffering off" in live and "proxy_read_timeout 1h" in live
