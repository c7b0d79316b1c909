#!/usr/bin/env bash
# Start Floor for a person to try: migrate, load the demo, then the web server, a Celery worker and
# Celery beat together. Ctrl-C stops all three. Uses whatever DATABASE_URL / REDIS_URL say; with
# nothing set, the embedded default (SQLite and kombu's filesystem broker under var/).
# It listens on every address (HOST=0.0.0.0), so phones on the same Wi-Fi reach it; HOST=127.0.0.1 keeps it
# to this machine. It prints the address a phone opens, with a QR code.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
HOST=${HOST:-0.0.0.0}
PORT=${PORT:-8000}
# Phones on the Wi-Fi reach this server, so it runs as production does: no debug pages (they show source
# code, settings and a hand's cards in a traceback's locals to anyone on the network), and a secret key of
# this machine's own, not the public development one (it signs the login-lockout cookie). DEBUG=true stays
# available to a developer who asks for it.
export DEBUG=${DEBUG:-false}
VAR_DIR=${FLOOR_VAR_DIR:-var}
mkdir -p "$VAR_DIR"
if [ -z "${SECRET_KEY:-}" ]; then
  if [ ! -s "$VAR_DIR/secret_key" ]; then
    (umask 077 && $PY -c 'import secrets; print(secrets.token_urlsafe(48))' > "$VAR_DIR/secret_key")
  fi
  SECRET_KEY=$(cat "$VAR_DIR/secret_key")
  export SECRET_KEY
fi
# Links and QR codes made on a page opened at 127.0.0.1 then carry the LAN address (apps/core/links.py).
export FLOOR_LISTEN_HOST=$HOST

$PY manage.py migrate --noinput -v0
$PY manage.py load_demo
# Without DEBUG, WhiteNoise serves the collected, hashed files (what production serves).
$PY manage.py collectstatic --noinput -v0

pids=()
stop() {
  trap - INT TERM EXIT
  echo; echo "Stopping Floor..."
  kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT

# Run "$@" again whenever it exits (a Celery worker can die when its broker drops), until stopped.
supervise() {
  local child= stopping=
  # Ctrl-C sends INT to the whole process group, the child included, and then stop() sends TERM here:
  # pass a signal on only when the child has had none, since a second one that reaches Celery while it
  # is already shutting down breaks its exit with a traceback.
  trap 'stopping=1; wait "$child" 2>/dev/null; exit 0' INT
  trap '[ -z "$stopping" ] && [ -n "$child" ] && kill -TERM "$child" 2>/dev/null; stopping=1; wait "$child" 2>/dev/null; exit 0' TERM
  while true; do
    "$@" &
    child=$!
    wait "$child" || true
    echo "  celery $5 exited; starting it again" >&2
    sleep 1
  done
}

# The production server (director/gunicorn_conf.py: gunicorn with uvicorn workers, as in docker-compose).
HOST="$HOST" PORT="$PORT" .venv/bin/gunicorn -c director/gunicorn_conf.py director.asgi:application &
pids+=($!)
supervise .venv/bin/celery -A director --quiet worker --loglevel=WARNING --concurrency=1 --hostname "floor-run@%h" &
pids+=($!)
supervise .venv/bin/celery -A director --quiet beat --loglevel=WARNING &
pids+=($!)

$PY scripts/print_urls.py "$HOST" "$PORT" || true  # once the web server answers
echo "  Director login: director / floor-demo.  Ctrl-C stops the web server, the worker and beat."
echo
# If the web server stops, stop them all (the worker and beat are restarted by supervise).
wait -n "${pids[@]}"
