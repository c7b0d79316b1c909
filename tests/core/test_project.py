"""The project as a newcomer meets it: the demo, production's deploy checks, and `make run`."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# One xdist worker runs the module (make test's `--dist loadgroup`): `make run`'s script and the worker test
# both use the checkout's own var/ (its SQLite file and broker folder), as a newcomer's `make run` does, so
# they must not run at the same time.
pytestmark = pytest.mark.xdist_group("project")


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
        env=_clean_env(PORT=str(port), HOST="127.0.0.1"),  # the suite's servers stay on this machine
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
        docs = _get(f"http://127.0.0.1:{port}/api/docs/")
        assert docs[0] == 200
        # the docs' scripts and styles come from Floor itself (it works with no internet)
        import re

        assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', docs[1].decode())
        assert len(assets) >= 3
        assert all(_get(f"http://127.0.0.1:{port}{a}")[0] == 200 for a in assets), assets
        # /healthz is 200 only once the worker and beat proved they run (their heartbeats).
        health = b""
        while time.monotonic() < deadline + 30:
            try:
                health = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).read()
                break
            except urllib.error.HTTPError as exc:
                health = exc.read()
                time.sleep(0.5)
        assert b'"status": "ok"' in health, health
        assert b'"sqlite"' in health

        # Phones on the Wi-Fi reach it: no debug page (URL patterns, settings, a traceback's locals) ...
        missing = urllib.request.Request(
            f"http://127.0.0.1:{port}/no-such-page/", headers={"Accept": "text/html"}
        )
        with pytest.raises(urllib.error.HTTPError) as not_found:
            urllib.request.urlopen(missing, timeout=5)
        page = not_found.value.read()
        assert not_found.value.code == 404
        assert b"URLconf" not in page and b"DEBUG = True" not in page, page[:300]
        # ... and a secret key of this machine's own, kept from other users, not the public development one
        from director.config import DEV_SECRET_KEY

        key_file = Path(os.environ.get("FLOOR_VAR_DIR") or ROOT / "var") / "secret_key"
        assert key_file.stat().st_mode & 0o077 == 0, oct(key_file.stat().st_mode)
        key = key_file.read_text().strip()
        assert len(key) >= 50 and key != DEV_SECRET_KEY

        # a phone on the home network asks by the machine's address or its .local name: answered
        from director.lan import machine_addresses

        lan = next(a for a in machine_addresses() if ":" not in a)
        local_name = socket.gethostname().lower().split(".")[0] + ".local"
        for name in (lan, local_name):
            for path in ("/", "/console/open/not-a-token/", "/api/docs/"):
                request = urllib.request.Request(
                    f"http://127.0.0.1:{port}{path}", headers={"Host": f"{name}:{port}"}
                )
                try:
                    status = urllib.request.urlopen(request, timeout=5).status
                except urllib.error.HTTPError as refused:
                    status = refused.code
                # the console's refusal page for a bad link is a 401, not the 400 of an unknown host
                assert status == (401 if "console" in path else 200), (name, path, status)

        # A Celery worker that dies is started again.
        def workers() -> set[int]:
            found = subprocess.run(
                ["pgrep", "-g", str(process.pid), "-f", "director .*worker"], capture_output=True, text=True
            )
            return {int(pid) for pid in found.stdout.split()}

        old = workers()
        assert old
        for pid in old:
            os.kill(pid, signal.SIGKILL)
        restart_deadline = time.monotonic() + 30
        while not (workers() - old):
            assert time.monotonic() < restart_deadline, "the worker was not started again"
            time.sleep(0.3)
        # The demo's table is not published: an anonymous stream of it is refused.
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/live/tables/1/", timeout=5)
        assert refused.value.code == 403 and b'"not_published"' in refused.value.read()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            output = process.communicate(timeout=30)[0].decode()
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            raise
    assert "Floor is running at http://127.0.0.1:" in output
    assert "Stopping Floor" in output
    # a clean start: nothing a newcomer cannot act on
    for noise in ("No hostname was supplied", "SecurityWarning", "superuser privileges", "W040", "WARNING"):
        assert noise not in output, (noise, output)
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
        env={**os.environ, "SECRET_KEY": "compose-config-only-" + "x" * 40},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    services = set(result.stdout.split())
    # docker compose v2 lists only the active profiles' services, docker-compose 1.x all of them.
    assert (
        {"db", "redis", "web", "worker", "beat"}
        <= services
        <= {
            "db",
            "redis",
            "web",
            "worker",
            "beat",
            "web2",
            "proxy",
        }
    )
    replicas = subprocess.run(
        [*command, "--profile", "replicas", "config", "--services"]
        if command[0] == "docker"
        else [*command[:1], "--profile", "replicas", "config", "--services"],
        cwd=ROOT,
        env={**os.environ, "SECRET_KEY": "x" * 40},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert replicas.returncode == 0, replicas.stderr
    assert {"web", "web2", "proxy"} <= set(replicas.stdout.split())


@pytest.mark.parametrize("command", [["check", "--database", "default"], ["migrate", "--noinput"]])
def test_start_up_checks_print_no_warning_on_the_embedded_default(command: list[str], tmp_path: Path) -> None:
    """The checks on SQLite (what `make run` starts on; `migrate`, its first step, runs the database's
    checks too, where SQLite's W040 showed): no warning a host cannot act on."""
    result = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=_clean_env(DATABASE_URL=f"sqlite:///{tmp_path / 'floor.sqlite3'}"),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNING" not in output and "W040" not in output, output
    if command[0] == "check":
        assert "System check identified no issues" in output


def test_a_celery_worker_starts_without_warnings_on_the_filesystem_broker(tmp_path: Path) -> None:
    """The worker as `make run` starts it: no "No hostname was supplied", no superuser warning (this
    machine runs the suite as root, so Celery would print it)."""
    process = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/celery"),
            "-A",
            "director",
            "--quiet",
            "worker",
            "--loglevel=WARNING",
            "--concurrency=1",
            "--hostname",
            f"floor-test-{os.getpid()}@%h",
        ],
        cwd=ROOT,
        env=_clean_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        time.sleep(8)  # long enough to connect to the broker and start consuming
        assert process.poll() is None, process.stdout.read().decode() if process.stdout else ""
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            output = process.communicate(timeout=30)[0].decode()
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            raise
    for noise in ("No hostname was supplied", "SecurityWarning", "superuser privileges", "WARNING"):
        assert noise not in output, (noise, output)


@pytest.mark.django_db
def test_the_api_docs_work_offline_every_asset_is_served_by_floor() -> None:
    """Swagger UI comes from drf-spectacular-sidecar's static files, not a CDN."""
    import re

    from django.contrib.staticfiles import finders
    from django.test import Client

    client = Client()
    for page in ("/api/docs/",):
        response = client.get(page)
        assert response.status_code == 200
        html = response.content.decode()
        assert not re.search(r"(?:src|href)=[\"']?(?:https?:)?//", html), page  # nothing from elsewhere
        assets = re.findall(r"(?:src|href)=\"(/static/[^\"]+)\"", html)
        assert any(a.endswith(".js") for a in assets), (page, assets)
        for asset in assets:  # shipped with Floor (the make run test fetches them over HTTP)
            assert finders.find(asset.removeprefix("/static/")), asset
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"openapi" in schema.content
