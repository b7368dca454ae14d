#!/bin/sh
# Interesting (exit 0) iff the file is valid JSON and some order line has a negative
# price (the "bug" a downstream validator trips on).
python3 - "${1:-orders.json}" <<'PY'
import json, sys
def walk(v):
    if isinstance(v, dict):
        if isinstance(v.get("price"), (int, float)) and v["price"] < 0:
            return True
        return any(walk(x) for x in v.values())
    if isinstance(v, list):
        return any(walk(x) for x in v)
    return False
try:
    doc = json.load(open(sys.argv[1]))
except Exception:
    sys.exit(1)
sys.exit(0 if walk(doc) else 1)
PY
