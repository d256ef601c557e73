// Server configuration: read from the environment once, at start.
import { billingConfig, type BillingConfig } from './config-billing';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseSecretKey } from './secret-box';
import { projectRoot } from './root';

/**
 * The workflow budgets' defaults: far above what one reasonable write leads to (an each over its
 * 1000 items writing a record each, every one of those writes starting a run that writes one more).
 */
export const WORKFLOW_CHAIN_DEFAULTS = { writes: 5000, runs: 2500 } as const;

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; null means the embedded PGlite database. */
  databaseUrl: string | null;
  /** PGlite data directory, or 'memory://' for an in-memory database (tests). */
  dataDir: string;
  adminEmail: string;
  /** null: a random password is generated at the first seed and printed once. */
  adminPassword: string | null;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Origin and scheme the browser uses; decides the Secure cookie flag and the allowed Origin. */
  publicUrl: string;
  /**
   * The origins whose writes are taken: LUMA_PUBLIC_URL's alone when it is set; while it is unset
   * (a local start), the loopback names of this port (localhost, 127.0.0.1, [::1]), which are one machine.
   * Never the request's own Host.
   */
  writeOrigins: string[];
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMs: number;
  /** Directory of the built SPA (dist/app); served at / when it exists. */
  appDir: string;
  /** Trust X-Forwarded-For (behind a reverse proxy or load balancer). */
  trustProxy: boolean;
  logLevel: string;
  /** SMTP server for outgoing mail (smtp://user:pass@host:port or smtps://...); null: mail is written to the log. */
  smtpUrl: string | null;
  /** The From address of outgoing mail. */
  mailFrom: string;
  /** `host:port` pairs workflow HTTP requests and SMTP connections may reach although they resolve to a private address (LUMA_WORKFLOW_HTTP_ALLOW, comma separated). */
  workflowHttpAllow: string[];
  /** Each chain of workflow runs started by one write: at most this many record writes and queued runs (LUMA_WORKFLOW_CHAIN_WRITES, LUMA_WORKFLOW_CHAIN_RUNS; workflows/budget.ts). */
  workflowChainWrites: number;
  workflowChainRuns: number;
  /** FCM HTTP v1 for push_notification nodes: base URL, project id and service-account JSON (or a path to it); null when LUMA_FCM_PROJECT_ID or LUMA_FCM_CREDENTIALS is unset. */
  fcm: { endpoint: string; projectId: string; credentials: string } | null;
  /** The operator's secret that issues activation codes of paid integrations (LUMA_ACTIVATION_SECRET; integrations/activation.ts); null: no code is valid. */
  activationSecret: string | null;
  /** The endpoint of the Serbian VAT company lookup's provider (LUMA_NBS_URL; docs/integrations.md "Invoicing"); null: the lookup answers 'not configured'. */
  nbsUrl: string | null;
  /** Whether /register creates accounts (LUMA_REGISTRATION=closed turns it off). */
  registrationOpen: boolean;
  /** LUMA_ROLE: 'web' serves HTTP and only sends jobs; 'worker' runs jobs and serves no HTTP; 'all' both. */
  role: 'web' | 'worker' | 'all';
  /** How often a process that takes jobs beats its satellite heartbeat (LUMA_SATELLITE_HEARTBEAT_SECONDS, docs/satellites.md). */
  satelliteHeartbeatSeconds: number;
  /** Who operates the platform's processes (the satellites): LUMA_ADMIN_EMAIL and LUMA_OPERATORS (e-mails, comma separated). */
  operators: string[];
  /** pg-boss timing (docs/platform.md): expiry of a job whose process died, polling, maintenance. */
  jobExpireSeconds: number;
  jobPollSeconds: number;
  jobMaintenanceSeconds: number;
  /** Records per transaction of a bulk job (LUMA_BULK_BATCH_SIZE; small values make tests slow on purpose). */
  bulkBatchSize: number;
  /**
   * LUMA_PLUGINS: the plugins/<name> folders whose field types the server knows (comma-separated);
   * the app must be built with the same list (docs/custom-renderers.md).
   */
  plugins: string[];
  /** Calls of user code per minute per project and entry point, counted in the database (LUMA_SCRIPT_CALLS_PER_MINUTE; usercode/rate). */
  scriptCallsPerMinute: number;
  /** Calls of one public function per minute from one client address (LUMA_PUBLIC_FUNCTION_CALLS_PER_MINUTE). */
  publicFunctionCallsPerMinute: number;
  /** Deadline of a component or global function run (LUMA_FUNCTION_TIMEOUT_MS; docs/user-code.md "Limits per entry point"). */
  functionTimeoutMs: number;
  /** Worker threads of the user-code pool (LUMA_SCRIPT_WORKERS; docs/user-code.md "Memory"). */
  scriptWorkers: number;
  /** A ratchet console statement's timeout (LUMA_RATCHET_TIMEOUT_MS, 100 to 15000; docs/ratchet.md): the spec's 15 s, less for tests. */
  ratchetTimeoutMs: number;
  /** The most memory of one user-code worker's QuickJS, so of any run (LUMA_SCRIPT_MEMORY_MB, 4 to 256). */
  scriptMemoryBytes: number;
  /** Sparks a project may have (LUMA_SPARK_LIMIT); one more answers 'sparkLimitReached'. */
  sparkLimit: number;
  /** Public apps a project may have (LUMA_PUBLIC_APP_LIMIT); one more answers 'maximumPublicAppsReached' (docs/public-apps.md). */
  publicAppLimit: number;
  /** Days a spark invocation's log row is kept (LUMA_SPARK_LOG_DAYS); housekeeping removes older ones. */
  sparkLogDays: number;
  /** A spark run's deadline (LUMA_SPARK_DEADLINE_SECONDS, at most 60). */
  sparkTimeoutMs: number;
  /** The largest media file one upload may store (LUMA_MEDIA_MAX_FILE_MB, default 2048; docs/media.md). */
  mediaMaxFileBytes: number;
  /** Days an event of the event log is kept (LUMA_EVENT_DAYS); housekeeping removes older ones (docs/event-bus.md). */
  eventDays: number;
  /** Messages one event-bus socket may have waiting before it is closed as too slow (LUMA_EVENT_QUEUE_MESSAGES). */
  eventQueueMessages: number;
  /** Bytes one event-bus socket may have waiting before it is closed as too slow (LUMA_EVENT_QUEUE_BYTES). */
  eventQueueBytes: number;
  /** Event-bus sockets one user may have open at once, on all instances together (LUMA_BUS_SOCKETS_PER_USER, default 20). */
  busSocketsPerUser: number;
  /** Event-bus sockets one project may have open at once, on all instances together (LUMA_BUS_SOCKETS_PER_PROJECT, default 500). */
  busSocketsPerProject: number;
  /** Days a share link may stay valid at most (LUMA_SHARE_MAX_DAYS, default 30; docs/media.md "Share links"). */
  shareMaxDays: number;
  /**
   * Seconds a found caller (session or API secret, project, workspace, roles, the route's component)
   * is kept in this process before it is looked up again (LUMA_CALLER_CACHE_SECONDS, default 60; 0: never
   * kept). Every change to what it is built from drops it at once on every instance (docs/iam.md "Who is calling").
   */
  callerCacheSeconds: number;
  /**
   * Seconds a list's bounded total is kept in this process for the same component, environment and
   * filter (LUMA_LIST_TOTAL_CACHE_SECONDS, default 60; 0: counted every time). Every write to the
   * component's records drops it at once on every instance (docs/lists.md "Totals").
   */
  listTotalCacheSeconds: number;
  /**
   * Self-tuning indexes (docs/lists.md "Self-tuning indexes"): a list query on a field without an
   * index that takes more than LUMA_INDEX_SLOW_MS (default 50) for the LUMA_INDEX_SLOW_COUNT-th time
   * (default 3) queues the build of its index; at most LUMA_INDEX_AUTO_MAX (default 5) such indexes
   * per component, 0: none built and no query counted.
   */
  indexSlowMs: number;
  indexSlowCount: number;
  indexAutoMax: number;
  /**
   * LUMA_SECRET_KEY: the key that seals the secrets at rest (32 bytes, base64 or hex; secret-box.ts).
   * Unset on PGlite: a key generated into the data directory; unset with DATABASE_URL: the server refuses to start.
   */
  secretKey: string | null;
  /** LUMA_SECRET_KEY_PREVIOUS: keys that still open (never seal) secrets, comma separated: a rotation in progress. */
  secretKeyPrevious: string[];
  /** Checkout methods, the card provider, the bank transfer, trials, currency rates and the user limit (config-billing.ts). */
  billing: BillingConfig;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Zero or a positive number. */
