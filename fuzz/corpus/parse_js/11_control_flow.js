let n = 0;
if (n) n++; else if (n > 1) n--; else { n = 2; }
while (n < 10) n++;
do { n--; } while (n > 5)
do n++; while (n < 7);
for (;;) { break; }
for (let i = 0, j = 10; i < j; i++, j--) continue;
for (var k in { a: 1 }) k;
for (const v of [1, 2]) v;
outer: for (let i = 0; i < 3; i++) {
  inner: for (let j = 0; j < 3; j++) {
    if (j === 1) continue outer;
    if (i === 2) break inner;
  }
}
switch (n) {
  case 1:
  case 2: n = 3; break;
  default:
    n = 0;
  case 4: {
    n = 4;
  }
}
label: { break label; }
