// Table types of the Luma database (one schema for PGlite and PostgreSQL).
// Over 400 lines for now: the table types move into their capabilities' folders with issue 28.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BillingAddress, UserModel, UserSettings } from '../../../runtime/api/contract';
import type { SparkLogsTable, SparkReleasesTable, SparksTable } from './schema-sparks';
import type { IntegrationsTable, MediaFilesTable, MediaLibrariesTable, MediaSharesTable, MediaSigningKeysTable } from './schema-media';
import type { DocumentCommentsTable, DocumentsTable, DocumentVersionsTable } from './schema-documents';
import type { EventbusSocketsTable, EventbusTokensTable, EventSettingsTable, EventsTable } from './schema-events';
import type { ApiCallsTable, ApiLogSettingsTable } from './schema-api-log';

/** timestamptz: read as Date, written as Date or ISO text, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: read parsed; written as JSON text (pg would turn JS arrays into Postgres arrays). */
type Json<T> = ColumnType<T, string, string>;
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export interface ProjectsTable {
  uuid: string;
  name: string;
  owner_uuid: string | null;
  account: JsonWithDefault<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkspacesTable {
  uuid: string;
  project_uuid: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EnvironmentsTable {
  workspace_uuid: string;
  name: 'dev' | 'live';
  settings: JsonWithDefault<Record<string, unknown>>;
  created_at: Timestamp;
}

export type UserStatus = UserModel['status'];

export interface UsersTable {
  uuid: string;
  name: string;
  email: string;
  password_hash: string | null;
  settings: JsonWithDefault<UserSettings>;
  billing_address: ColumnType<BillingAddress | null, string | null | undefined, string | null>;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  login_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 'person' signs in with e-mail and password; 'api' (e-mail '') with a bearer secret. */
  kind: ColumnType<UserKind, UserKind | undefined, UserKind>;
  /** The enabled TOTP secret (base32); never answered. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A secret being enrolled, until a code confirms it. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last accepted TOTP time step: a code is accepted once. */
  totp_last_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  password_changed_at: NullableTimestamp;
}

export type UserKind = 'person' | 'api';

export interface ProjectUsersTable {
  project_uuid: string;
  user_uuid: string;
  is_owner: ColumnType<boolean, boolean | undefined, boolean>;
  /** The member's status in this project; only 'active' members act in it. */
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  created_at: Timestamp;
}

export interface RolesTable {
  uuid: string;
  project_uuid: string;
  name: string;
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  level: ColumnType<number, number | undefined, number>;
  permissions: JsonWithDefault<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_uuid: string;
  role_uuid: string;
  /** null: the role applies in every workspace of the role's project. */
  workspace_uuid: string | null;
}

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

/** A bulk action on a filter (migration 0006): progress and the cursor of the last applied batch. */
export interface RecordJobsTable {
  uuid: string;
  project_uuid: string;
  component_uuid: string;
  component_ref: string;
  env: string;
  user_uuid: string;
  action: 'delete' | 'disable' | 'enable';
  filter: Json<unknown>;
  status: Generated<'running' | 'done' | 'failed'>;
  processed: Generated<number>;
  total: number | null;
  affected: Generated<number>;
  error: string | null;
  cursor_created_at: NullableTimestamp;
  cursor_uuid: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface WorkflowsTable {
  uuid: string;
  project_uuid: string;
  component_uuid: string;
  name: string;
  dev_version: string | null;
  public_version: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkflowVersionsTable {
  workflow_uuid: string;
  name: string;
  /** schemas/workflow.schema WorkflowNode[], checked before every write. */
  nodes: JsonWithDefault<unknown[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkflowComponentRefsTable {
  workflow_uuid: string;
  component_uuid: string;
}

export interface WorkflowRunsTable {
  uuid: string;
  project_uuid: string;
  workflow_uuid: string;
  version: string;
  component_uuid: string;
  env: RecordEnv;
  event: string;
  record_uuid: string | null;
  status: Generated<'queued' | 'running' | 'success' | 'error' | 'refused'>;
  data: JsonWithDefault<Record<string, unknown>>;
  path: JsonWithDefault<number[]>;
  results: JsonWithDefault<unknown[]>;
  error: string | null;
  attempts: Generated<number>;
  depth: Generated<number>;
  /** The chain of runs this one belongs to (workflow_chains; null on runs queued before migration 0023). */
  chain_uuid: string | null;
  user_uuid: string | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  duration_ms: number | null;
}

/** One chain of workflow runs started by one write: what it spent of its budget (workflows/budget.ts). */
export interface WorkflowChainsTable {
  uuid: string;
  project_uuid: string;
  writes: number;
  runs: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConfigTable {
  uuid: string;
  project_uuid: string;
  /** null: project-level config; set: that user's own config in the project. */
  user_uuid: string | null;
  path: string;
  data: Json<unknown>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LoginFailuresTable {
  /** 'account:<email>' or 'address:<ip>' */
  key: string;
  count: number;
  window_start: Timestamp;
}

export interface ComponentsTable {
  uuid: string;
  project_uuid: string;
  name: string;
  scope: string | null;
  tag: string | null;
  label: JsonWithDefault<Record<string, string>>;
  icon: string | null;
  sort: ColumnType<number, number | undefined, number>;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  is_custom: ColumnType<boolean, boolean | undefined, boolean>;
  public_version: string | null;
  dev_version: string | null;
  props: JsonWithDefault<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ComponentVersionsTable {
  component_uuid: string;
  name: string;
  /** One version's ComponentSettings (schemas/), validated before every write. */
  settings: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ComponentWorkspacesTable {
  component_uuid: string;
  workspace_uuid: string;
}

export type RecordEnv = 'dev' | 'live';

export interface RecordsTable {
  uuid: string;
  /** Insertion order (one sequence for all records): the tiebreak of every sort. bigint: text from pg. */
  seq: ColumnType<string | number, never, never>;
  project_uuid: string;
  component_uuid: string;
  env: RecordEnv;
  /** The record's __version__: 1 on create, + 1 on every update. */
  version: ColumnType<number, number | undefined, number>;
  /** The field values (hashed fields as argon2id hashes). */
  data: Json<Record<string, unknown>>;
  created_by: string | null;
  created_at: Timestamp;
  updated_by: string | null;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  disabled_at: NullableTimestamp;
}

/** Global variables (migration 0009): `value` of a secret is never answered by any call. */
export interface VariablesTable {
  uuid: string;
  project_uuid: string;
  env: 'dev' | 'live';
  name: string;
  value: string;
  secret: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A project's global function (migrations/0010_functions). */
export interface GlobalFunctionsTable {
  uuid: string;
  project_uuid: string;
  name: string;
  description: Generated<string>;
  code: Generated<string>;
  public: Generated<boolean>;
  signed: Generated<boolean>;
  api_user_uuid: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GlobalFunctionKeysTable {
  uuid: string;
  function_uuid: string;
  secret: string;
  hint: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface ScriptCallsTable {
  scope: string;
  window_start: Timestamp;
  count: number;
}

export interface Database {
  projects: ProjectsTable;
  workspaces: WorkspacesTable;
  environments: EnvironmentsTable;
  users: UsersTable;
  project_users: ProjectUsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  config: ConfigTable;
  login_failures: LoginFailuresTable;
  components: ComponentsTable;
  component_versions: ComponentVersionsTable;
  component_workspaces: ComponentWorkspacesTable;
  records: RecordsTable;
  api_secrets: ApiSecretsTable;
  invites: InvitesTable;
  password_resets: PasswordResetsTable;
  two_factor_challenges: TwoFactorChallengesTable;
  remembered_devices: RememberedDevicesTable;
  record_jobs: RecordJobsTable;
  workflows: WorkflowsTable;
  workflow_versions: WorkflowVersionsTable;
  workflow_component_refs: WorkflowComponentRefsTable;
  workflow_runs: WorkflowRunsTable;
  workflow_chains: WorkflowChainsTable;
  global_functions: GlobalFunctionsTable;
  global_function_keys: GlobalFunctionKeysTable;
  script_calls: ScriptCallsTable;
  variables: VariablesTable;
  sparks: SparksTable;
  spark_releases: SparkReleasesTable;
  spark_logs: SparkLogsTable;
  integrations: IntegrationsTable;
  media_libraries: MediaLibrariesTable;
  media_files: MediaFilesTable;
  documents: DocumentsTable;
  document_versions: DocumentVersionsTable;
  document_comments: DocumentCommentsTable;
  media_signing_keys: MediaSigningKeysTable;
  media_shares: MediaSharesTable;
  events: EventsTable;
  eventbus_tokens: EventbusTokensTable;
  eventbus_sockets: EventbusSocketsTable;
  event_settings: EventSettingsTable;
  api_calls: ApiCallsTable;
  api_log_settings: ApiLogSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type RoleRow = Selectable<RolesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ApiSecretRow = Selectable<ApiSecretsTable>;
export type InviteRow = Selectable<InvitesTable>;
export type ConfigRow = Selectable<ConfigTable>;
export type ComponentRow = Selectable<ComponentsTable>;
export type NewComponent = Insertable<ComponentsTable>;
export type ComponentUpdate = Updateable<ComponentsTable>;
export type ComponentVersionRow = Selectable<ComponentVersionsTable>;
export type RecordRow = Selectable<RecordsTable>;
export type GlobalFunctionRow = Selectable<GlobalFunctionsTable>;
export type GlobalFunctionKeyRow = Selectable<GlobalFunctionKeysTable>;
