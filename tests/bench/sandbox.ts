// The user-code sandbox (docs/user-code.md): the cold start of a run and calls per second on the
// same scripts, Luma's QuickJS sandbox against isolated-vm 5.0.4 measured in the same run.
// isolated-vm is bench only: installed on demand into .bench-deps (it compiles a native addon),
// run in a child `node --no-node-snapshot` as Node 20 requires. Figures, never a pass/fail.
// `npx tsx tests/bench/sandbox.ts` runs it alone; `npm run bench -- sandbox` too.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '../../runtime/script/index';
import { createScriptPool } from '../../src/server/usercode/sandbox';
// @ts-expect-error: a plain ES module shared with the isolated-vm child
import { CASES, median } from './sandbox/cases.mjs';

type Case = { name: string; code: string; args: Record<string, unknown>; expect: unknown };
type IvmFigures = { coldIsolateMs: number; coldContextMs: number; cases: { name: string; perCallMs: number; callsPerSecond: number }[] };
export type SandboxFigures = {
  moduleLoadMs: number;
  coldRunMs: number;
  coldRunLodashMs: number;
  cases: { name: string; perCallMs: number; callsPerSecond: number }[];
  poolCallsPerSecond: number;
  ivm: IvmFigures | { unavailable: string };
};

const COLD = Number(process.env.LUMA_BENCH_SANDBOX_COLD ?? 40);
const CALLS = Number(process.env.LUMA_BENCH_SANDBOX_CALLS ?? 300);
const IVM_VERSION = '5.0.4';
const root = fileURLToPath(new URL('../../', import.meta.url));
const depsDir = `${root}.bench-deps`;

const require = createRequire(import.meta.url);
const libraries = {
  lodash: readFileSync(require.resolve('lodash/lodash.min.js'), 'utf8'),
  dayjs: readFileSync(require.resolve('dayjs/dayjs.min.js'), 'utf8'),
};

function ensureIsolatedVm(): string | null {
  if (existsSync(`${depsDir}/node_modules/isolated-vm/package.json`)) return null;
  mkdirSync(depsDir, { recursive: true });
  // npm 11 runs no install script it was not told to allow: isolated-vm builds its addon in one.
  writeFileSync(`${depsDir}/package.json`, `${JSON.stringify({ name: 'luma-bench-deps', private: true, allowScripts: { 'isolated-vm': true } })}\n`);
  console.log(`sandbox bench: installing isolated-vm ${IVM_VERSION} into .bench-deps (compiles a native addon, a few minutes) ...`);
  const done = spawnSync('npm', ['install', `isolated-vm@${IVM_VERSION}`, '--no-audit', '--no-fund'], { cwd: depsDir, stdio: 'inherit' });
  return done.status === 0 ? null : `npm install isolated-vm@${IVM_VERSION} failed (exit ${done.status})`;
}

function measureIsolatedVm(): IvmFigures | { unavailable: string } {
  const problem = ensureIsolatedVm();
  if (problem) return { unavailable: problem };
  const out = execFileSync(process.execPath, ['--no-node-snapshot', fileURLToPath(new URL('./sandbox/ivm.mjs', import.meta.url))], {
    env: { ...process.env, COLD: String(COLD), CALLS: String(CALLS) },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as IvmFigures;
}

export async function runSandboxBench(): Promise<SandboxFigures> {
  // The first run loads and instantiates the QuickJS wasm module: once per thread.
  let t = performance.now();
  const cold = createSandbox({ libraries, prewarm: false });
  await cold.run({ label: 'B', code: 'return 1', args: {} });
  const moduleLoadMs = performance.now() - t;
  const coldRuns: number[] = [];
  const coldLodash: number[] = [];
  for (let i = 0; i < COLD; i++) {
    t = performance.now();
    await cold.run({ label: 'B', code: 'return 1', args: {} });
    coldRuns.push(performance.now() - t);
    t = performance.now();
    await cold.run({ label: 'B', code: 'return Lodash.VERSION', args: {} });
    coldLodash.push(performance.now() - t);
  }
  cold.dispose();

  // Calls in sequence, each in a fresh context (as the server runs them), prewarm on as on the server.
  const sandbox = createSandbox({ libraries });
  const cases: SandboxFigures['cases'] = [];
  for (const c of CASES as Case[]) {
    const first = await sandbox.run({ label: 'B', code: c.code, args: c.args });
    if (!first.ok || first.value !== c.expect) throw new Error(`QuickJS: ${c.name} gave ${JSON.stringify(first)}`);
    const times: number[] = [];
    const start = performance.now();
    for (let i = 0; i < CALLS; i++) {
      const s = performance.now();
      await sandbox.run({ label: 'B', code: c.code, args: c.args });
      times.push(performance.now() - s);
    }
    cases.push({ name: c.name, perCallMs: median(times), callsPerSecond: (CALLS / (performance.now() - start)) * 1000 });
  }
  sandbox.dispose();

  // The server's pool: 2 worker threads, 16 callers at once, the tiny script.
  const pool = createScriptPool({ size: 2 });
  await Promise.all([0, 1].map(() => pool.run({ label: 'B', code: 'return 1', args: {} })));
  const tiny = (CASES as Case[])[0]!;
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < CALLS * 2) await pool.run({ label: 'B', code: tiny.code, args: tiny.args });
    }),
  );
  const poolCallsPerSecond = ((CALLS * 2) / (performance.now() - start)) * 1000;
  await pool.close();

  return { moduleLoadMs, coldRunMs: median(coldRuns), coldRunLodashMs: median(coldLodash), cases, poolCallsPerSecond, ivm: measureIsolatedVm() };
}

export function printSandboxFigures(f: SandboxFigures): void {
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  console.log('\nUser-code sandbox: QuickJS (Luma) against isolated-vm 5.0.4, same scripts, same run');
  console.log(`  QuickJS module load (once per thread): ${ms(f.moduleLoadMs)}`);
  const ivm = 'unavailable' in f.ivm ? null : f.ivm;
  console.log(`  cold start of a run (fresh runtime + context + harness, 'return 1'): ${ms(f.coldRunMs)}` + (ivm ? `; isolated-vm new isolate + context: ${ms(ivm.coldIsolateMs)} (${(f.coldRunMs / ivm.coldIsolateMs).toFixed(2)}x), new context in a kept isolate: ${ms(ivm.coldContextMs)} (${(f.coldRunMs / ivm.coldContextMs).toFixed(2)}x)` : ''));
  console.log(`  cold start with Lodash evaluated: ${ms(f.coldRunLodashMs)}`);
  for (const c of f.cases) {
    const other = ivm?.cases.find((x) => x.name === c.name);
    console.log(
      `  ${c.name.padEnd(24)} QuickJS ${ms(c.perCallMs)} per call, ${c.callsPerSecond.toFixed(0)} calls/s` +
        (other ? ` | isolated-vm ${ms(other.perCallMs)}, ${other.callsPerSecond.toFixed(0)} calls/s | ratio ${(c.callsPerSecond / other.callsPerSecond).toFixed(2)}x` : ''),
    );
  }
  console.log(`  server pool (2 worker threads, 16 callers, tiny script): ${f.poolCallsPerSecond.toFixed(0)} calls/s`);
  if (!ivm) console.log(`  isolated-vm: ${(f.ivm as { unavailable: string }).unavailable}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printSandboxFigures(await runSandboxBench());
}
