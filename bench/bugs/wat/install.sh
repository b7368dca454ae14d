#!/usr/bin/env bash
# install.sh: wabt 1.0.32 (Debian bookworm wabt 1.0.32-1: wast2json, wat2wasm, …) unpacked
# into /opt/wabt-1.0.32 (PREFIX overrides) with apt-get download + dpkg -x; its library
# dependencies are installed with apt if missing. Idempotent.
set -euo pipefail
PREFIX=${PREFIX:-/opt/wabt-1.0.32}
DEBVERSION=1.0.32-1
if [ -x "$PREFIX/usr/bin/wast2json" ] && [ "$("$PREFIX/usr/bin/wast2json" --version 2>/dev/null)" = 1.0.32 ]; then
  echo "wabt 1.0.32 already in $PREFIX"; exit 0
fi
missing=()
for p in libc6 libgcc-s1 libstdc++6; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get -o DPkg::Lock::Timeout=900 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get -o DPkg::Lock::Timeout=900 -o APT::Sandbox::User=root download "wabt=$DEBVERSION" >/dev/null 2>"$tmp/err"); then
  echo "install.sh: cannot download wabt=$DEBVERSION from the Debian archive (offline? apt-get update?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
mkdir -p "$PREFIX"
dpkg -x "$tmp"/wabt_*.deb "$PREFIX"
echo "wast2json $("$PREFIX/usr/bin/wast2json" --version) installed in $PREFIX"
