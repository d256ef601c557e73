// The feedback inbox (docs/platform.md "Feedback"): what the report-error modal sends (the failed
// call's request id, the route, the user's words), per project, read by its admins. read_at marks a
// report read; the (user, created_at) index serves the per-user send limit.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table feedback_reports (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    user_uuid uuid references users(uuid) on delete set null,
    request_uuid text,
    route text not null,
    message text not null,
    read_at timestamptz,
    read_by uuid references users(uuid) on delete set null,
    created_at timestamptz not null
  )`,
  `create index feedback_reports_project_idx on feedback_reports (project_uuid, created_at desc)`,
  `create index feedback_reports_user_idx on feedback_reports (user_uuid, created_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists feedback_reports').execute(db);
}
