'use strict';
// A small "engine crash" report: running this file throws a TypeError about reading a
// property of undefined. We want the smallest script that still throws it.

class Inventory {
  constructor(items) {
    this.items = items;
    this.index = new Map(items.map((it) => [it.sku, it]));
  }
  total() {
    return this.items.reduce((sum, { qty, price }) => sum + qty * price, 0);
  }
  find(sku) {
    return this.index.get(sku);
  }
}

function formatMoney(value, currency = 'EUR') {
  const fixed = value.toFixed(2);
  return `${fixed} ${currency}`;
}

const inventory = new Inventory([
  { sku: 'A-17', qty: 2, price: 19.5 },
  { sku: 'B-02', qty: 1, price: 3.25 },
  { sku: 'C-99', qty: 5, price: 0.99 },
]);

const labels = ['first', 'second', 'third'].map((s, i) => `${i + 1}. ${s}`);
for (const label of labels) {
  if (label.length > 100) {
    throw new Error('label too long');
  }
}

function* ids(start) {
  let n = start;
  while (n < start + 3) yield n++;
}
const seen = [...ids(10)];

async function later(x) {
  return x * 2;
}
later(seen.length).then((v) => v);

const report = {
  total: formatMoney(inventory.total()),
  count: inventory.items.length,
  first: inventory.find('A-17').qty,
  missing: inventory.find('Z-00').qty,
};
console.log(JSON.stringify(report));
