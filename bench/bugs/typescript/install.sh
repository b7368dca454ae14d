#!/usr/bin/env bash
# install.sh: TypeScript 3.9.10 (npm) into /opt/tsc-3.9.10 (PREFIX overrides). Idempotent.
set -euo pipefail
PREFIX=${PREFIX:-/opt/tsc-3.9.10}
VERSION=3.9.10
if [ -f "$PREFIX/node_modules/typescript/package.json" ] \
   && grep -q "\"version\": \"$VERSION\"" "$PREFIX/node_modules/typescript/package.json"; then
  echo "typescript $VERSION already in $PREFIX"; exit 0
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt-get -o DPkg::Lock::Timeout=900 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq nodejs npm
fi
mkdir -p "$PREFIX"
npm install --prefix "$PREFIX" --no-audit --no-fund --ignore-scripts --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=5000 "typescript@$VERSION" \
  || { echo "install.sh: npm install typescript@$VERSION failed (registry unreachable?)" >&2; exit 3; }
echo "typescript $VERSION installed in $PREFIX"
