#!/usr/bin/env python3
"""Size over time from the oracle's own log (one line per run: epoch seconds, exit status,
bytes, non-whitespace characters), the same for every tool: the best interesting candidate
so far, and the runs so far, at each minute.

usage: series.py LOG [LOG...]   (prints CSV: log,minute,runs,bytes,non_whitespace)
"""
import sys

for path in sys.argv[1:]:
    rows = [line.split() for line in open(path) if line.strip()]
    start = float(rows[0][0])
    best = None
    minute, runs = 0, 0
    for row in rows:
        t = float(row[0]) - start
        while t > (minute + 1) * 60:
            minute += 1
            print(f"{path},{minute},{runs},{best[0]},{best[1]}")
        runs += 1
        if row[1] == "0":
            size = (int(row[2]), int(row[3]))
            if best is None or size[0] < best[0]:
                best = size
    print(f"{path},{minute + 1},{runs},{best[0]},{best[1]}")
