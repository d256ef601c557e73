// Table types of the sparks (migration 0011_sparks; docs/user-code.md "Sparks").
import type { ColumnType, Selectable } from 'kysely';
import type { JsonWithDefault, Timestamp } from './schema-columns';

export interface SparksTable {
  uuid: string;
  project_uuid: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** The draft. */
  code: ColumnType<string, string | undefined, string>;
  dev_version: number | null;
  live_version: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SparkReleasesTable {
  spark_uuid: string;
  version: number;
  code: string;
  note: ColumnType<string, string | undefined, string>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface SparkLogsTable {
  uuid: string;
  project_uuid: string;
  spark_uuid: string;
  env: 'dev' | 'live';
  version: number;
  source: 'http' | 'workflow';
  status: 'ok' | 'error';
  duration_ms: number;
  logs: JsonWithDefault<{ level: string; message: string }[]>;
  error: string | null;
  caller_uuid: string | null;
  created_at: Timestamp;
}

export type SparkRow = Selectable<SparksTable>;
