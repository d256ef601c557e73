// The satellites' calls (docs/satellites.md): the registered processes with a status worked out from
// their heartbeat, one of them, the operator's switch, and how to start one. Operators only (the
// platform's administrators, config.operators), except the guide, which any project admin may read.
import type { Kysely } from 'kysely';
import { OFFLINE_BEATS, SATELLITE_MESSAGE, type Satellite, type SatelliteExplore, type SatelliteStatus } from '../../../runtime/api/satellites';
import type { Database } from '../db/schema';
import type { SatelliteRow } from '../db/schema-satellites';
import type { Accountability } from '../auth/tenancy';
import { isOperator } from '../auth/operators';
import type { Bus } from '../platform/bus';
import type { Config } from '../platform/config';
import { fieldsNotValid, forbidden, HttpError } from '../platform/errors';
import { nowDate } from '../platform/clock';
import { isPlainObject, isUuid } from '../platform/validate';
import type { QueueName } from '../platform/jobs';

type Db = Kysely<Database>;
type SatelliteConfig = Pick<Config, 'operators' | 'satelliteHeartbeatSeconds'>;

/** Stopped processes' rows are kept this long for their history, then housekeeping removes them. */
export const STOPPED_KEPT_DAYS = 7;

/** The platform's operators: a person (not an API user) whose e-mail is in config.operators. */
export function requireOperator(accountability: Accountability, config: SatelliteConfig): void {
  if (!isOperator(accountability, config.operators)) throw forbidden(SATELLITE_MESSAGE.operatorsOnly);
}

export function satelliteStatus(row: Pick<SatelliteRow, 'stopped_at' | 'heartbeat_at' | 'disabled' | 'working'>, heartbeatSeconds: number, now: Date): SatelliteStatus {
  if (row.stopped_at) return 'stopped';
  if (now.getTime() - new Date(row.heartbeat_at).getTime() > OFFLINE_BEATS * heartbeatSeconds * 1000) return 'offline';
  if (row.disabled) return row.working ? 'disabling' : 'disabled';
  return 'online';
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toSatellite(row: SatelliteRow, heartbeatSeconds: number, now: Date = nowDate()): Satellite {
  return {
    id: row.uuid,
    name: `${row.host}:${row.pid}`,
    host: row.host,
    pid: row.pid,
    version: row.version,
    role: row.role,
    status: satelliteStatus(row, heartbeatSeconds, now),
    disabled: row.disabled,
    working: row.working,
    started_at: iso(row.started_at),
    heartbeat_at: iso(row.heartbeat_at),
    stopped_at: row.stopped_at ? iso(row.stopped_at) : null,
    jobs_done: Number(row.jobs_done),
    jobs_failed: Number(row.jobs_failed),
  };
}

export async function listSatellites(db: Db, accountability: Accountability, config: SatelliteConfig): Promise<Satellite[]> {
  requireOperator(accountability, config);
  const rows = await db.selectFrom('satellites').selectAll().orderBy('heartbeat_at', 'desc').orderBy('uuid').execute();
  const now = nowDate();
  return rows.map((row) => toSatellite(row, config.satelliteHeartbeatSeconds, now));
}

async function requireSatellite(db: Db, id: string): Promise<SatelliteRow> {
  const row = isUuid(id) ? await db.selectFrom('satellites').selectAll().where('uuid', '=', id.toLowerCase()).executeTakeFirst() : undefined;
  if (!row) throw new HttpError(404, SATELLITE_MESSAGE.notFound);
  return row;
}

export async function getSatellite(db: Db, accountability: Accountability, config: SatelliteConfig, id: string): Promise<Satellite> {
  requireOperator(accountability, config);
  return toSatellite(await requireSatellite(db, id), config.satelliteHeartbeatSeconds);
}

/** `{disabled}`: written, then the process is told over the bus (it also reads it at its next heartbeat). */
export async function changeSatellite(db: Db, bus: Bus, accountability: Accountability, config: SatelliteConfig, id: string, body: unknown): Promise<Satellite> {
  requireOperator(accountability, config);
  const existing = await requireSatellite(db, id);
  if (!isPlainObject(body)) throw fieldsNotValid([{ field: 'body', messages: ['invalidInput'] }]);
  if (typeof body.disabled !== 'boolean') throw fieldsNotValid([{ field: 'disabled', messages: [body.disabled === undefined ? 'fieldRequired' : 'invalid'] }]);
  const row = await db.updateTable('satellites').set({ disabled: body.disabled }).where('uuid', '=', existing.uuid).returningAll().executeTakeFirstOrThrow();
  await bus.publish('satellite.changed', { satellite: row.uuid });
  return toSatellite(row, config.satelliteHeartbeatSeconds);
}

export function exploreSatellites(accountability: Accountability, config: SatelliteConfig & Pick<Config, 'publicUrl'>, queues: readonly QueueName[]): SatelliteExplore {
  if (!accountability.is_admin) throw forbidden();
  return {
    heartbeat_seconds: config.satelliteHeartbeatSeconds,
    offline_after_seconds: Math.round(OFFLINE_BEATS * config.satelliteHeartbeatSeconds * 1000) / 1000,
    queues: [...queues],
    environment: {
      LUMA_ROLE: 'worker',
      DATABASE_URL: 'postgres://<user>@<host>:5432/<database>',
      LUMA_SECRET_KEY: '<the key of the web processes>',
      LUMA_SATELLITE_HEARTBEAT_SECONDS: String(config.satelliteHeartbeatSeconds),
    },
    command: 'node dist/server/main.js',
  };
}

/** Housekeeping: rows of processes stopped, or silent, for more than STOPPED_KEPT_DAYS. */
export async function removeOldSatellites(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STOPPED_KEPT_DAYS * 24 * 3600 * 1000);
  const removed = await db.deleteFrom('satellites').where('heartbeat_at', '<', before).executeTakeFirst();
  return Number(removed.numDeletedRows);
}
