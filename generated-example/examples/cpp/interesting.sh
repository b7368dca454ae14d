#!/bin/sh
# Interesting iff g++ still rejects the candidate because a sort needs `last - first` on an
# iterator that has no operator- (a bidirectional iterator passed where random access is needed).
f=${1:-bug.cpp}
LC_ALL=C g++ -std=c++20 -fsyntax-only -x c++ "$f" 2>&1 | grep -q "no match for 'operator-'"
