#!/bin/sh
# Interesting iff the C file compiles and its program prints what the original printed
# (a behaviour-preserving oracle), padded to at least half a second a run.
f=$(readlink -f "${1:-prog.c}")
out=$(mktemp -d) || exit 2
trap 'rm -rf "$out"' EXIT
sleep 0.5
gcc -x c -w -O0 -o "$out/prog" "$f" >/dev/null 2>&1 || exit 1
[ "$(cd "$out" && timeout 5 ./prog 2>/dev/null)" = "$(printf 'origin-ish at (1, 2)\nfar at (3, 4)\ntotal=2 len=6')" ]
