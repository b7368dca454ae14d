#!/bin/sh
# Interesting (exit 0) iff ruby runs the file and stops with "nil can't be coerced into Float
# (TypeError)" (a Float multiplied by nil). Needs ruby; --disable-gems keeps a run ~50 ms.
f=${1:-recipes.rb}
[ -f "$f" ] || exit 1
timeout 10 ruby --disable-gems "$f" 2>&1 >/dev/null | grep -qF "nil can't be coerced into Float (TypeError)"
