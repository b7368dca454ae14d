import def from './a.js';
import * as ns from './b.js';
import { x, y as z, default as w } from './c.js';
import def2, { q } from './d.js';
import './side-effect.js';
export const one = 1;
export function two() { return 2; }
export class Three {}
export { one as uno, z };
export * from './e.js';
export * as all from './f.js';
export { q as default2 } from './d.js';
export default function () { return import.meta.url; }
const top = await Promise.resolve(1);
