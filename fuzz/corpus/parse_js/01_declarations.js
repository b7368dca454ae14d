'use strict';
var a = 1, b, c = a + 2;
let d = [a, b, c];
const e = { a, b: 2, 'c': 3, 4: d };
let f
const g = 10
var h = g * 2
