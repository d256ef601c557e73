// Share links as rows (docs/media.md "Share links") and the event bus's open sockets (docs/event-bus.md
// "Socket limits"), both in the database so every instance judges by the same ones.
// - media_shares: one row per link handed out, bound to the file's row (its uuid, deleted with it), so
//   a link lists, revokes, and never answers a new file uploaded later at the same key.
// - media_signing_keys.rotated_at: when the project's key was last replaced (every link then invalid).
// - eventbus_sockets: one row per open socket, kept fresh by its instance (seen_at); a row not seen for
//   a while is an instance that died with its sockets open and no longer counts.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table media_shares (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    library_uuid uuid not null references media_libraries(uuid) on delete cascade,
    file_uuid uuid not null references media_files(uuid) on delete cascade,
    key text not null,
    type text not null default 'link' check (type in ('link', 'email')),
    emails jsonb not null default '[]',
    expires_at timestamptz not null,
    created_by uuid,
    created_at timestamptz not null default now(),
    revoked_at timestamptz,
    revoked_by uuid
  )`,
  `create index media_shares_file_idx on media_shares (file_uuid, expires_at)`,
  `create index media_shares_project_idx on media_shares (project_uuid) where revoked_at is null`,
  `alter table media_signing_keys add column rotated_at timestamptz`,
  `create table eventbus_sockets (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    user_uuid uuid not null,
    instance text not null,
    opened_at timestamptz not null,
    seen_at timestamptz not null
  )`,
  `create index eventbus_sockets_user_idx on eventbus_sockets (user_uuid, seen_at)`,
  `create index eventbus_sockets_project_idx on eventbus_sockets (project_uuid, seen_at)`,
  `create index eventbus_sockets_instance_idx on eventbus_sockets (instance)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists eventbus_sockets').execute(db);
  await sql.raw('alter table media_signing_keys drop column if exists rotated_at').execute(db);
  await sql.raw('drop table if exists media_shares').execute(db);
}
