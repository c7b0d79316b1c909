"""Absolute links Floor hands to another device (a console link, a QR code for a phone).

With ``FLOOR_PUBLIC_URL`` set (production behind its real name), every link starts with it. Otherwise a link
uses the address the director's browser used, so it works from wherever the director reached Floor: except
that in development a loopback address (``127.0.0.1``, ``localhost``) means nothing to a phone, so there the
machine's address on the home network stands in for it, with the same port, when the server listens there
(``make run`` says where it listens in ``FLOOR_LISTEN_HOST``: ``0.0.0.0`` by default).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

LOOPBACK = {"localhost", "127.0.0.1", "[::1]", "::1"}
EVERY_ADDRESS = {"0.0.0.0", "::", "[::]"}


def _split_host(host: str) -> tuple[str, str]:
    """``"127.0.0.1:8000"`` → ``("127.0.0.1", ":8000")``, IPv6 in brackets kept whole."""
    if host.startswith("["):
        end = host.find("]")
        return host[: end + 1], host[end + 1 :]
    name, sep, port = host.rpartition(":")
    return (name, f":{port}") if sep and port.isdigit() else (host, "")


def absolute_link(request: HttpRequest, path: str) -> str:
    """``path`` (``/console/open/…``) as a URL another device on the network can open."""
    base = getattr(settings, "FLOOR_PUBLIC_URL", "")
    if base:
        return base + path
    listen = getattr(settings, "FLOOR_LISTEN_HOST", "")
    if settings.FLOOR_ENV != "production" and listen and listen not in LOOPBACK:
        name, port = _split_host(request.get_host())
        if name.lower() in LOOPBACK:
            from director.lan import machine_addresses, url_host

            own = machine_addresses()
            lan = [listen] if listen not in EVERY_ADDRESS else [a for a in own if ":" not in a] or own
            if lan:
                return f"{request.scheme}://{url_host(lan[0])}{port}{path}"
    return request.build_absolute_uri(path)
