"""Secrets kept out of the logs: a logging filter that blanks device tokens in what is logged.

A device's console link put its token in the URL path (``/console/open/<token>/``) before the link became a
fragment (``/console/open/#<token>``, never sent to the server), and the QR code's URL takes it as
``?token=``. Links already printed still arrive, and an access log writes every request line. This filter is
the second line: whatever a record says (its message and each of its arguments: django.server's request
line, gunicorn's atoms, uvicorn's path), a token in those places is replaced by ``[redacted]``.

It is installed on the access loggers of runserver, gunicorn and uvicorn and on ``django.request`` (its
"Not Found: <path>" warnings) by :func:`install`, called from ``CoreConfig.ready()`` (those servers set up
their own handlers, which Django's ``LOGGING`` must not replace), and on Floor's own console handler in
``LOGGING``.
"""

from __future__ import annotations

import logging
import re
from typing import Any

REDACTED = "[redacted]"
#: (pattern, replacement): the legacy console link's path segment, and a token in a query string or form
_PATTERNS = (
    (re.compile(r"(/console/open/)(?!#)[^/?#\s\"']+"), r"\1" + REDACTED),
    (re.compile(r"(?i)([?&;](?:token|device_token)=)[^&#\s\"']+"), r"\1" + REDACTED),
    (re.compile(r"(?i)(\bDevice\s+)[A-Za-z0-9_\-]{16,}"), r"\1" + REDACTED),
)
#: the loggers whose records name request paths, each set up by its own server
ACCESS_LOGGERS = (
    "django.server",
    "django.request",
    "gunicorn.access",
    "gunicorn.error",
    "uvicorn.access",
    "uvicorn.error",
    "daphne.server",
)


def redact(text: str) -> str:
    """``text`` with every device token it holds replaced by ``[redacted]``."""
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, bytes):
        return redact(value.decode("utf-8", "replace"))
    return value


class RedactTokens(logging.Filter):
    """Blanks device tokens in a record's message and arguments (it never drops a record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        args = record.args
        if isinstance(args, dict):
            record.args = {k: _clean(v) for k, v in args.items()}
        elif isinstance(args, tuple):
            record.args = tuple(_clean(a) for a in args)
        return True


def install() -> None:
    """Put :class:`RedactTokens` on each access logger (once)."""
    for name in ACCESS_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
