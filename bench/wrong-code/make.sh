#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.c, a padded wrong-code input for gcc-11 (Debian
# 11.3.0-12): gcc 12.2's execute test gcc.dg/torture/pr100740.c, its abort turned into a
# return value that main prints, after 36 execute tests of gcc.c-torture/execute (each
# `main` renamed t_NAME_main, all called from one main), taken from the gcc-12.2 source
# tarball of Debian bookworm's gcc-12-source 12.2.0-14+deb12u1. gcc-11 -O0 prints
# "pr100740: 0", gcc-11 -O1/-O2/-O3 print "pr100740: 1"; everything else prints the same.
# Deterministic: the tarball and the result are checked by sha256.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
PKG=gcc-12-source=12.2.0-14+deb12u1
TARBALL=gcc-12.2.0-dfsg.tar.xz
TAR_SHA256=50c63ff82919323c25fbbb4a9eae259edc974118a0fb30c905190cb782ec11c2
BUG_SHA256=6b1926f4b344e582b00606a32c699c20725545df2e9b37ac3bf11ab5ba517fb7
PAD="20000121-1 20000223-1 20000313-1 20000603-1 20000605-3 20000717-4 20000815-1
20001011-1 20001017-1 20001017-2 20001026-1 20010224-1 20010605-1 20010717-1 20010910-1
20011126-2 20020402-3 20020406-1 20020503-1 20020619-1 20020904-1 20020911-1 20021011-1
20021015-1 20030221-1 20030224-2 20030307-1 20030316-1 20030330-1 20030408-1 20030613-1
20030715-1 20030718-1 20030920-1 20031011-1 20031216-1"
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tarball=/usr/src/gcc-12/$TARBALL
if [ ! -f "$tarball" ]; then
  command -v apt-get >/dev/null || { echo "make.sh: apt-get is required" >&2; exit 2; }
  if ! (cd "$tmp" && apt-get -qq -o APT::Sandbox::User=root download "$PKG" >"$tmp/err" 2>&1); then
    echo "make.sh: cannot download $PKG (offline, or no 'apt-get update' yet?):" >&2
    tail -5 "$tmp/err" >&2; exit 3
  fi
  dpkg-deb -x "$tmp"/gcc-12-source_*.deb "$tmp/deb"
  tarball=$tmp/deb/usr/src/gcc-12/$TARBALL
fi
echo "$TAR_SHA256  $tarball" | sha256sum -c --quiet - \
  || { echo "make.sh: $TARBALL does not have the expected sha256" >&2; exit 4; }
ts=gcc-12.2.0/gcc/testsuite
tar -xJf "$tarball" -C "$tmp" "$ts/gcc.dg/torture/pr100740.c" \
  $(for t in $PAD; do echo "$ts/gcc.c-torture/execute/$t.c"; done)
{
  printf '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n'
  for t in $PAD; do
    printf '\n/* %s.c */\n' "$t"
    sed "s/\bmain\b/t_${t//-/_}_main/g" "$tmp/$ts/gcc.c-torture/execute/$t.c"
  done
  printf '\n/* pr100740.c */\n'
  # the test without its dg-do line; its main becomes pr100740_main, its abort a return 1
  sed -e '/dg-do/d' -e 's/int main()/int pr100740_main(void)/' \
      -e 's/__builtin_abort ()/return 1/' "$tmp/$ts/gcc.dg/torture/pr100740.c"
  printf '\nint main (void)\n{\n'
  for t in $PAD; do printf '  t_%s_main ();\n' "${t//-/_}"; done
  printf '  printf ("pr100740: %%d\\n", pr100740_main ());\n  return 0;\n}\n'
} > "$tmp/bug.c"
echo "$BUG_SHA256  $tmp/bug.c" | sha256sum -c --quiet - \
  || echo "make.sh: warning: bug.c differs from the recorded one" >&2
mv "$tmp/bug.c" "$out/bug.c"
echo "$out/bug.c ($(wc -c < "$out/bug.c") bytes)"
