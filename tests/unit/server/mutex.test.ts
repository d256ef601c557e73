import { describe, expect, it } from 'vitest';
import { Mutex } from '../../../src/server/db/dialect-pglite';

describe('Mutex (PGlite connection lock)', () => {
  it('admits one holder at a time, in arrival order', async () => {
    const mutex = new Mutex();
    const events: string[] = [];
    let inside = 0;
    const worker = async (name: string, ms: number) => {
      const release = await mutex.lock();
      inside++;
      expect(inside).toBe(1);
      events.push(`${name}:in`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name}:out`);
      inside--;
      release();
    };
    await Promise.all([worker('a', 20), worker('b', 1), worker('c', 5)]);
    expect(events).toEqual(['a:in', 'a:out', 'b:in', 'b:out', 'c:in', 'c:out']);
  });
});
