"""Statements of every kind, one or several per line."""
import os, sys as system
from collections import OrderedDict as OD, defaultdict
from . import sibling
from .. import parent as p
from ...pkg.sub import (first,
                        second as two,)
from os.path import *

x = 1; y = 2; z = x + y;
a = b = c = [1, 2, 3]
a[0], *rest = c
total: int = 0
count: int
total += 1; total -= 1; total *= 2; total //= 3; total **= 2; total %= 7
total <<= 1; total >>= 1; total |= 8; total &= 15; total ^= 3; total @= m if False else 1
del a[0], rest
assert total >= 0, "negative"
global_name = None


def counter():
    global global_name
    n = 0

    def inc():
        nonlocal n
        n += 1
        return n
    return inc


while x < 10:
    x += 1
    if x == 3: continue
    elif x == 8: break
else:
    pass

for i, (j, k) in enumerate([(1, 2), (3, 4)]):
    print(i, j, k, sep=", ", end="\n")
else: print("done")

if x: pass
raise SystemExit(0) from None
