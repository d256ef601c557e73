// Housekeeping SQL for IAM rows past their use (expiry is also enforced on use): API secrets
// revoked more than `revokedSecretDays` ago, and expired invites, password resets, two-factor
// challenges and remembered devices.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clockNow } from '../db/now';

type Db = Kysely<Database>;

/** `at`: the time to judge by (default the server clock's now). */
export async function deleteRevokedSecrets(db: Db, days: number, at?: Date): Promise<number> {
  const result = await db
    .deleteFrom('api_secrets')
    .where('revoked_at', 'is not', null)
    .where('revoked_at', '<=', sql<Date>`${clockNow(at)} - ${days} * interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const EXPIRING = ['invites', 'password_resets', 'two_factor_challenges', 'remembered_devices'] as const;

/** Deletes rows whose expires_at has passed; answers how many per table. */
export async function deleteExpiredIamRows(db: Db, at?: Date): Promise<Record<(typeof EXPIRING)[number], number>> {
  const counts = { invites: 0, password_resets: 0, two_factor_challenges: 0, remembered_devices: 0 };
  for (const table of EXPIRING) {
    const result = await db.deleteFrom(table).where('expires_at', '<=', clockNow(at)).executeTakeFirst();
    counts[table] = Number(result.numDeletedRows);
  }
  return counts;
}
