// A statement ended by a line break and then `;` (the `;` belongs to the statement, so an
// `else` or `while` may follow), and identifiers with Other_ID_Start (U+309B, U+309C, U+1885,
// U+1886, U+2118, U+212E) and Other_ID_Continue (U+00B7, U+0387, U+1369, U+19DA) characters.
var a = 0, x, y;
if (a) x = 1
; else y = 2
if (a) x = 1

/* between */
// more
  ;
else y = 3
do x++
; while (0)
function f() { return
; }
for (;;) { if (x) break
; else continue }
var ゛x = 1, ゜ = 2, xᢅ = 3, ᢅy = 4, ᢆz = 5, ℘ = 6, ℮ = 7;
var a·b = 8, c·d = 9, x፩ = 10, x᧚ = 11, ゛゜ = 12;
var o = { ゛: 1, a·: 2 }; o.゜· = o.゛;
class K { #゛ = 1; ᢅ() { return this.#゛; } }
var a\u309B = 13, \u{1885}e = 14;
