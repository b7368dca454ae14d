const { a, b: { c, d = 4 }, ...others } = { a: 1, b: { c: 3 }, e: 5 };
const [x, , y = 2, [z] = [3], ...tail] = [1, 2, undefined, undefined, 9, 10];
let p, q;
[p, q] = [q, p];
({ p, q = 5 } = { p: 1 });
[p.x, q[0]] = [1, 2];
for (const [k, v] of Object.entries({ a: 1 })) console.log(k, v);
for (const { length } of ['ab']) length;
function f({ a, b } = {}, [c, d] = [1, 2]) { return a + b + c + d; }
const { ['key' + 1]: computed } = { key1: 1 };
