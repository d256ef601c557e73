// What the records subscribe to in the hook registry (docs/platform.md "Hooks"):
// - a component's life, in its transaction: a new component gets its records' partition, and an
//   environment's version (deployed, or its settings saved or cloned) its unique indexes (409
//   uniqueIndexConflict refuses it); after the commit, its field indexes;
// - the diff from what is live to a version: the live records' fate is added to it (fate.ts);
// - every committed write of records or of a component's settings: this instance's cached list
//   answers and totals of it are dropped at once (the bus delivers to its own subscribers
//   synchronously), so the writer's next list sees its write; the other instances hear it, and the
//   database's own message (migration 0020), moments later.
import type { Bus } from '../platform/bus';
import type { HookRegistry } from '../platform/hooks';
import { syncFieldIndexes, syncUniqueIndexes } from './indexes';
import { listChanged } from './list';
import { ensureRecordPartition } from './partitions-sql';
import { versionFate } from './fate';

/** Subscribes the records' partition and indexes to the components' writes (instance.ts, once per process). */
export function registerRecordHooks(registry: HookRegistry): void {
  registry.onFilter('components.create', async ({ component }, _write, { db }) => {
    await ensureRecordPartition(db, component.uuid);
  });
  registry.onFilter('components.settings', async ({ component, version, settings }, _write, { db }) => {
    if (component.dev_version === version) await syncUniqueIndexes(db, component, 'dev', settings);
    if (component.public_version === version) await syncUniqueIndexes(db, component, 'live', settings);
  });
  registry.onFilter('components.deploy', async ({ component, env, settings }, _write, { db }) => {
    await syncUniqueIndexes(db, component, env, settings);
  });
  // The diff from what is live: the live records' fate (docs/components.md "The records' fate").
  registry.onFilter('components.diff', async (payload, _write, { db }) => ({
    ...payload,
    diff: { ...payload.diff, fate: await versionFate(db, payload.component, payload.newer, payload.diff) },
  }));
  // Once committed: built CONCURRENTLY on PostgreSQL, so writers go on meanwhile.
  for (const event of ['components.clone', 'components.settings', 'components.deploy'] as const) {
    registry.onAction(event, async ({ component }, { db }) => {
      await syncFieldIndexes(db, component.uuid);
    });
  }
}

/**
 * Drops the list answers and totals of what a committed write changed, on `bus` (an instance's; by
 * startPlatform, until its stop); answers the unsubscribe function. A failed message is logged: the
 * write stands. A filter job's batches are not told one by one: its slice drops them when it ends
 * (records/bulk.ts runBulkJob).
 */
export function followRecordWrites(registry: HookRegistry, bus: Bus, log: (error: unknown, message: string) => void): () => void {
  const drop = (projectUuid: string, component: string | null) =>
    listChanged(bus, projectUuid, component).catch((error: unknown) => log(error, 'list.invalidate was not sent'));
  const stops = [
    ...(['records.create', 'records.update', 'records.delete', 'records.import'] as const).map((event) =>
      registry.onAction(event, ({ write }) => drop(write.target.scope.projectUuid, write.target.row.uuid)),
    ),
    registry.onAction('records.bulk', async ({ write }) => {
      if (write.job === null) await listChanged(bus, write.scope.projectUuid, write.component.uuid);
    }),
    // A component's settings or versions changed: every list of the project (the cache key holds the settings hash anyway).
    ...(['components.settings', 'components.deploy', 'components.fork', 'components.version.remove', 'components.delete'] as const).map((event) =>
      registry.onAction(event, ({ component }) => drop(component.project_uuid, null)),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
