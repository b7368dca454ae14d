#!/bin/sh
# Interesting (exit 0) iff wat2wasm (wabt) parses the module and its validator rejects a call
# that passes an i64 where the callee's second i32 parameter belongs. Needs the wabt package.
f=${1:-ring.wat}
[ -f "$f" ] || exit 1
timeout 10 wat2wasm -o /dev/null "$f" 2>&1 |
  grep -qF 'error: type mismatch in call, expected [i32, i32] but got [i32, i64]'
