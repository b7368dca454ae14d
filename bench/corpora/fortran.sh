#!/bin/bash
# Fortran corpus for the reducer's grammar tests.
#   fortran.sh fetch DIR   fill DIR with gfortran's own testsuite (gcc/testsuite/gfortran.dg of
#                          Debian bookworm's gcc-12-source 12.2.0-14+deb12u1: ~6,800 free-form
#                          .f90/.f95/.f03/.f08 and ~500 fixed-form .f files), and install the
#                          checker (gfortran 12)
#   fortran.sh check FILE  exit 0 iff `gfortran -fsyntax-only` reports no syntax error in FILE
set -euo pipefail

DEBVERSION=12.2.0-14+deb12u1

fetch() {
    local dir="$1"
    mkdir -p "$dir"
    if ! command -v gfortran >/dev/null; then
        apt-get -o DPkg::Lock::Timeout=900 update -qq
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq gfortran >/dev/null
    fi
    local root="$dir/gfortran.dg"
    if [ ! -f "$dir/.complete" ]; then
        local tmp="$dir/.deb"
        rm -rf "$tmp"; mkdir -p "$tmp"
        (cd "$tmp" && apt-get -o DPkg::Lock::Timeout=900 download -qq "gcc-12-source=$DEBVERSION") \
            || { apt-get -o DPkg::Lock::Timeout=900 update -qq
                 (cd "$tmp" && apt-get download -qq "gcc-12-source=$DEBVERSION"); }
        local deb
        deb=$(ls "$tmp"/gcc-12-source_*.deb 2>/dev/null | head -1)
        [ -n "$deb" ] || { echo "fortran.sh: could not download gcc-12-source=$DEBVERSION" >&2; exit 1; }
        dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" --wildcards './usr/src/gcc-12/gcc-*.tar.xz'
        rm -rf "$root"
        tar -xJf "$tmp"/usr/src/gcc-12/gcc-*.tar.xz -C "$tmp" --wildcards '*/gcc/testsuite/gfortran.dg/*'
        mv "$tmp"/gcc-*/gcc/testsuite/gfortran.dg "$root"
        # keep only Fortran sources
        find "$root" -type f ! \( -name '*.f90' -o -name '*.f95' -o -name '*.f03' -o -name '*.f08' \
             -o -name '*.f' -o -name '*.for' -o -name '*.F90' -o -name '*.F' \) -delete
        rm -rf "$tmp"
        touch "$dir/.complete"
    fi
    local n
    n=$(find "$root" -type f | wc -l)
    if [ "$n" -lt 300 ]; then
        echo "fortran.sh: only $n files in $root" >&2
        exit 1
    fi
    echo "fetched $n Fortran files of gfortran's testsuite (Debian gcc-12-source $DEBVERSION) into $root"
}

