#!/usr/bin/env node
/* block comment */
// line comment
/**
 * doc comment
 */
function f(/* inline */ a, // trailing
  b /* between */) {
  return a /* mid */ + b; // end
}
const x = 1 /* a
multi-line comment */
const y = 2 // no semicolon
f(x, y)