function nonNegative(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be zero or a positive number, got '${raw}'`);
  }
  return value;
}

/** A positive number (fractions allowed so tests can use tiny lifetimes). */
/** The user-code pool's default number of worker threads: min(4, max(2, cores - 1)). */
export function defaultScriptWorkers(): number {
  return Math.min(4, Math.max(2, availableParallelism() - 1));
}

/** A whole number of a setting within [min, max]; outside it the server does not start. */
function within(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = Math.floor(positive(env, name, fallback));
  if (value < min || value > max) throw new Error(`${name} must be from ${min} to ${max}, got '${text(env, name)}'`);
  return value;
}

function positive(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got '${raw}'`);
  }
  return value;
}

function port(env: Env): number {
  const raw = text(env, 'PORT');
  if (raw === undefined) return 8080;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got '${raw}'`);
  }
  return value;
}

/** Plugin folder names: lower-case letters, digits and '-' (a name never reaches outside plugins/). */
function plugins(env: Env): string[] {
  const names = (text(env, 'LUMA_PLUGINS') ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  for (const name of names) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`LUMA_PLUGINS names plugins/ folders (a-z, 0-9, '-'), got '${name}'`);
  }
  return [...new Set(names)];
}

/** LUMA_SECRET_KEY and LUMA_SECRET_KEY_PREVIOUS, checked for their form here so a bad key stops the start. */
function secretKeys(env: Env): Pick<Config, 'secretKey' | 'secretKeyPrevious'> {
  const secretKey = text(env, 'LUMA_SECRET_KEY') ?? null;
  if (secretKey !== null) parseSecretKey(secretKey);
  const secretKeyPrevious = (text(env, 'LUMA_SECRET_KEY_PREVIOUS') ?? '').split(',').map((key) => key.trim()).filter(Boolean);
  for (const key of secretKeyPrevious) parseSecretKey(key, 'LUMA_SECRET_KEY_PREVIOUS');
  return { secretKey, secretKeyPrevious };
}

function role(env: Env): Config['role'] {
  const raw = text(env, 'LUMA_ROLE') ?? 'all';
  if (raw !== 'web' && raw !== 'worker' && raw !== 'all') throw new Error(`LUMA_ROLE must be web, worker or all, got '${raw}'`);
  return raw;
}

/** LUMA_NBS_URL: an absolute http(s) URL (an operator's setting, so no address guard: docs/integrations.md). */
function nbsUrl(env: Env): string | null {
  const raw = text(env, 'LUMA_NBS_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`LUMA_NBS_URL must be an absolute URL, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`LUMA_NBS_URL must be http or https, got '${raw}'`);
  return url.toString();
}

