// Table types of who may call (docs/iam.md): sessions, API users' secrets, invites, password resets,
// two-factor challenges, remembered devices and the sign-in failure counts.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { JsonWithDefault, NullableTimestamp, Timestamp } from './schema-columns';

export interface SessionsTable {
  /** sha256 hex of the opaque cookie token; the token itself is never stored. */
  id_hash: string;
  user_uuid: string;
  project_uuid: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  ip: string | null;
  user_agent: string | null;
  /** The session's public id (GET /v1/user/sessions); id_hash never leaves the server. */
  uuid: Generated<string>;
}

export interface ApiSecretsTable {
  uuid: Generated<string>;
  /** The API user (users.kind = 'api'). */
  user_uuid: string;
  /** sha256 hex of the bearer token. */
  secret_hash: string;
  /** The token's last four characters, to tell secrets apart. */
  hint: string;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface InvitesTable {
  uuid: Generated<string>;
  token_hash: string;
  project_uuid: string;
  email: string;
  role_uuids: JsonWithDefault<string[]>;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  accepted_at: NullableTimestamp;
  accepted_by: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_uuid: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
}

export interface TwoFactorChallengesTable {
  token_hash: string;
  user_uuid: string;
  project_uuid: string | null;
  failures: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface RememberedDevicesTable {
  token_hash: string;
  user_uuid: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface LoginFailuresTable {
  /** 'account:<email>' or 'address:<ip>' */
  key: string;
  count: number;
  window_start: Timestamp;
}

export type SessionRow = Selectable<SessionsTable>;
export type ApiSecretRow = Selectable<ApiSecretsTable>;
export type InviteRow = Selectable<InvitesTable>;
