// Table types of satellites (migration 0031_satellites; docs/satellites.md).
import type { ColumnType, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns';

export interface SatellitesTable {
  uuid: string;
  /** The machine's host name. */
  host: string;
  pid: number;
  /** The running Luma's version (package.json). */
  version: string;
  role: 'worker' | 'all';
  started_at: Timestamp;
  heartbeat_at: Timestamp;
  /** Set when the process stopped cleanly; a process that died keeps null and its heartbeat ages. */
  stopped_at: NullableTimestamp;
  /** An operator's switch: the process stops taking jobs at its next heartbeat (or at once over the bus). */
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** What the process itself reported at its last heartbeat: whether its workers take jobs. */
  working: ColumnType<boolean, boolean | undefined, boolean>;
  jobs_done: ColumnType<string, number | undefined, number | string>;
  jobs_failed: ColumnType<string, number | undefined, number | string>;
}

export type SatelliteRow = Selectable<SatellitesTable>;
