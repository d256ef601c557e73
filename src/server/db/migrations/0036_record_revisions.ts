// Record history (docs/history.md): one row per write of a record, written in the write's own
// transaction by src/server/history (it subscribes to the records' hooks). `data` is the record's
// data after the write (hashed fields as an md5 of their hash, never in clear); `previous` the
// earlier values of the fields a single update or restore changed (null otherwise: the record's
// earlier revision tells them). The primary key (record_uuid, id) serves both the record's history
// newest first and one revision's lookup; a BRIN index on created_at (rows arrive in time order)
// serves the retention at almost no cost per write. No foreign keys: a write pays for no lookup, and
// housekeeping removes the revisions of removed components.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table record_revisions (
    id bigint generated always as identity,
    record_uuid uuid not null,
    project_uuid uuid not null,
    component_uuid uuid not null,
    env text not null,
    version integer not null,
    action text not null check (action in ('create', 'update', 'delete', 'restore', 'bulk', 'import')),
    detail text,
    actor_kind text not null check (actor_kind in ('user', 'api', 'workflow', 'import')),
    actor_uuid uuid,
    actor_run uuid,
    data jsonb not null,
    previous jsonb,
    created_at timestamptz not null,
    primary key (record_uuid, id)
  )`,
  `create index record_revisions_created_idx on record_revisions using brin (created_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists record_revisions').execute(db);
}
