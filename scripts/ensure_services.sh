#!/usr/bin/env bash
# Make sure PostgreSQL and Redis answer at DATABASE_URL and REDIS_URL. Start the local servers if they
# are installed but stopped; fail with a clear message if they still cannot be reached.
set -uo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
: "${DATABASE_URL:?DATABASE_URL must be set}"
: "${REDIS_URL:?REDIS_URL must be set}"

pg_ok() { $PY - "$DATABASE_URL" <<'PYEOF' >/dev/null 2>&1
import sys, psycopg
url = sys.argv[1].replace("postgres://", "postgresql://", 1)
psycopg.connect(url, connect_timeout=2).close()
PYEOF
}
redis_ok() { $PY -c "import sys, redis; redis.Redis.from_url(sys.argv[1], socket_connect_timeout=2).ping()" "$REDIS_URL" >/dev/null 2>&1; }

wait_for() { # name check-function
  for _ in $(seq 1 30); do "$2" && return 0; sleep 0.5; done
  return 1
}

if ! pg_ok; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "PostgreSQL is not answering; starting the local cluster..."
    for version in $(ls /etc/postgresql); do
      pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>&1 || true
    done
  fi
  if ! wait_for PostgreSQL pg_ok; then
    echo "ERROR: PostgreSQL does not answer at $DATABASE_URL." >&2
    echo "Start it (e.g. 'pg_ctlcluster --skip-systemctl-redirect \$(ls /etc/postgresql) main start')" >&2
    echo "or point TEST_DATABASE_URL at a server you can reach." >&2
    exit 1
  fi
fi

if ! redis_ok; then
  if command -v redis-server >/dev/null 2>&1; then
    echo "Redis is not answering; starting a local redis-server..."
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  fi
  if ! wait_for Redis redis_ok; then
    echo "ERROR: Redis does not answer at $REDIS_URL." >&2
    echo "Start it (e.g. 'redis-server --daemonize yes --port 6379') or set TEST_REDIS_URL." >&2
    exit 1
  fi
fi
echo "PostgreSQL and Redis answer."
