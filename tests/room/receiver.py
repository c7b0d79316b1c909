"""A real HTTP receiver for the webhook tests, on 127.0.0.1 and a port of this worktree's range only."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PORTS = range(8181, 8190)


class Receiver:
    """Records every POST (path and JSON body); answers ``fail_first`` of them with a 500."""

    def __init__(self, fail_first: int = 0) -> None:
        self.posts: list[tuple[str, dict[str, Any]]] = []
        self.fail_first = fail_first
        self.answered = 0
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                owner.answered += 1
                if owner.answered <= owner.fail_first:
                    self.send_response(500)
                    self.end_headers()
                    return
                owner.posts.append((self.path, body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        last: OSError | None = None
        for port in PORTS:
            try:
                self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
                break
            except OSError as exc:
                last = exc
        else:
            raise RuntimeError(f"no free port in {PORTS}: {last}")
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
