#!/usr/bin/env bash
# Oracle: exit 0 iff DuckDB 0.7.1 raises "INTERNAL Error: Failed to bind column reference" on one
# of the statements of FILE (split as sqlite3's shell splits them, run in order in one in-memory
# database; other errors are ignored). Usage: interesting.sh FILE.sql
# install.sh puts DuckDB in /opt/duckdb-0.7.1 (DUCKDB_071 overrides).
PREFIX=${DUCKDB_071:-/opt/duckdb-0.7.1}
[ -f "$PREFIX/python3" ] || { echo "interesting.sh: no DuckDB 0.7.1 in $PREFIX (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE.sql}
[ -f "$f" ] || exit 1
PYTHONPATH=$PREFIX PYTHONDONTWRITEBYTECODE=1 exec timeout 25 "$(cat "$PREFIX/python3")" -c '
import sqlite3, sys
import duckdb
assert duckdb.__version__ == "0.7.1", duckdb.__version__
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
con = duckdb.connect(":memory:")
stmts, start, i = [], 0, 0
while True:
    j = text.find(";", i)
    if j < 0:
        break
    if sqlite3.complete_statement(text[start:j + 1]):
        stmts.append(text[start:j + 1]); start = j + 1
    i = j + 1
if text[start:].strip():
    stmts.append(text[start:])
for s in stmts:
    try:
        con.execute(s).fetchall()
    except Exception as e:
        if "INTERNAL Error: Failed to bind column reference" in str(e):
            sys.exit(0)
sys.exit(1)
' "$f"
