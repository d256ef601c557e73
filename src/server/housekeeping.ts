// Periodic clean-up of dead sessions, old throttle counters, long-deleted records, API secrets revoked
// long ago and expired invites, password resets, two-factor challenges and remembered devices, until
// the job queue (pg-boss) takes such work over. Expiry is enforced on use regardless.
import type { Kysely } from 'kysely';
import { IAM_LIMITS } from '../../runtime/api/iam';
import type { Config } from './config';
import { deleteExpiredIamRows, deleteRevokedSecrets } from './db/queries/iam-housekeeping';
import { deleteStaleFailures } from './db/queries/login-failures';
import { deleteExpiredSessions } from './db/queries/sessions';
import type { Database } from './db/schema';
import { purgeDeletedRecords } from './services/records';

const EVERY_MS = 15 * 60_000;

export function startHousekeeping(db: Kysely<Database>, config: Config, log: (error: unknown) => void): () => void {
  const run = async () => {
    try {
      await deleteExpiredSessions(db, config.sessionIdleMs);
      await deleteStaleFailures(db, config.loginWindowMs);
      // Soft-deleted records are removed 30 days after their deletion.
      await purgeDeletedRecords(db);
      // Revoked API secrets are removed 7 days after their revocation.
      await deleteRevokedSecrets(db, IAM_LIMITS.revokedSecretDays);
      await deleteExpiredIamRows(db);
    } catch (error) {
      log(error);
    }
  };
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
