"""Floor's Django settings, read from the environment (12-factor).

See README "Configuration" for every variable. Nothing set = the embedded default.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

from director.config import broker_config, core_config, database_config, public_url_config, var_dir

BASE_DIR = Path(__file__).resolve().parent.parent

_core = core_config(os.environ)
FLOOR_ENV = _core["environment"]
DEBUG = _core["debug"]
SECRET_KEY = _core["secret_key"]
ALLOWED_HOSTS = _core["allowed_hosts"]
TIME_ZONE = _core["time_zone"]
# Where phones reach Floor: the base of device links and QR codes (apps.core.links); unset: the request's.
FLOOR_PUBLIC_URL = public_url_config(os.environ)
# Where `make run` listens (scripts/run.sh): links made on a loopback page then use the LAN address.
FLOOR_LISTEN_HOST = os.environ.get("FLOOR_LISTEN_HOST", "")
USE_TZ = True
USE_I18N = True
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("id", "Bahasa Indonesia"), ("ru", "Русский"), ("pt", "Português")]
LOCALE_PATHS = [BASE_DIR / "locale"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and Redoc served by Floor itself: the docs work offline
    "axes",
    "csp",
    "apps.core",
    "apps.accounts",
    "apps.disputes",
    "apps.tables",
    "apps.clocks",
    "apps.tournaments",
    "apps.standings",
    "apps.console",
    "apps.cockpit",
    "apps.public",
    "apps.room",
]

MIDDLEWARE = [
    # First: X-Forwarded-For / -Proto count only from FLOOR_TRUSTED_PROXIES (apps.core.proxies).
    "apps.core.proxies.TrustedProxyMiddleware",
    # a dealer's device on /api/ takes a lean stack (apps.core.middleware.LEAN_MIDDLEWARE) from here
    "apps.core.middleware.DeviceApiShortcut",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before any view reads the request: JSON size and depth, no NUL in query strings and forms.
    "apps.core.inputs.InputLimitsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "apps.accounts.lockout.DeviceCookieMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: turns a locked-out login into our refusal.
    "axes.middleware.AxesMiddleware",
]

# Login attempts are rate-limited (django-axes): 5 failures lock for 15 minutes, counted per username from
# untrusted clients and per username and browser for a browser holding that user's device cookie (OWASP
# "device cookies", apps.accounts.lockout): a stranger's failures never lock the owner's own browser. The
# lockout answers with Floor's error shape (429, code "login_locked").
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username"]  # the key lockout_key builds (username, or username and device)
AXES_USERNAME_CALLABLE = "apps.accounts.lockout.lockout_key"
AXES_CLIENT_IP_CALLABLE = "apps.core.proxies.client_ip"  # recorded with each attempt; trusted proxies only
# axes.W006 warns that without the address in the key, rotating cookies or user agents resets the count.
# Not here: a client without a valid device cookie *for that username* (signed, given only on a successful
# login) counts with every other such client, whatever its address, agent or cookies.
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "apps.core.errors.login_locked"
AXES_VERBOSE = False

# Content-Security-Policy (django-csp): scripts, styles, fonts and images from Floor itself only, no inline
# script or handler, no plugin, no framing; fetch and the live streams to Floor only. Every page's scripts
# are static files (a page's data rides in json_script blocks, which are not run). The API docs page alone
# adds the CDN its Swagger UI comes from (director/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

ROOT_URLCONF = "director.urls"
WSGI_APPLICATION = "director.wsgi.application"
ASGI_APPLICATION = "director.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_config(os.environ, base_dir=BASE_DIR)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SeasonResult's leaderboard index INCLUDEs its points so PostgreSQL answers from the index alone; SQLite
    # has no INCLUDE and builds the same index on its key columns (the same results, read from the table).
    # Nothing for a host to act on, so the start-up does not warn about it.
    SILENCED_SYSTEM_CHECKS += ["models.W040"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# --- Celery: Redis when REDIS_URL / CELERY_BROKER_URL is set, else kombu's filesystem transport.
_broker = broker_config(os.environ, base_dir=BASE_DIR)
REDIS_URL = _broker["redis_url"]
CELERY_BROKER_URL = _broker["url"]
CELERY_BROKER_TRANSPORT = _broker["transport"]
CELERY_BROKER_TRANSPORT_OPTIONS = _broker["transport_options"]
CELERY_BROKER_EMBEDDED = _broker["embedded"]
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A worker outlives a broker loss: it retries the connection for ever (on start-up too) instead of exiting,
# and tasks it held unacknowledged go back to the queue (acks_late) rather than being cancelled mid-run.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CONNECTION_TIMEOUT = 1.0
CELERY_BROKER_HEARTBEAT = 10
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_TASK_PUBLISH_RETRY = False  # a publish on a request path fails fast; the sweep covers it
CELERY_TIMEZONE = TIME_ZONE
# The clocks' certainty: every overdue turn clock and level change is applied within a second or two even if
# its countdown task was lost (apps.clocks). A sweep not run within 5 s is dropped: the next one covers it.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # the drainer: each run watches the clocks' deadlines for about a second (apps.clocks.services)
    "clocks-sweep": {"task": "apps.clocks.tasks.clocks_sweep", "schedule": 1.0, "options": {"expires": 2}},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(var_dir(os.environ, base_dir=BASE_DIR) / "celerybeat-schedule")

if REDIS_URL:
    # Short timeouts: the cache is never worth more than a quarter of a second of a request.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "apps.core.schema.FloorAutoSchema",
    "EXCEPTION_HANDLER": "apps.core.errors.api_exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "apps.accounts.authentication.DeviceTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["apps.core.inputs.FloorJSONParser"],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Floor API",
    "DESCRIPTION": "Tournament director and referee service for home draw-poker games.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs page loads Swagger UI from Floor's static files (drf-spectacular-sidecar), not a CDN: a home
    # game's laptop is often offline. (Redoc too, were it mounted; it is not: its page still fetches its
    # logo and fonts from the internet.)
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# The benchmark's reference endpoint (apps.core.bench, for bench/api_load.py): mounted only on request.
FLOOR_BENCH_ENDPOINTS = os.environ.get("FLOOR_BENCH_ENDPOINTS", "false").lower() in ("1", "true", "yes", "on")

# Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (addresses or CIDRs, comma-separated):
# none by default, so no client can pick its own address for the rate limits or claim HTTPS.
FLOOR_TRUSTED_PROXIES = _core["trusted_proxies"]
# Input limits (apps.core.inputs): the largest JSON body any endpoint reads.
FLOOR_JSON_MAX_BYTES = int(os.environ.get("FLOOR_JSON_MAX_BYTES", str(1024 * 1024)))
# Live streams (apps.clocks.hub), per web process: a client address may hold this many at once (a TV and
# a phone or two per person behind one address is a handful), the process this many in all (0: no limit).
FLOOR_STREAMS_PER_ADDRESS = int(os.environ.get("FLOOR_STREAMS_PER_ADDRESS", "20"))
FLOOR_STREAMS_MAX = int(os.environ.get("FLOOR_STREAMS_MAX", "3000"))
FLOOR_SSE_LIFETIME = float(os.environ.get("FLOOR_SSE_LIFETIME", "300"))
FLOOR_LIVE_DB_THREADS = int(os.environ.get("FLOOR_LIVE_DB_THREADS", "4"))
# /healthz: the worker and beat are alive only if they proved it this recently (their heartbeats).
FLOOR_HEARTBEAT_STALE_SECONDS = float(os.environ.get("FLOOR_HEARTBEAT_STALE_SECONDS", "10"))

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
CSRF_FAILURE_VIEW = "apps.core.errors.csrf_failure"

if _core["production"]:
    # Honoured only from FLOOR_TRUSTED_PROXIES: apps.core.proxies removes the header from anyone else.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = os.environ.get("SECURE_SSL_REDIRECT", "true").lower() != "false"
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]
    if FLOOR_PUBLIC_URL:
        # the public address's own forms (the cockpit's, the login) post from that origin
        _public = urlsplit(FLOOR_PUBLIC_URL)
        CSRF_TRUSTED_ORIGINS.append(f"{_public.scheme}://{_public.netloc}")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # no device token in a log line (apps.core.logfilters; the servers' access loggers get it in ready())
    "filters": {"redact_tokens": {"()": "apps.core.logfilters.RedactTokens"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["redact_tokens"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # Django's own loggers reach the root's handler; with Django's default handler as well, every line
    # (a 404, a refused request) was printed twice.
    "loggers": {"django": {"handlers": [], "propagate": True}},
}
