// Streams for the storage tests: deterministic bytes made chunk by chunk (never a whole file in
// memory), their digest, and bodies that fail or stall on cue.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

/** The byte at position i of the pattern stream with this seed. */
function patternChunk(seed: number, offset: number, length: number): Buffer {
  const chunk = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) {
    const n = offset + i;
    chunk[i] = (n * 31 + seed * 7 + (n >>> 8) * 13) & 0xff;
  }
  return chunk;
}

/** size bytes of a seeded pattern, produced in chunks of chunkSize as they are read. */
export function patternStream(size: number, seed = 1, chunkSize = 64 * 1024): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= size) {
        this.push(null);
        return;
      }
      const length = Math.min(chunkSize, size - offset);
      this.push(patternChunk(seed, offset, length));
      offset += length;
    },
  });
}

/** The sha256 of the pattern's bytes [start, end]. */
export function patternDigest(size: number, seed = 1, start = 0, end = size - 1): string {
  const hash = createHash('sha256');
  for (let offset = start; offset <= end; offset += 64 * 1024) hash.update(patternChunk(seed, offset, Math.min(64 * 1024, end + 1 - offset)));
  return hash.digest('hex');
}

export async function digestOf(stream: Readable): Promise<{ digest: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { digest: hash.digest('hex'), size };
}

export async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A body that yields `before` bytes, tells the test (reached), then waits until released, then fails
 * with `error` (or ends when error is null). Lets a test abort or fail an upload midway.
 */
export function stallingStream(before: number, seed = 2): { body: Readable; reached: Promise<void>; release: (error: Error | null) => void } {
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  let release!: (error: Error | null) => void;
  const released = new Promise<Error | null>((resolve) => (release = resolve));
  async function* produce(): AsyncGenerator<Buffer> {
    for (let offset = 0; offset < before; offset += 64 * 1024) yield patternChunk(seed, offset, Math.min(64 * 1024, before - offset));
    reach();
    const error = await released;
    if (error !== null) throw error;
  }
  return { body: Readable.from(produce()), reached, release };
}
