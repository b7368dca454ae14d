#!/bin/bash
# Exit 0 iff PHP 8.2 crashes with SIGSEGV (C stack overflow in the recursive AST compiler,
# zend_compile_expr) while compiling $1. PHP 8.3+ reports "Maximum call stack size ...
# reached during compilation. Try splitting expression" instead (zend_check_stack_limit).
# The 512 KB stack limit makes a few thousand nested binary operators enough.
f=${1:?usage: interesting.sh FILE}
out=$( (ulimit -s 512; exec timeout -s KILL 20 php -n -l "$f") 2>&1 )
rc=$?
[ "$rc" -eq 139 ] || exit 1
# A parse error or a clean compile is not the bug.
case $out in *"Parse error"*|*"No syntax errors"*|*"Fatal error"*) exit 1 ;; esac
exit 0
