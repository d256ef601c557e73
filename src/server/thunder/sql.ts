// The SQL of thunder data sets and their build log (migration 0033_thunder). The stored result is
// read by primary key with nothing computed (readResult): the constant-time read.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { THUNDER_LIMITS } from '../../../runtime/api/thunder';
import { toJson } from '../db/json';
import type { Database } from '../db/schema';
import type { ThunderBuildRow, ThunderSetRow, ThunderStatus, ThunderTrigger } from '../db/schema-thunder';
import { nowDate } from '../platform/clock';

type Db = Kysely<Database>;

/** Every column but the result (lists and definitions never carry it). */
const COLUMNS = [
  'uuid', 'project_uuid', 'name', 'env', 'source', 'component_uuid', 'connection_uuid', 'filter', 'aggregate', 'sql', 'schedule_minutes', 'rebuild_on_change',
  'status', 'error', 'row_count', 'size_bytes', 'built_at', 'next_build_at', 'queued_at', 'created_by', 'updated_by', 'created_at', 'updated_at',
] as const;
export type ThunderSetHead = Omit<ThunderSetRow, 'result'>;

export interface DefinitionColumns {
  source: ThunderSetRow['source'];
  component_uuid: string | null;
  connection_uuid: string | null;
  filter: Record<string, unknown> | null;
  aggregate: unknown[] | null;
  sql: string | null;
  schedule_minutes: number;
  rebuild_on_change: boolean;
}

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : toJson(value));

export async function listSets(db: Db, projectUuid: string): Promise<ThunderSetHead[]> {
  return db.selectFrom('thunder_sets').select(COLUMNS).where('project_uuid', '=', projectUuid).orderBy('name').execute();
}

