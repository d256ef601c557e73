// Table types of ratchet connections (migration 0030_ratchet; docs/ratchet.md).
import type { Selectable } from 'kysely';
import type { Timestamp } from './schema-columns';

export interface RatchetConnectionsTable {
  uuid: string;
  project_uuid: string;
  name: string;
  kind: 'postgres' | 'mariadb';
  host: string;
  port: number;
  database: string;
  user: string;
  /** Sealed (secret-box purpose 'ratchet-password'); null when none is set. */
  password: string | null;
  tls: boolean;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type RatchetConnectionRow = Selectable<RatchetConnectionsTable>;