# gfortran has no parse-only mode: -fsyntax-only also resolves names and types. A file is
# rejected only for the messages of its scanner and statement matcher (syntax errors,
# unclassifiable statements, unexpected statements, missing END ...) and for a few errors after
# which it drops the statement (see below). A `use` of a module that is not there, or an INCLUDE
# or cpp `#include` of a missing file, is a fatal error that stops gfortran early: an empty stub
# module / include file is made in a private directory and gfortran is run again. (A stub
# module defines nothing, so what the real module would have defined can hide later errors.)
check() {
    local f out tmp form dir
    f=$(realpath "$1")
    dir=$(dirname "$f")
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    case "$f" in
        *.f|*.F|*.for|*.FOR) form=-ffixed-form ;;
        *) form=-ffree-form ;;
    esac
    local cppflag=
    case "$f" in *.F|*.F90|*.F95|*.F03|*.F08) cppflag=-cpp ;; esac
    local i
    local all=
    for i in $(seq 1 12); do
        out=$(cd "$tmp" && timeout 60 gfortran -fsyntax-only $form $cppflag -fallow-argument-mismatch \
              -fcoarray=single -std=gnu -w -J "$tmp" -I "$tmp" -I "$dir" "$f" 2>&1) || true
        all+=$out$'\n'
        local mod inc
        # gfortran quotes with ‘…’ in a UTF-8 locale and with '…' otherwise
        mod=$(grep -oE "Cannot open module file (‘|')[^'‘’]+\.mod(’|')" <<<"$out" | head -1 \
              | sed -E "s/^Cannot open module file (‘|')//; s/\.mod(’|')\$//") || true
        inc=$(grep -oE "Cannot open included file (‘|')[^'‘’]+(’|')" <<<"$out" | head -1 \
              | sed -E "s/^Cannot open included file (‘|')//; s/(’|')\$//") || true
        # a missing `#include` of cpp (.F, .F90): "Fatal Error: config.h: No such file or directory"
        [ -n "$inc" ] || inc=$(grep -oE "Fatal Error: [^ :]+: No such file or directory" <<<"$out" | head -1 \
              | sed -E "s/^Fatal Error: //; s/: No such file or directory\$//") || true
        if [ -n "$mod" ] && [ ! -e "$tmp/$mod.mod" ] && [[ "$mod" =~ ^[a-z0-9_@]+$ ]]; then
            if [[ "$mod" == *@* ]]; then
                # submodule file: make its ancestor module
                mod=${mod%%@*}
            fi
            printf 'module %s\nend module %s\n' "$mod" "$mod" > "$tmp/stub_$mod.f90"
            (cd "$tmp" && gfortran -fsyntax-only -J "$tmp" "stub_$mod.f90" >/dev/null 2>&1) || true
            [ -e "$tmp/$mod.mod" ] || break
            continue
        fi
        if [ -n "$inc" ] && [ ! -e "$tmp/$inc" ] && [[ "$inc" != */* ]]; then
            : > "$tmp/$inc"
            continue
        fi
        break
    done
    # Messages of gfortran's scanner and statement matcher, and errors after which gfortran
    # drops the statement (so that the text as written does not have the structure gfortran
    # goes on with: `type integer`, `submodule` inside a module, a second CONTAINS, ...). The
    # messages of every run count: those before a fatal missing module are real. A module or
    # include file that could not be stubbed leaves the rest unjudged (accepted).
    if grep -qE "Syntax error|Unclassifiable statement|Unexpected|Expecting END|Invalid character|Unterminated character|Missing ((‘|')[()](’|')|right|lower bound|generic specification|left|closing|exponent|kind|format|terminating|leading|trailing|comma|dimension)|Junk after|Non-numeric character in statement label|Zero is not a valid statement label|Too many digits in statement label|Label .* in continuation|Invalid form of|Expected|Unbalanced|not a valid statement label|Statement label without statement|Bad continuation|END .* statement expected|Unexpected end of file|Unknown attribute|Malformed|Invalid (kind|exponent|BOZ|real|radix|label)|Nonnegative width|Positive width|Empty IMPLICIT|Letters must be|Unknown operator|Operands of (user|binary)|Invalid declaration|Extension: |Alternate-return argument|Illegal character|Character .* in statement|Empty FINAL|Semicolon at|Garbage after|A parameter name is required|A type parameter list is required|cannot appear within another scoping unit|must not appear both|cannot be the same as an intrinsic type|Blank required in|Comma after \* at|expected after module nature|Already inside a CONTAINS block|must precede CONTAINS|cannot appear in this scope|(only allowed in|not allowed outside of) (the )?specification part|Bad coarray specification|Invalid association target|is not a named variable" <<<"$all"; then
        exit 1
    fi
    exit 0
}

case "${1:-}" in
    fetch) fetch "${2:?usage: fortran.sh fetch DIR}" ;;
    check) check "${2:?usage: fortran.sh check FILE}" ;;
    *) echo "usage: fortran.sh fetch DIR | check FILE" >&2; exit 2 ;;
esac
