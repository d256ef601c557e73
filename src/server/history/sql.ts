// The revision rows (migration 0036_record_revisions; docs/history.md). A single write's revision is
// one insert; an import's and a bulk action's are one INSERT ... SELECT over the records they wrote,
// so the rows never pass through Node (their cost stays within the write's: tests/bench/history.ts).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, RecordEnv } from '../db/schema';
import type { RevisionAction, RevisionRow } from '../db/schema-history';
import { toJson } from '../db/json';
import type { RecordScope } from '../records/sql';
import type { Actor } from './snapshot';

type Db = Kysely<Database>;

/** One write's revision. */
export interface NewRevision {
  scope: RecordScope;
  record: string;
  version: number;
  action: RevisionAction;
  detail: string | null;
  actor: Actor;
  data: Record<string, unknown>;
  previous: Record<string, unknown> | null;
  at: Date;
}

export async function insertRevision(db: Db, revision: NewRevision): Promise<void> {
  const { scope, actor } = revision;
  await db
    .insertInto('record_revisions')
    .values({
      record_uuid: revision.record,
      project_uuid: scope.projectUuid,
      component_uuid: scope.componentUuid,
      env: scope.env,
      version: revision.version,
      action: revision.action,
      detail: revision.detail,
      actor_kind: actor.kind,
      actor_uuid: actor.user,
      actor_run: actor.run,
      data: toJson(revision.data),
      previous: revision.previous === null ? null : toJson(revision.previous),
      created_at: revision.at,
    })
    .execute();
}

/** The records' data with each hashed field's hash replaced by its md5, in SQL (snapshot.ts hashMark in Node). */
function maskedData(hashed: readonly string[]): RawBuilder<unknown> {
  if (hashed.length === 0) return sql`r.data`;
  const pairs = sql.join(hashed.map((key) => sql`${key}::text, md5(r.data ->> ${key}::text)`));
  return sql`r.data || jsonb_build_object(${pairs})`;
}

/** Which records a set-based revision is about: these uuids, or those an import created at `createdAt`. */
export type RevisionSelection = { uuids: string[] } | { createdAt: Date; createdBy: string };

/** The revisions of many records at once (a bulk action's, an import's): one INSERT ... SELECT. */
export async function insertRevisionsOf(
  db: Db,
  scope: RecordScope,
  selection: RevisionSelection,
  revision: { action: RevisionAction; detail: string | null; actor: Actor; hashed: readonly string[]; at: Date },
): Promise<void> {
  if ('uuids' in selection && selection.uuids.length === 0) return;
  const which =
    'uuids' in selection
      ? sql`r.uuid = any(${selection.uuids}::uuid[])`
      : sql`r.created_at = ${selection.createdAt}::timestamptz and r.created_by = ${selection.createdBy}::uuid and r.version = 1 and r.deleted_at is null`;
  const { actor } = revision;
  await sql`
    insert into record_revisions (record_uuid, project_uuid, component_uuid, env, version, action, detail, actor_kind, actor_uuid, actor_run, data, previous, created_at)
    select r.uuid, r.project_uuid, r.component_uuid, r.env, r.version, ${revision.action}, ${revision.detail}, ${actor.kind}, ${actor.user}::uuid, ${actor.run}::uuid,
      ${maskedData(revision.hashed)}, null, ${revision.at}::timestamptz
    from records r
    where r.project_uuid = ${scope.projectUuid}::uuid and r.component_uuid = ${scope.componentUuid}::uuid and r.env = ${scope.env} and ${which}`.execute(db);
}

/** Where a record's revisions are: its project, component and environment (a forged uuid finds none). */
export interface RevisionScope {
  projectUuid: string;
  componentUuid: string;
  env: RecordEnv;
  record: string;
}

/** Up to `limit` revisions of a record older than `before` (an id), newest first. */
export function listRevisions(db: Db, scope: RevisionScope, limit: number, before: string | null): Promise<RevisionRow[]> {
  let query = db
    .selectFrom('record_revisions')
    .selectAll()
    .where('record_uuid', '=', scope.record)
    .where('project_uuid', '=', scope.projectUuid)
    .where('component_uuid', '=', scope.componentUuid)
    .where('env', '=', scope.env);
  if (before !== null) query = query.where('id', '<', before as never);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export function findRevision(db: Db, scope: RevisionScope, id: string): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('record_revisions')
    .selectAll()
    .where('record_uuid', '=', scope.record)
    .where('id', '=', id as never)
    .where('project_uuid', '=', scope.projectUuid)
    .where('component_uuid', '=', scope.componentUuid)
    .where('env', '=', scope.env)
    .executeTakeFirst();
}
