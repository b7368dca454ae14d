#!/bin/bash
# Verilog / SystemVerilog corpus for the reducer's grammar tests.
#   verilog.sh fetch DIR   fill DIR with the .v/.sv/.vh/.svh files of Debian bookworm's
#                          verilator 5.006-3 source package (test_regress/t, examples,
#                          include: 1,565 files, Verilog-2005 and SystemVerilog), and install
#                          the checker (Debian's verilator 5.006)
#   verilog.sh check FILE  exit 0 iff Verilator's parser reports no syntax error in FILE
set -euo pipefail

VERSION=5.006
DEBVERSION=5.006-3

fetch() {
    local dir="$1"
    mkdir -p "$dir"
    if ! command -v verilator >/dev/null; then
        apt-get -o DPkg::Lock::Timeout=900 update -qq
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq verilator >/dev/null
    fi
    local root="$dir/verilator-$VERSION"
    if [ ! -f "$dir/.complete" ]; then
        # The source package, through a private sources list (deb-src is not configured on
        # a stock Debian image); nothing outside $dir/.apt is touched.
        local apt="$dir/.apt"
        mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/src"
        echo "deb-src http://deb.debian.org/debian bookworm main" > "$apt/sources.list"
        local opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
                    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root)
        apt-get -qq "${opts[@]}" update
        (cd "$apt/src" && apt-get -qq "${opts[@]}" source --download-only "verilator=$DEBVERSION")
        local tarball="$apt/src/verilator_$VERSION.orig.tar.gz"
        [ -f "$tarball" ] || { echo "verilog.sh: could not download verilator_$VERSION.orig.tar.gz" >&2; exit 1; }
        rm -rf "$root"
        tar -xzf "$tarball" -C "$dir" --wildcards \
            "verilator-$VERSION/test_regress/t/*.v" "verilator-$VERSION/test_regress/t/*.sv" \
            "verilator-$VERSION/test_regress/t/*.vh" "verilator-$VERSION/test_regress/t/*.svh" \
            "verilator-$VERSION/examples/*.v" "verilator-$VERSION/examples/*.sv" \
            "verilator-$VERSION/include/*.v" "verilator-$VERSION/include/*.sv" 2>/dev/null || true
        rm -rf "$apt"
        touch "$dir/.complete"
    fi
    local n
    n=$(find "$root" -type f \( -name '*.v' -o -name '*.sv' -o -name '*.vh' -o -name '*.svh' \) | wc -l)
    if [ "$n" -lt 300 ]; then
        echo "verilog.sh: only $n files in $root" >&2
        exit 1
    fi
    echo "fetched $n Verilog/SystemVerilog files of Debian's verilator $DEBVERSION source (test_regress, examples) into $root"
}

# Verilator parses the whole of IEEE 1800-2017 (its bison grammar reports constructs it cannot
# simulate as "Unsupported", not as syntax errors), so a file is rejected only for the messages
# of its lexer and parser. Elaboration errors (unknown modules, types, widths) are ignored.
# The file's own directory is on the include path, for `include "x.vh"`.
check() {
    local f="$1" out
    out=$(timeout 60 verilator --lint-only -Wno-fatal -Wno-lint -Wno-style --bbox-sys --bbox-unsup \
          -I"$(dirname "$f")" "$f" 2>&1 || true)
    if grep -qE 'syntax error|Unterminated|EOF in |Expecting \(|Expecting \) or ,|Expecting `error|Expecting define|Expecting include|Illegal base character|Bad define text|Bad `unconnected|Unsupported: Unknown|Missing verilog.l rule' <<<"$out"; then
        exit 1
    fi
    exit 0
}

case "${1:-}" in
    fetch) fetch "${2:?usage: verilog.sh fetch DIR}" ;;
    check) check "${2:?usage: verilog.sh check FILE}" ;;
    *) echo "usage: verilog.sh fetch DIR | check FILE" >&2; exit 2 ;;
esac
