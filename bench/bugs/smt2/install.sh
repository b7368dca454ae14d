#!/usr/bin/env bash
# install.sh: the z3 4.8.8 binary of the PyPI wheel z3-solver==4.8.8.0 (manylinux1, x86_64)
# into /opt/z3-4.8.8 (PREFIX overrides); the binary is PREFIX/bin/z3. Idempotent.
set -euo pipefail
PREFIX=${PREFIX:-/opt/z3-4.8.8}
PY=${PYTHON:-$(command -v python3)}
if [ -x "$PREFIX/bin/z3" ] && "$PREFIX/bin/z3" --version 2>/dev/null | grep -q '^Z3 version 4\.8\.8 '; then
  echo "z3 4.8.8 already in $PREFIX"; exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The wheel is unpacked rather than installed: only its command-line binary is used.
"$PY" -m pip download --quiet --no-deps --only-binary :all: --platform manylinux1_x86_64 \
    -d "$tmp" z3-solver==4.8.8.0 \
  || { echo "install.sh: pip download z3-solver==4.8.8.0 failed (PyPI unreachable?)" >&2; exit 3; }
"$PY" -m zipfile -e "$tmp"/z3_solver-4.8.8.0-*.whl "$tmp/x"
mkdir -p "$PREFIX/bin"
install -m 755 "$tmp/x/z3_solver-4.8.8.0.data/data/bin/z3" "$PREFIX/bin/z3"
"$PREFIX/bin/z3" --version
