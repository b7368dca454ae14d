#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.rb, the padded RuboCop 1.39.0 crash input: mustermann
# 3.0.0's lib/mustermann/ast/translator.rb, expander.rb (which holds the crashing
# `end.ruby2_keywords`) and compiler.rb concatenated, from Debian bookworm's ruby-mustermann
# 3.0.0-2. With TRIGGER=own, trigger.rb takes the place of expander.rb. Deterministic: the
# package and the result are checked by sha256 (byte-identical to the file the bug was
# found with).
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
PKG=ruby-mustermann=3.0.0-2
DEB=ruby-mustermann_3.0.0-2_all.deb
DEB_SHA256=951ce99726f797e9d28e4f64175733e007930109d295e8070e46ecf6f862c892
BUG_SHA256=a0b81a9d6361e256b455d0481fe064997b39587cd8e5c326da750fa387ae04ff

command -v apt-get >/dev/null || { echo "make.sh: apt-get is required" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get -qq -o APT::Sandbox::User=root download "$PKG" >"$tmp/err" 2>&1); then
  echo "make.sh: cannot download $PKG (offline, or no 'apt-get update' yet?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
echo "$DEB_SHA256  $tmp/$DEB" | sha256sum -c --quiet - \
  || { echo "make.sh: $DEB does not have the expected sha256" >&2; exit 4; }
dpkg-deb -x "$tmp/$DEB" "$tmp/x"
ast=$tmp/x/usr/share/rubygems-integration/all/gems/mustermann-3.0.0/lib/mustermann/ast
middle=$ast/expander.rb
[ "${TRIGGER:-}" = own ] && middle=$here/trigger.rb
cat "$ast/translator.rb" "$middle" "$ast/compiler.rb" > "$tmp/bug.rb"
if [ "${TRIGGER:-}" != own ]; then
  echo "$BUG_SHA256  $tmp/bug.rb" | sha256sum -c --quiet - \
    || echo "make.sh: warning: bug.rb differs from the recorded one" >&2
fi
mv "$tmp/bug.rb" "$out/bug.rb"
echo "$out/bug.rb ($(wc -c < "$out/bug.rb") bytes)"
