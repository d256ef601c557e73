// Satellites (docs/satellites.md): every Luma process that takes jobs (LUMA_ROLE worker or all)
// registers itself here, beats its heartbeat with the jobs it ran since the last one, and reads
// whether an operator disabled it. Not per project: the processes serve the whole platform.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table satellites (
    uuid uuid primary key,
    host text not null,
    pid integer not null,
    version text not null,
    role text not null check (role in ('worker', 'all')),
    started_at timestamptz not null,
    heartbeat_at timestamptz not null,
    stopped_at timestamptz,
    disabled boolean not null default false,
    working boolean not null default true,
    jobs_done bigint not null default 0,
    jobs_failed bigint not null default 0
  )`,
  `create index satellites_heartbeat_idx on satellites (heartbeat_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists satellites').execute(db);
}
