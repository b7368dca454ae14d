#!/usr/bin/env bash
# Interesting (exit 0) iff solc (solcjs, npm `solc`) compiles the file as far as the type
# checker and reports that `transfer` is not available on a plain `address`. solc is not in
# Debian: the npm package is looked up in $SOLC_DIR, /opt/solc-0.8.32 (bench/bugs/solidity's
# install.sh) and node's global modules; without it the script exits 2.
f=${1:-Crowdfund.sol}
[ -f "$f" ] || exit 1
solc=
for d in ${SOLC_DIR:-} /opt/solc-0.8.32 /usr/local/lib /usr/lib; do
  [ -f "$d/node_modules/solc/soljson.js" ] && { solc=$d/node_modules/solc; break; }
done
[ -n "$solc" ] || { echo "interesting.sh: no npm solc found (npm install --prefix /opt/solc-0.8.32 solc@0.8.32)" >&2; exit 2; }
SOLC="$solc" CAND="$f" timeout 30 node -e '
const solc = require(process.env.SOLC);
const input = { language: "Solidity",
  sources: { "input.sol": { content: require("fs").readFileSync(process.env.CAND, "utf8") } },
  settings: { outputSelection: { "*": { "*": [] } } } };
const out = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (out.errors || []).filter((e) => e.severity === "error");
process.exit(errors.some((e) => e.type === "TypeError" &&
  e.message.startsWith("\"send\" and \"transfer\" are only available for objects of type \"address payable\", not \"address\"")) ? 0 : 1);
' 2>/dev/null
