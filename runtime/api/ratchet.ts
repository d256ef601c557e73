// Ratchet connections (docs/ratchet.md): a project's connections to outside PostgreSQL and
// MariaDB/MySQL databases, their test, and the read-only SQL console whose answer streams as NDJSON.
// Wire types, limits, message keys and route schemas. Framework-free.
import { arrayOf, closed, dateTimeSchema, judged, stringSchema, uuidSchema } from './schema-kit';

export const RATCHET_KINDS = ['postgres', 'mariadb'] as const;
export type RatchetKind = (typeof RATCHET_KINDS)[number];

export const RATCHET_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  hostMax: 253,
  /** database, user and password. */
  fieldMax: 128,
  passwordMax: 1024,
  /** Connections per project. */
  perProject: 100,
  /** A console statement's text. */
  sqlMax: 100_000,
  /** Rows a console answer carries at most (spec: 5000); the answer says when it stopped there. */
  rowCap: 5000,
  /** The statement timeout (spec section 9: ratchet 15 s). */
  timeoutMs: 15_000,
  /** Reaching the database: connect and sign in. */
  connectTimeoutMs: 5_000,
} as const;

/** The default port of each kind. */
export const RATCHET_DEFAULT_PORT: Record<RatchetKind, number> = { postgres: 5432, mariadb: 3306 };

/** What the server answers when a connection or a statement fails (422 unless said; docs/ratchet.md). */
export const RATCHET_MESSAGE = {
  tooManyConnections: 'ratchetTooManyConnections',
  nameTaken: 'ratchetNameTaken',
  addressRefused: 'ratchetAddressRefused',
  unreachable: 'ratchetUnreachable',
  wrongPassword: 'ratchetWrongPassword',
  unknownDatabase: 'ratchetUnknownDatabase',
  tlsFailed: 'ratchetTlsFailed',
  passwordUnreadable: 'ratchetPasswordUnreadable',
  emptyStatement: 'ratchetEmptyStatement',
  multipleStatements: 'ratchetMultipleStatements',
  readOnly: 'ratchetReadOnly',
  timeout: 'ratchetTimeout',
  cancelled: 'ratchetCancelled',
  queryFailed: 'ratchetQueryFailed',
  /** 409: a query id that is already running. */
  queryRunning: 'ratchetQueryRunning',
} as const;
export type RatchetMessage = (typeof RATCHET_MESSAGE)[keyof typeof RATCHET_MESSAGE];

export interface RatchetConnection {
  uuid: string;
  name: string;
  kind: RatchetKind;
  host: string;
  port: number;
  database: string;
  user: string;
  /** Whether a password is stored; the password itself is never answered. */
  password_set: boolean;
  tls: boolean;
  created_at: string;
  updated_at: string;
}

/** A create (name, kind, host, database, user required) or a change (the keys given). `password: null` removes it. */
export interface RatchetConnectionWrite {
  name?: string;
  kind?: RatchetKind;
  host?: string;
  port?: number;
  database?: string;
  user?: string;
  password?: string | null;
  tls?: boolean;
}

/** POST /connections/{id}/test */
export interface RatchetTestResult {
  ok: boolean;
  /** A RATCHET_MESSAGE key when not ok. */
  message?: string;
  /** The database's own words (never the password), when not ok. */
  detail?: string;
  /** The server's version, when ok. */
  version?: string;
  ms: number;
}

/** POST /connections/{id}/query */
export interface RatchetQueryRequest {
  sql: string;
  /** Rows at most (1..RATCHET_LIMITS.rowCap; default the cap). */
  limit?: number;
}

export interface RatchetColumn {
  name: string;
  /** The database's type name (int4, varchar, ...), or '' when it gives none. */
  type: string;
}

/** The lines of a console answer (application/x-ndjson), in order: one columns, any rows, then end or error. */
export type RatchetQueryLine =
  | { type: 'columns'; columns: RatchetColumn[] }
  | { type: 'rows'; rows: unknown[][] }
  | { type: 'end'; row_count: number; capped: boolean; ms: number; command: string }
  | { type: 'error'; message: string; detail?: string };

export const RATCHET_QUERY_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

// ---- Route schemas --------------------------------------------------------------------------------

export const ratchetParams = closed({ id: { type: 'string', description: 'the connection uuid' } }, ['id']);

export const ratchetConnectionSchema = closed(
  {
    uuid: uuidSchema,
    name: stringSchema,
    kind: { type: 'string', enum: [...RATCHET_KINDS] },
    host: stringSchema,
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    database: stringSchema,
    user: stringSchema,
    password_set: { type: 'boolean', description: 'whether a password is stored (it is never answered)' },
    tls: { type: 'boolean' },
    created_at: dateTimeSchema,
    updated_at: dateTimeSchema,
  },
  ['uuid', 'name', 'kind', 'host', 'port', 'database', 'user', 'password_set', 'tls', 'created_at', 'updated_at'],
);

export const ratchetConnectionWriteSchema = {
  type: 'object',
  properties: {
    name: judged(`required, ${RATCHET_LIMITS.nameMin}..${RATCHET_LIMITS.nameMax} characters, unique in the project`),
    kind: judged("required: 'postgres' or 'mariadb' (MariaDB and MySQL)"),
    host: judged('required: a host name or an IP address; cloud metadata addresses are refused (docs/ratchet.md)'),
    port: judged('1..65535 (default 5432 or 3306)'),
    database: judged('required'),
    user: judged('required'),
    password: judged('write-only: a string sets it, null removes it, absent keeps it'),
    tls: judged('boolean: connect with TLS, the certificate checked (default false)'),
  },
  additionalProperties: false,
} as const;

export const ratchetTestSchema = closed(
  { ok: { type: 'boolean' }, message: stringSchema, detail: stringSchema, version: stringSchema, ms: { type: 'integer', minimum: 0 } },
  ['ok', 'ms'],
);

export const ratchetQueryBodySchema = {
  type: 'object',
  properties: {
    sql: judged(`required: one statement, at most ${RATCHET_LIMITS.sqlMax} characters`),
    limit: judged(`rows at most, 1..${RATCHET_LIMITS.rowCap} (default ${RATCHET_LIMITS.rowCap})`),
    query_id: judged('a uuid the caller chooses, to cancel the statement with POST /connections/{id}/cancel'),
  },
  additionalProperties: false,
} as const;

export const ratchetQueryReply = {
  description:
    'application/x-ndjson, one JSON object a line: {"type":"columns","columns":[{name,type}]}, then {"type":"rows","rows":[[...]]} batches, ' +
    'then {"type":"end","row_count","capped","ms","command"} or {"type":"error","message","detail"} (docs/ratchet.md)',
  content: { 'application/x-ndjson': { schema: { type: 'string' } } },
} as const;

export const ratchetCancelBodySchema = {
  type: 'object',
  properties: { query_id: judged('required: the query_id the statement was started with') },
  additionalProperties: false,
} as const;

export const ratchetCancelSchema = closed({ cancelled: { type: 'boolean' } }, ['cancelled']);

export const ratchetListSchema = arrayOf(ratchetConnectionSchema);
