#!/bin/sh
# Interesting (exit 0) iff some `display` shows a `cube`.
grep -q '(display (cube' "${1:-bug.sexpr}"
