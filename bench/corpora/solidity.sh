#!/usr/bin/env bash
# Solidity corpus and checker for grammars/solidity.pest.
#   solidity.sh fetch DIR   fills DIR with the .sol files of pinned npm packages (OpenZeppelin
#                           2.5.1 / 3.4.2 / 5.0.2, i.e. Solidity 0.5, 0.6–0.7 and 0.8 code;
#                           Uniswap v2-core, v3-core, v3-periphery; solmate; forge-std: 521
#                           files, 517 of them accepted by solc 0.8.26's parser) and installs
#                           the checker (solcjs 0.8.26 from npm). `check` costs ≈ 0.5 s of CPU
#                           per file (node loads solc's 8 MB Emscripten build each time), so
#                           the corpus is kept to about 500 files.
#   solidity.sh check FILE  exits 0 iff solc 0.8.26's parser accepts FILE (standard JSON with
#                           "stopAfter": "parsing": syntax only, no imports, names or types).
# solc's parser stops at a version pragma that excludes 0.8.26, so such a file is parsed again
# with its `pragma solidity …;` rewritten to `>=0.0.0` (the version text is not judged then).
set -euo pipefail

SOLC_VERSION=0.8.26
TOOLS="${SOLIDITY_CHECKER_DIR:-/usr/local/lib/solidity-syntax-check}"
PACKAGES=(
  @openzeppelin/contracts@5.0.2
  @openzeppelin/contracts@3.4.2
  @openzeppelin/contracts@2.5.1
  @uniswap/v2-core@1.0.1
  @uniswap/v3-core@1.0.1
  @uniswap/v3-periphery@1.4.4
  solmate@6.8.0
  forge-std@1.1.2
)

die() { echo "solidity.sh: $*" >&2; exit 1; }

need_node() {
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null || true
    apt-get -o DPkg::Lock::Timeout=900 install -y -qq nodejs npm >/dev/null || die "cannot install nodejs/npm"
  fi
}

install_checker() {
  if [ -f "$TOOLS/check.js" ] && [ -f "$TOOLS/node_modules/solc/soljson.js" ] \
     && grep -q "\"version\": \"$SOLC_VERSION\"" "$TOOLS/node_modules/solc/package.json"; then
    return 0
  fi
  mkdir -p "$TOOLS"
  [ -f "$TOOLS/package.json" ] || echo '{"name":"solidity-syntax-check","private":true}' > "$TOOLS/package.json"
  npm install --silent --no-audit --no-fund --ignore-scripts --prefix "$TOOLS" "solc@$SOLC_VERSION" >/dev/null \
    || die "cannot install solc@$SOLC_VERSION from npm"
  cat > "$TOOLS/check.js" <<'EOF'
// Parse-only syntax check with solcjs (standard JSON, "stopAfter": "parsing").
// usage: node check.js FILE...   prints "ok FILE" or "err FILE: message"; exits 0 iff all parse.
const fs = require('fs');
const path = require('path');
const solc = require(path.join(__dirname, 'node_modules', 'solc'));
function errors(content) {
  const input = { language: 'Solidity', sources: { 'input.sol': { content } },
                  settings: { stopAfter: 'parsing', outputSelection: { '*': { '': ['ast'] } } } };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  return (out.errors || []).filter(e => e.severity === 'error');
}
let bad = 0;
for (const f of process.argv.slice(2)) {
  let content;
  try { content = fs.readFileSync(f, 'utf8'); } catch (e) { console.log('err ' + f + ': unreadable'); bad++; continue; }
  let errs = errors(content);
  // 5333: the version pragma excludes this compiler, and parsing stopped there.
  if (errs.some(e => e.errorCode === '5333'))
    errs = errors(content.replace(/\bpragma(\s+)solidity\b[^;]*;/g,
      (m, ws) => 'pragma' + ws + 'solidity >=0.0.0;' + '\n'.repeat((m.match(/\n/g) || []).length)));
  if (errs.length) {
    bad++;
    const e = errs[0];
    console.log('err ' + f + ': ' + e.errorCode + ' ' + e.message.split('\n')[0]);
  } else console.log('ok ' + f);
}
process.exit(bad ? 1 : 0);
EOF
}

fetch() {
  local dir="$1" stamp pkg tmp tgz name count
  need_node
  install_checker
  mkdir -p "$dir"
  stamp="$(printf '%s\n' "${PACKAGES[@]}")"
  if [ -f "$dir/.solidity-corpus" ] && [ "$(cat "$dir/.solidity-corpus")" = "$stamp" ]; then
    count=$(find "$dir" -type f -name '*.sol' | wc -l)
    echo "solidity corpus already in $dir: $count .sol files from ${#PACKAGES[@]} npm packages; checker solc $SOLC_VERSION in $TOOLS"
    return 0
  fi
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  for pkg in "${PACKAGES[@]}"; do
    tgz="$(cd "$tmp" && npm pack --silent "$pkg" 2>/dev/null | tail -n 1)" || die "npm pack $pkg failed"
    [ -f "$tmp/$tgz" ] || die "npm pack $pkg gave no tarball"
    name="${tgz%.tgz}"
    rm -rf "${dir:?}/$name"
    mkdir -p "$dir/$name" "$tmp/x"
    tar xzf "$tmp/$tgz" -C "$tmp/x"
    (cd "$tmp/x" && find . -type f -name '*.sol' -print0 | tar --null -T - -cf - ) | tar xf - -C "$dir/$name"
    rm -rf "$tmp/x" "$tmp/$tgz"
  done
  printf '%s\n' "${PACKAGES[@]}" > "$dir/.solidity-corpus"
  count=$(find "$dir" -type f -name '*.sol' | wc -l)
  [ "$count" -ge 300 ] || die "only $count .sol files fetched"
  echo "fetched $count .sol files from ${#PACKAGES[@]} pinned npm packages into $dir; checker solc $SOLC_VERSION in $TOOLS"
}

check() {
  [ -f "$TOOLS/check.js" ] || die "checker not installed: run '$0 fetch DIR' first"
  node "$TOOLS/check.js" "$1" >/dev/null 2>&1
}

case "${1:-}" in
  fetch) [ $# -eq 2 ] || die "usage: $0 fetch DIR"; fetch "$2" ;;
  check) [ $# -eq 2 ] || die "usage: $0 check FILE"; check "$2" ;;
  *) die "usage: $0 fetch DIR | $0 check FILE" ;;
esac
