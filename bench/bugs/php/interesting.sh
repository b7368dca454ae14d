#!/usr/bin/env bash
# Oracle: exit 0 iff PHP 8.2 (Debian bookworm php8.2-cli) dies of SIGSEGV while compiling
# FILE: the recursive AST compiler (zend_compile_expr) overflows the C stack on a long chain
# of binary operators. PHP 8.3+ checks the stack (zend_check_stack_limit) and reports
# "Maximum call stack size of ... reached during compilation. Try splitting expression".
# `php -n -l` only compiles; `ulimit -s 512` makes a few thousand operators enough (the
# default 8 MB stack needs about 100,000).
# Near the threshold (a chain that just crashes) the answer would depend on where the kernel
# puts the stack, and on the size of the environment and the arguments above it: the run
# disables address-space randomisation (setarch -R), empties the environment (env -i) and
# compiles a copy named input.php in a private temporary directory, so the same text always
# gets the same answer.
# Usage: interesting.sh FILE   (install.sh installs php8.2-cli; PHP overrides the binary)
PHP=$(command -v "${PHP:-php}") || { echo "interesting.sh: no php (run install.sh)" >&2; exit 2; }
f=${1:?usage: interesting.sh FILE}
[ -f "$f" ] || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$f" "$tmp/input.php"
cd "$tmp" || exit 1
out=$( (ulimit -s 512; exec env -i setarch "$(uname -m)" -R timeout -s KILL 20 "$PHP" -n -l input.php) 2>&1 ); rc=$?
[ "$rc" -eq 139 ] || exit 1
# A parse error, a fatal error or a clean compile is not the bug.
case $out in *"Parse error"*|*"Fatal error"*|*"No syntax errors"*) exit 1 ;; esac
exit 0
