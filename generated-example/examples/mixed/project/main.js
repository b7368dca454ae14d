// main.js: checks every part listed in data/parts.json against its kind's limits.
const parts = require('./data/parts.json');
const limits = require('./data/limits.json');

function check(part) {
  const limit = limits[part.kind] ?? limits.default;
  if (part.size > limit.max) {
    throw new RangeError(`part ${part.id} out of range: ${part.size}`);
  }
}

for (const part of parts) {
  if (!part.retired) {
    check(part);
  }
}
console.log(`${parts.length} parts checked`);
