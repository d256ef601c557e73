#!/usr/bin/env node
// `npm start`: builds the browser app and the compiled server (scripts/build.mjs) when the build is
// missing or older than the sources, quietly (its output is shown only when it fails), then runs
// the compiled server, `node dist/server/main.js`, in this terminal; the server ends with the boxed
// URL and sign-in (src/server/main.ts). `--skip-build` starts the build there is without checking it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState, ROOT, runSteps, writeStamp } from './build.mjs';

/**
 * Runs the build's steps with their output kept; answers whether they passed and, when one did
 * not, its output to show.
 * @param {(command: string, args: string[]) => { status: number | null, output: string }} run
 */
export function quietBuild(run) {
  return runSteps(run);
}

function runCaptured(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
}

/** Builds when the build is missing or stale; exits on a failed build. */
function buildIfNeeded() {
  const state = buildState();
  if (state.fresh) {
    console.log('The build is up to date.');
    return;
  }
  process.stdout.write(`Building the app and the server (${state.reason})... `);
  const startedAt = Date.now();
  const built = quietBuild(runCaptured);
  if (!built.ok) {
    console.log('failed:\n');
    console.error(built.output);
    process.exit(1);
  }
  writeStamp(startedAt);
  console.log(`done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

/**
 * V8 flags of the server process (docs/server.md "Node flags"): a young generation of up to 64 MiB
 * per semi-space instead of 16, so an import's batches (thousands of rows alive while one batch is
 * written and the next checked) are not copied and promoted by every scavenge: about a fifth less
 * CPU per imported row, measured (docs/benchmarks.md "Import against the floor").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** Runs the compiled server in the foreground: Ctrl-C reaches it with the terminal's group, SIGTERM is passed on. */
function serve() {
  const main = join(ROOT, 'dist/server/main.js');
  if (!existsSync(main)) {
    console.error('There is no compiled server (dist/server/main.js): run npm run build, or npm start without --skip-build.');
    process.exit(1);
  }
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], { stdio: 'inherit' });
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv.includes('--skip-build')) buildIfNeeded();
  serve();
}
