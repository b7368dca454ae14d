#!/bin/sh
# Interesting: the check stops on part p-107, whose size is out of range. The test gets the
# project's directory (a copy) as its argument; a candidate that loops is stopped.
cd "${1:-project}" || exit 1
timeout 5 node main.js 2>&1 | grep -q "RangeError: part p-107 out of range"
