// The 200-field form benchmark (npm run bench runs it after the first-load figures).
// In Chromium: the first render, and the time from a keystroke to the next paint, for the same
// compiled schema rendered by Luma's form (renderers/) and by bare @rjsf/core in the same run.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { TYPED_FIELD } from './settings';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../../dist/bench-form', import.meta.url));
const KEYSTROKES = 40;

export interface FormFigures {
  impl: string;
  firstRenderMs: number;
  /** The input event's synchronous work: React's handling, render and commit. */
  keystrokeMedianMs: number;
  keystrokeP95Ms: number;
  /** input event to the next paint (includes waiting for the frame, up to ~16.7 ms at 60 Hz). */
  toPaintMedianMs: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function measure(page: Page, base: string, impl: 'luma' | 'rjsf'): Promise<FormFigures> {
  await page.goto(`${base}/?impl=${impl}`);
  await page.waitForFunction(() => (window as unknown as { __bench?: { firstRenderMs?: number } }).__bench?.firstRenderMs !== undefined, null, { timeout: 60_000 });
  const firstRenderMs = await page.evaluate(() => (window as unknown as { __bench: { firstRenderMs: number } }).__bench.firstRenderMs);
  // Luma names inputs by field key; RJSF by its id path.
  const input = page.locator(impl === 'luma' ? `input[name="${TYPED_FIELD}"]` : `#root_${TYPED_FIELD}`);
  await input.click();
  // Each keystroke: the input event's work, and the time from it to the next paint. Timing from
  // keydown would add the automation's own round-trip between its keydown and char events.
  await page.evaluate(() => {
    const w = window as unknown as { __latencies: number[]; __toPaint: number[] };
    w.__latencies = [];
    w.__toPaint = [];
    let start = 0;
    // Capture at the document runs before React's root listener; bubble at the document after it,
    // once React has rendered and committed the change (discrete input is flushed synchronously).
    document.addEventListener(
      'input',
      () => {
        start = performance.now();
        const from = start;
        requestAnimationFrame(() => setTimeout(() => w.__toPaint.push(performance.now() - from), 0));
      },
      true,
    );
    document.addEventListener('input', () => w.__latencies.push(performance.now() - start), false);
  });
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(i % 2 ? 'b' : 'a');
    await page.waitForFunction((n) => (window as unknown as { __toPaint: number[] }).__toPaint.length >= n, i + 1);
  }
  const { latencies, toPaint } = await page.evaluate(() => {
    const w = window as unknown as { __latencies: number[]; __toPaint: number[] };
    return { latencies: w.__latencies, toPaint: w.__toPaint };
  });
  const typed = await input.inputValue();
  if (!typed.endsWith('ab')) throw new Error(`${impl}: the keystrokes did not reach the input (value '${typed}')`);
  return { impl, firstRenderMs, keystrokeMedianMs: percentile(latencies, 50), keystrokeP95Ms: percentile(latencies, 95), toPaintMedianMs: percentile(toPaint, 50) };
}

export async function runFormBench(): Promise<FormFigures[]> {
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
  const server = await preview({ root, configFile: false, logLevel: 'warn', build: { outDir }, preview: { port: 8192, host: '127.0.0.1', strictPort: true } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const base = 'http://127.0.0.1:8192';
    // Warm both once (JIT, caches), then measure.
    await measure(page, base, 'luma');
    await measure(page, base, 'rjsf');
    return [await measure(page, base, 'luma'), await measure(page, base, 'rjsf')];
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}

export function printFormFigures([luma, rjsf]: FormFigures[]): void {
  if (!luma || !rjsf) return;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log('\nGenerated form of 200 fields, in Chromium (baseline: bare @rjsf/core, same schema, same run)');
  for (const f of [luma, rjsf]) {
    console.log(`${f.impl === 'luma' ? 'Luma renderers' : 'bare @rjsf/core'}: first render ${ms(f.firstRenderMs)}; keystroke work median ${ms(f.keystrokeMedianMs)}, p95 ${ms(f.keystrokeP95Ms)}; keystroke to next paint median ${ms(f.toPaintMedianMs)}`);
  }
  console.log(
    `keystroke work: ${(rjsf.keystrokeMedianMs / luma.keystrokeMedianMs).toFixed(1)}x faster than bare RJSF (target 5x); ` +
      `p95 ${luma.keystrokeP95Ms < 16 ? 'within' : 'OVER'} one frame (16 ms); first render ${(rjsf.firstRenderMs / luma.firstRenderMs).toFixed(1)}x faster. ` +
      `(Time to the next paint includes waiting for the frame, so it is about one frame for both.)`,
  );
}
