import { describe, expect, it } from 'vitest';
import { Mutex } from '../../../src/server/db/dialect-pglite';

/** A promise the test settles when it chooses (holders wait on it instead of on a timer). */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Lets every pending promise callback run (event-loop turns, not wall time). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Mutex (PGlite connection lock)', () => {
  it('admits one holder at a time, in arrival order', async () => {
    const mutex = new Mutex();
    const events: string[] = [];
    let inside = 0;
    const gates = { a: gate(), b: gate(), c: gate() };
    const holder = async (name: keyof typeof gates) => {
      const release = await mutex.lock();
      inside++;
      expect(inside).toBe(1);
      events.push(`${name}:in`);
      await gates[name].promise;
      events.push(`${name}:out`);
      inside--;
      release();
    };
    const all = Promise.all([holder('a'), holder('b'), holder('c')]);
    await settle();
    expect(events).toEqual(['a:in']);
    // The later arrivals may go on, but wait while a holds the lock.
    gates.c.open();
    gates.b.open();
    await settle();
    expect(events).toEqual(['a:in']);
    gates.a.open();
    await all;
    expect(events).toEqual(['a:in', 'a:out', 'b:in', 'b:out', 'c:in', 'c:out']);
  });
});
