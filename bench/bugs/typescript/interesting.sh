#!/usr/bin/env bash
# Oracle: exit 0 iff TypeScript 3.9.10's tsc dies with a stack overflow while instantiating a
# recursive mapped/indexed-access type (microsoft/TypeScript#39495, fixed in 4.0).
# Usage: interesting.sh FILE.ts   (install.sh puts tsc in /opt/tsc-3.9.10; TSC_DIR overrides)
TSC_DIR=${TSC_DIR:-/opt/tsc-3.9.10}
TSC=$TSC_DIR/node_modules/typescript/bin/tsc
[ -f "$TSC" ] || { echo "interesting.sh: no tsc at $TSC (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE.ts}
[ -f "$f" ] || exit 1
case $f in
  *.ts) out=$(timeout 25 node --stack-trace-limit=200 "$TSC" --noEmit --pretty false "$f" 2>&1) ;;
  *) # tsc wants a .ts name: run on a copy in a private directory, removed on exit
     tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
     cp "$f" "$tmp/input.ts"
     out=$(timeout 25 node --stack-trace-limit=200 "$TSC" --noEmit --pretty false "$tmp/input.ts" 2>&1) ;;
esac
grep -q '^RangeError: Maximum call stack size exceeded' <<<"$out" || exit 1
grep -q ' at instantiateType ' <<<"$out" && grep -q ' at getTypeOfMappedSymbol ' <<<"$out"
