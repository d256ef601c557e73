// SQL for users.
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../schema';

type Db = Kysely<Database>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('kind', '=', 'person')
    .executeTakeFirst();
}

export function findUserByUuid(db: Db, uuid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

export async function isEmailTakenByOther(db: Db, email: string, userUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('uuid')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('kind', '=', 'person')
    .where('uuid', '<>', userUuid)
    .executeTakeFirst();
  return row !== undefined;
}

export function updateUser(db: Db, uuid: string, changes: UserUpdate): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirst();
}

export async function setLoginAt(db: Db, uuid: string): Promise<void> {
  await db.updateTable('users').set({ login_at: sql<Date>`now()` }).where('uuid', '=', uuid).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