export function loadConfig(env: Env = process.env): Config {
  const resolvedPort = port(env);
  const givenPublicUrl = text(env, 'LUMA_PUBLIC_URL');
  const publicUrl = givenPublicUrl ?? `http://localhost:${resolvedPort}`;
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`LUMA_PUBLIC_URL must be an absolute URL, got '${publicUrl}'`);
  }
  const minute = 60_000;
  return {
    port: resolvedPort,
    // The embedded database's first start seeds an admin: loopback until HOST says otherwise. With
    // DATABASE_URL (a deployment) every interface, as before.
    host: text(env, 'HOST') ?? (text(env, 'DATABASE_URL') ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: text(env, 'DATABASE_URL') ?? null,
    dataDir: text(env, 'LUMA_DATA_DIR') ?? './data',
    adminEmail: text(env, 'LUMA_ADMIN_EMAIL') ?? 'admin@luma.local',
    adminPassword: env.LUMA_ADMIN_PASSWORD ? env.LUMA_ADMIN_PASSWORD : null,
    sessionIdleMs: positive(env, 'LUMA_SESSION_IDLE_MINUTES', 120) * minute,
    sessionAbsoluteMs: positive(env, 'LUMA_SESSION_ABSOLUTE_HOURS', 168) * 60 * minute,
    publicUrl,
    writeOrigins: givenPublicUrl
      ? [new URL(givenPublicUrl).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${resolvedPort}`),
    loginMaxFailuresPerAccount: Math.floor(positive(env, 'LUMA_LOGIN_MAX_FAILURES_PER_ACCOUNT', 5)),
    loginMaxFailuresPerAddress: Math.floor(positive(env, 'LUMA_LOGIN_MAX_FAILURES_PER_ADDRESS', 20)),
    loginWindowMs: positive(env, 'LUMA_LOGIN_WINDOW_MINUTES', 15) * minute,
    appDir: text(env, 'LUMA_APP_DIR') ?? join(projectRoot(), 'dist', 'app'),
    trustProxy: text(env, 'LUMA_TRUST_PROXY') === 'true' || text(env, 'LUMA_TRUST_PROXY') === '1',
    logLevel: text(env, 'LUMA_LOG_LEVEL') ?? 'info',
    smtpUrl: text(env, 'LUMA_SMTP_URL') ?? null,
    mailFrom: text(env, 'LUMA_MAIL_FROM') ?? 'Luma <no-reply@luma.local>',
    workflowHttpAllow: (text(env, 'LUMA_WORKFLOW_HTTP_ALLOW') ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean),
    workflowChainWrites: Math.max(1, Math.floor(positive(env, 'LUMA_WORKFLOW_CHAIN_WRITES', WORKFLOW_CHAIN_DEFAULTS.writes))),
    workflowChainRuns: Math.max(1, Math.floor(positive(env, 'LUMA_WORKFLOW_CHAIN_RUNS', WORKFLOW_CHAIN_DEFAULTS.runs))),
    fcm:
      text(env, 'LUMA_FCM_PROJECT_ID') && text(env, 'LUMA_FCM_CREDENTIALS')
        ? { endpoint: text(env, 'LUMA_FCM_ENDPOINT') ?? 'https://fcm.googleapis.com', projectId: text(env, 'LUMA_FCM_PROJECT_ID')!, credentials: text(env, 'LUMA_FCM_CREDENTIALS')! }
        : null,
    activationSecret: text(env, 'LUMA_ACTIVATION_SECRET') ?? null,
    nbsUrl: nbsUrl(env),
    registrationOpen: text(env, 'LUMA_REGISTRATION') !== 'closed',
    role: role(env),
    satelliteHeartbeatSeconds: Math.min(60, Math.max(0.2, positive(env, 'LUMA_SATELLITE_HEARTBEAT_SECONDS', 5))),
    operators: [...new Set([text(env, 'LUMA_ADMIN_EMAIL') ?? 'admin@luma.local', ...(text(env, 'LUMA_OPERATORS') ?? '').split(',')].map((email) => email.trim().toLowerCase()).filter(Boolean))],
    jobExpireSeconds: Math.max(1, Math.floor(positive(env, 'LUMA_JOB_EXPIRE_SECONDS', 300))),
    jobPollSeconds: Math.max(0.5, positive(env, 'LUMA_JOB_POLL_SECONDS', 1)),
    jobMaintenanceSeconds: Math.max(1, Math.floor(positive(env, 'LUMA_JOB_MAINTENANCE_SECONDS', 30))),
    bulkBatchSize: Math.floor(positive(env, 'LUMA_BULK_BATCH_SIZE', 1000)),
    plugins: plugins(env),
    scriptCallsPerMinute: Math.floor(positive(env, 'LUMA_SCRIPT_CALLS_PER_MINUTE', 600)),
    publicFunctionCallsPerMinute: Math.floor(positive(env, 'LUMA_PUBLIC_FUNCTION_CALLS_PER_MINUTE', 60)),
    functionTimeoutMs: Math.min(60_000, Math.floor(positive(env, 'LUMA_FUNCTION_TIMEOUT_MS', 10_000))),
    scriptWorkers: within(env, 'LUMA_SCRIPT_WORKERS', defaultScriptWorkers(), 1, 64),
    ratchetTimeoutMs: within(env, 'LUMA_RATCHET_TIMEOUT_MS', 15_000, 100, 15_000),
    scriptMemoryBytes: within(env, 'LUMA_SCRIPT_MEMORY_MB', 256, 4, 256) * 1024 * 1024,
    sparkLimit: Math.floor(positive(env, 'LUMA_SPARK_LIMIT', 25)),
    sparkLogDays: positive(env, 'LUMA_SPARK_LOG_DAYS', 7),
    publicAppLimit: Math.floor(positive(env, 'LUMA_PUBLIC_APP_LIMIT', 5)),
    sparkTimeoutMs: Math.min(60_000, Math.max(100, Math.round(positive(env, 'LUMA_SPARK_DEADLINE_SECONDS', 25) * 1000))),
    mediaMaxFileBytes: Math.max(1, Math.floor(positive(env, 'LUMA_MEDIA_MAX_FILE_MB', 2048) * 1024 * 1024)),
    eventDays: positive(env, 'LUMA_EVENT_DAYS', 30),
    eventQueueMessages: Math.floor(positive(env, 'LUMA_EVENT_QUEUE_MESSAGES', 1000)),
    eventQueueBytes: Math.floor(positive(env, 'LUMA_EVENT_QUEUE_BYTES', 4 * 1024 * 1024)),
    busSocketsPerUser: Math.floor(positive(env, 'LUMA_BUS_SOCKETS_PER_USER', 20)),
    busSocketsPerProject: Math.floor(positive(env, 'LUMA_BUS_SOCKETS_PER_PROJECT', 500)),
    shareMaxDays: positive(env, 'LUMA_SHARE_MAX_DAYS', 30),
    callerCacheSeconds: nonNegative(env, 'LUMA_CALLER_CACHE_SECONDS', 60),
    listTotalCacheSeconds: nonNegative(env, 'LUMA_LIST_TOTAL_CACHE_SECONDS', 60),
    indexSlowMs: nonNegative(env, 'LUMA_INDEX_SLOW_MS', 50),
    indexSlowCount: Math.max(1, Math.floor(positive(env, 'LUMA_INDEX_SLOW_COUNT', 3))),
    indexAutoMax: Math.min(32, Math.floor(nonNegative(env, 'LUMA_INDEX_AUTO_MAX', 5))),
    ...secretKeys(env),
    billing: billingConfig(env),
  };
}
