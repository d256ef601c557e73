// Running a spark (docs/user-code.md "Sparks"): the release deployed to the caller's environment runs
// in the server's script pool with `data` (the input) and `context` = {env, environment, user, records};
// every invocation, ok or not, leaves one log row with its console output.
import type { Kysely } from 'kysely';
import { SPARK_LOG_PAGE_SIZE, SPARK_MESSAGE, type SparkEnv, type SparkLogPage } from '../../../runtime/api/sparks';
import type { Database } from '../db/schema';
import { uuidv7 } from '../db/uuid7';
import { HttpError } from '../platform/errors';
import { requireAdmin } from '../iam/access';
import type { ScriptLog } from '../usercode/sandbox';
import { scriptEnvFor } from '../usercode/env';
import { countScriptCall, projectScope } from '../usercode/rate';
import { runUserCode, type UserCodeOutcome, type UserCodeRun } from '../usercode/run';
import { deployedRelease, sparkNotFound } from './sparks';
import { requireProject, type Accountability } from '../auth/tenancy';
import { isUuid } from '../platform/validate';

type Db = Kysely<Database>;
const MiB = 1024 * 1024;

/** Per-environment limits of a spark run (docs/user-code.md "Limits per entry point"). */
export const SPARK_LIMITS = {
  /** The spec's 128 MB in dev; live gets the sandbox's ceiling. */
  memoryBytes: { dev: 128 * MiB, live: 256 * MiB },
  outputBytes: 1 * MiB,
  logBytes: 64 * 1024,
  /** LUMA_SPARK_DEADLINE_SECONDS' default. */
  timeoutMs: 25_000,
} as const;

export interface InvokeSpark {
  db: Db;
  /** Who calls: its permissions apply to context.records. */
  accountability: Accountability;
  name: string;
  data: unknown;
  /** The environment whose release runs (the caller's X-Project-Env; a workflow run's env). */
  env: SparkEnv;
  source: 'http' | 'workflow';
  timeoutMs?: number;
  /** Calls per minute of sparks in the project (LUMA_SCRIPT_CALLS_PER_MINUTE). */
  callsPerMinute?: number;
  /** The script pool (the server's shared one by default; a workflow passes its own). */
  run?: UserCodeRun<'spark'>['pool'];
}

export type SparkOutcome = UserCodeOutcome;

/** LUMA_SCRIPT_CALLS_PER_MINUTE's default, for callers without the configuration at hand. */
const DEFAULT_CALLS_PER_MINUTE = 600;

export async function invokeSpark(options: InvokeSpark): Promise<SparkOutcome> {
  const { db, accountability, name, env } = options;
  const projectUuid = requireProject(accountability);
  // Calls per minute per project (script-rate: 429 before any code runs), counted for every source.
  await countScriptCall(db, [{ scope: projectScope(projectUuid, 'spark'), limit: options.callsPerMinute ?? DEFAULT_CALLS_PER_MINUTE }]);
  const release = await deployedRelease(db, projectUuid, name, env);
  const user = accountability.user;
  return runUserCode('spark', {
    label: `Spark ${name}`,
    code: release.code,
    args: { data: options.data },
    context: { env: await scriptEnvFor(db, { projectUuid, env }), environment: env, user: { uuid: user.uuid, name: user.name, email: user.email, kind: user.kind } },
    actingFor: { db, accountability, component: null },
    limits: {
      memoryBytes: SPARK_LIMITS.memoryBytes[env],
      timeoutMs: options.timeoutMs ?? SPARK_LIMITS.timeoutMs,
      outputBytes: SPARK_LIMITS.outputBytes,
      logBytes: SPARK_LIMITS.logBytes,
    },
    logs: true,
    pool: options.run,
    // Every invocation, ok or not, leaves one log row; a failure is the caller's to shape (417 over HTTP, a node's error in a workflow).
    after: async ({ outcome, createdAt, durationMs }) => {
      await db
        .insertInto('spark_logs')
        .values({
          uuid: uuidv7(),
          project_uuid: projectUuid,
          spark_uuid: release.spark.uuid,
          env,
          version: release.version,
          source: options.source,
          status: outcome.ok ? 'ok' : 'error',
          duration_ms: durationMs,
          logs: JSON.stringify(outcome.logs),
          error: outcome.ok ? null : outcome.error,
          caller_uuid: user.uuid,
          created_at: createdAt,
        })
        .execute();
    },
  });
}

/** POST /invoke/{name}: the answer `{data}` (and `logs` when asked); a failed run is 417 'sparkRunFailed' with the spark's message. */
export async function invokeOverHttp(
  db: Db,
  accountability: Accountability,
  name: string,
  body: unknown,
  limits: { timeoutMs: number; callsPerMinute: number },
): Promise<{ data: unknown; logs?: ScriptLog[] }> {
  const input = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const outcome = await invokeSpark({ db, accountability, name, data: input.data, env: accountability.env, source: 'http', ...limits });
  if (!outcome.ok) throw new HttpError(417, SPARK_MESSAGE.runFailed, [{ field: name, messages: [outcome.error] }]);
  return input.include_logs === true ? { data: outcome.value ?? null, logs: outcome.logs } : { data: outcome.value ?? null };
}

/** GET /spark/logs/{id}: the spark's invocations, newest first. */
export async function sparkLogs(db: Db, accountability: Accountability, id: string, query: { page?: string; per_page?: string }): Promise<SparkLogPage> {
  const projectUuid = requireAdmin(accountability);
  if (!isUuid(id)) throw sparkNotFound();
  const spark = await db.selectFrom('sparks').select('uuid').where('project_uuid', '=', projectUuid).where('uuid', '=', id.toLowerCase()).executeTakeFirst();
  if (!spark) throw sparkNotFound();
  const page = Math.max(1, Math.min(100_000, Number.parseInt(query.page ?? '1', 10) || 1));
  const perPage = Math.max(1, Math.min(100, Number.parseInt(query.per_page ?? String(SPARK_LOG_PAGE_SIZE), 10) || SPARK_LOG_PAGE_SIZE));
  const { n } = await db.selectFrom('spark_logs').select((eb) => eb.fn.countAll<number>().as('n')).where('spark_uuid', '=', spark.uuid).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('spark_logs')
    .selectAll()
    .where('spark_uuid', '=', spark.uuid)
    .orderBy('created_at', 'desc')
    .orderBy('uuid', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    items: rows.map((row) => ({
      uuid: row.uuid,
      created_at: new Date(row.created_at).toISOString(),
      duration_ms: row.duration_ms,
      status: row.status,
      env: row.env,
      version: row.version,
      source: row.source,
      caller_uuid: row.caller_uuid,
      logs: Array.isArray(row.logs) ? row.logs : [],
      error: row.error,
    })),
    total: Number(n),
    page,
    per_page: perPage,
  };
}
