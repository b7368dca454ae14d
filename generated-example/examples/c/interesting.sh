#!/bin/sh
# Interesting (exit 0) iff gcc still accepts the file and still warns about a division by
# zero. The candidate's path is the first argument (C-Reduce-style scripts that read
# bug.c from the current directory work too).
f=${1:-bug.c}
gcc -x c -c -o /dev/null -Wall "$f" 2>&1 | grep -q 'Wdiv-by-zero'
