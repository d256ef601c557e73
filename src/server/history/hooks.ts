// What record history subscribes to (docs/history.md, docs/platform.md "Hooks"): each `.written`
// filter of the records, inside the write's transaction, so a revision commits with its write or not
// at all. A single write's revision is built here; a bulk action's and an import's in SQL (sql.ts).
import type { Kysely } from 'kysely';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import type { Database } from '../db/schema';
import { nowDate } from '../platform/clock';
import type { HookRegistry } from '../platform/hooks';
import { resolveComponent } from '../components/model';
import type { RecordBulk } from '../records/hook-events';
import type { RecordTarget } from '../records/records';
import { compileFor, envSettings } from '../records/view';
import { insertRevision, insertRevisionsOf } from './sql';
import { actorOf, hashedKeys, masked, previousValues, type Actor } from './snapshot';

type Db = Kysely<Database>;

/** The hashed fields of a component as a target's caller writes it (the view holds every field). */
function targetHashed(target: RecordTarget): string[] {
  return hashedKeys(compileFor(target.row, target.settings, { ...target.viewer, page: 'model_edit' }));
}

/** A bulk action's hashed fields: its view's, or (a job's batch, which has none) the component's as its environment runs it. */
async function bulkHashed(db: Db, bulk: RecordBulk): Promise<string[]> {
  if (bulk.view) return hashedKeys(bulk.view);
  const row = await resolveComponent(db, bulk.scope.projectUuid, bulk.component.uuid);
  const settings = await envSettings(db, row, bulk.scope.env);
  return hashedKeys(compileFor(row, settings, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_edit' }));
}

/** A bulk action's writer: its caller, or (a job's batch) the user who started it. */
async function bulkActor(db: Db, bulk: RecordBulk): Promise<Actor> {
  if (bulk.accountability) return actorOf(bulk.accountability);
  const user = await db.selectFrom('users').select('kind').where('uuid', '=', bulk.userUuid).executeTakeFirst();
  return { kind: user?.kind === 'api' ? 'api' : 'user', user: bulk.userUuid, run: null };
}

const viewHashes = new WeakMap<ViewSchema, string[]>();
function hashesOf(view: ViewSchema): string[] {
  const kept = viewHashes.get(view);
  if (kept) return kept;
  const keys = hashedKeys(view);
  viewHashes.set(view, keys);
  return keys;
}

/** The removal of each registry's history hooks: the bench measures writes without revisions beside them (tests/bench/history.ts). */
const registered = new Map<HookRegistry, () => void>();

/** Removes the revisions' hooks from `registry` (the bench only: a server always keeps history); registerHistoryHooks adds them again. */
export function unregisterHistoryHooks(registry: HookRegistry): void {
  registered.get(registry)?.();
  registered.delete(registry);
}

/** Subscribes the revisions to the records' writes (instance.ts, once per process, after the workflows). */
export function registerHistoryHooks(registry: HookRegistry): void {
  if (registered.has(registry)) return;
  const stops = [
    registry.onFilter('records.create.written', async ({ row, view }, write, { db }) => {
      const data = masked(row.data, hashesOf(view));
      await insertRevision(db, { scope: write.target.scope, record: row.uuid, version: row.version, action: 'create', detail: null, actor: actorOf(write.accountability), data, previous: null, at: nowDate() });
    }),
    registry.onFilter('records.update.written', async ({ row, view, previous }, write, { db }) => {
      const hashed = hashesOf(view);
      const data = masked(row.data, hashed);
      const restore = write.origin?.kind === 'restore' ? write.origin.revision : null;
      await insertRevision(db, {
        scope: write.target.scope,
        record: row.uuid,
        version: row.version,
        action: restore === null ? 'update' : 'restore',
        detail: restore,
        actor: actorOf(write.accountability),
        data,
        previous: previousValues(masked(previous.data, hashed), data),
        at: nowDate(),
      });
    }),
    registry.onFilter('records.delete.written', async ({ uuid }, write, { db }) => {
      const { target } = write;
      await insertRevisionsOf(db, target.scope, { uuids: [uuid] }, { action: 'delete', detail: null, actor: actorOf(write.accountability), hashed: targetHashed(target), at: nowDate() });
    }),
    registry.onFilter('records.bulk.written', async ({ changed }, bulk, { db }) => {
      if (changed.length === 0) return;
      const revision = { action: 'bulk' as const, detail: bulk.action, actor: await bulkActor(db, bulk), hashed: await bulkHashed(db, bulk), at: nowDate() };
      await insertRevisionsOf(db, bulk.scope, { uuids: changed }, revision);
    }),
    registry.onFilter('records.import.written', async ({ created, createdAt, updatedUuids, views }, write, { db }) => {
      const { scope } = write.target;
      const actor: Actor = { kind: 'import', user: write.accountability.user.uuid, run: null };
      const at = nowDate();
      if (created > 0) {
        await insertRevisionsOf(db, scope, { createdAt, createdBy: actor.user! }, { action: 'import', detail: 'create', actor, hashed: hashesOf(views.create), at });
      }
      await insertRevisionsOf(db, scope, { uuids: updatedUuids }, { action: 'import', detail: 'update', actor, hashed: hashesOf(views.edit), at });
    }),
  ];
  registered.set(registry, () => {
    for (const stop of stops) stop();
  });
}
