// The scripts both sandboxes run in tests/bench/sandbox: the same body and arguments for each.
export const ITEMS = Array.from({ length: 1000 }, (_, i) => ({ n: i, name: `item ${i}` }));

export const CASES = [
  { name: 'tiny (value * 2)', code: 'return value * 2', args: { value: 21 }, expect: 42 },
  { name: 'sum over 1000 objects', code: 'let s = 0; for (const x of items) s += x.n; return s', args: { items: ITEMS }, expect: 499500 },
  { name: 'fib(20), CPU', code: 'function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } return fib(20)', args: {}, expect: 6765 },
];

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
