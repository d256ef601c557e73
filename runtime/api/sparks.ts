// The spark host's shapes and rules (docs/user-code.md "Sparks"). Paths are under HOST_PREFIX.spark:
//   GET, POST /spark; GET, PATCH, DELETE /spark/{id}; GET /spark/names
//   PUT /spark/release/{id}/{version}  cut release number {version} from the draft, body {note?}
//   PUT /spark/deploy/{id}/{env}       point dev or live at a release, body {version} (null withdraws)
//   GET /spark/logs/{id}               invocations, newest first (?page=, ?per_page=)
//   POST /invoke/{name}                run the release deployed to the caller's environment, body {data}
import { arrayOf, closed, dateTimeSchema, judged, nullable, stringSchema, uuidSchema } from './schemas';

export type SparkEnv = 'dev' | 'live';
export const SPARK_ENVS: readonly SparkEnv[] = ['dev', 'live'];

/** A spark's name: what workflows and the invoke URL call it by; lower-case identifier-like, 2..64. */
export const SPARK_NAME_PATTERN = /^[a-z][a-z0-9_-]{1,63}$/;
export const SPARK_DESCRIPTION_MAX = 1000;
export const SPARK_NOTE_MAX = 500;
/** The draft and each release's code. */
export const SPARK_CODE_MAX = 256 * 1024;
export const SPARK_LOG_PAGE_SIZE = 20;

export function isValidSparkName(value: unknown): value is string {
  return typeof value === 'string' && SPARK_NAME_PATTERN.test(value);
}

/** A release number: a positive integer. */
export function isValidReleaseVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 1_000_000;
}

/** Message keys the spark host answers with (catalogue: runtime/i18n/sparks.*.ts). */
export const SPARK_MESSAGE = {
  notFound: 'sparkNotFound',
  exists: 'sparkExists',
  limitReached: 'sparkLimitReached',
  releaseExists: 'sparkReleaseExists',
  releaseNotFound: 'sparkReleaseNotFound',
  notDeployed: 'sparkNotDeployed',
  liveRemoval: 'sparkRemovalBlockedByLive',
  runFailed: 'sparkRunFailed',
  nameRule: 'sparkNameRule',
  listFailed: 'sparkListFailed',
} as const;

export interface SparkRelease {
  version: number;
  note: string;
  created_at: string;
}

export interface SparkSummary {
  uuid: string;
  name: string;
  description: string;
  /** The release number each environment runs (null: none deployed). */
  dev_version: number | null;
  live_version: number | null;
  latest_version: number | null;
  last_invoked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Spark extends SparkSummary {
  /** The draft: what the next release is cut from. */
  code: string;
  /** Newest first. */
  releases: SparkRelease[];
}

export interface SparkCreateBody {
  name: string;
  description?: string;
  code?: string;
}
export type SparkPatchBody = Partial<SparkCreateBody>;
export interface SparkReleaseBody {
  note?: string;
}
export interface SparkDeployBody {
  version: number | null;
}

export interface SparkLog {
  uuid: string;
  created_at: string;
  duration_ms: number;
  status: 'ok' | 'error';
  env: SparkEnv;
  version: number;
  source: 'http' | 'workflow';
  caller_uuid: string | null;
  /** Console lines ("level: message"), bounded by the run's log limit. */
  logs: { level: string; message: string }[];
  error: string | null;
}

export interface SparkLogPage {
  items: SparkLog[];
  total: number;
  page: number;
  per_page: number;
}

export interface SparkInvokeBody {
  data?: unknown;
  /** Answer the run's console lines too. */
  include_logs?: boolean;
}
export interface SparkInvokeAnswer {
  data: unknown;
  logs?: { level: string; message: string }[];
}

// ---- Route schemas ----------------------------------------------------------------------------------

const releaseSchema = closed({ version: { type: 'integer' }, note: stringSchema, created_at: dateTimeSchema }, ['version', 'note', 'created_at']);
const summaryProperties = {
  uuid: uuidSchema,
  name: stringSchema,
  description: stringSchema,
  dev_version: nullable({ type: 'integer' }),
  live_version: nullable({ type: 'integer' }),
  latest_version: nullable({ type: 'integer' }),
  last_invoked_at: nullable(dateTimeSchema),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
} as const;
const summaryRequired = ['uuid', 'name', 'description', 'dev_version', 'live_version', 'latest_version', 'last_invoked_at', 'created_at', 'updated_at'] as const;

export const sparkSummarySchema = closed(summaryProperties, summaryRequired);
export const sparkSchema = closed({ ...summaryProperties, code: stringSchema, releases: arrayOf(releaseSchema) }, [...summaryRequired, 'code', 'releases']);
export const sparkListSchema = arrayOf(sparkSummarySchema);
export const sparkNamesSchema = arrayOf(stringSchema);
const logLineSchema = closed({ level: stringSchema, message: stringSchema }, ['level', 'message']);
export const sparkLogPageSchema = closed(
  {
    items: arrayOf(
      closed(
        {
          uuid: uuidSchema,
          created_at: dateTimeSchema,
          duration_ms: { type: 'integer' },
          status: { type: 'string', enum: ['ok', 'error'] },
          env: { type: 'string', enum: ['dev', 'live'] },
          version: { type: 'integer' },
          source: { type: 'string', enum: ['http', 'workflow'] },
          caller_uuid: nullable(uuidSchema),
          logs: arrayOf(logLineSchema),
          error: nullable(stringSchema),
        },
        ['uuid', 'created_at', 'duration_ms', 'status', 'env', 'version', 'source', 'caller_uuid', 'logs', 'error'],
      ),
    ),
    total: { type: 'integer' },
    page: { type: 'integer' },
    per_page: { type: 'integer' },
  },
  ['items', 'total', 'page', 'per_page'],
);
export const sparkInvokeAnswerSchema = { type: 'object', required: ['data'], properties: { data: {}, logs: arrayOf(logLineSchema) }, additionalProperties: false } as const;

export const sparkIdParams = closed({ id: { type: 'string', description: 'the spark uuid' } }, ['id']);
export const sparkReleaseParams = closed({ id: { type: 'string', description: 'the spark uuid' }, version: { type: 'string', description: 'the new release number (greater than the latest)' } }, ['id', 'version']);
export const sparkDeployParams = closed({ id: { type: 'string', description: 'the spark uuid' }, env: { type: 'string', description: "'dev' or 'live'" } }, ['id', 'env']);
export const sparkNameParams = closed({ name: { type: 'string', description: 'the spark name' } }, ['name']);
export const sparkLogQuery = {
  type: 'object',
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', description: '1-based page (default 1)' },
    per_page: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|100)$', description: 'invocations per page, 1..100' },
  },
  additionalProperties: false,
} as const;
export const sparkCreateBodySchema = { type: 'object', properties: { name: judged('a-z, 0-9, _ and -, starting with a letter, 2-64'), description: judged('string'), code: judged('the draft code') }, additionalProperties: false } as const;
export const sparkReleaseBodySchema = { type: 'object', properties: { note: judged('string, at most 500 characters') }, additionalProperties: false } as const;
export const sparkDeployBodySchema = { type: 'object', properties: { version: judged('a release number, or null to withdraw') }, additionalProperties: false } as const;
export const sparkInvokeBodySchema = { type: 'object', properties: { data: judged('the input (any JSON)'), include_logs: judged('boolean') }, additionalProperties: false } as const;
