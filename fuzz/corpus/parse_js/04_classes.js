class Base {
  static count = 0;
  #secret = 42;
  name = 'base';
  static #instances = [];
  constructor(x) { this.x = x; Base.count++; }
  get value() { return this.#secret; }
  set value(v) { this.#secret = v; }
  static create() { return new this(1); }
  *[Symbol.iterator]() { yield this.x; }
  async fetch() { return this.x; }
  async *stream() { yield 1; }
  ['computed' + 1]() { return 1; }
  has(o) { return #secret in o; }
  static { Base.count = 0; }
}
class Derived extends Base {
  constructor() { super(2); super.value; }
  get value() { return super.value + 1; }
  static get [Symbol.species]() { return Array; }
}
const Anon = class extends (Math.random() > 0.5 ? Base : Derived) {};
const Named = class Inner { m() { return Inner; } };
new Derived().value;
