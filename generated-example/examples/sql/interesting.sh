#!/bin/sh
# Interesting (exit 0) iff sqlite3, running the script in an empty in-memory database and
# stopping at the first error (-bail), stops because a second member takes a card number
# ("UNIQUE constraint failed: members.card_no"). Needs the sqlite3 package.
f=${1:-library.sql}
[ -f "$f" ] || exit 1
timeout 10 sqlite3 -bail :memory: < "$f" 2>&1 >/dev/null | grep -q "UNIQUE constraint failed: members.card_no"
