#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.vert, the padded glslangValidator 12.0.0 crash input:
# lygia 1.4.1's snoise, cnoise, voronoi, rotate3d and rgb2hsv (npm registry) flattened with
# `glslangValidator -E` (#line and the include extension removed, blank runs squeezed), then
# a blank line and trigger.vert (a vertex main using them, with the crashing atomicAdd).
# Needs glslangValidator: the one install.sh puts in /opt/glslang-12.0.0 (GLSLANG_DIR
# overrides), else the one on PATH. The tarball and the result are checked by sha256.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
PKG=lygia@1.4.1
PKG_SHA256=665a21fd2c273c941dd686586027c04b9d4b57ecb52c3c3ef85309583f5bdeff
BUG_SHA256=2de1cf25ad125c1b8b72735b5af7d4fbf3faecf36f14fa12158eb6bc2309ed1d

G=${GLSLANG_DIR:-/opt/glslang-12.0.0}/usr/bin/glslangValidator
[ -x "$G" ] || G=$(command -v glslangValidator) \
  || { echo "make.sh: glslangValidator is required (run install.sh)" >&2; exit 2; }
command -v npm >/dev/null || { echo "make.sh: npm is required (apt-get install nodejs npm)" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && npm pack --loglevel=error --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=5000 "$PKG" >/dev/null 2>"$tmp/err"); then
  echo "make.sh: cannot download $PKG from the npm registry (offline?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
echo "$PKG_SHA256  $tmp/lygia-1.4.1.tgz" | sha256sum -c --quiet - \
  || { echo "make.sh: $PKG tarball does not have the expected sha256" >&2; exit 4; }
tar xzf "$tmp/lygia-1.4.1.tgz" -C "$tmp"
cat > "$tmp/package/wrap.vert" <<'GLSL'
#version 440
#extension GL_GOOGLE_include_directive : enable
#include "generative/snoise.glsl"
#include "generative/cnoise.glsl"
#include "generative/voronoi.glsl"
#include "math/rotate3d.glsl"
#include "color/space/rgb2hsv.glsl"
GLSL
(cd "$tmp/package" && "$G" -E wrap.vert > "$tmp/flat.txt") \
  || { echo "make.sh: glslangValidator -E failed" >&2; exit 5; }
{
  grep -v -e '^#line' -e '^#extension GL_GOOGLE_include' "$tmp/flat.txt" | cat -s
  echo
  cat "$here/trigger.vert"
} > "$tmp/bug.vert"
echo "$BUG_SHA256  $tmp/bug.vert" | sha256sum -c --quiet - \
  || echo "make.sh: warning: bug.vert differs from the recorded one (other glslangValidator, or trigger.vert edited)" >&2
mv "$tmp/bug.vert" "$out/bug.vert"
echo "$out/bug.vert ($(wc -c < "$out/bug.vert") bytes)"
