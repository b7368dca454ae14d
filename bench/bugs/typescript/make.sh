#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.ts, the padded TypeScript 3.9.10 crash input:
# mobx 6.13.5's src/core/computedvalue.ts (npm registry) with trigger.ts after its line 60,
# then mobx's src/core/atom.ts. Deterministic: the tarball and the result are checked by sha256.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
PKG=mobx@6.13.5
PKG_SHA256=b85a7f765065c081724a7c49e91f59950151607b2f1c5a77c8ec4231f7129a1b
BUG_SHA256=14ca6840f1463d9d136ef26b8333c855ae713f819cf805f22057b1a8e9c1739a

command -v npm >/dev/null || { echo "make.sh: npm is required (apt-get install nodejs npm)" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && npm pack --loglevel=error --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=5000 "$PKG" >/dev/null 2>"$tmp/err"); then
  echo "make.sh: cannot download $PKG from the npm registry (offline?):" >&2
  tail -5 "$tmp/err" >&2
  exit 3
fi
echo "$PKG_SHA256  $tmp/mobx-6.13.5.tgz" | sha256sum -c --quiet - \
  || { echo "make.sh: $PKG tarball does not have the expected sha256" >&2; exit 4; }
tar xzf "$tmp/mobx-6.13.5.tgz" -C "$tmp" package/src/core/computedvalue.ts package/src/core/atom.ts
cv=$tmp/package/src/core/computedvalue.ts
{
  head -n 60 "$cv"
  cat "$here/trigger.ts"
  echo
  tail -n +61 "$cv"
  echo
  cat "$tmp/package/src/core/atom.ts"
} > "$tmp/bug.ts"
echo "$BUG_SHA256  $tmp/bug.ts" | sha256sum -c --quiet - \
  || { echo "make.sh: warning: bug.ts differs from the recorded one (trigger.ts edited?)" >&2; }
mv "$tmp/bug.ts" "$out/bug.ts"
echo "$out/bug.ts ($(wc -c < "$out/bug.ts") bytes)"
