#!/bin/sh
# Interesting: gcc finds buffer_new defined in buffer.c with another type than the one
# declared in buffer.h. Both files take part: the error is in buffer.c, the note that points
# at the earlier declaration is in buffer.h. Runs in the directory that holds the files
# (the reducer passes their paths too; they are not needed here).
out=$(LC_ALL=C gcc -fsyntax-only buffer.c 2>&1)
echo "$out" | grep -q "^buffer.c:[0-9]*:[0-9]*: error: conflicting types for 'buffer_new'" &&
    echo "$out" | grep -q "^buffer.h:[0-9]*:[0-9]*: note: previous declaration of 'buffer_new'"
