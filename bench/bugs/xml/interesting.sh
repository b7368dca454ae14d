#!/usr/bin/env bash
# Oracle: exit 0 iff compiling the XML Schema FILE with lxml 4.9.3 (bundled libxml2 2.10.3)
# dies with SIGSEGV in xmlSchemaFixupComplexType (CVE-2023-28484, GNOME/libxml2#491, fixed
# in libxml2 2.10.4 / 2.11.0 by commit e4f85f1b).
# Usage: interesting.sh FILE.xsd   (install.sh puts lxml in /opt/lxml-4.9.3; LXML_493 overrides)
PREFIX=${LXML_493:-/opt/lxml-4.9.3}
[ -f "$PREFIX/python3" ] || { echo "interesting.sh: no lxml 4.9.3 in $PREFIX (run install.sh)" >&2; exit 2; }
command -v gdb >/dev/null || { echo "interesting.sh: gdb is required (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE.xsd}
[ -f "$f" ] || exit 1
file=$(realpath "$f")
py=$(cat "$PREFIX/python3")
# under gdb; symbols of the other shared libraries are not loaded (faster)
out=$(cd / && PYTHONPATH=$PREFIX PYTHONDONTWRITEBYTECODE=1 timeout 25 gdb -nx -q -batch \
    -iex "set auto-solib-add off" -iex "set debuginfod enabled off" \
    -ex run -ex "sharedlibrary etree" -ex "bt 3" \
    --args "$py" -c 'import sys, lxml.etree as e; e.XMLSchema(e.parse(sys.argv[1]))' "$file" 2>&1)
grep -q "Program received signal SIGSEGV" <<<"$out" &&
    grep -Eq "^#0 .* in xmlSchemaFixupComplexType \(\)" <<<"$out"
