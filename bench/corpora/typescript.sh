#!/usr/bin/env bash
# TypeScript corpus for the reducer's grammar tests.
#   typescript.sh fetch DIR   fill DIR with .ts/.mts/.cts files from pinned npm packages
#   typescript.sh check FILE  exit 0 iff TypeScript's parser reports no syntax error in FILE
# The checker is typescript 5.6.3's own parser (ts.createSourceFile + parseDiagnostics):
# syntax only, no binding or type checking.
set -euo pipefail

TS_VERSION=5.6.3
# declaration files and implementation files, from different authors
PACKAGES=(
  "typescript@$TS_VERSION"
  "@types/node@22.9.0"
  "@types/react@18.3.12"
  "rxjs@7.8.1"
  "zod@3.23.8"
  "type-fest@4.26.1"
  "immer@10.1.1"
  "mobx@6.13.5"
  "@tanstack/query-core@5.59.20"
  "@trpc/server@10.45.2"
)
TOOLS=/opt/reducer-corpus-tools/typescript

ensure_node() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    apt-get -o DPkg::Lock::Timeout=900 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq nodejs npm >/dev/null
  fi
}

ensure_checker() {
  if [ ! -f "$TOOLS/node_modules/typescript/package.json" ] \
     || ! grep -q "\"version\": \"$TS_VERSION\"" "$TOOLS/node_modules/typescript/package.json"; then
    mkdir -p "$TOOLS"
    npm install --silent --no-audit --no-fund --ignore-scripts --prefix "$TOOLS" "typescript@$TS_VERSION" >/dev/null
  fi
  cat > "$TOOLS/check.js" <<'JS'
const ts = require(__dirname + '/node_modules/typescript');
const fs = require('fs');
const f = process.argv[2];
const text = fs.readFileSync(f, 'utf8');
const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
const d = sf.parseDiagnostics;
if (d.length) {
  const p = sf.getLineAndCharacterOfPosition(d[0].start);
  console.error(`${f}:${p.line + 1}:${p.character + 1}: ${ts.flattenDiagnosticMessageText(d[0].messageText, ' ')}`);
  process.exit(1);
}
JS
}

fetch() {
  local dir=$1
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  ensure_node
  ensure_checker
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  local pkg count=0
  for pkg in "${PACKAGES[@]}"; do
    local name=${pkg%@*}
    local slug=${name//@/}
    slug=${slug//\//-}
    local dest=$dir/$slug
    if [ ! -d "$dest" ]; then
      (cd "$tmp" && npm pack --silent "$pkg" >/dev/null)
      local tgz
      tgz=$(ls "$tmp"/*.tgz)
      mkdir -p "$tmp/x" "$dest.partial"
      tar xzf "$tgz" -C "$tmp/x" --strip-components=1
      (cd "$tmp/x" && find . -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' \) -print0 \
        | while IFS= read -r -d '' f; do
            mkdir -p "$dest.partial/$(dirname "$f")"
            cp "$f" "$dest.partial/$f"
          done)
      mv "$dest.partial" "$dest"
      rm -rf "$tmp/x" "$tgz"
    fi
  done
  count=$(find "$dir" -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' \) | wc -l)
  if [ "$count" -lt 300 ]; then
    echo "typescript.sh: only $count files in $dir" >&2
    exit 1
  fi
  echo "fetched $count TypeScript files (.ts/.d.ts/.mts/.cts) from ${#PACKAGES[@]} npm packages into $dir; checker typescript@$TS_VERSION in $TOOLS"
}

check() {
  [ -f "$TOOLS/check.js" ] || { echo "typescript.sh: run fetch first (no checker in $TOOLS)" >&2; exit 2; }
  timeout 60 node "$TOOLS/check.js" "$1"
}

case "${1:-}" in
  fetch) [ $# -eq 2 ] || { echo "usage: $0 fetch DIR" >&2; exit 2; }; fetch "$2" ;;
  check) [ $# -eq 2 ] || { echo "usage: $0 check FILE" >&2; exit 2; }; check "$2" ;;
  *) echo "usage: $0 fetch DIR | check FILE" >&2; exit 2 ;;
esac
