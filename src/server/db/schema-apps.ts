// Table types of the platform apps (migration 0026_apps; docs/apps.md).
import type { ColumnType, Selectable } from 'kysely';
import type { AppDefinition } from '../../../runtime/api/apps';
import type { Json, Timestamp } from './schema-columns';

export interface AppsTable {
  uuid: string;
  project_uuid: string;
  name: string;
  label: string;
  icon: string | null;
  dev_version: string | null;
  public_version: string | null;
  /** 'platform' (docs/apps.md) or 'public' (docs/public-apps.md; migration 0027). */
  kind: ColumnType<'platform' | 'public', 'platform' | 'public' | undefined, 'platform' | 'public'>;
  onboarding_required: ColumnType<boolean, boolean | undefined, boolean>;
  onboarding_finished: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppVersionsTable {
  app_uuid: string;
  name: string;
  definition: Json<AppDefinition>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppWorkspacesTable {
  app_uuid: string;
  workspace_uuid: string;
}

export type AppRow = Selectable<AppsTable>;

// Public apps and portals (migration 0027_public_apps; docs/public-apps.md).
export interface PublicAppsTable {
  app_uuid: string;
  api_user_uuid: string | null;
  portal: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PublicAppHostnamesTable {
  hostname: string;
  app_uuid: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PortalUsersTable {
  uuid: string;
  app_uuid: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PortalSessionsTable {
  id_hash: string;
  portal_user_uuid: string;
  app_uuid: string;
  hostname: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: Timestamp;
}

// A portal visitor's records (migration 0032; docs/public-apps.md "Portals").
export interface PortalRecordsTable {
  record_uuid: string;
  portal_user_uuid: string;
  component_uuid: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

// The component editor's unsaved previews (migration 0032; docs/forge.md).
export interface ForgePreviewFilesTable {
  id_hash: string;
  component_uuid: string;
  path: string;
  body: Uint8Array;
  expires_at: Timestamp;
}
