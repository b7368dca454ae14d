#!/bin/sh
# Interesting (exit 0) iff the Go compiler still rejects the file because a type argument
# does not satisfy the constraint Number ("string does not implement Number"). The compiler is
# run directly (`go tool compile`: no build cache, about 0.1 s); the standard library's
# export data comes from the Go installation.
f=${1:-inventory.go}
compile=/usr/lib/go-1.19/pkg/tool/linux_amd64/compile
[ -x "$compile" ] || compile="go tool compile"
out=$(mktemp -d) || exit 2
trap 'rm -rf "$out"' EXIT
$compile -p main -o "$out/a.o" "$f" 2>&1 | grep -q "string does not implement Number"
