function add(x, y = 1, ...rest) {
  return x + y + rest.length;
}
const sq = function square(n) { return n * n; };
const anon = function () {};
function* gen(n) {
  for (let i = 0; i < n; i++) yield i;
  yield* [n, n + 1];
  const got = yield;
  return got;
}
async function load(url) {
  const r = await fetch(url);
  return await r.json();
}
const af = async function () { await null; };
add(1, 2, 3, ...[4, 5],);
