#!/bin/sh
# The image's entrypoint: refuse to start on an unsafe configuration (production is the image's default:
# no development SECRET_KEY, a key of 50+ characters, no DEBUG, ALLOWED_HOSTS set), saying why, before any
# server, worker or migration runs; then run the command given.
set -e
python -m director.check_environment
exec "$@"
