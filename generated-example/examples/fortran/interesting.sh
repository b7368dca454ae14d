#!/bin/sh
# Interesting (exit 0) iff gfortran reads the file and reports a REAL(8) actual argument
# passed to the INTEGER(4) dummy argument n. Syntax check only (-fsyntax-only); module files
# go to a private temporary directory. Needs gfortran.
f=${1:-heat.f90}
[ -f "$f" ] || exit 1
mods=$(mktemp -d) || exit 2
trap 'rm -rf "$mods"' EXIT
LC_ALL=C timeout 10 gfortran -fsyntax-only -ffree-form -J "$mods" "$f" 2>&1 |
  grep -qF "Error: Type mismatch in argument 'n' at (1); passed REAL(8) to INTEGER(4)"
