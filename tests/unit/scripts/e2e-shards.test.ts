// scripts/e2e.mjs: the specs are dealt to shards by their measured seconds, and the shards' reports
// become one report that .ci/run reads (its totals must count every shard's tests).
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without type declarations
import { dealFiles, fileSeconds, mergeReports } from '../../../scripts/e2e.mjs';

describe('e2e shards', () => {
  it('deals the heaviest specs first onto the lightest shard, every spec exactly once', () => {
    const weights = { 'a.spec.ts': 100, 'b.spec.ts': 60, 'c.spec.ts': 50, 'd.spec.ts': 10 };
    const shards: string[][] = dealFiles(Object.keys(weights), weights, 2);
    expect(shards).toEqual([['a.spec.ts', 'd.spec.ts'], ['b.spec.ts', 'c.spec.ts']]);
    expect(shards.flat().sort()).toEqual(Object.keys(weights));
  });

  it('weighs a spec not measured yet as the median, and never makes an empty shard', () => {
    const shards: string[][] = dealFiles(['new.spec.ts', 'x.spec.ts', 'y.spec.ts', 'z.spec.ts'], { 'x.spec.ts': 1, 'y.spec.ts': 5, 'z.spec.ts': 9 }, 2);
    // z (9) alone; then new (median 5), y (5), x (1) onto the lighter shard each time.
    expect(shards).toEqual([['x.spec.ts', 'z.spec.ts'], ['new.spec.ts', 'y.spec.ts']]);
    expect(dealFiles(['only.spec.ts'], {}, 2)).toEqual([['only.spec.ts']]);
  });

  it('merges the shards: counts summed, the duration the longest shard, suites and errors kept', () => {
    const one = { stats: { startTime: 't', duration: 5000, expected: 3, unexpected: 1, skipped: 0, flaky: 0 }, suites: [{ file: 'a.spec.ts' }], errors: [] };
    const two = { stats: { duration: 7000, expected: 4, unexpected: 0, skipped: 2, flaky: 1 }, suites: [{ file: 'b.spec.ts' }], errors: [{ message: 'boom' }] };
    const merged = mergeReports([one, two]);
    expect(merged.stats).toEqual({ startTime: 't', duration: 7000, expected: 7, unexpected: 1, skipped: 2, flaky: 1 });
    expect(merged.suites.map((suite: { file: string }) => suite.file)).toEqual(['a.spec.ts', 'b.spec.ts']);
    expect(merged.errors).toEqual([{ message: 'boom' }]);
  });

  it('reads each spec file’s seconds out of a report, nested describes included', () => {
    const report = {
      suites: [
        { file: 'a.spec.ts', specs: [{ tests: [{ results: [{ duration: 1500 }] }] }], suites: [{ specs: [{ tests: [{ results: [{ duration: 2600 }] }] }] }] },
        { file: 'b.spec.ts', specs: [{ tests: [{ results: [{ duration: 400 }, { duration: 700 }] }] }] },
      ],
    };
    expect(fileSeconds(report)).toEqual({ 'a.spec.ts': 4, 'b.spec.ts': 1 });
  });
});
