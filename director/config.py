"""Pure functions that turn environment variables into settings.

Kept apart from ``settings.py`` so tests can feed them any environment without
reloading Django. Nothing set means the *embedded default*: SQLite and a Celery
broker on the file system, so ``make run`` needs neither PostgreSQL nor Redis.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import environ

DEV_SECRET_KEY = "floor-development-secret-key-do-not-use-in-production"
SECRET_KEY_MIN_LENGTH = 50  # what `manage.py check --deploy` (security.W009) asks
SECRET_KEY_MIN_UNIQUE = 5
ENVIRONMENTS = ("development", "production")


class ConfigError(Exception):
    """The environment describes a configuration Floor refuses to start with."""


def _env(environ_map: Mapping[str, str]) -> environ.Env:
    env = environ.Env()
    env.ENVIRON = dict(environ_map)  # read from the given mapping, not os.environ
    return env


# The embedded default's SQLite, set on every connection. WAL lets readers go on while one writer writes (and
# a reader never blocks a writer); synchronous=NORMAL is WAL's safe setting (a power cut can lose the last
# commits, never corrupt the file) and spares an fsync per commit, which is most of a write's cost.
SQLITE_INIT_COMMAND = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL"
# How long a writer waits for the one before it (SQLite's busy timeout) before "database is locked".
SQLITE_BUSY_TIMEOUT = 30


def var_dir(environ_map: Mapping[str, str], *, base_dir: Path) -> Path:
    """Where the embedded default keeps its files (the SQLite database, the broker's folders, beat's
    schedule): ``FLOOR_VAR_DIR``, else ``var/`` in the checkout."""
    folder = environ_map.get("FLOOR_VAR_DIR")
    return Path(folder) if folder else base_dir / "var"


def database_config(environ_map: Mapping[str, str], *, base_dir: Path) -> dict[str, Any]:
    """``DATABASE_URL`` (``postgres://…`` or ``sqlite:///…``), else SQLite in the var folder."""
    env = _env(environ_map)
    folder = var_dir(environ_map, base_dir=base_dir)
    url = environ_map.get("DATABASE_URL")  # set but empty (DATABASE_URL= in a shell) is unset too
    if not url:
        folder.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{folder / 'floor.sqlite3'}"
    config: dict[str, Any] = environ.Env.db_url_config(url)
    # A refused request writes nothing: the error handler marks the request's transaction for rollback.
    config["ATOMIC_REQUESTS"] = True
    if config["ENGINE"] == "django.db.backends.postgresql":
        if env.bool("DATABASE_POOL", default=True):
            # psycopg's connection pool (per process): a request takes a connection open already and gives
            # it back, with no health-check round trip ("SELECT 1") first; a broken connection is dropped
            # when it is given back. Persistent connections are the pool's job, so CONN_MAX_AGE is 0.
            config["CONN_MAX_AGE"] = 0
            config["CONN_HEALTH_CHECKS"] = False
            config.setdefault("OPTIONS", {})["pool"] = {
                "min_size": env.int("DATABASE_POOL_MIN_SIZE", default=1),
                "max_size": env.int("DATABASE_POOL_MAX_SIZE", default=8),
                "timeout": env.float("DATABASE_POOL_TIMEOUT", default=10.0),
            }
        else:
            config.setdefault("CONN_MAX_AGE", 60)
            config["CONN_HEALTH_CHECKS"] = True
    else:
        options = config.setdefault("OPTIONS", {})
        # SQLite has one writer at a time and no SELECT ... FOR UPDATE. A transaction that BEGINs DEFERRED
        # and writes after reading fails at once with "database is locked" when another wrote meanwhile (the
        # busy timeout cannot help it); BEGIN IMMEDIATE takes the write lock first, so concurrent requests
        # queue for it within the busy timeout, and each runs alone on the rows it read, as FOR UPDATE
        # would have it on PostgreSQL.
        options.setdefault("transaction_mode", "IMMEDIATE")
        options.setdefault("timeout", SQLITE_BUSY_TIMEOUT)
        options.setdefault("init_command", SQLITE_INIT_COMMAND)
    return config


def broker_config(environ_map: Mapping[str, str], *, base_dir: Path) -> dict[str, Any]:
    """Celery broker: ``CELERY_BROKER_URL``, else ``REDIS_URL``, else kombu's filesystem transport (under
    ``<var folder>/broker``).

    Returns ``{"url", "transport", "transport_options", "embedded", "redis_url"}`` (``transport``: the
    kombu transport class for the URL, None for the URL's own).
    """
    env = _env(environ_map)
    redis_url = env.str("REDIS_URL", default="") or None
    url = env.str("CELERY_BROKER_URL", default="") or redis_url
    # A ``filesystem://`` URL given means the embedded broker, with its folders in the var folder.
    if url and not url.startswith("filesystem://"):
        # Short socket timeouts: a publish to a hung Redis gives up within a second instead of hanging the
        # caller (the clocks' deadlines are rows that the drainer and the sweep apply).
        options = {
            "socket_timeout": float(environ_map.get("REDIS_SOCKET_TIMEOUT", "0.5")),
            "socket_connect_timeout": float(environ_map.get("REDIS_CONNECT_TIMEOUT", "1.0")),
            "retry_on_timeout": False,
            "max_retries": 1,
            "health_check_interval": 10,
        }
        return {
            "url": url,
            "transport": None,
            "transport_options": options,
            "embedded": False,
            "redis_url": redis_url,
        }
    folder = var_dir(environ_map, base_dir=base_dir) / "broker"
    return {
        # The transport ignores the host; without one kombu warns "No hostname was supplied" at every start.
        "url": "filesystem://localhost/",
        # kombu's filesystem transport with whole-message writes (director/broker.py says why)
        "transport": "director.broker:Transport",
        "transport_options": {
            "data_folder_in": str(folder / "queue"),
            "data_folder_out": str(folder / "queue"),
            "processed_folder": str(folder / "processed"),
            "control_folder": str(folder / "control"),
            "store_processed": False,
            # How often the worker looks into the queue folder (kombu's default is every second). A turn
            # clock's countdown is published when the clock is armed and held by the worker until its
            # deadline, so a late look makes the clock late; ten looks a second cost a directory listing each.
            "polling_interval": 0.1,
        },
        "embedded": True,
        "redis_url": redis_url,
    }


def public_url_config(environ_map: Mapping[str, str]) -> str:
    """``FLOOR_PUBLIC_URL``: where phones reach Floor, a scheme and host (``https://floor.example``,
    ``http://192.168.1.20:8000``), the base of every link and QR code Floor hands out; empty when unset
    (links then use the request's host). A path is refused: the links' paths come from Django's URLs, which
    already carry a prefix Django is told of (``FORCE_SCRIPT_NAME``)."""
    raw = _env(environ_map).str("FLOOR_PUBLIC_URL", default="").strip()
    if not raw:
        return ""
    parts = urlsplit(raw)
    bad_path = parts.path not in ("", "/")
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or bad_path
    ):
        raise ConfigError(
            f"FLOOR_PUBLIC_URL must be an http(s) address such as https://floor.example, not {raw!r}"
        )
    return raw.rstrip("/")


