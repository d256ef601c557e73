// Records keep one foreign key, to their component (which cascades from its project). The project
// is implied by the component, and created_by/updated_by are audit history: they should outlive a
// removed user rather than be nulled. Each foreign key is a trigger per inserted row, and the three
// dropped here cost an import most of its time.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table records drop constraint if exists records_project_uuid_fkey`.execute(db);
  await sql`alter table records drop constraint if exists records_created_by_fkey`.execute(db);
  await sql`alter table records drop constraint if exists records_updated_by_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table records add constraint records_project_uuid_fkey foreign key (project_uuid) references projects(uuid) on delete cascade`.execute(db);
  await sql`alter table records add constraint records_created_by_fkey foreign key (created_by) references users(uuid) on delete set null`.execute(db);
  await sql`alter table records add constraint records_updated_by_fkey foreign key (updated_by) references users(uuid) on delete set null`.execute(db);
}
