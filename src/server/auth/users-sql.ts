// SQL for users.
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../db/schema';
import { clockNow } from '../db/now';

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
    .set({ ...changes, updated_at: clockNow() })
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirst();
}

export async function setLoginAt(db: Db, uuid: string): Promise<void> {
  await db.updateTable('users').set({ login_at: clockNow() }).where('uuid', '=', uuid).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** A new person; a taken e-mail fails on users_email_lower_key (23505). */
export async function insertPerson(db: Db, person: { uuid: string; name: string; email: string; passwordHash: string }): Promise<void> {
  await db
    .insertInto('users')
    .values({ uuid: person.uuid, name: person.name, email: person.email, password_hash: person.passwordHash, kind: 'person', status: 'active' })
    .execute();
}

/** Sets a new password hash and stamps password_changed_at. */
export async function setPassword(db: Db, uuid: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: clockNow(), updated_at: clockNow() })
    .where('uuid', '=', uuid)
    .execute();
}
