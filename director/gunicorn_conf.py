"""The one production server's settings: gunicorn managing uvicorn workers (ASGI), for ``make run``, the
Dockerfile and docker-compose alike (``gunicorn -c director/gunicorn_conf.py director.asgi:application``).

Each worker process runs an event loop: the live streams wait there (memory and a socket each), the rest of
Floor (synchronous views) runs on threads. gunicorn restarts a worker process that dies or stops answering.
Environment: ``HOST`` / ``PORT`` (or ``BIND``), ``WEB_CONCURRENCY`` (processes), ``FORWARDED_ALLOW_IPS``
(the proxies whose ``X-Forwarded-For`` is believed, for the per-address stream limit), ``ACCESS_LOG``.
"""

import os

bind = os.environ.get("BIND") or f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "uvicorn_worker.UvicornWorker"
# A worker whose event loop does not answer gunicorn for this long is restarted. It is not a request
# limit: a stream lives as long as FLOOR_SSE_LIFETIME says.
timeout = 30
graceful_timeout = 5  # streams are cut at a restart; clients resume with Last-Event-ID
keepalive = 5
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = os.environ.get("ACCESS_LOG") or None
backlog = 4096
