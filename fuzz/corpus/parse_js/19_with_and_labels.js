var obj = { a: 1 };
with (obj) {
  a = 2;
}
with (Math) x = cos(0);
var x;
loop1:
for (var i = 0; i < 2; i++) {
  loop2: for (;;) { continue loop1; }
}
debugger;