def core_config(
    environ_map: Mapping[str, str], *, machine_hosts: Callable[[], list[str]] | None = None
) -> dict[str, Any]:
    """``FLOOR_ENV``, ``DEBUG``, ``SECRET_KEY``, ``ALLOWED_HOSTS``, ``TIME_ZONE``.

    Production (``FLOOR_ENV=production``) refuses the development secret key, ``DEBUG`` and an
    empty ``ALLOWED_HOSTS``. Development also answers to the machine's own names and addresses
    (``machine_hosts``, :func:`director.lan.machine_hosts` by default), so phones on the home network can
    open it; production answers only to ``ALLOWED_HOSTS``.
    """
    env = _env(environ_map)
    environment = env.str("FLOOR_ENV", default="development")
    if environment not in ENVIRONMENTS:
        raise ConfigError(f"FLOOR_ENV must be one of {', '.join(ENVIRONMENTS)}, not {environment!r}")
    production = environment == "production"
    debug = env.bool("DEBUG", default=not production)
    secret_key = env.str("SECRET_KEY", default=DEV_SECRET_KEY)
    hosts_default = [] if production else ["localhost", "127.0.0.1", "[::1]", "testserver"]
    allowed_hosts = env.list("ALLOWED_HOSTS", default=hosts_default)
    if not production:
        from director import lan

        own = (machine_hosts or lan.machine_hosts)()
        allowed_hosts = list(dict.fromkeys([*allowed_hosts, *own]))
    trusted = env.str("FLOOR_TRUSTED_PROXIES", default="")
    try:
        import ipaddress

        trusted_proxies = [
            str(ipaddress.ip_network(p.strip(), strict=False)) for p in trusted.split(",") if p.strip()
        ]
    except ValueError as exc:
        raise ConfigError(f"FLOOR_TRUSTED_PROXIES: {exc} (addresses or CIDRs, comma-separated)") from exc
    if production:
        if secret_key == DEV_SECRET_KEY or not _strong_secret(secret_key):
            raise ConfigError(
                f"production needs SECRET_KEY set to a random value of {SECRET_KEY_MIN_LENGTH}+ characters "
                f"with {SECRET_KEY_MIN_UNIQUE}+ different ones (as `manage.py check --deploy` asks)"
            )
        if debug:
            raise ConfigError("production refuses DEBUG=true")
        if not allowed_hosts:
            raise ConfigError("production needs ALLOWED_HOSTS (comma-separated host names)")
    return {
        "environment": environment,
        "production": production,
        "debug": debug,
        "secret_key": secret_key,
        "allowed_hosts": allowed_hosts,
        "time_zone": env.str("TIME_ZONE", default="UTC"),
        "trusted_proxies": trusted_proxies,
    }


def _strong_secret(key: str) -> bool:
    """Django's own test (security.W009): 50+ characters, 5+ distinct, not its insecure prefix."""
    return (
        len(key) >= SECRET_KEY_MIN_LENGTH
        and len(set(key)) >= SECRET_KEY_MIN_UNIQUE
        and not key.startswith("django-insecure-")
    )
