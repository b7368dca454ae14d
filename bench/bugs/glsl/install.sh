#!/usr/bin/env bash
# install.sh: glslangValidator 12.0.0 (Debian bookworm glslang-tools 12.0.0-2, statically
# linked against glslang) unpacked into /opt/glslang-12.0.0 (PREFIX overrides) with
# apt-get download + dpkg -x, and gdb (apt), which the oracle uses. Idempotent.
set -euo pipefail
PREFIX=${PREFIX:-/opt/glslang-12.0.0}
DEBVERSION=12.0.0-2
SHA256=cf71ac44d16516e311ccfb9796757d6d11d7a59d4a733aa27214bef4cef381ad   # usr/bin/glslangValidator
if ! command -v gdb >/dev/null; then
  apt-get -o DPkg::Lock::Timeout=900 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq gdb
fi
if [ -x "$PREFIX/usr/bin/glslangValidator" ] \
   && echo "$SHA256  $PREFIX/usr/bin/glslangValidator" | sha256sum -c --quiet - 2>/dev/null; then
  echo "glslangValidator 12.0.0 already in $PREFIX"; exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get -o DPkg::Lock::Timeout=900 -o APT::Sandbox::User=root download "glslang-tools=$DEBVERSION" >/dev/null 2>"$tmp/err"); then
  echo "install.sh: cannot download glslang-tools=$DEBVERSION from the Debian archive (offline? apt-get update?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
mkdir -p "$PREFIX"
dpkg -x "$tmp"/glslang-tools_*.deb "$PREFIX"
echo "$SHA256  $PREFIX/usr/bin/glslangValidator" | sha256sum -c --quiet - \
  || { echo "install.sh: $PREFIX/usr/bin/glslangValidator is not the expected binary (the oracle checks its crash address)" >&2; exit 4; }
"$PREFIX/usr/bin/glslangValidator" --version | head -1
echo "glslangValidator installed in $PREFIX"
