import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/server/db/uuid7';

describe('uuidv7 (time-ordered record ids)', () => {
  it('is a version 7, RFC 9562 variant uuid carrying the millisecond it was made', () => {
    const at = Date.UTC(2026, 10, 23, 20, 30, 0, 123);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time: a later millisecond is a greater uuid, whatever the random bits', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => uuidv7(1_700_000_000_000 + i));
    expect([...ids].sort()).toEqual(ids);
  });

  it('two uuids of the same millisecond differ', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => uuidv7(1_700_000_000_000)));
    expect(ids.size).toBe(10_000);
  });
});
