#!/bin/sh
# Interesting (exit 0) iff `go vet` still reports a Printf verb %d whose argument is a
# string ("... format %d has arg ... of wrong type string"). The Go build cache lives in a
# fixed directory under $TMPDIR, so that the standard library is compiled once, not per run.
f=${1:-inventory.go}
go=/usr/lib/go-1.19/bin/go
[ -x "$go" ] || go=go
cache=${TMPDIR:-/tmp}/reduce-go-example
mkdir -p "$cache" || exit 2
HOME=$cache GOPATH=$cache/gopath GOCACHE=$cache/build GO111MODULE=off \
    "$go" vet "$f" 2>&1 | grep -q "format %d has arg .* of wrong type string"
