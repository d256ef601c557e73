// Scout's API call log (migration 0017_api_log, runtime/api/apiLog.ts).
import type { ColumnType } from 'kysely';
import type { Timestamp } from './schema-columns';

export interface ApiCallsTable {
  uuid: string;
  project_uuid: string;
  method: string;
  /** The path with secret-like query parameters removed. */
  path: string;
  status: number;
  duration_ms: number;
  caller_uuid: string | null;
  caller_kind: 'user' | 'api' | null;
  /** The x-request-uuid of the answer. */
  request_uuid: string;
  request_body: string | null;
  response_body: string | null;
  created_at: Timestamp;
  /** Insert order (0018_scout_scale): lists calls of the same created_at in the order they were made. */
  seq: ColumnType<string, never, never>;
  /** left(path, 200) collate "C", generated (0018_scout_scale): what the path-prefix index holds. */
  path_head: ColumnType<string, never, never>;
}

export interface ApiLogSettingsTable {
  project_uuid: string;
  enabled: boolean;
  bodies: boolean;
  retention_days: number;
  updated_at: Timestamp;
}
