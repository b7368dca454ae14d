#!/usr/bin/env bash
# Oracle: exit 0 iff z3 4.8.8 dies of SIGSEGV on FILE without having reported an error first
# (a parse error, an unknown symbol or a sort error is printed by z3 as "(error ...)" on stdout,
# and z3 goes on with the next command: such a candidate is not interesting). Timeout 10 s.
# Usage: interesting.sh FILE.smt2. install.sh puts z3 4.8.8 in /opt/z3-4.8.8 (Z3_488 overrides).
Z3=${Z3_488:-/opt/z3-4.8.8}/bin/z3
[ -x "$Z3" ] || { echo "interesting.sh: no z3 4.8.8 at $Z3 (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE.smt2}
[ -f "$f" ] || exit 1
out=$(timeout -s KILL 10 "$Z3" -smt2 "$f" 2>&1)
rc=$?
[ "$rc" -eq 139 ] || exit 1          # 128 + SIGSEGV; a timeout gives 137, an error 1
case $out in *'(error '*) exit 1 ;; esac
exit 0
