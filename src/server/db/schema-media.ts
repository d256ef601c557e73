// Table types of media (migration 0012_media; docs/media.md).
import type { ColumnType, Selectable } from 'kysely';
import type { JsonWithDefault, Timestamp } from './schema-columns';

/** bigint columns: pg answers strings, PGlite numbers; read them through Number(). */
type BigIntColumn = ColumnType<string | number, number | undefined, number>;

export interface IntegrationsTable {
  project_uuid: string;
  /** 'luma-media', ... */
  id: string;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  onboarded: ColumnType<boolean, boolean | undefined, boolean>;
  settings: JsonWithDefault<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MediaLibrariesTable {
  uuid: string;
  project_uuid: string;
  name: string;
  provider: 'luma-simple' | 's3';
  s3_bucket: string | null;
  s3_key: string | null;
  s3_secret: string | null;
  s3_endpoint: string | null;
  s3_region: string | null;
  /** Base URL for public links (s3). */
  host: string | null;
  /** Root dir inside the storage; '$name' marks a sub-library. */
  dir: ColumnType<string, string | undefined, string>;
  /** Quota in bytes; null: unlimited. */
  allowed_storage: ColumnType<string | number | null, number | null | undefined, number | null>;
  /** Role uuids allowed to use the library; empty: every member with the media permissions. */
  roles: JsonWithDefault<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MediaFilesTable {
  uuid: string;
  library_uuid: string;
  /** The directory's key ('' at the root), so a listing is one index range. */
  parent: string;
  /** Normalised path inside the library: 'dir/sub/name.png'; a directory's key has no trailing slash. */
  key: string;
  name: string;
  orig_name: string;
  ext: ColumnType<string, string | undefined, string>;
  size: BigIntColumn;
  /** Sniffed from the bytes; 'dir' for a directory. */
  mime_type: string;
  public: ColumnType<boolean, boolean | undefined, boolean>;
  /** 'ready'; 'uploading' while a resumable upload is open. */
  status: ColumnType<string, string | undefined, string>;
  metadata: JsonWithDefault<Record<string, string>>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type MediaLibraryRow = Selectable<MediaLibrariesTable>;
export type MediaFileRow = Selectable<MediaFilesTable>;

export interface MediaSigningKeysTable {
  project_uuid: string;
  /** base64url of 32 random bytes. */
  secret: string;
  created_at: Timestamp;
  /** When the key was last replaced (0022): every link signed before is invalid. */
  rotated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A share link handed out (0022_shares_and_sockets; docs/media.md "Share links"). */
export interface MediaSharesTable {
  uuid: string;
  project_uuid: string;
  library_uuid: string;
  /** The file's row: the link answers that file only, and goes with it. */
  file_uuid: string;
  key: string;
  type: 'link' | 'email';
  emails: JsonWithDefault<string[]>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_by: string | null;
  created_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MediaShareRow = Selectable<MediaSharesTable>;
