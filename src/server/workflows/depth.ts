// How many workflow runs led to the current write: a component node's write runs inside
// withDepth(level), so the workflows it starts (Before:: at once, after-commit runs through their
// run row) know their level and a chain stops at MAX_DEPTH.
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<number>();

export function currentDepth(): number {
  return storage.getStore() ?? 0;
}

export function withDepth<T>(depth: number, work: () => Promise<T>): Promise<T> {
  return storage.run(depth, work);
}
