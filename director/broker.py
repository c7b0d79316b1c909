"""The embedded default's Celery broker: kombu's filesystem transport, with each message written whole before
it appears in the queue folder.

kombu's own ``_put`` creates the message file under its final name and only then writes into it; the
consumer lists the folder, moves the file away and reads it without taking the writer's lock, so a message
caught between the two is read empty, and the worker stops on the ``JSONDecodeError`` ("Unrecoverable
error"): with it every turn clock and level clock of ``make run``. Here the message is written to a hidden
file (a name the consumer's ``<queue>.msg`` filter never matches) and renamed into place, which POSIX makes
atomic: a consumer sees the whole message or nothing.

Used through ``CELERY_BROKER_TRANSPORT`` (``director.config.broker_config``) with the ``filesystem://`` URL.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from time import monotonic
from typing import Any

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue: str, payload: Any, **kwargs: Any) -> None:  # type: ignore[override]  # kombu's filesystem _put's own
        """Put ``payload`` onto ``queue``: written to a hidden file, then renamed to its message name."""
        # the name kombu gives (milliseconds of the system's monotonic clock first: the consumer reads in
        # name order)
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = os.path.join(self.data_folder_out, f".{uuid.uuid4().hex}.part")
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.remove(partial)
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
