#!/usr/bin/env bash
# Oracle: exit 0 iff RuboCop 1.39.0 (Debian bookworm `rubocop` 1.39.0+dfsg-1) crashes in its
# Lint/UselessRuby2Keywords cop on FILE: on `Proc#ruby2_keywords` without arguments
# `node.first_argument` is nil, and useless_ruby2_keywords.rb:80 calls `def_type?` on it.
# Fixed upstream by rubocop/rubocop#11369 (December 2022, RuboCop 1.42). Only that cop
# runs, with the default configuration and no cache, on a copy of FILE in a private
# temporary directory (removed on exit).
# Usage: interesting.sh FILE   (install.sh installs rubocop; RUBOCOP overrides the binary)
RUBOCOP=${RUBOCOP:-rubocop}
command -v "$RUBOCOP" >/dev/null || { echo "interesting.sh: no rubocop (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE}
[ -f "$f" ] || exit 1
f=$(readlink -f "$f")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$f" "$tmp/input.rb"
cd "$tmp" || exit 1
out=$(timeout 60 "$RUBOCOP" --cache false --force-default-config --only Lint/UselessRuby2Keywords -d input.rb 2>&1)
grep -q "An error occurred while Lint/UselessRuby2Keywords cop was inspecting" <<<"$out" &&
  grep -q "undefined method \`def_type?' for nil:NilClass" <<<"$out"
