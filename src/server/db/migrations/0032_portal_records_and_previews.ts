// Portal records and forge previews. portal_records: which portal visitor created a record through a
// portal (docs/public-apps.md "Portals": a visitor's lists hold only their own records); a row goes
// with its visitor. forge_preview_files: the component editor's unsaved previews (docs/forge.md), in
// the database so that any Luma process serves a preview another made; the id is kept as its sha256,
// a component keeps its newest few (an editor previews after each change), and housekeeping drops the
// files past their expiry.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table portal_records (
    record_uuid uuid primary key,
    portal_user_uuid uuid not null references portal_users(uuid) on delete cascade,
    component_uuid uuid not null,
    created_at timestamptz not null default now()
  )`,
  `create index portal_records_owner_idx on portal_records (portal_user_uuid, component_uuid)`,
  `create table forge_preview_files (
    id_hash text not null,
    component_uuid uuid not null references components(uuid) on delete cascade,
    path text not null,
    body bytea not null,
    expires_at timestamptz not null,
    primary key (id_hash, path)
  )`,
  `create index forge_preview_files_expiry_idx on forge_preview_files (expires_at)`,
  `create index forge_preview_files_component_idx on forge_preview_files (component_uuid, expires_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['forge_preview_files', 'portal_records']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
