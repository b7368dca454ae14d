#!/bin/sh
# Interesting iff g++ rejects the candidate with exactly one error, and that error is a sort
# needing `last - first` on an iterator that has no operator- (a bidirectional iterator
# passed where random access is needed).
f=${1:-bug.cpp}
out=$(LC_ALL=C g++ -std=c++20 -fsyntax-only -x c++ "$f" 2>&1)
printf '%s\n' "$out" | grep -q "error: no match for 'operator-'" &&
  [ "$(printf '%s\n' "$out" | grep -c 'error:')" -eq 1 ]
