"""The ASGI application: the one production server (gunicorn with uvicorn workers, see README "Serving").

Django runs a request's synchronous parts (its middleware hooks, sync views) on a thread kept for the
request until its response is sent. For a live stream that would be a thread held for minutes. The
handler below lets that thread go once a streaming response starts: the stream itself runs on the event
loop (:mod:`apps.clocks.hub`).
"""

import logging
import os

from asgiref.sync import SyncToAsync
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")


def _release_request_thread() -> None:
    try:
        context = SyncToAsync.thread_sensitive_context.get()
    except LookupError:
        return
    executor = SyncToAsync.context_to_thread_executor.pop(context, None)
    if executor is not None:
        executor.shutdown(wait=False)  # idle: its thread ends now; a later sync call gets a new one


class FloorASGIHandler(ASGIHandler):
    async def send_response(self, response, send):
        if response.streaming and getattr(response, "is_async", False):
            _release_request_thread()
        await super().send_response(response, send)


def _application() -> FloorASGIHandler:
    import django

    django.setup(set_prefix=False)
    from apps.engine import ENGINE_BUILD

    # Which engine this process runs (compiled by mypyc, or plain Python and why), for whoever reads the log.
    logging.getLogger("floor").warning("Floor web process %s: engine %s", os.getpid(), ENGINE_BUILD)
    return FloorASGIHandler()


application = _application()
