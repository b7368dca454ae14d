#!/bin/sh
# Interesting (exit 0) iff z3 reports a call of the defined function `finish` (Int Int) Int
# with a Bool where the Int start time belongs: "unknown constant finish (Bool Int)" followed
# by "declared: (declare-fun finish (Int Int) Int)" (without a definition z3 prints the first
# part alone). z3 goes on after an error, so only this message counts. Needs the z3 package.
f=${1:-schedule.smt2}
[ -f "$f" ] || exit 1
timeout 10 z3 -smt2 "$f" 2>&1 | tr '\n' ' ' |
  grep -qE 'unknown constant finish \(Bool Int\) *declared: \(declare-fun finish \(Int Int\) Int\)'
