// Table types of the Luma database (one schema for PGlite and PostgreSQL): the Database every query
// is typed by, with the core tables (projects, users, roles, components, records); the tables of
// other capabilities are in schema-*.ts beside it.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Json, JsonWithDefault, NullableTimestamp, Timestamp } from './schema-columns';
import type { BillingAddress, UserModel, UserSettings } from '../../../runtime/api/contract';
import type { SparkLogsTable, SparkReleasesTable, SparksTable } from './schema-sparks';
import type { AppsTable, AppVersionsTable, AppWorkspacesTable, ForgePreviewFilesTable, PortalRecordsTable, PortalSessionsTable, PortalUsersTable, PublicAppHostnamesTable, PublicAppsTable } from './schema-apps';
import type { ForgeAppsTable, ForgeAppWorkspacesTable, ForgeDeploysTable, ForgeReleasesTable } from './schema-forge';
import type { RecordIndexStateTable, RecordQueryShapesTable } from './schema-indexes';
import type { IntegrationsTable, MediaFilesTable, MediaLibrariesTable, MediaSharesTable, MediaSigningKeysTable } from './schema-media';
import type { DocumentCommentsTable, DocumentsTable, DocumentVersionsTable } from './schema-documents';
import type { WidgetPlacesTable, WidgetsTable } from './schema-widgets';
import type { SatellitesTable } from './schema-satellites';
import type { RecordRevisionsTable } from './schema-history';
import type { BillingSubscriptionsTable, BillingWebhookEventsTable } from './schema-billing';
import type { FeedbackReportsTable } from './schema-feedback';
import type { TemplateInstallsTable } from './schema-templates';
import type { RatchetConnectionsTable } from './schema-ratchet';
import type { ThunderBuildsTable, ThunderSetsTable } from './schema-thunder';
import type { EventbusSocketsTable, EventbusTokensTable, EventSettingsTable, EventsTable } from './schema-events';
import type { ApiCallsTable, ApiLogSettingsTable } from './schema-api-log';
import type { ApiSecretsTable, InvitesTable, LoginFailuresTable, PasswordResetsTable, RememberedDevicesTable, SessionsTable, TwoFactorChallengesTable } from './schema-auth';
import type { WorkflowChainsTable, WorkflowComponentRefsTable, WorkflowRunsTable, WorkflowsTable, WorkflowVersionsTable } from './schema-workflows';
import type { GlobalFunctionKeysTable, GlobalFunctionsTable, ScriptCallsTable, VariablesTable } from './schema-usercode';

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

export interface ConfigTable {
  uuid: string;
  project_uuid: string;
  /** null: project-level config; set: that user's own config in the project. */
  user_uuid: string | null;
  path: string;
  data: Json<unknown>;
  /** Who last wrote it (migration 0034); null for entries written before, or by a removed user. */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
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
  record_query_shapes: RecordQueryShapesTable;
  record_index_state: RecordIndexStateTable;
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
  widgets: WidgetsTable;
  widget_places: WidgetPlacesTable;
  satellites: SatellitesTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_webhook_events: BillingWebhookEventsTable;
  feedback_reports: FeedbackReportsTable;
  ratchet_connections: RatchetConnectionsTable;
  thunder_sets: ThunderSetsTable;
  thunder_builds: ThunderBuildsTable;
  apps: AppsTable;
  app_versions: AppVersionsTable;
  app_workspaces: AppWorkspacesTable;
  public_apps: PublicAppsTable;
  public_app_hostnames: PublicAppHostnamesTable;
  portal_users: PortalUsersTable;
  portal_sessions: PortalSessionsTable;
  portal_records: PortalRecordsTable;
  forge_preview_files: ForgePreviewFilesTable;
  template_installs: TemplateInstallsTable;
  forge_apps: ForgeAppsTable;
  forge_app_workspaces: ForgeAppWorkspacesTable;
  forge_releases: ForgeReleasesTable;
  forge_deploys: ForgeDeploysTable;
  record_revisions: RecordRevisionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type RoleRow = Selectable<RolesTable>;
export type ConfigRow = Selectable<ConfigTable>;
export type ComponentRow = Selectable<ComponentsTable>;
export type NewComponent = Insertable<ComponentsTable>;
export type ComponentUpdate = Updateable<ComponentsTable>;
export type ComponentVersionRow = Selectable<ComponentVersionsTable>;
export type RecordRow = Selectable<RecordsTable>;
