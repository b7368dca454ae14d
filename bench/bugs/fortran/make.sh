#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.f90, the padded gfortran 12.2 crash input: five
# free-form files of LAPACK 3.11.0 (Debian bookworm source package lapack 3.11.0-2):
# SRC/la_constants.f90 and BLAS/SRC/dnrm2.f90, then trigger.f90, then SRC/dlartg.f90,
# BLAS/SRC/drotg.f90 and SRC/zlartg.f90, concatenated. Without the trigger gfortran accepts
# them. Deterministic: the tarball and the result are checked by sha256.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
VERSION=3.11.0
DEBVERSION=3.11.0-2
TAR_SHA256=4b9ba79bfd4921ca820e83979db76ab3363155709444a787979e81c22285ffa9
BUG_SHA256=c52d2a7093db4cf5a929cc60cf488afdb3e780d338a3e311319d42824ff96849

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
   || ! (cd "$apt/src" && apt-get -qq "${opts[@]}" source --download-only "lapack=$DEBVERSION" >>"$tmp/err" 2>&1) \
   || [ ! -f "$apt/src/lapack_$VERSION.orig.tar.gz" ]; then
  echo "make.sh: cannot download the source package lapack=$DEBVERSION from deb.debian.org (offline?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
echo "$TAR_SHA256  $apt/src/lapack_$VERSION.orig.tar.gz" | sha256sum -c --quiet - \
  || { echo "make.sh: lapack_$VERSION.orig.tar.gz does not have the expected sha256" >&2; exit 4; }
d=lapack-$VERSION
tar -xzf "$apt/src/lapack_$VERSION.orig.tar.gz" -C "$tmp" \
  $d/SRC/la_constants.f90 $d/BLAS/SRC/dnrm2.f90 $d/SRC/dlartg.f90 $d/BLAS/SRC/drotg.f90 $d/SRC/zlartg.f90
cat "$tmp/$d/SRC/la_constants.f90" "$tmp/$d/BLAS/SRC/dnrm2.f90" "$here/trigger.f90" \
  "$tmp/$d/SRC/dlartg.f90" "$tmp/$d/BLAS/SRC/drotg.f90" "$tmp/$d/SRC/zlartg.f90" > "$tmp/bug.f90"
echo "$BUG_SHA256  $tmp/bug.f90" | sha256sum -c --quiet - \
  || echo "make.sh: warning: bug.f90 differs from the recorded one (trigger.f90 edited?)" >&2
mv "$tmp/bug.f90" "$out/bug.f90"
echo "$out/bug.f90 ($(wc -c < "$out/bug.f90") bytes)"
