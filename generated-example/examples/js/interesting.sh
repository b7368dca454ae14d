#!/bin/sh
# Interesting (exit 0) iff running the script with node still dies with a TypeError about
# reading a property of undefined.
f=${1:-crash.js}
node "$f" 2>&1 | grep -q "TypeError: Cannot read properties of undefined"
