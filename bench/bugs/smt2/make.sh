#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.smt2, the padded z3 4.8.8 input: eight SMT-LIB scripts of
# Bitwuzla's regression suite, as shipped in the crates.io crate bitwuzla-sys 0.8.0 (fetched by
# cargo into a private CARGO_HOME), each followed by (reset), with trigger.smt2 (and its own
# (reset)) after the fourth. The result is checked against the recorded sha256.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
CRATE_VERSION=0.8.0
BUG_SHA256=b78ef21f32fb1ba87d2be113ba52ea20c90c52e31222e4e85f725f6d47d42c75
BEFORE="solver/bv/bmc0k4 solver/bv/kreise solver/array/swapmem002se get-unsat-core/fp_misc"
AFTER="solver/bv/count03plus2inc solver/array/memcpy02 solver/bv/regrcalypto2 rewrite/bv/rw212"

command -v cargo >/dev/null || { echo "make.sh: cargo is required" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/p/src"
printf '[package]\nname = "smt2-bug-padding"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\nbitwuzla-sys = "=%s"\n' \
  "$CRATE_VERSION" > "$tmp/p/Cargo.toml"
echo 'fn main() {}' > "$tmp/p/src/main.rs"
if ! (cd "$tmp/p" && CARGO_HOME="$tmp/home" cargo fetch -q 2>"$tmp/err"); then
  echo "make.sh: cargo fetch of bitwuzla-sys $CRATE_VERSION failed (crates.io unreachable?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
crate=$(find "$tmp/home/registry/cache" -name "bitwuzla-sys-$CRATE_VERSION.crate" | head -1)
[ -n "$crate" ] || { echo "make.sh: bitwuzla-sys-$CRATE_VERSION.crate not found" >&2; exit 3; }
mkdir -p "$tmp/x"
tar xzf "$crate" -C "$tmp/x"
regress=$tmp/x/bitwuzla-sys-$CRATE_VERSION/bitwuzla/test/regress

{
  for f in $BEFORE; do cat "$regress/$f.smt2"; echo "(reset)"; done
  cat "$here/trigger.smt2"; echo "(reset)"
  for f in $AFTER; do cat "$regress/$f.smt2"; echo "(reset)"; done
} > "$tmp/bug.smt2"
echo "$BUG_SHA256  $tmp/bug.smt2" | sha256sum -c --quiet - \
  || echo "make.sh: warning: bug.smt2 differs from the recorded one (trigger.smt2 edited?)" >&2
mv "$tmp/bug.smt2" "$out/bug.smt2"
echo "$out/bug.smt2 ($(wc -c < "$out/bug.smt2") bytes)"
