#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.sv, the padded Icarus Verilog 11.0 crash input: five
# regression tests of Verilator 5.006 (Debian bookworm source package verilator 5.006-3,
# test_regress/t/), t_class1.v (the one that crashes iverilog) in the middle, the others'
# `module t` renamed t_0..t_3. The result is checked against the recorded sha256.
# With TRIGGER=own, trigger.sv takes the place of t_class1.v (then not the original bytes).
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
VERSION=5.006
DEBVERSION=5.006-3
BUG_SHA256=a24a2d97104e01438570ec2026a2562531a26ec0a4cbee107e5e6bce9395e1e1

command -v apt-get >/dev/null || { echo "make.sh: apt-get is required" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The source package through a private sources list (deb-src need not be configured);
# nothing outside $tmp is touched.
apt=$tmp/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/src"
echo "deb-src http://deb.debian.org/debian bookworm main" > "$apt/sources.list"
opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root)
if ! apt-get -qq "${opts[@]}" update >"$tmp/err" 2>&1 \
   || ! (cd "$apt/src" && apt-get -qq "${opts[@]}" source --download-only "verilator=$DEBVERSION" >>"$tmp/err" 2>&1) \
   || [ ! -f "$apt/src/verilator_$VERSION.orig.tar.gz" ]; then
  echo "make.sh: cannot download the source package verilator=$DEBVERSION from deb.debian.org (offline?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
t=verilator-$VERSION/test_regress/t
tar -xzf "$apt/src/verilator_$VERSION.orig.tar.gz" -C "$tmp" \
  $t/t_alw_nosplit.v $t/t_alw_split.v $t/t_class1.v $t/t_alw_splitord.v $t/t_case_auto1.v
{
  n=0
  for f in t_alw_nosplit t_alw_split t_class1 t_alw_splitord t_case_auto1; do
    [ $n -gt 0 ] && echo
    if [ $f = t_class1 ]; then
      if [ "${TRIGGER:-}" = own ]; then
        echo "// ---- trigger.sv"; cat "$here/trigger.sv"
      else
        echo "// ---- from verilator-$VERSION test_regress/t/t_class1.v"; cat "$tmp/$t/t_class1.v"
      fi
    else
      echo "// ---- from verilator-$VERSION $t/$f.v"
      sed "s/^module t (/module t_$n (/" "$tmp/$t/$f.v"
      n=$((n + 1))
    fi
  done
} > "$tmp/bug.sv"
if [ "${TRIGGER:-}" != own ]; then
  echo "$BUG_SHA256  $tmp/bug.sv" | sha256sum -c --quiet - \
    || echo "make.sh: warning: bug.sv differs from the recorded one" >&2
fi
mv "$tmp/bug.sv" "$out/bug.sv"
echo "$out/bug.sv ($(wc -c < "$out/bug.sv") bytes)"
