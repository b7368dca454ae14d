const o = { a: { b: [1, { c() { return 1; } }] } };
o?.a?.b?.[1]?.c?.();
o.a?.b[0];
o.missing?.deep.deeper;
const fn = null;
fn?.(1, 2);
const x = o?.a ?? 'none';
const t = true ?.5 : 1;
