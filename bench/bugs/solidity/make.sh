#!/usr/bin/env bash
# make.sh OUT_DIR: writes OUT_DIR/bug.sol, the padded solc 0.8.32 crash input: OpenZeppelin
# Contracts 5.0.2's ERC20Permit (npm registry) flattened with its imports, with the body of
# trigger.sol's contract spliced into ERC20Permit, and a token contract deriving from it.
# The tarball and the result are checked against recorded sha256 sums.
set -euo pipefail
out=${1:?usage: make.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
PKG=@openzeppelin/contracts@5.0.2
PKG_SHA256=709a5996fd3fdccc1b3b38c4b87dcafa103b9126b63839f248c4172ba21093fa
BUG_SHA256=e2f3045eb10ad897e1b21749760b040b70ca5b38b66b580bb5fef9ecce54b194

for c in npm python3; do
  command -v $c >/dev/null || { echo "make.sh: $c is required" >&2; exit 2; }
done
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && npm pack --loglevel=error --fetch-retries=1 --fetch-retry-mintimeout=2000 --fetch-retry-maxtimeout=5000 "$PKG" >/dev/null 2>"$tmp/err"); then
  echo "make.sh: cannot download $PKG from the npm registry (offline?):" >&2
  tail -5 "$tmp/err" >&2; exit 3
fi
echo "$PKG_SHA256  $tmp/openzeppelin-contracts-5.0.2.tgz" | sha256sum -c --quiet - \
  || { echo "make.sh: $PKG tarball does not have the expected sha256" >&2; exit 4; }
tar xzf "$tmp/openzeppelin-contracts-5.0.2.tgz" -C "$tmp"

# Flatten ERC20Permit.sol: its imports first (depth first, each file once), without their
# import, SPDX and pragma lines, under one SPDX line and pragma.
python3 - "$tmp/package" token/ERC20/extensions/ERC20Permit.sol > "$tmp/flat.sol" <<'PY'
import re, sys, os
root, entry = sys.argv[1], sys.argv[2]
seen, order = set(), []
def resolve(cur, p):
    if p.startswith('@openzeppelin/contracts/'): return os.path.join(root, p[len('@openzeppelin/contracts/'):])
    return os.path.normpath(os.path.join(os.path.dirname(cur), p))
def visit(f):
    f = os.path.normpath(f)
    if f in seen: return
    seen.add(f)
    src = open(f).read()
    for m in re.finditer(r'^import\s+(?:\{[^}]*\}\s+from\s+)?"([^"]+)"\s*;', src, re.M):
        visit(resolve(f, m.group(1)))
    order.append(f)
visit(os.path.join(root, entry))
out = ['// SPDX-License-Identifier: MIT', 'pragma solidity ^0.8.20;', '']
for f in order:
    src = open(f).read()
    src = re.sub(r'^import\s+[^;]*;\n', '', src, flags=re.M)
    src = re.sub(r'^// SPDX-License-Identifier:.*\n', '', src, flags=re.M)
    src = re.sub(r'^pragma solidity[^;]*;\n', '', src, flags=re.M)
    out.append('// File: @openzeppelin/contracts/' + os.path.relpath(f, root))
    out.append(src.strip('\n') + '\n')
print('\n'.join(out))
PY

# Splice: trigger.sol's constant (its lines 6-7) as ERC20Permit's first member, its function
# (lines 8-13, after a blank line) after ERC20Permit's last function, then a derived token.
start=$(grep -n '^abstract contract ERC20Permit is' "$tmp/flat.sol" | cut -d: -f1)
last=$(wc -l < "$tmp/flat.sol")
{
  head -n "$start" "$tmp/flat.sol"
  sed -n 6,7p "$here/trigger.sol"
  sed -n "$((start + 1)),$((last - 2))p" "$tmp/flat.sol"
  echo
  sed -n 8,13p "$here/trigger.sol"
  tail -n 2 "$tmp/flat.sol"
  cat <<'SOL'
// File: PermitToken.sol
contract PermitToken is ERC20Permit {
    constructor() ERC20("Permit Token", "PMT") ERC20Permit("Permit Token") {
        _mint(msg.sender, 1_000_000 * 10 ** decimals());
    }
}
SOL
} > "$tmp/bug.sol"
echo "$BUG_SHA256  $tmp/bug.sol" | sha256sum -c --quiet - \
  || echo "make.sh: warning: bug.sol differs from the recorded one (trigger.sol edited?)" >&2
mv "$tmp/bug.sol" "$out/bug.sol"
echo "$out/bug.sol ($(wc -c < "$out/bug.sol") bytes)"
