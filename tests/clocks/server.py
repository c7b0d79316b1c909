"""The production web server as docker-compose's ``web`` service starts it, run locally, and a crowd of
asyncio stream clients, for the serving tests and ``bench/live.py``.

:class:`FloorServer` runs the ``web`` command of ``docker-compose.yml`` word for word (``sh -c "python
manage.py migrate ... && gunicorn -c director/gunicorn_conf.py director.asgi:application"``) with the
compose file's environment, the local PostgreSQL database and Redis given, and ``HOST``/``PORT`` on
loopback. :class:`StreamCrowd` holds many Server-Sent-Events connections from one thread (raw sockets on
an asyncio loop) and records, per connection, every event id with the time it arrived and when the
stream ended.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
BIN = str(Path(sys.executable).parent)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def compose() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def compose_web_command() -> list[str]:
    command = compose()["services"]["web"]["command"]
    return shlex.split(command) if isinstance(command, str) else list(command)


def compose_env() -> dict[str, str]:
    """The web service's environment from the compose file, with its ``${VAR:-default}`` defaults."""
    env: dict[str, str] = {}
    for key, value in compose()["services"]["web"]["environment"].items():
        text = str(value)
        match = re.fullmatch(r"\$\{(\w+)(?::-(.*?))?(?::\?.*)?\}", text)
        if match:
            text = match.group(2) or ""
        env[key] = text
    return env


class FloorServer:
    """``web`` from docker-compose.yml on 127.0.0.1:<free port>; logs in ``folder``."""

    def __init__(self, *, database_url: str, redis_url: str | None, folder: Path, **extra: str) -> None:
        self.port = free_port()
        self.folder = folder
        self.log = folder / f"web-{self.port}.log"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CELERY_"))}
        env.update(compose_env())
        env.update(
            SECRET_KEY="serving-test-key-" + "x" * 40,
            ALLOWED_HOSTS="127.0.0.1,localhost",
            DATABASE_URL=database_url,
            HOST="127.0.0.1",
            PORT=str(self.port),
            PATH=f"{BIN}:{env.get('PATH', '')}",
            PYTHONUNBUFFERED="1",
            LOG_LEVEL="WARNING",
        )
        env.pop("REDIS_URL", None)
        if redis_url:
            env["REDIS_URL"] = redis_url
        env.update(extra)
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> FloorServer:
        self.proc = subprocess.Popen(
            compose_web_command(),
            cwd=ROOT,
            env=self.env,
            stdout=self.log.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        end = time.monotonic() + timeout
        while True:
            if self.health() is not None:
                return self
            if self.proc.poll() is not None or time.monotonic() > end:
                raise AssertionError(f"the web server did not come up:\n{self.log.read_text()[-3000:]}")
            time.sleep(0.3)

    def health(self) -> tuple[int, dict[str, Any]] | None:
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=5) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())
        except OSError:
            return None

    def worker_pids(self) -> list[int]:
        """The gunicorn worker processes (the master's children)."""
        assert self.proc is not None
        out = subprocess.run(["pgrep", "-f", "gunicorn"], capture_output=True, text=True, check=False).stdout
        pids = []
        for pid in map(int, out.split()):
            try:
                if os.getpgid(pid) == self.proc.pid and Path(f"/proc/{pid}/status").exists():
                    status = Path(f"/proc/{pid}/status").read_text()
                    ppid = int(re.search(r"PPid:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
                    if ppid != self.proc.pid and "gunicorn" in Path(f"/proc/{ppid}/cmdline").read_text():
                        pids.append(pid)
            except (OSError, ProcessLookupError, AttributeError):
                continue
        return pids

    def threads(self) -> dict[int, int]:
        found = {}
        for pid in self.worker_pids():
            status = Path(f"/proc/{pid}/status").read_text()
            found[pid] = int(re.search(r"Threads:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
        return found

    def rss_kb(self) -> int:
        total = 0
        for pid in self.worker_pids():
            status = Path(f"/proc/{pid}/status").read_text()
            total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]
        return total

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        except ProcessLookupError:
            pass
        self.proc = None


def request(
    server_url: str, method: str, path: str, body: Any = None, token: str | None = None, timeout: float = 10
) -> tuple[int, Any, float]:
    """(status, JSON body, seconds) of one HTTP request."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Device {token}"
    req = urllib.request.Request(server_url + path, data=data, method=method, headers=headers)
    began = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read()
    took = time.monotonic() - began
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = raw
    return status, parsed, took


# --- many stream clients from one thread ---------------------------------------------------------------
_EVENT = re.compile(rb"id: (\d+)\nevent: (\w+)\ndata: ([^\n]*)\n\n")


@dataclass
class Follower:
    path: str
    status: int | None = None
    headers: dict[str, str] = field(default_factory=dict)
    events: list[tuple[int, str, float]] = field(default_factory=list)  # (id, type, arrived, wall clock)
    data: list[dict[str, Any]] = field(default_factory=list)
    ticks: int = 0
    ended_at: float | None = None
    error: str | None = None


class StreamCrowd:
    """``count`` SSE connections to each of ``paths`` (on ``port``), held from one background thread."""

    def __init__(self, port: int, paths: list[str], count: int, headers: dict[str, str] | None = None):
        self.port, self.headers = port, headers or {}
        self.followers = [Follower(path) for path in paths for _ in range(count)]
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.tasks: list[Any] = []

    def __enter__(self) -> StreamCrowd:
        self.thread.start()
        for f in self.followers:
            self.tasks.append(asyncio.run_coroutine_threadsafe(self._follow(f), self.loop))
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        time.sleep(0.2)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)

    def connected(self) -> int:
        return sum(1 for f in self.followers if f.status is not None)

    async def _follow(self, f: Follower) -> None:
        writer = None
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=1 << 20)
            extra = "".join(f"{k}: {v}\r\n" for k, v in self.headers.items())
            writer.write(
                f"GET {f.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                f"Connection: close\r\n{extra}\r\n".encode()
            )
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode().split("\r\n")
            f.status = int(lines[0].split()[1])
            f.headers = {k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}
            chunked = f.headers.get("transfer-encoding", "").lower() == "chunked"
            raw = buffer = b""
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                now = time.time()
                if chunked:  # undo the HTTP framing: an event may straddle two chunks
                    raw += chunk
                    while (end := raw.find(b"\r\n")) >= 0:
                        size = int(raw[:end].split(b";")[0] or b"0", 16)
                        if len(raw) < end + 2 + size + 2:
                            break
                        buffer += raw[end + 2 : end + 2 + size]
                        raw = raw[end + 2 + size + 2 :]
                else:
                    buffer += chunk
                for match in _EVENT.finditer(buffer):
                    f.events.append((int(match.group(1)), match.group(2).decode(), now))
                    try:
                        f.data.append(json.loads(match.group(3)))
                    except ValueError:
                        f.data.append({})
                cut = buffer.rfind(b"\n\n")
                if cut >= 0:
                    f.ticks += buffer[: cut + 2].count(b"event: tick\n")
                    buffer = buffer[cut + 2 :]
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            f.error = f"{type(exc).__name__}: {exc}"
        finally:
            f.ended_at = time.time()
            if writer is not None:
                writer.close()
