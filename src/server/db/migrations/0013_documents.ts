// Documents (docs/documents.md): rich-text documents with variants kept in a media library of the
// project (the luma-media integration's document library, spec sections 3 and 7). A document is a
// normalised path inside its library; each variant is a series of immutable versions (every save is
// a new row, so any earlier version can be read and restored); comments point at a character range
// of one variant's version. Deleting a document only stamps deleted_at: several deleted documents may
// share a path, a live path is unique per library.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table documents (
    uuid uuid primary key,
    library_uuid uuid not null references media_libraries(uuid) on delete cascade,
    path text not null,
    parent text not null,
    name text not null,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz,
    deleted_by uuid
  )`,
  `create unique index documents_live_path on documents (library_uuid, path) where deleted_at is null`,
  `create index documents_parent_idx on documents (library_uuid, parent, name) where deleted_at is null`,
  `create index documents_deleted_idx on documents (library_uuid, deleted_at desc) where deleted_at is not null`,
  `create table document_versions (
    document_uuid uuid not null references documents(uuid) on delete cascade,
    variant text not null,
    version integer not null check (version > 0),
    content jsonb not null default '[]',
    sources jsonb not null default '[]',
    fields jsonb not null default '{}',
    restored_from integer,
    created_by uuid,
    created_at timestamptz not null default now(),
    primary key (document_uuid, variant, version)
  )`,
  `create table document_comments (
    uuid uuid primary key,
    document_uuid uuid not null references documents(uuid) on delete cascade,
    variant text not null,
    version integer not null,
    range_from integer not null check (range_from >= 0),
    range_to integer not null check (range_to >= range_from),
    content text not null,
    created_by uuid,
    created_at timestamptz not null default now()
  )`,
  `create index document_comments_variant_idx on document_comments (document_uuid, variant, created_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['document_comments', 'document_versions', 'documents']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
