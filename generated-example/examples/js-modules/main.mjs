// main.mjs: renders a small report from an inventory, with the helpers of format.mjs.
import { formatRow, formatTotal, pad } from './format.mjs';

const inventory = [
  { name: 'bolts', count: 120, price: 0.05 },
  { name: 'nuts', count: 300, price: 0.03 },
  { name: 'washers', count: 75, price: 0.02 },
  { name: 'brackets', count: 12, price: 1.75 },
];

function total(items) {
  let sum = 0;
  for (const item of items) {
    sum += item.count * item.price;
  }
  return sum;
}

function header(title) {
  const line = '-'.repeat(title.length + 4);
  return [line, `| ${title} |`, line].join('\n');
}

function report(items, options = {}) {
  const rows = items.map((item) => formatRow(item, options.width ?? 12));
  const summary = formatTotal(total(items), options.currency);
  return [header('Inventory'), ...rows, pad('', 12), summary].join('\n');
}

console.log(report(inventory, { width: 10 }));
