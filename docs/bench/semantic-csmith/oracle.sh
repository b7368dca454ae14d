#!/bin/sh
# Interesting iff the C file compiles (gcc -O0) and its program prints what the original
# printed (expected.txt beside this script) within a second. With SEMLOG set, appends one
# line per run: epoch seconds, exit status, bytes, non-whitespace characters. With NO_ASLR
# set, the program runs without address-space randomisation (`setarch -R`), so that a
# reduced program that reads memory it never wrote answers the same every time.
here=$(cd "$(dirname "$0")" && pwd)
f=$(readlink -f "${1:-prog.c}")
d=$(mktemp -d) || exit 2
trap 'rm -rf "$d"' EXIT
run=""
[ -n "$NO_ASLR" ] && run="setarch -R"
r=1
gcc -x c -w -O0 -o "$d/p" "$f" >/dev/null 2>&1 &&
  [ "$(cd "$d" && $run timeout 1 ./p 2>/dev/null)" = "$(cat "$here/expected.txt")" ] && r=0
if [ -n "$SEMLOG" ]; then
  echo "$(date +%s.%N) $r $(wc -c < "$f") $(tr -d ' \t\n\r' < "$f" | wc -c)" >> "$SEMLOG"
fi
exit $r
