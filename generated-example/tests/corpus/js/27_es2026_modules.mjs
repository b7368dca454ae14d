// Import phases, import attributes and decorated exports (syntax only; node 20 rejects some).
import defer * as lazy from "./lazy.js";
import source wasm from "./mod.wasm";
import defer from "./defer.js";
import source from "./source.js";
import data from "./data.json" with { type: "json" };
export @dec class Exported {}
@dec export class Decorated {}
@dec export default class {}
