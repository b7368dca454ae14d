// syntactically fine, rejected by node only as an early error if declared twice;
// this file keeps declarations unique so node accepts it.
let b = 1;
{
  let b = 2;
  b;
}
function g(b) { var b; return b; }
