#!/usr/bin/env bash
# Oracle: exit 0 iff wast2json of wabt 1.0.32 (Debian wabt 1.0.32-1) dies on the assertion
#   ./src/wast-parser.cc:687: wabt::Token wabt::WastParser::Consume(): Assertion `!tokens_.empty()' failed.
# (exit 134) while reading the .wast script FILE: a (module quote "…") whose text ends inside
# a form. Usage: interesting.sh FILE.wast   (install.sh puts wabt in /opt/wabt-1.0.32; WABT_DIR overrides)
W=${WABT_DIR:-/opt/wabt-1.0.32}/usr/bin/wast2json
[ -x "$W" ] || { echo "interesting.sh: no wast2json at $W (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE.wast}
[ -f "$f" ] || exit 1
# wast2json writes a .json and .wasm files next to -o: a private directory, removed on exit
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{ timeout 20 "$W" --enable-all "$f" -o "$tmp/out.json" >/dev/null 2>"$tmp/err"; } 2>/dev/null
[ $? -eq 134 ] || exit 1
grep -qF "WastParser::Consume(): Assertion \`!tokens_.empty()' failed." "$tmp/err"
