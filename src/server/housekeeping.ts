// Clean-up of dead sessions, old throttle counters, long-deleted records, record revisions past their component's retention, API secrets revoked long
// ago, expired invites, password resets, two-factor challenges and remembered devices, finished
// bulk jobs, old spark invocation logs, expired media files and media uploads a crashed server left half done, ended share links, the socket rows of a dead instance; the satellite rows of processes gone for a week; the record partitions of removed components; indexes built for slow queries and unused for 30 days; on PGlite, which has no autovacuum, the
// planner's statistics and the visibility maps of the record partitions. It runs as the pg-boss job 'luma-housekeeping' on the cron schedule HOUSEKEEPING_CRON
// (platform/jobs.ts), so exactly one instance runs each round. Expiry is enforced on use regardless.
import type { Kysely } from 'kysely';
import { IAM_LIMITS } from '../../runtime/api/iam';
import { nowDate } from './platform/clock';
import type { Config } from './platform/config';
import { deleteExpiredIamRows, deleteRevokedSecrets } from './iam/housekeeping-sql';
import { deleteStaleFailures } from './auth/throttle-sql';
import { deleteExpiredPreviews } from './forge/previews';
import { isEmbedded } from './db/dialect-pglite';
import { dropOrphanPartitions, keepStatistics, listRecordPartitions } from './records/partitions-sql';
import { deleteExpiredSessions } from './auth/sessions-sql';
import type { Database } from './db/schema';
import { deleteFinishedJobs } from './records/jobs';
import { purgeDeletedRecords } from './records/records';
import { purgeSparkLogs } from './sparks/sparks';
import { purgeExpiredMedia, purgeStaleUploads } from './media/files';
import { EVENT_RETENTION_DAYS, purgeEvents } from './events/outbox';
import { purgeStaleSockets } from './events/sockets';
import { purgeEndedShares } from './media/share';
import { purgeApiCalls } from './scout/api-log';
import { purgeChains } from './workflows/budget';
import { cleanupUnusedRecords } from './records/cleanup';
import { dropUnusedIndexes } from './records/auto-indexes';
import { removeOldSatellites } from './satellites/satellites';
import { deleteExpiredPortalSessions } from './public-apps/portal';
import { purgeRevisions } from './history/retention';

const TASKS = ['sessions', 'loginFailures', 'unusedRecords', 'deletedRecords', 'recordHistory', 'revokedSecrets', 'iamRows', 'finishedJobs', 'sparkLogs', 'expiredMedia', 'staleUploads', 'shareLinks', 'busSockets', 'events', 'apiLog', 'workflowChains', 'portalSessions', 'forgePreviews', 'orphanPartitions', 'unusedIndexes', 'satellites', 'statistics'] as const;
export type HousekeepingTask = (typeof TASKS)[number];

/**
 * One round of housekeeping, judged at `at` (the clock's time by default). Each task runs on its own:
 * one failing does not keep the others from running. Answers the tasks that failed.
 */
export async function runHousekeeping(
  db: Kysely<Database>,
  config: Pick<Config, 'sessionIdleMs' | 'loginWindowMs'> & Partial<Pick<Config, 'sparkLogDays' | 'dataDir' | 'eventDays'>>,
  log: (error: unknown, task: HousekeepingTask) => void,
  at: Date = nowDate(),
): Promise<HousekeepingTask[]> {
  const run: Record<HousekeepingTask, () => Promise<unknown>> = {
    sessions: () => deleteExpiredSessions(db, config.sessionIdleMs, at),
    loginFailures: () => deleteStaleFailures(db, config.loginWindowMs, at),
    // Records of a component whose running version sets model.cleanup_after, unchanged for that many days: soft-deleted.
    unusedRecords: () => cleanupUnusedRecords(db, at),
    // Soft-deleted records are removed 30 days after their deletion.
    deletedRecords: () => purgeDeletedRecords(db, at),
    // Record revisions older than their component's model.history_days, and those of removed components (docs/history.md).
    recordHistory: () => purgeRevisions(db, at),
    // Revoked API secrets are removed 7 days after their revocation.
    revokedSecrets: () => deleteRevokedSecrets(db, IAM_LIMITS.revokedSecretDays, at),
    iamRows: () => deleteExpiredIamRows(db, at),
    finishedJobs: () => deleteFinishedJobs(db, at),
    // Spark invocation logs are kept LUMA_SPARK_LOG_DAYS (7 by default).
    sparkLogs: () => purgeSparkLogs(db, config.sparkLogDays ?? 7, at),
    // Media files past their expiry (hidden and refused on use already): their bytes and rows (docs/media.md).
    expiredMedia: () => (config.dataDir === undefined ? Promise.resolve() : purgeExpiredMedia({ db, config: config as Config }, at)),
    // Media rows left 'uploading' over an hour by a crashed server (they keep their name taken): their partial bytes and rows.
    staleUploads: () => (config.dataDir === undefined ? Promise.resolve() : purgeStaleUploads({ db, config: config as Config }, at)),
    // Share links revoked or expired over 7 days ago (410 shareExpired until then; an expired one stays 410 by its signed expiry).
    shareLinks: () => purgeEndedShares(db, at),
    // Event-bus socket rows of an instance that stopped refreshing them (it died with them open).
    busSockets: () => purgeStaleSockets(db, at),
    // Events are kept LUMA_EVENT_DAYS (30 by default); used and expired event-bus tokens go too.
    events: () => purgeEvents(db, config.eventDays ?? EVENT_RETENTION_DAYS, at),
    // Logged API calls older than their project's retention (7 days by default).
    apiLog: () => purgeApiCalls(db, at),
    // The budget counts of workflow chains idle for 7 days (workflows/budget.ts).
    workflowChains: () => purgeChains(db, at),
    // Portal visitors' sessions past their expiry (docs/public-apps.md "Portals").
    portalSessions: () => deleteExpiredPortalSessions(db, at),
    // The component editor's unsaved previews past their 30 minutes (docs/forge.md).
    forgePreviews: () => deleteExpiredPreviews(db, at),
    // A removed component's records (CONCURRENTLY on PostgreSQL: the other components' readers and writers go on).
    orphanPartitions: () => dropOrphanPartitions(db, { concurrently: !isEmbedded(db) }),
    // Indexes built for slow list queries that no query used for 30 days (records/auto-indexes.ts).
    unusedIndexes: () => dropUnusedIndexes(db, at),
    // Rows of processes stopped or silent for 7 days (satellites/satellites.ts).
    satellites: () => removeOldSatellites(db, at),
    // PostgreSQL's autovacuum does this there; PGlite has none.
    statistics: () => (isEmbedded(db) ? vacuumPartitions(db) : Promise.resolve()),
  };
  const failed: HousekeepingTask[] = [];
  for (const task of TASKS) {
    try {
      await run[task]();
    } catch (error) {
      failed.push(task);
      log(error, task);
    }
  }
  return failed;
}

/** VACUUM (ANALYZE) of every record partition that changed enough since its last one (PGlite). */
async function vacuumPartitions(db: Kysely<Database>): Promise<void> {
  for (const partition of await listRecordPartitions(db)) await keepStatistics(db, partition.componentUuid, 'counted');
}
