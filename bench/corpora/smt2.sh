#!/bin/bash
# SMT-LIB 2 corpus and checker for grammars/smt2.pest.
#
#   smt2.sh fetch DIR   fills DIR with real .smt2 scripts:
#     - the 1,436 .smt2 files of Bitwuzla's regression suite and examples, as shipped inside
#       the crates.io crate bitwuzla-sys 0.8.0 (bit-vectors, arrays, floating point, UF,
#       quantifiers, push/pop, named terms, check-sat-assuming, get-value, and the parser
#       error tests of test/regress/parser, which the checker rejects);
#     - one script per module of yosys' own Verilog cell libraries (/usr/share/yosys: the
#       generic simcells.v and simlib.v and six vendor cells_sim.v;
#       Debian's yosys 0.23), translated by `write_smt2` (datatypes with -stdt, quoted
#       symbols, define-fun chains, uninterpreted sorts), those that yosys translates.
#   smt2.sh check FILE  exits 0 iff the solvers accept FILE's syntax: cvc5 --parse-only
#     accepts it, or z3 reports no syntax-class error (messages with "expected",
#     "unexpected", "missing", "too many arguments", "empty", "invalid s-expression"; not its
#     sort errors) and the parentheses balance (z3 gives up on a command at its first
#     semantic error and would not see a missing `)` after it).
set -euo pipefail

BITWUZLA_SYS=0.8.0

