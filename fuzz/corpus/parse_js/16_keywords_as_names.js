const api = { default: 1, import: 2, export: 3, return: 4, typeof: 5, in: 6 };
api.default = api.import + api.export;
api.return; api.typeof; api.in;
class K { static default() {} delete() {} get() {} set() {} static() {} async() {} }
var async = 1, of = 2, get = 3, set = 4, let_ = 5, yield_ = 6, target = 7, from = 8, as = 9;
async + of + get + set;
function f() { return new.target; }
const dyn = typeof require === 'function' ? null : import('./x.js');
