#!/usr/bin/env bash
# Interesting (exit 0) iff the file is TypeScript that typescript's transpiler reads without a
# syntax error, and running the transpiled program stops with "TypeError: Cannot read
# properties of undefined (reading 'capacity')". Uses Debian's node-typescript (the module
# under /usr/share/nodejs) and nodejs; the program runs in the same node process (no files).
f=${1:-rooms.ts}
[ -f "$f" ] || exit 1
NODE_PATH=/usr/share/nodejs timeout 10 node -e '
const ts = require("typescript");
const src = require("fs").readFileSync(process.argv[1], "utf8");
const out = ts.transpileModule(src, {
  reportDiagnostics: true, fileName: "input.ts",
  compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS },
});
if (out.diagnostics.length > 0) process.exit(1);
console.log = () => {};
try {
  new Function("exports", "require", out.outputText)({}, require);
} catch (e) {
  process.exit(e instanceof TypeError &&
    e.message === "Cannot read properties of undefined (reading '"'"'capacity'"'"')" ? 0 : 1);
}
process.exit(1);
' "$f" 2>/dev/null
