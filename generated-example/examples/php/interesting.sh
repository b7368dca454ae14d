#!/bin/sh
# Interesting (exit 0) iff php runs the file (no php.ini: -n) and stops with an uncaught
# TypeError for the integer amount of Ledger::post() ("Argument #2 ($cents) must be of type
# int, string given"), with or without the namespace. Needs php-cli.
f=${1:-ledger.php}
[ -f "$f" ] || exit 1
timeout 10 php -n "$f" 2>&1 | grep -E '^(PHP )?Fatal error: +Uncaught TypeError' |
  grep -qF 'Ledger::post(): Argument #2 ($cents) must be of type int, string given'
