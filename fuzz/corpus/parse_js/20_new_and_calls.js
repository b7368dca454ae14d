function Foo(a) { this.a = a; }
Foo.Bar = function () {};
const a = new Foo(1);
const b = new Foo;
const c = new Foo.Bar();
const d = new (function () { this.x = 1; })();
const e = new new Function('this.y = 2')();
const f = new Foo(1).a;
const g = new Date().getTime();
Math.max(...[1, 2], 3)(void 0);