export async function countSets(db: Db, projectUuid: string): Promise<number> {
  const row = await db.selectFrom('thunder_sets').select((eb) => eb.fn.countAll<string>().as('n')).where('project_uuid', '=', projectUuid).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findSetByName(db: Db, projectUuid: string, name: string): Promise<ThunderSetHead | undefined> {
  return db
    .selectFrom('thunder_sets')
    .select(COLUMNS)
    .where('project_uuid', '=', projectUuid)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function findSet(db: Db, uuid: string): Promise<ThunderSetHead | undefined> {
  return db.selectFrom('thunder_sets').select(COLUMNS).where('uuid', '=', uuid).executeTakeFirst();
}

/** The stored result and what says how fresh it is: one row by its key (uuid, or the project and name), nothing computed. */
export async function readResult(db: Db, key: { uuid: string } | { projectUuid: string; name: string }) {
  const query = db.selectFrom('thunder_sets').select(['name', 'status', 'built_at', 'result', 'row_count']);
  return 'uuid' in key
    ? query.where('uuid', '=', key.uuid).executeTakeFirst()
    : query.where('project_uuid', '=', key.projectUuid).where(sql`lower(name)`, '=', key.name.toLowerCase()).executeTakeFirst();
}

export async function insertSet(db: Db, row: DefinitionColumns & { uuid: string; project_uuid: string; name: string; env: 'dev' | 'live'; created_by: string }): Promise<ThunderSetHead> {
  const now = nowDate();
  return db
    .insertInto('thunder_sets')
    .values({ ...row, filter: jsonOrNull(row.filter), aggregate: jsonOrNull(row.aggregate), updated_by: row.created_by, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateDefinition(db: Db, uuid: string, columns: DefinitionColumns, userUuid: string): Promise<ThunderSetHead | undefined> {
  return db
    .updateTable('thunder_sets')
    .set({ ...columns, filter: jsonOrNull(columns.filter), aggregate: jsonOrNull(columns.aggregate), updated_by: userUuid, updated_at: nowDate() })
    .where('uuid', '=', uuid)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteSet(db: Db, uuid: string): Promise<boolean> {
  const result = await db.deleteFrom('thunder_sets').where('uuid', '=', uuid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Marks a build queued unless one already is: true when this call queued it (and must send its job). */
export async function markQueued(db: Db, uuid: string): Promise<boolean> {
  const row = await db
    .updateTable('thunder_sets')
    .set({ queued_at: nowDate(), status: 'building' })
    .where('uuid', '=', uuid)
    .where('queued_at', 'is', null)
    .returning('uuid')
    .executeTakeFirst();
  return row !== undefined;
}

/** The sets of a component whose builds a change of its records queues (none queued yet). */
export async function setsFollowing(db: Db, componentUuid: string, env: 'dev' | 'live'): Promise<string[]> {
  const rows = await db
    .selectFrom('thunder_sets')
    .select('uuid')
    .where('component_uuid', '=', componentUuid)
    .where('env', '=', env)
    .where('rebuild_on_change', '=', true)
    .where('queued_at', 'is', null)
    .execute();
  return rows.map((row) => row.uuid);
}

/** Sets whose scheduled build is due at `now`, and those whose queued build was lost (queued long ago). */
export async function setsDue(db: Db, now: Date): Promise<string[]> {
  const lost = new Date(now.getTime() - THUNDER_LIMITS.requeueMinutes * 60_000);
  const due = await db
    .selectFrom('thunder_sets')
    .select('uuid')
    .where('schedule_minutes', '>', 0)
    .where('next_build_at', '<=', now)
    .where('queued_at', 'is', null)
    .execute();
  const stuck = await db.selectFrom('thunder_sets').select('uuid').where('queued_at', '<', lost).execute();
  return [...new Set([...due, ...stuck].map((row) => row.uuid))];
}

/** Takes a queued build: no longer queued (a write from now queues another), status building. */
export async function claimBuild(db: Db, uuid: string): Promise<ThunderSetHead | undefined> {
  return db.updateTable('thunder_sets').set({ queued_at: null, status: 'building' }).where('uuid', '=', uuid).returning(COLUMNS).executeTakeFirst();
}

export async function startLog(db: Db, setUuid: string, trigger: ThunderTrigger, startedAt: Date): Promise<string> {
  const uuid = randomUUID();
  await db.insertInto('thunder_builds').values({ uuid, set_uuid: setUuid, trigger, status: 'building', started_at: startedAt }).execute();
  return uuid;
}

export interface BuildOutcome {
  status: Exclude<ThunderStatus, 'building'>;
  error: string | null;
  items: Record<string, unknown>[] | null;
  sizeBytes: number;
  ms: number;
  nextBuildAt: Date | null;
}

/** Writes a build's outcome: a good result replaces the stored one; a failure keeps it and says why. */
export async function finishBuild(db: Db, setUuid: string, logUuid: string, outcome: BuildOutcome): Promise<void> {
  const finished = nowDate();
  const rows = outcome.items?.length ?? null;
  await db.transaction().execute(async (trx) => {
    const common = { status: outcome.status, error: outcome.error, next_build_at: outcome.nextBuildAt };
    const update =
      outcome.items !== null
        ? { ...common, result: toJson(outcome.items), row_count: outcome.items.length, size_bytes: outcome.sizeBytes, built_at: finished }
        : common;
    // A queued build keeps the status 'building' until it runs.
    await trx
      .updateTable('thunder_sets')
      .set({ ...update, status: sql<ThunderStatus>`case when queued_at is not null then 'building' else ${outcome.status} end` })
      .where('uuid', '=', setUuid)
      .execute();
    await trx
      .updateTable('thunder_builds')
      .set({ status: outcome.status, error: outcome.error, row_count: rows, size_bytes: outcome.items ? outcome.sizeBytes : null, ms: outcome.ms, finished_at: finished })
      .where('uuid', '=', logUuid)
      .execute();
    const keep = trx.selectFrom('thunder_builds').select('uuid').where('set_uuid', '=', setUuid).orderBy('started_at', 'desc').limit(THUNDER_LIMITS.logKept);
    await trx.deleteFrom('thunder_builds').where('set_uuid', '=', setUuid).where('uuid', 'not in', keep).execute();
  });
}

export async function buildsOf(db: Db, setUuid: string): Promise<ThunderBuildRow[]> {
  return db.selectFrom('thunder_builds').selectAll().where('set_uuid', '=', setUuid).orderBy('started_at', 'desc').limit(THUNDER_LIMITS.logKept).execute();
}

export async function widgetsUsing(db: Db, setUuid: string): Promise<number> {
  const row = await db.selectFrom('widgets').select((eb) => eb.fn.countAll<string>().as('n')).where('thunder_uuid', '=', setUuid).executeTakeFirst();
  return Number(row?.n ?? 0);
}
