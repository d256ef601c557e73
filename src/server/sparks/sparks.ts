// Sparks as entities (docs/user-code.md "Sparks"): create, read, change and remove a spark's draft,
// cut immutable releases from it and point dev or live at one. Managing sparks is for the project's
// admins; their names are readable by every member (the workflow node editor, the external select).
// Another project's spark is 404.
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import {
  isValidReleaseVersion,
  isValidSparkName,
  SPARK_CODE_MAX,
  SPARK_DESCRIPTION_MAX,
  SPARK_ENVS,
  SPARK_MESSAGE,
  SPARK_NOTE_MAX,
  type Spark,
  type SparkEnv,
  type SparkSummary,
} from '../../../runtime/api/sparks';
import { nowDate } from '../platform/clock';
import { lockProject } from '../iam/members-sql';
import type { Database } from '../db/schema';
import type { SparkRow } from '../db/schema-sparks';
import { uuidv7 } from '../db/uuid7';
import { HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { bodyObject } from '../components/input';
import { requireAdmin } from '../iam/access';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const sparkNotFound = () => new HttpError(404, SPARK_MESSAGE.notFound);
const invalid = (field: string, message: string, values?: Record<string, number>) =>
  new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [message], ...(values ? { values: [values] } : {}) }]);

function checkName(value: unknown): string {
  if (value === undefined || value === null || value === '') throw invalid('name', COMPONENT_MESSAGE.requiredField);
  if (!isValidSparkName(value)) throw invalid('name', SPARK_MESSAGE.nameRule);
  return value;
}

