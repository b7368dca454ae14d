#!/bin/sh
# Interesting: node stops with a TypeError thrown in format.mjs, reached from main.mjs
# (format.mjs is a module: only the import from main.mjs runs it). Runs in the directory
# that holds the files.
out=$(node main.mjs 2>&1)
echo "$out" | grep -q "TypeError: Cannot read properties of undefined (reading 'toUpperCase')" &&
    echo "$out" | grep -q "format.mjs:[0-9]*"
