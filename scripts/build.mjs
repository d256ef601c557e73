#!/usr/bin/env node
// `npm run build`: the browser app (vite build into dist/app), then the compiled server
// (scripts/build-server.mjs into dist/server), the testing kit (scripts/build-testing.mjs into
// dist/testing, `luma/testing`), then dist/build.json, the stamp `npm start` reads to
// build only when the build is missing or older than the sources (scripts/start.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = 'dist/build.json';

/** What a build is made from: a file here newer than the stamp makes the build stale. */
export const BUILD_INPUTS = ['src', 'renderers', 'runtime', 'schemas', 'machines', 'plugins', 'vite.config.ts', 'package.json', 'package-lock.json', 'release-notes.json', 'scripts/build-server.mjs', 'scripts/build-testing.mjs'];
/** What a build leaves: one of them missing makes it stale too. */
export const BUILD_OUTPUTS = ['dist/app/index.html', 'dist/app/public-app.html', 'dist/server/main.js', 'dist/server/sandbox.worker.js', 'dist/testing/index.js'];

/** The build's three steps, each a command line (node runs them; no npx, no shell). */
export function buildSteps() {
  return [
    [process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build']],
    [process.execPath, [join(ROOT, 'scripts/build-server.mjs')]],
    [process.execPath, [join(ROOT, 'scripts/build-testing.mjs')]],
  ];
}

/** LUMA_PLUGINS as the app build reads it (vite.config.ts): a change needs another build. */
export function pluginsSetting(env = process.env) {
  return [...new Set((env.LUMA_PLUGINS ?? '').split(',').map((name) => name.trim()).filter((name) => name !== ''))].join(',');
}

/** Written by the build itself (scripts/build-server.mjs), so never newer than the build. */
const GENERATED = join('src', 'server', 'platform', 'plugin-types.ts');

/** The newest modification time (ms) of the files under `paths` (tests, generated files and node_modules aside). */
export function newestInputTime(root = ROOT, paths = BUILD_INPUTS) {
  let newest = 0;
  const visit = (path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (!stats.isDirectory()) {
      if (!/\.test\.tsx?$/.test(path) && !path.endsWith(GENERATED)) newest = Math.max(newest, stats.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (entry !== 'node_modules' && !entry.startsWith('.')) visit(join(path, entry));
    }
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

/**
 * Whether dist/ holds a build of the current sources: answers `{ fresh: true }` or
 * `{ fresh: false, reason }` (no build, a missing output, newer sources, another LUMA_PLUGINS).
 */
export function buildState(root = ROOT, env = process.env) {
  const stampFile = join(root, STAMP);
  if (!existsSync(stampFile)) return { fresh: false, reason: 'no build yet' };
  const missing = BUILD_OUTPUTS.find((path) => !existsSync(join(root, path)));
  if (missing) return { fresh: false, reason: `${missing} is missing` };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return { fresh: false, reason: `${STAMP} is unreadable` };
  }
  if (typeof stamp?.startedAt !== 'number') return { fresh: false, reason: `${STAMP} is unreadable` };
  if ((stamp.plugins ?? '') !== pluginsSetting(env)) return { fresh: false, reason: 'LUMA_PLUGINS changed' };
  if (newestInputTime(root) > stamp.startedAt) return { fresh: false, reason: 'the sources changed' };
  return { fresh: true };
}

/** Records a build that started at `startedAt` (ms; taken before the first step reads a source). */
export function writeStamp(startedAt, root = ROOT, env = process.env) {
  writeFileSync(join(root, STAMP), `${JSON.stringify({ startedAt, plugins: pluginsSetting(env) }, null, 2)}\n`);
}

/**
 * Runs the steps in order until one fails: `run` answers each one's exit status and output.
 * @param {(command: string, args: string[]) => { status: number | null, output: string }} run
 * @returns {{ ok: boolean, output: string }} the failing step's output
 */
export function runSteps(run, steps = buildSteps()) {
  for (const [command, args] of steps) {
    const { status, output } = run(command, args);
    if (status !== 0) return { ok: false, output };
  }
  return { ok: true, output: '' };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const startedAt = Date.now();
  const built = runSteps((command, args) => ({ status: spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status, output: '' }));
  if (!built.ok) process.exit(1);
  writeStamp(startedAt);
}
