// Project config gets its writer (PUT /v1/config/, admins; docs/platform.md "Config"): who last wrote
// an entry, kept beside it. A user's own entries are written by that user, so the column says who
// changed a project-level one.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table config add column updated_by uuid references users (uuid) on delete set null').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table config drop column if exists updated_by').execute(db);
}
