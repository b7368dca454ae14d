#!/usr/bin/env bash
# install.sh: DuckDB 0.7.1 (PyPI wheel) into /opt/duckdb-0.7.1 (PREFIX overrides), for the
# python3 on PATH (CPython 3.7-3.11: 0.7.1 has no wheels for later versions). Idempotent.
# The interpreter used is recorded in PREFIX/python3 for interesting.sh.
set -euo pipefail
PREFIX=${PREFIX:-/opt/duckdb-0.7.1}
PY=${PYTHON:-$(command -v python3)}
if [ -f "$PREFIX/python3" ] && PYTHONPATH=$PREFIX "$(cat "$PREFIX/python3")" -c \
     'import duckdb, sys; sys.exit(duckdb.__version__ != "0.7.1")' 2>/dev/null; then
  echo "duckdb 0.7.1 already in $PREFIX"; exit 0
fi
mkdir -p "$PREFIX"
"$PY" -m pip install --quiet --no-deps --only-binary :all: --target "$PREFIX" --upgrade duckdb==0.7.1 \
  || { echo "install.sh: pip install duckdb==0.7.1 failed (PyPI unreachable, or $PY too new for 0.7.1's wheels)" >&2; exit 3; }
"$PY" -c 'import sys; print(sys.executable)' > "$PREFIX/python3"   # the real binary, not a pyenv shim
PYTHONPATH=$PREFIX "$PY" -c 'import duckdb; print("duckdb", duckdb.__version__, "installed in", duckdb.__file__)'
