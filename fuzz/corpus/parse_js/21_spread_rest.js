const arr = [1, ...[2, 3], , 4, ...'ab'];
const holes = [, , 1, , ];
const obj = { ...{ a: 1 }, b: 2, ...null };
function f(first, ...others) { return [first, ...others]; }
f(...arr, ...holes);
const { a, ...restObj } = obj;
const [head, ...restArr] = arr;
Math.max(...arr);
new Array(...arr);