function checkText(value: unknown, field: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalid(field, COMPONENT_MESSAGE.invalidInput);
  if (value.length > max || value.includes('\u0000')) throw invalid(field, COMPONENT_MESSAGE.cantBeMoreThenChars, { max });
  return value;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function summaries(db: Db, rows: SparkRow[]): Promise<SparkSummary[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((row) => row.uuid);
  const latest = await db.selectFrom('spark_releases').select(['spark_uuid', (eb) => eb.fn.max('version').as('latest')]).where('spark_uuid', 'in', uuids).groupBy('spark_uuid').execute();
  const invoked = await db.selectFrom('spark_logs').select(['spark_uuid', (eb) => eb.fn.max('created_at').as('last')]).where('spark_uuid', 'in', uuids).groupBy('spark_uuid').execute();
  const latestOf = new Map(latest.map((row) => [row.spark_uuid, row.latest === null ? null : Number(row.latest)]));
  const invokedOf = new Map(invoked.map((row) => [row.spark_uuid, row.last === null ? null : iso(row.last as Date)]));
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    dev_version: row.dev_version,
    live_version: row.live_version,
    latest_version: latestOf.get(row.uuid) ?? null,
    last_invoked_at: invokedOf.get(row.uuid) ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}

/** The spark with that uuid in the caller's project (404 otherwise, also for a malformed id). */
async function sparkRow(db: Db, projectUuid: string, id: string, forUpdate = false): Promise<SparkRow> {
  if (!isUuid(id)) throw sparkNotFound();
  let query = db.selectFrom('sparks').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', id.toLowerCase());
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw sparkNotFound();
  return row;
}

export async function listSparks(db: Db, accountability: Accountability): Promise<SparkSummary[]> {
  const projectUuid = requireAdmin(accountability);
  return summaries(db, await db.selectFrom('sparks').selectAll().where('project_uuid', '=', projectUuid).orderBy('name').execute());
}

/** The names of the project's sparks, for pickers (any member of the project). */
export async function sparkNames(db: Db, accountability: Accountability): Promise<string[]> {
  const projectUuid = requireProject(accountability);
  const rows = await db.selectFrom('sparks').select('name').where('project_uuid', '=', projectUuid).orderBy('name').execute();
  return rows.map((row) => row.name);
}

export async function getSpark(db: Db, accountability: Accountability, id: string): Promise<Spark> {
  const projectUuid = requireAdmin(accountability);
  return sparkAnswer(db, await sparkRow(db, projectUuid, id));
}

async function sparkAnswer(db: Db, row: SparkRow): Promise<Spark> {
  const [summary] = await summaries(db, [row]);
  const releases = await db.selectFrom('spark_releases').select(['version', 'note', 'created_at']).where('spark_uuid', '=', row.uuid).orderBy('version', 'desc').execute();
  return { ...summary!, code: row.code, releases: releases.map((release) => ({ version: release.version, note: release.note, created_at: iso(release.created_at) })) };
}

async function assertNameFree(db: Db, projectUuid: string, name: string, except?: string): Promise<void> {
  let query = db.selectFrom('sparks').select('uuid').where('project_uuid', '=', projectUuid).where('name', '=', name);
  if (except) query = query.where('uuid', '<>', except);
  if (await query.executeTakeFirst()) throw new HttpError(409, SPARK_MESSAGE.exists, [{ field: 'name', messages: [SPARK_MESSAGE.exists] }]);
}

/** `uuid`: the new spark's id when it is given (a snapshot's apply keeps its ids). */
export async function createSpark(db: Db, accountability: Accountability, body: unknown, limit: number, uuid?: string): Promise<Spark> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const name = checkName(input.name);
  const description = checkText(input.description, 'description', SPARK_DESCRIPTION_MAX);
  const code = checkText(input.code, 'code', SPARK_CODE_MAX);
  const row = await db.transaction().execute(async (trx) => {
    // The project row's lock orders concurrent creates: the limit and the name hold under races.
    await lockProject(trx, projectUuid);
    const { n } = await trx.selectFrom('sparks').select((eb) => eb.fn.countAll<number>().as('n')).where('project_uuid', '=', projectUuid).executeTakeFirstOrThrow();
    if (Number(n) >= limit) throw new HttpError(409, SPARK_MESSAGE.limitReached);
    await assertNameFree(trx, projectUuid, name);
    const at = nowDate();
    return trx
      .insertInto('sparks')
      .values({ uuid: uuid ?? uuidv7(), project_uuid: projectUuid, name, description, code, dev_version: null, live_version: null, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return sparkAnswer(db, row);
}

/** Changes the name, the description or the draft code (releases never change). */
export async function updateSpark(db: Db, accountability: Accountability, id: string, body: unknown): Promise<Spark> {
  const projectUuid = requireAdmin(accountability);
  const input = bodyObject(body);
  const changes: { name?: string; description?: string; code?: string } = {};
  if (input.name !== undefined) changes.name = checkName(input.name);
  if (input.description !== undefined) changes.description = checkText(input.description, 'description', SPARK_DESCRIPTION_MAX);
  if (input.code !== undefined) changes.code = checkText(input.code, 'code', SPARK_CODE_MAX);
  const row = await db.transaction().execute(async (trx) => {
    if (changes.name !== undefined) await lockProject(trx, projectUuid);
    const current = await sparkRow(trx, projectUuid, id, true);
    if (changes.name !== undefined && changes.name !== current.name) await assertNameFree(trx, projectUuid, changes.name, current.uuid);
    return trx.updateTable('sparks').set({ ...changes, updated_at: nowDate() }).where('uuid', '=', current.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return sparkAnswer(db, row);
}

/** Removes a spark with its releases and logs; refused while live runs one of its releases. */
export async function removeSpark(db: Db, accountability: Accountability, id: string): Promise<Record<string, never>> {
  const projectUuid = requireAdmin(accountability);
  await db.transaction().execute(async (trx) => {
    const row = await sparkRow(trx, projectUuid, id, true);
    if (row.live_version !== null) throw new HttpError(409, SPARK_MESSAGE.liveRemoval);
    await trx.deleteFrom('sparks').where('uuid', '=', row.uuid).execute();
  });
  return {};
}

function releaseNumber(value: string | number): number {
  const version = typeof value === 'number' ? value : /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!isValidReleaseVersion(version)) throw invalid('version', COMPONENT_MESSAGE.invalidInput);
  return version;
}

/** Cuts release {version} from the draft: it must be greater than every release so far (409 otherwise: releases are immutable). */
export async function cutRelease(db: Db, accountability: Accountability, id: string, version: string, body: unknown): Promise<Spark> {
  const projectUuid = requireAdmin(accountability);
  const number = releaseNumber(version);
  const input = body === undefined || body === null ? {} : bodyObject(body);
  const note = checkText(input.note, 'note', SPARK_NOTE_MAX);
  const row = await db.transaction().execute(async (trx) => {
    const spark = await sparkRow(trx, projectUuid, id, true);
    const { latest } = await trx.selectFrom('spark_releases').select((eb) => eb.fn.max('version').as('latest')).where('spark_uuid', '=', spark.uuid).executeTakeFirstOrThrow();
    if (latest !== null && number <= Number(latest)) throw new HttpError(409, SPARK_MESSAGE.releaseExists, [{ field: 'version', messages: [SPARK_MESSAGE.releaseExists] }]);
    await trx.insertInto('spark_releases').values({ spark_uuid: spark.uuid, version: number, code: spark.code, note, created_by: accountability.user.uuid, created_at: nowDate() }).execute();
    return trx.updateTable('sparks').set({ updated_at: nowDate() }).where('uuid', '=', spark.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return sparkAnswer(db, row);
}

/** Points dev or live at a release (body {version}); null withdraws the spark from that environment. */
export async function deployRelease(db: Db, accountability: Accountability, id: string, env: string, body: unknown): Promise<Spark> {
  const projectUuid = requireAdmin(accountability);
  const target = SPARK_ENVS.find((candidate) => candidate === env);
  if (!target) throw invalid('env', COMPONENT_MESSAGE.invalidInput);
  const input = isPlainObject(body) ? body : {};
  const version = input.version === null ? null : releaseNumber(input.version as number);
  const row = await db.transaction().execute(async (trx) => {
    const spark = await sparkRow(trx, projectUuid, id, true);
    if (version !== null) {
      const release = await trx.selectFrom('spark_releases').select('version').where('spark_uuid', '=', spark.uuid).where('version', '=', version).executeTakeFirst();
      if (!release) throw new HttpError(404, SPARK_MESSAGE.releaseNotFound);
    }
    const column: `${SparkEnv}_version` = `${target}_version`;
    return trx.updateTable('sparks').set({ [column]: version, updated_at: nowDate() }).where('uuid', '=', spark.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return sparkAnswer(db, row);
}

/** The release the caller's environment runs, by spark name (404 unknown name, 409 nothing deployed there). */
export async function deployedRelease(db: Db, projectUuid: string, name: string, env: SparkEnv): Promise<{ spark: SparkRow; version: number; code: string }> {
  if (!isValidSparkName(name)) throw sparkNotFound();
  const spark = await db.selectFrom('sparks').selectAll().where('project_uuid', '=', projectUuid).where('name', '=', name).executeTakeFirst();
  if (!spark) throw sparkNotFound();
  const version = env === 'live' ? spark.live_version : spark.dev_version;
  if (version === null) throw new HttpError(409, SPARK_MESSAGE.notDeployed);
  const release = await db.selectFrom('spark_releases').select(['version', 'code']).where('spark_uuid', '=', spark.uuid).where('version', '=', version).executeTakeFirstOrThrow();
  return { spark, version: release.version, code: release.code };
}

/** Removes invocation logs older than `days` before `at` (housekeeping). */
export async function purgeSparkLogs(db: Db, days: number, at: Date = nowDate()): Promise<void> {
  const before = new Date(at.getTime() - days * 24 * 60 * 60 * 1000);
  await db.deleteFrom('spark_logs').where('created_at', '<', before).execute();
}
