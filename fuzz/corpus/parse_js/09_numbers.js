const nums = [0, 42, 3.14, .5, 5., 1e10, 1E-7, 2.5e+3,
  0x1F, 0XfF, 0o17, 0O7, 0b1010, 0B1,
  1_000_000, 0xff_ff, 0b1010_0101, 1_0.0_1e1_0,
  123n, 0x1Fn, 0o7n, 0b1n, 1_000n];
const prop = 1..toString() + 1.5.toFixed(1) + (1).valueOf();
