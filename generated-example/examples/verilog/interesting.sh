#!/bin/sh
# Interesting (exit 0) iff Icarus Verilog (Debian's iverilog) parses the file but cannot bind
# the name rd_ptr_nxt during elaboration. Needs the iverilog package.
f=${1:-fifo.v}
[ -f "$f" ] || exit 1
out=$(timeout 10 iverilog -g2012 -o /dev/null "$f" 2>&1)
echo "$out" | grep -qi 'syntax error' && exit 1
echo "$out" | grep -qF "Unable to bind wire/reg/memory \`rd_ptr_nxt'"
