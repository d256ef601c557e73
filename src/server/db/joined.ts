// One transaction around many capability calls (docs/snapshots.md "Apply"): the calls open their own
// transaction (`db.transaction().execute(...)`), which Kysely refuses on a transaction. `joined(db,
// work)` opens the outer one and gives `work` a handle on it whose `transaction()` runs the inner work
// on the same transaction (no savepoint: an inner refusal aborts the whole), and whose action hooks
// (platform/hooks.ts: "after the commit") wait until the outer transaction has committed, then run
// with the database itself. A refusal anywhere rolls everything back and no action runs.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database>;

interface Joined {
  root: Db;
  after: (() => Promise<void>)[];
}

const JOINED = Symbol('luma.joined');

/** The actions waiting for the outer commit when `db` is a joined handle, else undefined. */
export function joinedOf(db: Db): Joined | undefined {
  return (db as unknown as { [JOINED]?: Joined })[JOINED];
}

function handleOf(tx: Transaction<Database>, state: Joined): Db {
  const handle: Db = new Proxy(tx, {
    get(target, property) {
      if (property === JOINED) return state;
      if (property === 'transaction') {
        const builder = { execute: <T>(inner: (trx: Db) => Promise<T>) => inner(handle), setIsolationLevel: () => builder, setAccessMode: () => builder };
        return () => builder;
      }
      // Kysely's classes keep private fields: their methods run on the transaction itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as Db;
  return handle;
}

/** Runs `work` in one transaction that the capability calls inside it join; their actions run after its commit. */
export async function joined<T>(db: Db, work: (handle: Db) => Promise<T>): Promise<T> {
  const existing = joinedOf(db);
  if (existing) return work(db);
  const state: Joined = { root: db, after: [] };
  const result = await db.transaction().execute((tx) => work(handleOf(tx, state)));
  for (const action of state.after) await action();
  return result;
}
