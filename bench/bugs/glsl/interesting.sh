#!/usr/bin/env bash
# Oracle: exit 0 iff glslangValidator 12.0.0 (Debian glslang-tools 12.0.0-2) segfaults on FILE
# (compiled as a vertex shader) at the null dereference in TParseContext::builtInOpCheck: an
# atomic memory function whose first argument is not an l-value (KhronosGroup/glslang#3332,
# fixed upstream by commit efc33d1ee, 2023-09).
# Usage: interesting.sh FILE   (install.sh puts it in /opt/glslang-12.0.0; GLSLANG_DIR overrides)
G=${GLSLANG_DIR:-/opt/glslang-12.0.0}/usr/bin/glslangValidator
[ -x "$G" ] || { echo "interesting.sh: no glslangValidator at $G (run install.sh)" >&2; exit 2; }
command -v gdb >/dev/null || { echo "interesting.sh: gdb is required (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE}
[ -f "$f" ] || exit 1
{ timeout 20 "$G" -S vert "$f" > /dev/null 2>&1; } 2>/dev/null
[ $? -eq 139 ] || exit 1
# The same faulting instruction, `mov (%rax),%rax` at offset 0x55c9fd of this binary (gdb
# disables ASLR, so the PIE address is stable).
out=$(timeout 20 gdb -nx -batch -ex run -ex 'x/i $pc' --args "$G" -S vert "$f" 2>&1)
grep -q 'SIGSEGV' <<<"$out" || exit 1
grep -q '=> 0x555555ab09fd:' <<<"$out" || exit 1
exit 0
