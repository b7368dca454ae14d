#!/usr/bin/env bash
# Oracle: exit 0 iff Icarus Verilog 11.0 (Debian bookworm iverilog 11.0-1.1+b1) dies of a
# segmentation fault in its compiler (ivl) on FILE, and reports no syntax error. The bug: a
# SystemVerilog class that a module-local typedef renames (`typedef Cls Cls2; Cls2 c2;`).
# Usage: interesting.sh FILE.sv   (install.sh puts iverilog in /opt/iverilog-11.0; IVERILOG_DIR overrides)
P=${IVERILOG_DIR:-/opt/iverilog-11.0}
[ -x "$P/usr/bin/iverilog" ] || { echo "interesting.sh: no iverilog in $P (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE.sv}
[ -f "$f" ] || exit 1
out=$(timeout 25 "$P/usr/bin/iverilog" -B "$P/usr/lib/x86_64-linux-gnu/ivl" -g2012 -o /dev/null "$f" 2>&1); rc=$?
[ "$rc" -eq 139 ] || exit 1
grep -q 'Segmentation fault' <<<"$out" || exit 1
grep -qiE 'syntax error|I give up' <<<"$out" && exit 1
exit 0
