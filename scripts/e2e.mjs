#!/usr/bin/env node
// `npm run test:e2e`: Chromium check, build, then the Playwright specs split over shards that run
// side by side, each its own Playwright process with its own server on its own in-memory PGlite and
// its own block of four ports (playwright.config.ts reads LUMA_E2E_PORT, LUMA_E2E_FILES,
// LUMA_E2E_REPORT and LUMA_E2E_OUTPUT). Specs inside a shard still run one after another on that
// shard's one server, as they always have. The shards' JSON reports are merged into
// .reports/e2e.json, which .ci/run reads.
//
// Files are dealt to the shards by their measured seconds (e2e/durations.json, longest first onto
// the lightest shard); a spec not measured yet counts as the median. `--durations` rewrites that
// file from the merged report. Arguments other than `--durations` (spec files, Playwright options)
// run one plain Playwright process, as `npx playwright test ...` would. LUMA_E2E_SHARDS sets the
// number of shards (default: one per core, at most 2).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePortBlock } from './free-ports.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATIONS = join(ROOT, 'e2e', 'durations.json');
const REPORT = join(ROOT, '.reports', 'e2e.json');
/** Ports each shard's server and its specs' local peers use (playwright.config.ts). */
const PORTS_PER_SHARD = 4;

/**
 * Deals `files` to `count` shards, heaviest first onto the lightest shard; a file without a
 * measured weight counts as the median of the measured ones (1 when none is).
 * @param {string[]} files
 * @param {Record<string, number>} weights seconds per file
 * @param {number} count
 * @returns {string[][]}
 */
export function dealFiles(files, weights, count) {
  const known = files.map((file) => weights[file]).filter((seconds) => typeof seconds === 'number' && seconds >= 0).sort((a, b) => a - b);
  const median = known.length === 0 ? 1 : known[Math.floor(known.length / 2)];
  const weigh = (/** @type {string} */ file) => (typeof weights[file] === 'number' && weights[file] >= 0 ? weights[file] : median);
  const shards = Array.from({ length: Math.max(1, count) }, () => ({ files: /** @type {string[]} */ ([]), load: 0 }));
  const ordered = [...files].sort((a, b) => weigh(b) - weigh(a) || a.localeCompare(b));
  for (const file of ordered) {
    const lightest = shards.reduce((best, shard) => (shard.load < best.load ? shard : best));
    lightest.files.push(file);
    lightest.load += weigh(file);
  }
  return shards.map((shard) => shard.files.sort()).filter((shardFiles) => shardFiles.length > 0);
}

/**
 * One report out of the shards' Playwright JSON reports: stats summed (duration the longest shard,
 * since they ran side by side), suites and errors put together.
 * @param {any[]} reports
 */
export function mergeReports(reports) {
  const stats = { startTime: reports[0]?.stats?.startTime, duration: 0, expected: 0, unexpected: 0, skipped: 0, flaky: 0 };
  for (const report of reports) {
    stats.duration = Math.max(stats.duration, report.stats?.duration ?? 0);
    for (const key of /** @type {const} */ (['expected', 'unexpected', 'skipped', 'flaky'])) stats[key] += report.stats?.[key] ?? 0;
  }
  return {
    config: reports[0]?.config,
    suites: reports.flatMap((report) => report.suites ?? []),
    errors: reports.flatMap((report) => report.errors ?? []),
    stats,
  };
}

/**
 * Seconds per spec file out of a Playwright JSON report (the sum of its tests' run times).
 * @param {any} report
 * @returns {Record<string, number>}
 */
export function fileSeconds(report) {
  /** @type {Record<string, number>} */
  const seconds = {};
  const visit = (/** @type {any} */ suite, /** @type {string} */ file) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) seconds[own] = (seconds[own] ?? 0) + (result.duration ?? 0) / 1000;
      }
    }
    for (const child of suite.suites ?? []) visit(child, own);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return Object.fromEntries(Object.entries(seconds).map(([file, value]) => [file, Math.round(value)]).sort(([a], [b]) => a.localeCompare(b)));
}

/** Runs a command with inherited output; answers its exit code. */
function run(command, args, env = process.env) {
  return spawnSync(command, args, { stdio: 'inherit', env, cwd: ROOT }).status ?? 1;
}

/** Starts one shard's Playwright, its output lines prefixed with the shard's number. */
function startShard(index, files, port) {
  const env = {
    ...process.env,
    LUMA_E2E_PORT: String(port),
    LUMA_E2E_FILES: files.join(','),
    LUMA_E2E_REPORT: join('.reports', `e2e-${index}.json`),
    LUMA_E2E_OUTPUT: join('test-results', `shard-${index}`),
  };
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test'], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) console.log(`[e2e ${index}] ${line}`);
    });
    stream.on('end', () => rest && console.log(`[e2e ${index}] ${rest}`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function main() {
  const args = process.argv.slice(2);
  const writeDurations = args.includes('--durations');
  const passThrough = args.filter((arg) => arg !== '--durations');
  if (run(process.execPath, [join(ROOT, 'scripts/ensure-chromium.mjs')]) !== 0) return 1;
  if (run(process.execPath, [join(ROOT, 'scripts/build.mjs')]) !== 0) return 1;
  if (passThrough.length > 0) return run(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...passThrough]);

  const files = readdirSync(join(ROOT, 'e2e')).filter((name) => name.endsWith('.spec.ts'));
  const weights = existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, 'utf8')) : {};
  const count = Number(process.env.LUMA_E2E_SHARDS) || Math.min(2, availableParallelism());
  const shards = dealFiles(files, weights, count);
  const base = process.env.LUMA_E2E_PORT ? Number(process.env.LUMA_E2E_PORT) : await freePortBlock(PORTS_PER_SHARD * shards.length);
  mkdirSync(join(ROOT, '.reports'), { recursive: true });
  shards.forEach((shardFiles, index) => console.log(`e2e shard ${index + 1}: ${shardFiles.length} specs on port ${base + PORTS_PER_SHARD * index}`));
  const codes = await Promise.all(shards.map((shardFiles, index) => startShard(index + 1, shardFiles, base + PORTS_PER_SHARD * index)));

  const reports = shards.map((_, index) => join(ROOT, '.reports', `e2e-${index + 1}.json`)).filter((path) => existsSync(path)).map((path) => JSON.parse(readFileSync(path, 'utf8')));
  const merged = mergeReports(reports);
  writeFileSync(REPORT, JSON.stringify(merged));
  if (writeDurations) writeFileSync(DURATIONS, `${JSON.stringify(fileSeconds(merged), null, 2)}\n`);
  const { expected, unexpected, skipped, flaky } = merged.stats;
  console.log(`e2e: ${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped over ${shards.length} shards (${Math.round(merged.stats.duration / 1000)} s)`);
  return codes.every((code) => code === 0) && reports.length === shards.length ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then((code) => process.exit(code), (error) => {
    console.error(error);
    process.exit(1);
  });
}
