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
