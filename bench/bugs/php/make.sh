#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.php, the padded PHP 8.2 crash input: symfony/console
# 5.4.53's Helper/Table.php (Debian bookworm php-symfony-console 5.4.53+dfsg-0+deb12u1) with
# one more private method before the class's closing brace: trigger.php with its GROUP
# written out 1,500 times (a 6,000-term `.` chain). Deterministic: the package and the result
# are checked by sha256 (the result is byte-identical to the file the bug was found with).
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
PKG=php-symfony-console=5.4.53+dfsg-0+deb12u1
DEB=php-symfony-console_5.4.53+dfsg-0+deb12u1_all.deb
DEB_SHA256=64bd4cbdd9556ee3fd212e444a8df4aa0af00e09c81abb8634eff819a7bab62b
BUG_SHA256=0b105f14fe72fc881e690f13af882c8abc67a77626b90df95d52595f2078f30a

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
table=$tmp/x/usr/share/php/Symfony/Component/Console/Helper/Table.php
chain=$(printf '$cell . $pad . $sep . $row . %.0s' $(seq 1500))
chain=${chain% . }
{
  sed '$d' "$table"          # everything but the class's closing brace
  echo
  # the method of trigger.php, without its comment lines, with the chain written out
  grep -v '^    //' "$here/trigger.php" | sed "s/GROUP/$chain/"
  echo '}'
} > "$tmp/bug.php"
echo "$BUG_SHA256  $tmp/bug.php" | sha256sum -c --quiet - \
  || echo "make.sh: warning: bug.php differs from the recorded one (trigger.php edited?)" >&2
mv "$tmp/bug.php" "$out/bug.php"
echo "$out/bug.php ($(wc -c < "$out/bug.php") bytes)"
