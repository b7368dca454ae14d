#!/usr/bin/env bash
# interesting.sh [FILE]: the oracle for C-Vise and C-Reduce, what `reduce-c --ub-guard
# --compare 'sh -c "gcc-11 -O0 -w {} -o a && ./a"' 'sh -c "gcc-11 -O2 -w {} -o b && ./b"'`
# checks: gcc -O2 -c with the --ub-guard warnings as errors; gcc -O0 plain and sanitised
# builds both run with status 0 and print the same; then gcc-11 -O0 and gcc-11 -O2 builds
# both run with status 0 and print different things. Each run takes 5 s at most.
# COUNTER=FILE appends one line per call.
f=${1:-bug.c}
[ -n "${COUNTER:-}" ] && echo x >> "$COUNTER"
t="timeout 5"
W="-Wall -Wextra -Werror=uninitialized -Werror=maybe-uninitialized -Werror=return-type
 -Werror=implicit-function-declaration -Werror=implicit-int -Werror=incompatible-pointer-types
 -Werror=int-conversion -Werror=array-bounds -Werror=return-local-addr -Werror=sequence-point
 -Werror=div-by-zero -Werror=shift-count-overflow -Werror=shift-count-negative
 -Werror=shift-negative-value -Werror=overflow -Werror=aggressive-loop-optimizations
 -Werror=format -Werror=nonnull -Werror=stringop-overflow"
$t gcc -O2 -c $W "$f" -o w.o >/dev/null 2>&1 || exit 1
$t gcc -O0 -w "$f" -o p.x >/dev/null 2>&1 || exit 1
$t gcc -O0 -g -fsanitize=undefined,address -fno-sanitize-recover=all -w "$f" -o s.x \
  >/dev/null 2>&1 || exit 1
$t ./p.x > p.out 2>/dev/null || exit 1
ASAN_OPTIONS=detect_leaks=0 $t ./s.x > s.out 2>/dev/null || exit 1
cmp -s p.out s.out || exit 1
$t gcc-11 -O0 -w "$f" -o a >/dev/null 2>&1 && $t ./a > a.out 2>/dev/null || exit 1
$t gcc-11 -O2 -w "$f" -o b >/dev/null 2>&1 && $t ./b > b.out 2>/dev/null || exit 1
! cmp -s a.out b.out
