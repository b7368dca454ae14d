// format.mjs: text formatting for reports.
export function pad(text, width) {
  const s = String(text);
  return s.length >= width ? s : s + ' '.repeat(width - s.length);
}

export function formatRow(item, width) {
  return `${pad(item.name, width)} ${pad(item.count, 6)} ${item.price.toFixed(2)}`;
}

// The currency's symbol is looked up by its code; no code was given.
export function formatTotal(amount, currency) {
  const symbols = { EUR: '€', USD: '$', GBP: '£' };
  const code = currency.toUpperCase();
  return `total: ${symbols[code] ?? code} ${amount.toFixed(2)}`;
}
