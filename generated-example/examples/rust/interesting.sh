#!/bin/sh
# Interesting (exit 0) iff rustc still reports E0382 ("borrow of moved value") for the file,
# compiled as a library to metadata only, in a scratch directory.
f=${1:-inventory.rs}
out=$(mktemp -d) || exit 2
trap 'rm -rf "$out"' EXIT
rustc --edition 2024 --crate-type lib --emit=metadata --out-dir "$out" "$f" 2>&1 | grep -q "error\[E0382\]"
