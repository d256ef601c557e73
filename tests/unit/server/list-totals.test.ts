// The list totals' own rules (src/server/records/list-totals.ts): a total is kept per component and
// filter, a change names the component by uuid or by ref and drops only its totals, a count under
// way when its component changed is not kept, entries age out by the server clock, the bound holds,
// and the cache stands aside while off or while the bus is deaf.
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, setClock } from '../../../src/server/platform/clock';
import { LIST_TOTAL_MAX_ENTRIES, ListTotalCache } from '../../../src/server/records/list-totals';

const A = { uuid: '0195a2c4-0000-7000-8000-00000000000a', ref: 'shop/Books' };
const B = { uuid: '0195a2c4-0000-7000-8000-00000000000b', ref: 'notes' };

/** A count that answers `value` and counts its calls. */
function counter(value: number) {
  const counter = { calls: 0, count: async () => (counter.calls += 1, value) };
  return counter;
}

afterEach(() => setClock(null));

describe('ListTotalCache', () => {
  it('keeps a total per component and filter, and counts again for another filter or component', async () => {
    const cache = new ListTotalCache(60_000);
    const count = counter(7);
    expect(await cache.total(A, 'f1', count.count)).toBe(7);
    expect(await cache.total(A, 'f1', counter(99).count)).toBe(7);
    expect(await cache.total(A, 'f2', count.count)).toBe(7);
    expect(await cache.total(B, 'f1', count.count)).toBe(7);
    expect(count.calls).toBe(3);
    expect(cache.stats()).toEqual({ hits: 1, misses: 3, bypassed: 0, entries: 3 });
  });

  it("a change drops exactly its component's totals, named by uuid or by ref in any case", async () => {
    const cache = new ListTotalCache(60_000);
    await cache.total(A, 'f1', counter(1).count);
    await cache.total(A, 'f2', counter(2).count);
    await cache.total(B, 'f1', counter(3).count);
    cache.changed(A.uuid.toUpperCase());
    expect(cache.stats().entries).toBe(1);
    expect(await cache.total(A, 'f1', counter(10).count)).toBe(10);
    expect(await cache.total(B, 'f1', counter(30).count)).toBe(3);
    cache.changed('SHOP/books');
    expect(await cache.total(A, 'f1', counter(11).count)).toBe(11);
    cache.changed(null);
    expect(cache.stats().entries).toBe(0);
  });

  it('does not keep a count under way when its component changed, but keeps one whose neighbour changed', async () => {
    const cache = new ListTotalCache(60_000);
    let release: (value: number) => void = () => undefined;
    const slow = cache.total(A, 'f', () => new Promise<number>((resolve) => (release = resolve)));
    cache.changed(B.uuid);
    cache.changed(A.ref);
    release(5);
    expect(await slow).toBe(5);
    expect(cache.stats().entries).toBe(0);
    const other = cache.total(B, 'f', () => new Promise<number>((resolve) => (release = resolve)));
    cache.changed(A.uuid);
    release(6);
    expect(await other).toBe(6);
    expect(await cache.total(B, 'f', counter(60).count)).toBe(6);
    // Cleared while counting (the bus reconnected): not kept either.
    const cleared = cache.total(A, 'g', () => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(7);
    await cleared;
    expect(cache.stats().entries).toBe(0);
  });

  it('ages entries out by the server clock', async () => {
    const clock = new ManualClock(1_000_000);
    setClock(clock);
    const cache = new ListTotalCache(60_000);
    await cache.total(A, 'f', counter(1).count);
    clock.advance(60_000);
    expect(await cache.total(A, 'f', counter(2).count)).toBe(1);
    clock.advance(1);
    expect(await cache.total(A, 'f', counter(3).count)).toBe(3);
  });

  it(`holds at most ${LIST_TOTAL_MAX_ENTRIES} totals, forgetting the oldest`, async () => {
    const cache = new ListTotalCache(60_000);
    for (let i = 0; i <= LIST_TOTAL_MAX_ENTRIES; i++) await cache.total(A, `f${i}`, counter(i).count);
    expect(cache.stats().entries).toBe(LIST_TOTAL_MAX_ENTRIES);
    expect(await cache.total(A, 'f0', counter(-1).count)).toBe(-1);
    expect(await cache.total(A, `f${LIST_TOTAL_MAX_ENTRIES}`, counter(-2).count)).toBe(LIST_TOTAL_MAX_ENTRIES);
  });

  it('counts every time while off or while the bus is deaf, and keeps nothing', async () => {
    const off = new ListTotalCache(0);
    const count = counter(4);
    await off.total(A, 'f', count.count);
    await off.total(A, 'f', count.count);
    expect(count.calls).toBe(2);
    expect(off.stats()).toEqual({ hits: 0, misses: 0, bypassed: 2, entries: 0 });
    let listening = true;
    const deaf = new ListTotalCache(60_000, () => listening);
    await deaf.total(A, 'f', counter(1).count);
    listening = false;
    expect(await deaf.total(A, 'f', counter(2).count)).toBe(2);
    // Deaf while counting: the count is not kept.
    listening = true;
    let release: (value: number) => void = () => undefined;
    const under = deaf.total(B, 'f', () => new Promise<number>((resolve) => (release = resolve)));
    listening = false;
    release(9);
    await under;
    listening = true;
    expect(await deaf.total(B, 'f', counter(10).count)).toBe(10);
  });
});
