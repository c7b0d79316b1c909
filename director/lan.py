"""The machine's own names and addresses on the home network (standard library only).

Development accepts them as hosts (``ALLOWED_HOSTS``), so a phone on the same Wi-Fi can open
``http://192.168.1.20:8000/`` or ``http://laptop.local:8000/``; ``make run`` prints them as the URLs to open.
Production never uses this: there the host names are the ones ``ALLOWED_HOSTS`` gives.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from contextlib import suppress
from pathlib import Path

SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def _interface_ipv4() -> list[str]:
    """Each interface's IPv4 address (Linux; elsewhere nothing, the other sources cover the main one)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    found = []
    with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            with suppress(OSError):
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode()))
                found.append(socket.inet_ntoa(packed[20:24]))
    return found


def _interface_ipv6() -> list[str]:
    """Global IPv6 addresses of the interfaces (Linux's /proc), without link-local ones a URL cannot use."""
    path = Path("/proc/net/if_inet6")
    found = []
    with suppress(OSError):
        for line in path.read_text().splitlines():
            raw = line.split()[0] if line.split() else ""
            with suppress(ValueError):
                found.append(str(ipaddress.IPv6Address(int(raw, 16))))
    return found


def _route_ipv4() -> list[str]:
    """The address this machine would use to reach the network (connecting a UDP socket sends nothing)."""
    with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 1))
        return [s.getsockname()[0]]
    return []


def machine_names() -> list[str]:
    """The machine's host names: ``laptop`` (as the system names it) and its mDNS name ``laptop.local``."""
    hostname = socket.gethostname().strip().lower()
    if not hostname:
        return []
    short = hostname.split(".")[0]
    return list(dict.fromkeys(n for n in (hostname, short, f"{short}.local") if n))


def machine_addresses() -> list[str]:
    """The machine's own IP addresses, loopback and link-local left out, IPv4 first. Read from the
    interfaces and the routing table only: a DNS lookup of the host name can take seconds on some networks,
    and every process (each Celery worker, each ``manage.py``) builds its settings with this."""
    raw = _route_ipv4() + _interface_ipv4() + _interface_ipv6()
    out: list[str] = []
    for text in raw:
        try:
            ip = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
            continue
        out.append(str(ip))
    return sorted(dict.fromkeys(out), key=lambda a: (":" in a, out.index(a)))


def url_host(address: str) -> str:
    """An address as it goes in a URL (or in ``ALLOWED_HOSTS``): IPv6 in brackets."""
    return f"[{address}]" if ":" in address else address


def machine_hosts() -> list[str]:
    """What development adds to ``ALLOWED_HOSTS``: the machine's names and addresses."""
    return machine_names() + [url_host(a) for a in machine_addresses()]
