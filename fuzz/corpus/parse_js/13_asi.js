let a = 1
let b = 2
a = b
b = a
const f = function () {
  return
}
function g() {
  return a
    + b
}
let i = 0
i
++b
const arr = [1, 2]
;[3, 4].forEach(x => x)
const s = 'x'
;(function () {})()
do a++
while (a < 5)
label: while (true) {
  break
  continue
}
function h() { throw new Error('x')
}
{ a = 1 } { b = 2 }
if (a) a = 2
else b = 3
var c = a
  ? b
  : a
const chained = [1, 2]
  .map(x => x * 2)
  .filter(Boolean)
