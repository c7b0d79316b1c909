#!/usr/bin/env bash
# Fetch axe-core's axe.min.js, the accessibility checker the browser tests inject into each page, from the npm
# registry (with npm's own client) into tests/vendor/ (git-ignored: a third party's file is not committed). The
# version is pinned and the tarball checked against the registry's published sha512 before anything is kept.
set -euo pipefail
VERSION=4.14.1
INTEGRITY="sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/tests/vendor/axe.min.js"
if [ -f "$DEST" ] && head -c 200 "$DEST" | grep -q "axe v$VERSION"; then
  exit 0
fi
command -v npm >/dev/null || { echo "npm is needed to fetch axe-core (apt-get install npm)" >&2; exit 1; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "axe-core@$VERSION" >/dev/null)
tgz="$tmp/axe-core-$VERSION.tgz"
got="sha512-$(openssl dgst -sha512 -binary "$tgz" | base64 -w0)"
if [ "$got" != "$INTEGRITY" ]; then
  echo "axe-core $VERSION: the tarball's sha512 is not the registry's ($got)" >&2
  exit 1
fi
tar -xzf "$tgz" -C "$tmp" package/axe.min.js
mkdir -p "$(dirname "$DEST")"
# copied, then renamed into place: two test processes (pytest-xdist) may fetch it at once
cp "$tmp/package/axe.min.js" "$DEST.$$"
mv "$DEST.$$" "$DEST"
echo "axe-core $VERSION -> $DEST"
