#!/usr/bin/env bash
# Start Floor for a person to try: migrate, load the demo, then the web server, a Celery worker and
# Celery beat together. Ctrl-C stops all three. Uses whatever DATABASE_URL / REDIS_URL say; with
# nothing set, the embedded default (SQLite and kombu's filesystem broker under var/).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
export DEBUG=${DEBUG:-true}

$PY manage.py migrate --noinput -v0
$PY manage.py load_demo

pids=()
stop() {
  trap - INT TERM EXIT
  echo; echo "Stopping Floor..."
  kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT

$PY manage.py runserver "$HOST:$PORT" --noreload &
pids+=($!)
.venv/bin/celery -A director worker --loglevel=WARNING --concurrency=1 --hostname "floor-run@%h" &
pids+=($!)
.venv/bin/celery -A director beat --loglevel=WARNING &
pids+=($!)

sleep 2
echo
echo "  Floor is running at http://$HOST:$PORT/   (API docs: http://$HOST:$PORT/api/docs/)"
echo "  Director login: director / floor-demo.  Ctrl-C stops the web server, the worker and beat."
echo
# If any of the three stops, stop them all.
wait -n "${pids[@]}"
