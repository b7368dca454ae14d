#!/bin/sh
# Interesting (exit 0) iff javac still reports "incompatible types: possible lossy
# conversion from long to int" for the file (compiled in a scratch directory).
f=${1:-Ledger.java}
out=$(mktemp -d) || exit 2
trap 'rm -rf "$out"' EXIT
javac -d "$out" "$f" 2>&1 | grep -q "possible lossy conversion from long to int"
