// isolated-vm 5 on the same scripts (bench only; installed on demand into .bench-deps by
// tests/bench/sandbox.ts, never a dependency of the product). Node 20 needs --no-node-snapshot.
// Prints one JSON line: {coldIsolateMs, coldContextMs, cases: [{name, perCallMs, callsPerSecond}]}.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { CASES, median } from './cases.mjs';

const require = createRequire(new URL('../../../.bench-deps/package.json', import.meta.url));
const ivm = require('isolated-vm');
const COLD = Number(process.env.COLD ?? 40);
const CALLS = Number(process.env.CALLS ?? 300);
const MEMORY_MB = 32;

function runFresh(isolate, c) {
  // A fresh context per call, as Luma gives every run a fresh QuickJS context.
  const context = isolate.createContextSync();
  try {
    const names = Object.keys(c.args);
    const body = `const { ${names.join(', ')} } = $0;\n${c.code}`;
    return context.evalClosureSync(body, [c.args], { arguments: { copy: true }, result: { copy: true }, timeout: 1000 });
  } finally {
    context.release();
  }
}

const coldIsolate = [];
const coldContext = [];
const shared = new ivm.Isolate({ memoryLimit: MEMORY_MB });
for (let i = 0; i < COLD; i++) {
  let t = performance.now();
  const isolate = new ivm.Isolate({ memoryLimit: MEMORY_MB });
  const context = isolate.createContextSync();
  context.evalSync('1');
  context.release();
  isolate.dispose();
  coldIsolate.push(performance.now() - t);
  t = performance.now();
  const c = shared.createContextSync();
  c.evalSync('1');
  c.release();
  coldContext.push(performance.now() - t);
}

const cases = [];
for (const c of CASES) {
  if (runFresh(shared, c) !== c.expect) throw new Error(`isolated-vm: ${c.name} gave a wrong answer`);
  const times = [];
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    runFresh(shared, c);
    times.push(performance.now() - t);
  }
  const total = performance.now() - start;
  cases.push({ name: c.name, perCallMs: median(times), callsPerSecond: (CALLS / total) * 1000 });
}
shared.dispose();
console.log(JSON.stringify({ coldIsolateMs: median(coldIsolate), coldContextMs: median(coldContext), cases }));
