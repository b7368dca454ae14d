#!/bin/sh
# Interesting (exit 0) iff the file defines attenuate(float, float) and glslangValidator,
# compiling it as a fragment shader, reports that no overload of attenuate() fits a call
# (glslang says the same of an undeclared function, hence the check for the definition).
# Needs glslang-tools.
f=${1:-lighting.frag}
[ -f "$f" ] || exit 1
grep -Eq 'float[[:space:]]+attenuate[[:space:]]*\([[:space:]]*float[[:space:]]+[A-Za-z_0-9]+[[:space:]]*,[[:space:]]*float[[:space:]]+[A-Za-z_0-9]+[[:space:]]*\)' "$f" || exit 1
timeout 10 glslangValidator -S frag "$f" 2>&1 | grep -qF "'attenuate' : no matching overloaded function found"
