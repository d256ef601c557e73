// Media (docs/media.md): the luma-media integration's state per project, its libraries and the
// index of their files. The bytes live in the library's storage (local disk under the data
// directory for luma-simple, a bucket for s3); a row per file or directory is what lists, pages,
// searches and checks permissions without asking the storage.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table integrations (
    project_uuid uuid not null references projects(uuid) on delete cascade,
    id text not null,
    disabled boolean not null default false,
    onboarded boolean not null default false,
    settings jsonb not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (project_uuid, id)
  )`,
  `create table media_libraries (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    name text not null,
    provider text not null check (provider in ('luma-simple', 's3')),
    s3_bucket text,
    s3_key text,
    s3_secret text,
    s3_endpoint text,
    s3_region text,
    host text,
    dir text not null default '',
    allowed_storage bigint,
    roles jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index media_libraries_one_simple on media_libraries (project_uuid) where provider = 'luma-simple'`,
  `create index media_libraries_project_idx on media_libraries (project_uuid, name)`,
  `create table media_files (
    uuid uuid primary key,
    library_uuid uuid not null references media_libraries(uuid) on delete cascade,
    parent text not null,
    key text not null,
    name text not null,
    orig_name text not null,
    ext text not null default '',
    size bigint not null default 0,
    mime_type text not null,
    public boolean not null default false,
    status text not null default 'ready',
    metadata jsonb not null default '{}',
    expires_at timestamptz,
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (library_uuid, key)
  )`,
  `create index media_files_listing_idx on media_files (library_uuid, parent, (mime_type <> 'dir'), key)`,
  `create index media_files_expiry_idx on media_files (expires_at) where expires_at is not null`,
  // The key that signs a project's share links (HMAC-SHA256): in the database, so every instance
  // behind a load balancer signs and checks with the same one.
  `create table media_signing_keys (
    project_uuid uuid primary key references projects(uuid) on delete cascade,
    secret text not null,
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['media_signing_keys', 'media_files', 'media_libraries', 'integrations']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
