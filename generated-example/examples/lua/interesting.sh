#!/bin/sh
# Interesting (exit 0) iff lua5.4 still stops with an arithmetic error on the missing discount
# field of a catalogue entry. Needs the lua5.4 package.
f=${1:-invoice.lua}
timeout 5 lua5.4 "$f" 2>&1 | grep -q "attempt to perform arithmetic on a nil value (field 'discount')"
