// Table types of thunder data sets (migration 0033_thunder; docs/thunder.md).
import type { ColumnType, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns';

/** A nullable jsonb column: read parsed, written as JSON text or null. */
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** A column with a database default. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type ThunderStatus = 'building' | 'ready' | 'failed';
export type ThunderTrigger = 'define' | 'manual' | 'schedule' | 'change';

export interface ThunderSetsTable {
  uuid: string;
  project_uuid: string;
  name: string;
  env: 'dev' | 'live';
  source: 'component' | 'ratchet';
  component_uuid: string | null;
  connection_uuid: string | null;
  filter: NullableJson<Record<string, unknown>>;
  aggregate: NullableJson<unknown[]>;
  sql: string | null;
  schedule_minutes: number;
  rebuild_on_change: boolean;
  status: Defaulted<ThunderStatus>;
  /** The failed build's message key (and the database's words after a colon). */
  error: string | null;
  /** The last good build's items. */
  result: NullableJson<Record<string, unknown>[]>;
  row_count: Defaulted<number>;
  size_bytes: Defaulted<number>;
  built_at: NullableTimestamp;
  next_build_at: NullableTimestamp;
  /** A build is queued (debounce: one queued build per set); null when none. */
  queued_at: NullableTimestamp;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ThunderBuildsTable {
  uuid: string;
  set_uuid: string;
  trigger: ThunderTrigger;
  status: ThunderStatus;
  error: string | null;
  row_count: number | null;
  size_bytes: number | null;
  ms: number | null;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
}

export type ThunderSetRow = Selectable<ThunderSetsTable>;
export type ThunderBuildRow = Selectable<ThunderBuildsTable>;
