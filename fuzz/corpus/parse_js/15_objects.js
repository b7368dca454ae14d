const key = 'k';
const proto = { inherited: true };
const o = {
  plain: 1,
  'quoted key': 2,
  42: 'num',
  [key + 'computed']: 3,
  shorthand() { return 4; },
  get getter() { return 5; },
  set setter(v) { this._v = v; },
  get [key]() { return 6; },
  async: 7, get: 8, set: 9, static: 10, of: 11,
  class: 'kw', default: 'kw', new: 'kw', if: 'kw', function: 'kw',
  __proto__: proto,
  ...{ spread: true },
  key,
};
o.class + o.default + o.new + o.if + o.function + o.delete;
const nested = { a: { b: { c: { d: [] } } } };
const empty = {};
const withTrailing = { a: 1, };
