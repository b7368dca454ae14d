// Explicit resource management, decorators, import phases (syntax only; node 20 rejects it).
{
  using res = open("a"), other = open("b");
  await using conn = connect();
  using
  x = 1;
  using(x);
  using[0] = 2;
  using.y = 3;
}
for (using r of resources()) use(r);
for (await using r of resources()) use(r);
for (using of lists) f(using);
for (using i = start(); !i.done; i.next()) step(i);
let using = 1, accessor = 2, defer = 3, source = 4;

@sealed
@ns.track("x") @(decorators[0])
class Point {
  @observable x = 0;
  @bound static origin() { return new Point(); }
  @logged accessor y = 1;
  accessor #z;
  static accessor count = 0;
  accessor = 5;
  accessor() { return this.accessor; }
  @dec.#priv method() {}
}
const Anon = @dec class {};
const p = import.source("./mod.wasm"), q = import.defer("./lazy.js");
