async function* agen() {
  yield 1;
  yield await Promise.resolve(2);
  yield* (async function* () { yield 3; })();
}
async function main() {
  for await (const x of agen()) console.log(x);
  const [a, b] = await Promise.all([1, 2]);
  await new Promise(r => setTimeout(r, 0));
  return a + b;
}
const obj = {
  async method() { await 1; },
  *gen() { yield 1; },
  async *agen() { yield 1; },
};
main().then(v => v, e => e);
