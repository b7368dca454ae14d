#!/usr/bin/env bash
# install.sh: lxml 4.9.3 (PyPI manylinux wheel, which bundles libxml2 2.10.3) into
# /opt/lxml-4.9.3 (PREFIX overrides), for the python3 on PATH (CPython 3.6-3.12 have 4.9.3
# wheels), and gdb (apt), which the oracle uses. Idempotent. The interpreter used is recorded
# in PREFIX/python3 for interesting.sh.
set -euo pipefail
PREFIX=${PREFIX:-/opt/lxml-4.9.3}
PY=${PYTHON:-$(command -v python3)}
if ! command -v gdb >/dev/null; then
  apt-get -o DPkg::Lock::Timeout=900 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq gdb
fi
if [ -f "$PREFIX/python3" ] && PYTHONPATH=$PREFIX "$(cat "$PREFIX/python3")" -c \
     'import sys, lxml.etree as e; sys.exit(e.LXML_VERSION[:3] != (4, 9, 3) or e.LIBXML_VERSION != (2, 10, 3))' 2>/dev/null; then
  echo "lxml 4.9.3 already in $PREFIX"; exit 0
fi
mkdir -p "$PREFIX"
"$PY" -m pip install --quiet --no-deps --only-binary :all: --target "$PREFIX" --upgrade lxml==4.9.3 \
  || { echo "install.sh: pip install lxml==4.9.3 failed (PyPI unreachable, or no wheel for $PY)" >&2; exit 3; }
"$PY" -c 'import sys; print(sys.executable)' > "$PREFIX/python3"   # the real binary, not a pyenv shim
PYTHONPATH=$PREFIX "$PY" -c 'import lxml.etree as e; print("lxml", e.LXML_VERSION, "libxml2", e.LIBXML_VERSION, "in", e.__file__)'
