// What the event log subscribes to in the hook registry (docs/event-bus.md "Outbox", docs/platform.md
// "Hooks"): every write of records and every deploy writes its event in the write's own transaction,
// once its rows are written, so the event exists exactly when the write committed. Scout's event log
// lists these rows (the kinds it keeps are read as they are written: scout/event-settings.ts).
import type { HookRegistry } from '../platform/hooks';
import type { RecordBulk, RecordWrite } from '../records/hook-events';
import { componentArea, eventTopic, publishEvents, recordEvent, recordPayload, summaryEvent, type NewEvent, type RecordEventScope } from './outbox';

/** Where a record event of this write belongs. */
function scopeOf(write: RecordWrite): RecordEventScope {
  return { projectUuid: write.target.scope.projectUuid, env: write.target.scope.env, component: write.target.row };
}

/**
 * A bulk action's events: one summary for a selection; for a job's batch, the batch's summary and the
 * job's progress. The topics name the component's ref (a job's: as when it started).
 */
function bulkEvents(bulk: RecordBulk, items: string[], affected: number, progress: { total: number | null; processed: number; affected: number } | null): NewEvent[] {
  const { projectUuid, env } = bulk.scope;
  const scope: RecordEventScope = { projectUuid, env, component: { uuid: bulk.component.uuid, scope: null, name: '' } };
  const topic = (action: string) => eventTopic(bulk.component.ref, action, env);
  const client = bulk.client ?? bulk.accountability?.client;
  if (!progress) return [{ ...summaryEvent(scope, bulk.action, bulk.userUuid, { action: bulk.action, affected }, items, client), topic: topic(bulk.action) }];
  return [
    { ...summaryEvent(scope, bulk.action, bulk.userUuid, { action: bulk.action, affected, job: bulk.job }, items, client), topic: topic(bulk.action) },
    { ...summaryEvent(scope, 'job', bulk.userUuid, { job: bulk.job, action: bulk.action, status: 'running', ...progress }, undefined, client), topic: topic('job') },
  ];
}

/** Subscribes the event outbox to the records' and the components' writes (instance.ts, once per process). */
export function registerEventHooks(registry: HookRegistry): void {
  registry.onFilter('records.create.written', async ({ row, view }, write, { db }) => {
    await publishEvents(db, [recordEvent(scopeOf(write), 'create', write.accountability.user.uuid, recordPayload(row, view), write.accountability.client)]);
  });
  registry.onFilter('records.update.written', async ({ row, view }, write, { db }) => {
    await publishEvents(db, [recordEvent(scopeOf(write), 'update', write.accountability.user.uuid, recordPayload(row, view), write.accountability.client)]);
  });
  registry.onFilter('records.delete.written', async ({ uuid }, write, { db }) => {
    await publishEvents(db, [recordEvent(scopeOf(write), 'delete', write.accountability.user.uuid, { uuid }, write.accountability.client)]);
  });
  // One summary event for an import or a bulk action, never one per record.
  registry.onFilter('records.import.written', async ({ created, updated, total }, write, { db }) => {
    await publishEvents(db, [summaryEvent(scopeOf(write), 'import', write.accountability.user.uuid, { created, updated, total }, undefined, write.accountability.client)]);
  });
  registry.onFilter('records.bulk.written', async ({ items, affected, progress }, bulk, { db }) => {
    await publishEvents(db, bulkEvents(bulk, items, affected, progress));
  });
  registry.onFilter('components.deploy', async ({ component, env, version }, { accountability }, { db }) => {
    const topic = eventTopic(componentArea(component), 'deploy', env);
    await publishEvents(db, [{ projectUuid: component.project_uuid, env, topic, componentUuid: component.uuid, actor: accountability.user.uuid, payload: { version, env, previous: (env === 'live' ? component.public_version : component.dev_version) ?? null } }]);
  });
}
