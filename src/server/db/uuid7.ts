// Time-ordered uuids (RFC 9562 version 7) for new records: 48 bits of the clock's milliseconds, then
// random bits. A record's primary key is a b-tree on uuid; random (v4) uuids put every insert at a
// random place in an index of a million entries (a page read and often a split each), while v7 ones
// land at its right edge, which is what keeps an import near the speed of a plain COPY. They reveal
// the creation time to the millisecond, which the record's created_at shows anyway.
import { randomFillSync } from 'node:crypto';
import { now } from '../platform/clock';

const POOL_SIZE = 16 * 1024;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/** Where 10 fresh random bytes start in the pool (refilled when it runs out); no view object per uuid. */
function randomOffset10(): number {
  if (offset + 10 > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const at = offset;
  offset += 10;
  return at;
}

/** The 16 bytes of the uuid being made: one buffer for the process (an import makes one uuid per row; toString copies them out). */
const bytes = Buffer.allocUnsafeSlow(16);

/** A version 7 uuid for the clock's current millisecond (or `at`, in ms since the epoch). */
export function uuidv7(at: number = now()): string {
  const r = randomOffset10();
  const ms = Math.max(0, Math.floor(at));
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (pool[r]! & 0x0f);
  bytes[7] = pool[r + 1]!;
  bytes[8] = 0x80 | (pool[r + 2]! & 0x3f);
  pool.copy(bytes, 9, r + 3, r + 10);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
