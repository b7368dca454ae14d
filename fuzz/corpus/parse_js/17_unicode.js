const café = 1;
const \u0061bc = 2;
const \u{62}cd = 3;
const ℮x = 4, $dollar = 5, _under = 6, ünï = 7;
console.log(abc, bcd, café, ℮x, $dollar, _under, ünï);
const str = 'ünïcödé ☃ \u2603';
