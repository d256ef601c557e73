// The chain a write belongs to: a component node's write runs inside withChain({depth + 1, chain}),
// so the workflows it starts (Before:: at once, after-commit runs through their run row, which
// carries both) know their level (a chain stops at MAX_DEPTH) and which budget they spend
// (budget.ts). Outside any run (a member's write, an import row, a Recycle record) there is none:
// the write starts a new chain.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ChainContext {
  /** How many workflow runs led to the current write. */
  depth: number;
  /** The chain's id (workflow_chains.uuid): every run and write a first write led to shares it. */
  chain: string;
  /** The workflow run whose nodes are writing (its component node's writes name it in record history). */
  run?: string;
}

const storage = new AsyncLocalStorage<ChainContext>();

export function currentChain(): ChainContext | undefined {
  return storage.getStore();
}

export function currentDepth(): number {
  return storage.getStore()?.depth ?? 0;
}

export function withChain<T>(context: ChainContext, work: () => Promise<T>): Promise<T> {
  return storage.run(context, work);
}
