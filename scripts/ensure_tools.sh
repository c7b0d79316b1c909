#!/usr/bin/env bash
# System tools the suite uses that pip cannot bring: installed from Debian's packages when missing.
set -euo pipefail
need=()
if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null 2>&1; then
  need+=(docker-compose)   # validates docker-compose.yml (`docker-compose config`)
fi
if [ ! -x /usr/bin/chromium ]; then
  need+=(chromium fonts-dejavu-core)   # the browser tests (Playwright drives Debian's Chromium)
fi
if ! command -v msgfmt >/dev/null 2>&1; then
  need+=(gettext)   # compiles the translations (locale/*/LC_MESSAGES/django.po)
fi
if ((${#need[@]})); then
  echo "Installing from Debian: ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
