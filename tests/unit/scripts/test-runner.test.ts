// scripts/test.mjs (`npm test`) and scripts/free-ports.mjs (the e2e ports): a failing vitest no longer
// hides e2e, the summary names every step and fails at the end; the e2e ports are a free block.
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without type declarations
import { runSteps, STEPS, summary } from '../../../scripts/test.mjs';
// @ts-expect-error a plain .mjs script without type declarations
import { freePortBlock } from '../../../scripts/free-ports.mjs';

type Step = { name: string };

describe('npm test', () => {
  it('runs e2e after a vitest failure, reports both and fails at the end', () => {
    const ran: string[] = [];
    const outcomes = runSteps(STEPS, (step: Step) => (ran.push(step.name), step.name === 'vitest' ? 1 : 0), () => 0);
    expect(ran).toEqual(['chromium', 'typecheck', 'vitest', 'e2e']);
    const { lines, exitCode } = summary(outcomes);
    expect(exitCode).toBe(1);
    expect(lines.join('\n')).toMatch(/vitest\s+FAILED \(exit 1/);
    expect(lines.join('\n')).toMatch(/e2e\s+passed/);
    expect(lines.at(-1)).toBe('Not passed: vitest.');
  });

  it('skips e2e only when Chromium is missing; all passing exits 0', () => {
    const outcomes = runSteps(STEPS, (step: Step) => (step.name === 'chromium' ? 1 : 0), () => 0);
    expect(outcomes.map((o: { status: string }) => o.status)).toEqual(['failed', 'passed', 'passed', 'skipped']);
    expect(summary(outcomes).lines.at(-1)).toBe('Not passed: chromium, e2e.');
    expect(summary(runSteps(STEPS, () => 0, () => 0)).exitCode).toBe(0);
  });
});

describe('e2e ports', () => {
  it('answers the first of a block of free ports, skipping a block with a taken port', async () => {
    const taken = new Set([40_001]);
    const offers = [40_000, 50_000];
    const listen = async (port: number) => (port === 0 ? offers.shift()! : taken.has(port) ? null : port);
    expect(await freePortBlock(3, listen)).toBe(50_000);
    // On this machine: three ports that can be listened on.
    const base = await freePortBlock(3);
    expect(base).toBeGreaterThan(0);
    expect(base + 2).toBeLessThanOrEqual(65_535);
  });
});
