#!/usr/bin/env bash
# install.sh: solcjs 0.8.32 (npm `solc@0.8.32`, the Emscripten build of solc; nothing is
# downloaded at run time) into /opt/solc-0.8.32 (PREFIX overrides). Idempotent.
set -euo pipefail
PREFIX=${PREFIX:-/opt/solc-0.8.32}
VERSION=0.8.32
if [ -f "$PREFIX/node_modules/solc/package.json" ] \
   && grep -q "\"version\": \"$VERSION\"" "$PREFIX/node_modules/solc/package.json"; then
  echo "solc $VERSION already in $PREFIX"; exit 0
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt-get -o DPkg::Lock::Timeout=900 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq nodejs npm
fi
mkdir -p "$PREFIX"
npm install --prefix "$PREFIX" --no-audit --no-fund --ignore-scripts --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=5000 "solc@$VERSION" \
  || { echo "install.sh: npm install solc@$VERSION failed (registry unreachable?)" >&2; exit 3; }
echo "solc $VERSION installed in $PREFIX"
