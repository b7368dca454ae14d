#!/usr/bin/env bash
# Oracle: exit 0 iff GNU Fortran 12.2 (Debian bookworm gfortran 12.2.0-14+deb12u1) dies with
# "internal compiler error: Segmentation fault" on FILE (free form) and reports no error
# before it. The bug: a character function result whose length is a type-bound function of
# the passed object, `character(len=self%span()) :: text` (a segfault in
# gfc_find_derived_vtab while the declaration is matched). A syntax check (-fsyntax-only)
# is enough; module files go to a private temporary directory, removed on exit.
# Usage: interesting.sh FILE   (install.sh installs gfortran 12; GFORTRAN overrides the binary)
GFORTRAN=${GFORTRAN:-gfortran}
command -v "$GFORTRAN" >/dev/null || { echo "interesting.sh: no gfortran (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE}
[ -f "$f" ] || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$(LC_ALL=C timeout 25 "$GFORTRAN" -fsyntax-only -ffree-form -J "$tmp" "$f" 2>&1)
grep -q '^f951: internal compiler error: Segmentation fault' <<<"$out" || exit 1
! grep -q '^Error: ' <<<"$out"
