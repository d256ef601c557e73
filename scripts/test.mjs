#!/usr/bin/env node
// `npm test`: the Chromium check, tsc, vitest and Playwright e2e, each run even when one before it
// failed (a vitest failure no longer hides the state of the browser suite), then one summary of all
// of them; the exit code is 1 when any failed. e2e is skipped (and counts as failed) only when
// Chromium is missing, since it cannot run without it. `--dry-run` prints the steps and runs none.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** @typedef {{ name: string, command: string, args: string[], needs?: string }} Step */
/** @typedef {{ name: string, status: 'passed' | 'failed' | 'skipped', code: number | null, seconds: number, note?: string }} Outcome */

/** @type {Step[]} */
export const STEPS = [
  { name: 'chromium', command: 'node', args: ['scripts/ensure-chromium.mjs'] },
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'vitest', command: 'npm', args: ['run', 'test:vitest'] },
  { name: 'e2e', command: 'npm', args: ['run', 'test:e2e'], needs: 'chromium' },
];

/**
 * Runs every step (a step whose `needs` failed is skipped) and answers each outcome.
 * @param {Step[]} steps
 * @param {(step: Step) => number | null} run the step's exit code
 * @param {() => number} [clock] milliseconds
 * @returns {Outcome[]}
 */
export function runSteps(steps, run, clock = Date.now) {
  /** @type {Outcome[]} */
  const outcomes = [];
  for (const step of steps) {
    const needed = step.needs ? outcomes.find((outcome) => outcome.name === step.needs) : undefined;
    if (needed && needed.status !== 'passed') {
      outcomes.push({ name: step.name, status: 'skipped', code: null, seconds: 0, note: `${step.needs} failed` });
      continue;
    }
    const started = clock();
    const code = run(step);
    outcomes.push({ name: step.name, status: code === 0 ? 'passed' : 'failed', code, seconds: Math.round((clock() - started) / 100) / 10 });
  }
  return outcomes;
}

/**
 * The closing summary, one line a step, and the exit code: 0 only when every step passed.
 * @param {Outcome[]} outcomes
 * @returns {{ lines: string[], exitCode: number }}
 */
export function summary(outcomes) {
  const lines = ['', 'npm test summary:'];
  for (const outcome of outcomes) {
    const detail = outcome.status === 'skipped' ? `skipped (${outcome.note})` : outcome.status === 'failed' ? `FAILED (exit ${outcome.code ?? 'signal'}, ${outcome.seconds} s)` : `passed (${outcome.seconds} s)`;
    lines.push(`  ${outcome.name.padEnd(10)} ${detail}`);
  }
  const failed = outcomes.filter((outcome) => outcome.status !== 'passed').map((outcome) => outcome.name);
  lines.push(failed.length === 0 ? 'All passed.' : `Not passed: ${failed.join(', ')}.`);
  return { lines, exitCode: failed.length === 0 ? 0 : 1 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dry = process.argv.includes('--dry-run');
  const run = (/** @type {Step} */ step) => {
    console.log(`\n> ${step.name}: ${step.command} ${step.args.join(' ')}`);
    if (dry) return 0;
    return spawnSync(step.command, step.args, { stdio: 'inherit', shell: process.platform === 'win32' }).status;
  };
  const { lines, exitCode } = summary(runSteps(STEPS, run));
  for (const line of lines) console.log(line);
  process.exit(exitCode);
}
