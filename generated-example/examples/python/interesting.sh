#!/bin/sh
# Interesting (exit 0) iff running the program still ends in
# "ValueError: negative quantity for widget". The system's python3 is preferred to one found
# through PATH (a pyenv shim takes 0.2 s to start), and -S skips the site packages.
f=${1:-inventory.py}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
timeout 10 "$py" -S "$f" 2>&1 | grep -q "^ValueError: negative quantity for widget$"
