// The event log and the event-bus tokens (migration 0015_events, docs/event-bus.md).
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EventsTable {
  uuid: string;
  project_uuid: string;
  env: 'dev' | 'live';
  /** '{component ref or system area}.{action}.{env}', e.g. 'orders.create.dev'. */
  topic: string;
  component_uuid: string | null;
  record_uuid: string | null;
  /** The user (person or API user) whose call caused it; null for the system. */
  actor: string | null;
  payload: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  /** False when the project's Scout settings do not keep its kind: delivered, never listed, purged within the hour (0016). */
  kept: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface EventSettingsTable {
  project_uuid: string;
  /** The kinds the log keeps (runtime/api/scout-events.ts EVENT_KINDS). */
  kinds: ColumnType<unknown, string, string>;
  retention_days: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface EventbusTokensTable {
  /** sha256 hex of the token; the token itself is only in the answer. */
  token_hash: string;
  user_uuid: string;
  project_uuid: string;
  workspace_uuid: string | null;
  /** How the caller authenticated, and the hash that finds it again (a session's id_hash or a secret's hash). */
  principal_by: 'session' | 'bearer';
  principal_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}
