"""Which address a request comes from, and whether it came over HTTPS, believing only configured proxies.

``X-Forwarded-For`` and ``X-Forwarded-Proto`` are headers any client can send. Floor honours them only when
the peer that connected (``REMOTE_ADDR``) is one of ``FLOOR_TRUSTED_PROXIES`` (addresses or CIDR networks,
from the environment). :class:`TrustedProxyMiddleware`, first in the chain, makes that true for everything
after it:

* from a trusted proxy, the client is the right-most ``X-Forwarded-For`` address that is not itself a
  trusted proxy (each proxy appends the peer it saw, so the entries left of it are the client's to forge);
  ``REMOTE_ADDR`` becomes that address (the proxy's is kept in ``FLOOR_PROXY_ADDR``), so the rate limits
  (the pot calculator's, the login lockout's) and the logs key on the real client;
* from anyone else, both headers are removed before Django looks at them, so ``SECURE_PROXY_SSL_HEADER``
  cannot be set by a client and a fresh ``X-Forwarded-For`` per request changes nothing.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.http import HttpRequest
from django.utils.decorators import sync_and_async_middleware

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
_FORWARDED = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PORT",
)


def parse_trusted_proxies(value: str | Iterable[str]) -> list[Network]:
    """``"10.0.0.1, 172.18.0.0/16"`` → networks; raises ValueError on an entry that is neither."""
    items = value.split(",") if isinstance(value, str) else list(value)
    out: list[Network] = []
    for item in items:
        item = item.strip()
        if item:
            out.append(ipaddress.ip_network(item, strict=False))
    return out


@lru_cache(maxsize=8)
def _networks(configured: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(parse_trusted_proxies(configured))


def trusted_networks() -> tuple[Network, ...]:
    configured = getattr(settings, "FLOOR_TRUSTED_PROXIES", ()) or ()
    return _networks(tuple(str(c) for c in configured))


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip().strip('"')
    if text.startswith("[") and "]" in text:  # [v6]:port
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def is_trusted(address: str | None) -> bool:
    ip = _address(address or "")
    return ip is not None and any(ip in net for net in trusted_networks())


def forwarded_client(remote_addr: str, forwarded_for: str) -> str:
    """The client of a request a trusted proxy passed on: the right-most untrusted ``X-Forwarded-For``
    entry (an unreadable one ends the walk: nothing left of it can be believed)."""
    client = remote_addr
    for entry in reversed([e for e in forwarded_for.split(",") if e.strip()]):
        ip = _address(entry)
        if ip is None:
            break
        client = str(ip)
        if not any(ip in net for net in trusted_networks()):
            break
    return client


def client_ip(request: Any) -> str | None:
    """The client's address as :class:`TrustedProxyMiddleware` settled it (``REMOTE_ADDR``), also for a
    request that did not pass through it (a test's ``RequestFactory``, axes' own calls)."""
    meta = getattr(request, "META", {})
    if "FLOOR_CLIENT_ADDR" in meta:
        return str(meta["FLOOR_CLIENT_ADDR"])
    remote = meta.get("REMOTE_ADDR")
    if remote and is_trusted(remote) and meta.get("HTTP_X_FORWARDED_FOR"):
        return forwarded_client(remote, meta["HTTP_X_FORWARDED_FOR"])
    return remote


def settle_request_meta(meta: dict[str, Any]) -> None:
    """Apply the rule above to a request's ``META`` (WSGI environ or ASGI's)."""
    if "FLOOR_CLIENT_ADDR" in meta:
        return
    remote = str(meta.get("REMOTE_ADDR") or "")
    if remote and is_trusted(remote):
        forwarded = meta.get("HTTP_X_FORWARDED_FOR")
        if forwarded:
            meta["FLOOR_PROXY_ADDR"] = remote
            meta["REMOTE_ADDR"] = forwarded_client(remote, str(forwarded))
    else:
        for key in _FORWARDED:
            meta.pop(key, None)
    meta["FLOOR_CLIENT_ADDR"] = meta.get("REMOTE_ADDR") or ""


@sync_and_async_middleware
def TrustedProxyMiddleware(get_response: Callable[[HttpRequest], Any]) -> Callable[[HttpRequest], Any]:
    """First middleware: forwarded headers count only from ``FLOOR_TRUSTED_PROXIES`` (module docstring).
    Works under WSGI and ASGI alike (no thread hop for the streams)."""
    if iscoroutinefunction(get_response):

        async def async_middleware(request: HttpRequest) -> Any:
            settle_request_meta(request.META)
            return await get_response(request)

        return async_middleware

    def middleware(request: HttpRequest) -> Any:
        settle_request_meta(request.META)
        return get_response(request)

    return middleware
