#!/usr/bin/env bash
# Oracle: exit 0 iff solc 0.8.32 (solcjs) hits its TypeChecker assertion on FILE:
#   Internal compiler error ... TypeChecker.cpp(3420): Throw in function
#   virtual bool solidity::frontend::TypeChecker::visit(const MemberAccess &) ...
#   std::exception::what: Solidity assertion failed
# (argotorg/solidity#16360: `this.C()` on a public constant C; fixed in 0.8.33.)
# Usage: interesting.sh FILE.sol   (install.sh puts solc in /opt/solc-0.8.32; SOLC_0832_DIR overrides)
set -u
cand=${1:?usage: interesting.sh FILE}
dir=${SOLC_0832_DIR:-/opt/solc-0.8.32}
[ -f "$dir/node_modules/solc/soljson.js" ] || { echo "interesting.sh: solc 0.8.32 not found in $dir (run install.sh)" >&2; exit 2; }
[ -f "$cand" ] || exit 1
out="$(SOLC_DIR="$dir" CAND="$cand" timeout 25 node -e '
const fs = require("fs");
const solc = require(process.env.SOLC_DIR + "/node_modules/solc");
if (!solc.version().startsWith("0.8.32+")) { console.log("wrong solc " + solc.version()); process.exit(3); }
const input = { language: "Solidity", sources: { "input.sol": { content: fs.readFileSync(process.env.CAND, "utf8") } },
                settings: { outputSelection: { "*": { "*": ["abi"] } } } };
const out = JSON.parse(solc.compile(JSON.stringify(input)));
for (const e of out.errors || []) if (e.type === "InternalCompilerError") console.log(e.formattedMessage);
' 2>&1)" || true
grep -q 'TypeChecker.cpp(3420): Throw in function virtual bool solidity::frontend::TypeChecker::visit(const MemberAccess &)' <<<"$out" \
  && grep -q 'std::exception::what: Solidity assertion failed' <<<"$out"
