// Satellites (APPS.md "Integrations and satellites"; docs/satellites.md): the Luma processes that take
// jobs from the shared queue. Paths under HOST_PREFIX.integration (/api/integration):
//   GET satellites          every registered process, newest heartbeat first (operators)
//   GET satellite/{id}      one of them (operators)
//   PUT satellite/{id}      {disabled}: a disabled process stops taking jobs (operators)
//   GET satellites/explore  how to start one (admins)
// Spec section 3 "Satellite": id, disabled. Operators are the platform's own administrators
// (LUMA_ADMIN_EMAIL and LUMA_OPERATORS), not a project's: the processes serve every project.
import { arrayOf, closed, dateTimeSchema, judged, stringSchema, uuidSchema } from './schema-kit';

export const SATELLITE_MESSAGE = {
  /** Only the platform's operators see and switch its processes. */
  operatorsOnly: 'satelliteOperatorsOnly',
  notFound: 'satelliteNotFound',
} as const;

/**
 * online: heartbeats arrive and it takes jobs; disabling: switched off, not yet acknowledged;
 * disabled: takes no jobs; offline: no heartbeat for OFFLINE_BEATS heartbeats (it died or hangs);
 * stopped: it shut down cleanly.
 */
export type SatelliteStatus = 'online' | 'disabling' | 'disabled' | 'offline' | 'stopped';
export const SATELLITE_STATUSES: readonly SatelliteStatus[] = ['online', 'disabling', 'disabled', 'offline', 'stopped'];
/** Missed heartbeats after which a process counts as offline. */
export const OFFLINE_BEATS = 3;

export interface Satellite {
  id: string;
  /** `host:pid`. */
  name: string;
  host: string;
  pid: number;
  version: string;
  role: 'worker' | 'all';
  status: SatelliteStatus;
  disabled: boolean;
  /** Whether its workers took jobs at its last heartbeat. */
  working: boolean;
  started_at: string;
  heartbeat_at: string;
  stopped_at: string | null;
  jobs_done: number;
  jobs_failed: number;
}

export interface SatelliteExplore {
  /** Seconds between two heartbeats of every process. */
  heartbeat_seconds: number;
  offline_after_seconds: number;
  /** The queues a satellite takes jobs from. */
  queues: string[];
  /** The environment a satellite needs (values to fill in are in angle brackets). */
  environment: Record<string, string>;
  command: string;
}

export interface SatelliteChange {
  disabled: boolean;
}

const satelliteProperties = {
  id: uuidSchema,
  name: stringSchema,
  host: stringSchema,
  pid: { type: 'integer' },
  version: stringSchema,
  role: { type: 'string', enum: ['worker', 'all'] },
  status: { type: 'string', enum: SATELLITE_STATUSES },
  disabled: { type: 'boolean' },
  working: { type: 'boolean' },
  started_at: dateTimeSchema,
  heartbeat_at: dateTimeSchema,
  stopped_at: { anyOf: [dateTimeSchema, { type: 'null' }] },
  jobs_done: { type: 'integer', minimum: 0 },
  jobs_failed: { type: 'integer', minimum: 0 },
} as const;
export const satelliteSchema = closed(satelliteProperties, Object.keys(satelliteProperties) as (keyof typeof satelliteProperties)[]);
export const satelliteListSchema = arrayOf(satelliteSchema);
export const satelliteExploreSchema = closed(
  {
    heartbeat_seconds: { type: 'number' },
    offline_after_seconds: { type: 'number' },
    queues: arrayOf(stringSchema),
    environment: { type: 'object', additionalProperties: stringSchema },
    command: stringSchema,
  },
  ['heartbeat_seconds', 'offline_after_seconds', 'queues', 'environment', 'command'],
);
export const satelliteChangeBody = { type: 'object', properties: { disabled: judged('boolean: true stops it taking jobs') }, additionalProperties: false } as const;
export const satelliteParams = closed({ id: { type: 'string', description: 'the satellite id (uuid)' } }, ['id']);
