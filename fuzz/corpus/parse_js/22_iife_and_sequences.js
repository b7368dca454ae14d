(function () { var x = 1; })();
(function named() {}());
(() => { })();
(async () => { await 1; })();
!function () {}();
void function () {}();
var s = (1, 2), t = ((((((1))))));
var nestedArrays = [[[[[[[[1]]]]]]]];
