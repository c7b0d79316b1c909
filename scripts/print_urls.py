"""Print where Floor answers, for `make run` (scripts/run.sh): this machine, then the address a phone on the
same Wi-Fi opens, with its QR code drawn in the terminal (segno), once the web server answers (up to WAIT
seconds, 90 by default). Usage: print_urls.py HOST PORT [WAIT]."""

from __future__ import annotations

import importlib.util
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType


def _lan() -> ModuleType:
    """director/lan.py by its path: importing the ``director`` package would set Celery up first (1 s)."""
    path = Path(__file__).resolve().parent.parent / "director" / "lan.py"
    spec = importlib.util.spec_from_file_location("floor_lan", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lan = _lan()
machine_addresses, machine_names, url_host = lan.machine_addresses, lan.machine_names, lan.url_host

EVERY_ADDRESS = {"0.0.0.0", "::", "[::]"}
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def wait_for(url: str, seconds: float = 90) -> None:
    """Until the web server answers (any HTTP status), so the address is printed once it can be opened."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.25)


def main(host: str, port: str, wait: float = 90) -> None:
    local = (
        f"http://127.0.0.1:{port}/"
        if host in EVERY_ADDRESS | LOOPBACK
        else f"http://{url_host(host)}:{port}/"
    )
    # The home page, not /healthz: that answers 503 (and logs it) until the worker and beat have beaten.
    wait_for(local, wait)
    print(f"  Floor is running at {local}   (API docs: {local}api/docs/)")
    if host in LOOPBACK:
        print(f"  It listens on this machine only (HOST={host}): phones cannot reach it.")
        print("  To let phones on your Wi-Fi in, start it with HOST=0.0.0.0 (the default).")
        return
    phone_hosts = [host] if host not in EVERY_ADDRESS else [a for a in machine_addresses() if ":" not in a]
    if not phone_hosts:
        print("  No network address found: connect this machine to the Wi-Fi the phones use, then restart.")
        return
    urls = [f"http://{url_host(a)}:{port}/" for a in phone_hosts]
    names = [n for n in machine_names() if n.endswith(".local")] if host in EVERY_ADDRESS else []
    print(f"  It listens on the home network too (HOST={host}); HOST=127.0.0.1 keeps it to this machine.")
    print("  On a phone on the same Wi-Fi, open " + " or ".join(urls))
    if names:
        print(f"  (or http://{names[0]}:{port}/ where the network resolves .local names)")
    try:
        import segno
    except ImportError:  # the QR code is a convenience: the URL above is enough
        return
    print("  or scan:")
    segno.make(urls[0], error="l").terminal(compact=True, border=2)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(float(a) for a in sys.argv[3:4]))
