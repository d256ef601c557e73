// SQL for API users (a users row of kind 'api', e-mail '' and no password) and their secrets.
// A secret row holds the token's sha256 and its last four characters, never the token.
import { sql, type Kysely } from 'kysely';
import { clockNow } from '../db/now';
import type { Database } from '../db/schema';
import type { ApiSecretRow } from '../db/schema-auth';

type Db = Kysely<Database>;

export async function insertApiUser(db: Db, name: string): Promise<string> {
  const uuid = crypto.randomUUID();
  await db.insertInto('users').values({ uuid, name, email: '', password_hash: null, status: 'active', kind: 'api' }).execute();
  return uuid;
}

/** Deletes an API user (its secrets, memberships and grants go with it). */
export async function deleteApiUser(db: Db, uuid: string): Promise<void> {
  await db.deleteFrom('users').where('uuid', '=', uuid).where('kind', '=', 'api').execute();
}

export function insertSecret(db: Db, secret: { userUuid: string; secretHash: string; hint: string; createdBy: string | null }): Promise<ApiSecretRow> {
  return db
    .insertInto('api_secrets')
    .values({ user_uuid: secret.userUuid, secret_hash: secret.secretHash, hint: secret.hint, created_by: secret.createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function secretsOf(db: Db, userUuid: string): Promise<ApiSecretRow[]> {
  return db.selectFrom('api_secrets').selectAll().where('user_uuid', '=', userUuid).orderBy('created_at', 'desc').orderBy('uuid').execute();
}

/** Revokes a secret of the API user (an already revoked one keeps its time); undefined if not theirs. */
export async function revokeSecret(db: Db, userUuid: string, uuid: string): Promise<ApiSecretRow | undefined> {
  return db
    .updateTable('api_secrets')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${clockNow()})` })
    .where('user_uuid', '=', userUuid)
    .where('uuid', '=', uuid)
    .returningAll()
    .executeTakeFirst();
}
