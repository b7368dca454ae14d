#!/usr/bin/env bash
# install.sh: Icarus Verilog 11.0 (Debian bookworm iverilog 11.0-1.1+b1) unpacked into
# /opt/iverilog-11.0 (PREFIX overrides) with apt-get download + dpkg -x; its shared-library
# dependencies are installed with apt. Idempotent. Run it as iverilog -B PREFIX/usr/lib/x86_64-linux-gnu/ivl.
set -euo pipefail
PREFIX=${PREFIX:-/opt/iverilog-11.0}
DEBVERSION=11.0-1.1+b1
ivl=$PREFIX/usr/lib/x86_64-linux-gnu/ivl
if [ -x "$PREFIX/usr/bin/iverilog" ] && [[ $("$PREFIX/usr/bin/iverilog" -B "$ivl" -V 2>&1 || true) == *"version 11.0 (stable)"* ]]; then
  echo "iverilog 11.0 already in $PREFIX"; exit 0
fi
missing=()
for p in libbz2-1.0 libc6 libgcc-s1 libreadline8 libstdc++6 zlib1g; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get -o DPkg::Lock::Timeout=900 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get -o DPkg::Lock::Timeout=900 -o APT::Sandbox::User=root download "iverilog=$DEBVERSION" >/dev/null 2>"$tmp/err"); then
  echo "install.sh: cannot download iverilog=$DEBVERSION from the Debian archive (offline? apt-get update?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
mkdir -p "$PREFIX"
dpkg -x "$tmp"/iverilog_*.deb "$PREFIX"
v=$("$PREFIX/usr/bin/iverilog" -B "$ivl" -V 2>&1 || true); echo "${v%%$'\n'*}"
echo "iverilog installed in $PREFIX"
