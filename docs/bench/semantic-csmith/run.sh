#!/bin/sh
# usage: run.sh SEED SECONDS REDUCE_C   (in an empty directory)
# A csmith program (csmith --seed SEED, then gcc -E -P), reduced with a compile-run-compare
# oracle by REDUCE_C (-j 1) and by C-Vise (--n 1) side by side for SECONDS each; every oracle
# run of each tool is logged (ours/log, cvise/log) for series.py.
set -e
seed=$1; secs=$2; reduce=$(readlink -f "$3")
here=$(cd "$(dirname "$0")" && pwd)
csmith --seed "$seed" -o gen.c
gcc -E -P -I/usr/include/csmith gen.c -o prog.c
gcc -w -O0 -o prog prog.c && ./prog > expected.txt
cp "$here/oracle.sh" oracle.sh
mkdir -p ours cvise && cp prog.c cvise/prog.c
( SEMLOG=$PWD/ours/log timeout -s INT "$secs" "$reduce" -j 1 --timeout 10 \
    -o ours/out.c prog.c --test "$PWD/oracle.sh" > ours/stdout 2> ours/stderr || true ) &
( cd cvise && SEMLOG=$PWD/log timeout -s INT "$secs" cvise --n 1 --timeout 10 \
    "$(dirname "$PWD")/oracle.sh" prog.c > stdout 2> stderr || true ) &
wait
