#!/usr/bin/env bash
# Exit 0 iff RuboCop 1.39.0 (Debian bookworm `rubocop`) still crashes in its
# Lint/UselessRuby2Keywords cop on $1 (Proc#ruby2_keywords without arguments:
# `node.first_argument` is nil). Fixed upstream in RuboCop 1.40.
f=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$f" "$tmp/input.rb"
cd "$tmp" || exit 1
out=$(timeout 60 rubocop --cache false --force-default-config --only Lint/UselessRuby2Keywords -d input.rb 2>&1)
grep -q "An error occurred while Lint/UselessRuby2Keywords cop was inspecting" <<<"$out" &&
    grep -q "undefined method \`def_type?' for nil:NilClass" <<<"$out"