install_tools() {
    local need=()
    command -v z3 >/dev/null || need+=(z3)
    command -v cvc5 >/dev/null || need+=(cvc5)
    command -v yosys >/dev/null || need+=(yosys)
    command -v python3 >/dev/null || need+=(python3)
    if [ ${#need[@]} -gt 0 ]; then
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${need[@]}" >/dev/null \
            || { apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null && \
                 apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${need[@]}" >/dev/null; } \
            || { echo "smt2.sh: cannot install ${need[*]}" >&2; exit 1; }
    fi
}

fetch() {
    local dir=$1
    mkdir -p "$dir"
    install_tools
    if [ -f "$dir/.smt2-corpus-done" ]; then
        echo "smt2 corpus already in $dir: $(find "$dir" -name '*.smt2' | wc -l) files"
        return 0
    fi
    command -v cargo >/dev/null || { echo "smt2.sh: cargo is needed to fetch bitwuzla-sys" >&2; exit 1; }
    local tmp
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' RETURN
    # The crate, through cargo (crates.io), in a private CARGO_HOME.
    mkdir -p "$tmp/p/src"
    printf '[package]\nname = "smt2-corpus"\nversion = "0.0.0"\nedition = "2021"\n[dependencies]\nbitwuzla-sys = "=%s"\n' \
        "$BITWUZLA_SYS" > "$tmp/p/Cargo.toml"
    echo 'fn main() {}' > "$tmp/p/src/main.rs"
    (cd "$tmp/p" && CARGO_HOME="$tmp/home" cargo fetch -q) \
        || { echo "smt2.sh: cargo fetch of bitwuzla-sys $BITWUZLA_SYS failed" >&2; exit 1; }
    local crate
    crate=$(find "$tmp/home/registry/cache" -name "bitwuzla-sys-$BITWUZLA_SYS.crate" | head -1)
    [ -n "$crate" ] || { echo "smt2.sh: bitwuzla-sys crate not found" >&2; exit 1; }
    mkdir -p "$tmp/x"
    tar xzf "$crate" -C "$tmp/x"
    local root="$tmp/x/bitwuzla-sys-$BITWUZLA_SYS/bitwuzla"
    local f rel
    while IFS= read -r f; do
        rel=${f#"$root"/}
        cp "$f" "$dir/bitwuzla__${rel//\//_}"
    done < <(find "$root" -name '*.smt2' | sort)

    # yosys write_smt2 on each module of its own cell libraries.
    local v lib m name i=0 flags=(-wires "-stdt -wires" -stbv -stdt)
    # (ice40 and later libraries are left out: their timing models take yosys a minute each.)
    for v in /usr/share/yosys/simcells.v /usr/share/yosys/simlib.v \
        /usr/share/yosys/{anlogic,coolrunner2,ecp5,efinix,gatemate,gowin}/cells_sim.v; do
        lib=$(basename "$(dirname "$v")"); [ "$lib" = yosys ] && lib=$(basename "$v" .v)
        while IFS= read -r m; do
            i=$((i + 1))
            name=$(printf '%s' "$m" | tr -c 'A-Za-z0-9_\n' '_')
            printf 'read_verilog -sv -DSIMLIB_NOCHECKS %s\nhierarchy -top %s\nprep\nasync2sync\ndffunmap\nmemory_map\nopt_clean\nwrite_smt2 %s %s\n' \
                "$v" "$m" "${flags[$((i % 4))]}" "$tmp/o.smt2" > "$tmp/s.ys"
            rm -f "$tmp/o.smt2"
            if timeout 60 yosys -q -s "$tmp/s.ys" >/dev/null 2>&1 && [ -s "$tmp/o.smt2" ]; then
                cp "$tmp/o.smt2" "$dir/yosys__${lib}__${name}.smt2"
            fi
        done < <(grep -aoE '^\s*module\s+\\?[^ (;#]+' "$v" | awk '{print $2}')
    done
    local nb ny
    nb=$(find "$dir" -name 'bitwuzla__*.smt2' | wc -l)
    ny=$(find "$dir" -name 'yosys__*.smt2' | wc -l)
    if [ $((nb + ny)) -lt 300 ]; then
        echo "smt2.sh: only $((nb + ny)) files fetched" >&2
        exit 1
    fi
    touch "$dir/.smt2-corpus-done"
    echo "smt2 corpus in $dir: $nb from crate bitwuzla-sys $BITWUZLA_SYS, $ny from yosys $(yosys -V | awk '{print $2}') write_smt2"
}

check() {
    local f=$1
    if ! command -v cvc5 >/dev/null || ! command -v z3 >/dev/null; then
        echo "smt2.sh: cvc5 and z3 are needed (run: $0 fetch DIR)" >&2
        exit 2
    fi
    if timeout 60 cvc5 --parse-only --lang smt2 "$f" >/dev/null 2>&1; then
        exit 0
    fi
    # Balanced parentheses outside comments, strings and |quoted symbols|.
    local py=/usr/bin/python3
    [ -x "$py" ] || py=python3
    "$py" - "$f" <<'PY' || exit 1
import sys
s = open(sys.argv[1], 'rb').read()
d, i, n = 0, 0, len(s)
while i < n:
    c = s[i:i+1]
    if c == b';':
        j = s.find(b'\n', i); i = n if j < 0 else j
    elif c == b'"':
        i += 1
        while True:
            j = s.find(b'"', i)
            if j < 0: sys.exit(1)
            if s[j+1:j+2] == b'"': i = j + 2; continue
            i = j; break
    elif c == b'|':
        j = s.find(b'|', i + 1)
        if j < 0: sys.exit(1)
        i = j
    elif c == b'(':
        d += 1
    elif c == b')':
        d -= 1
        if d < 0: sys.exit(1)
    i += 1
sys.exit(0 if d == 0 else 1)
PY
    local out
    out=$(timeout 60 z3 -smt2 -t:100 "$f" 2>&1 | grep -a '^(error "line [0-9]* column [0-9]*: ' \
        | grep -av -e 'sort mismatch' -e 'unknown sort' -e 'Unexpected argument combination' -e 'expecting one integer parameter' || true)
    if printf '%s\n' "$out" | grep -aqE '(expected|Expecting|unexpected|too many arguments|argument\(s\) missing|arguments missing|empty|invalid s-expression)'; then
        exit 1
    fi
    exit 0
}

case "${1:-}" in
    fetch) [ $# -eq 2 ] || { echo "usage: $0 fetch DIR" >&2; exit 2; }; fetch "$2" ;;
    check) [ $# -eq 2 ] || { echo "usage: $0 check FILE" >&2; exit 2; }; check "$2" ;;
    *) echo "usage: $0 fetch DIR | check FILE" >&2; exit 2 ;;
esac
