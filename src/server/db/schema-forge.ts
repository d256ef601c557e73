// Table types of forge apps and template distributions (migration 0028_forge; docs/forge.md).
import type { Generated, Selectable } from 'kysely';
import type { ForgeFile } from '../../../runtime/api/forge';
import type { Json, Timestamp } from './schema-columns';

export interface ForgeAppsTable {
  uuid: string;
  project_uuid: string;
  name: string;
  label: string;
  icon: string | null;
  live_release: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ForgeAppWorkspacesTable {
  app_uuid: string;
  workspace_uuid: string;
}

export interface ForgeReleasesTable {
  uuid: string;
  project_uuid: string;
  owner_kind: 'app' | 'component';
  owner_uuid: string;
  number: number;
  /** bigint: the driver answers a string. */
  size: string | number;
  files: Json<ForgeFile[]>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface ForgeDeploysTable {
  app_uuid: string;
  release_uuid: string;
  deployed_at: Timestamp;
  deployed_by: string | null;
  seq: Generated<string>;
}

export type ForgeAppRow = Selectable<ForgeAppsTable>;
export type ForgeReleaseRow = Selectable<ForgeReleasesTable>;
