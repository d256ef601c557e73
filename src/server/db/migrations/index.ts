// The one migration set for PGlite and PostgreSQL, provided in code (no file-system scan),
// so it works the same under tsx, vitest and a bundle.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as foundation from './0001_foundation';
import * as components from './0002_components';
import * as records from './0003_records';
import * as recordsAuditRefs from './0004_records_audit_refs';
import * as iam from './0005_iam';
import * as recordJobs from './0006_record_jobs';
import * as recordPartitions from './0007_record_partitions';
import * as workflows from './0008_workflows';
import * as variables from './0009_variables';
import * as functions from './0010_functions';
import * as sparks from './0011_sparks';
import * as media from './0012_media';
import * as documents from './0013_documents';
import * as events from './0015_events';
import * as scoutEvents from './0016_scout_events';
import * as apiLog from './0017_api_log';
import * as scoutScale from './0018_scout_scale';
import * as callerChanges from './0019_caller_changes';
import * as listChanges from './0020_list_changes';
import * as sharesAndSockets from './0022_shares_and_sockets';
import * as workflowChains from './0023_workflow_chains';
import * as recordIndexTuning from './0024_record_index_tuning';
import * as widgets from './0025_widgets';
import * as apps from './0026_apps';
import * as publicApps from './0027_public_apps';
import * as forge from './0028_forge';
import * as templateInstalls from './0029_template_installs';
import * as ratchet from './0030_ratchet';
import * as satellites from './0031_satellites';
import * as portalRecordsAndPreviews from './0032_portal_records_and_previews';
import * as thunder from './0033_thunder';
import * as configWriter from './0034_config_writer';
import * as billing from './0035_billing';
import * as recordRevisions from './0036_record_revisions';
import * as feedback from './0037_feedback';

const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_components': components,
  '0003_records': records,
  '0004_records_audit_refs': recordsAuditRefs,
  '0005_iam': iam,
  '0006_record_jobs': recordJobs,
  '0007_record_partitions': recordPartitions,
  '0008_workflows': workflows,
  '0009_variables': variables,
  '0010_functions': functions,
  '0011_sparks': sparks,
  '0012_media': media,
  '0013_documents': documents,
  '0015_events': events,
  '0016_scout_events': scoutEvents,
  '0017_api_log': apiLog,
  '0018_scout_scale': scoutScale,
  '0019_caller_changes': callerChanges,
  '0020_list_changes': listChanges,
  '0022_shares_and_sockets': sharesAndSockets,
  '0023_workflow_chains': workflowChains,
  '0024_record_index_tuning': recordIndexTuning,
  '0025_widgets': widgets,
  '0026_apps': apps,
  '0027_public_apps': publicApps,
  '0028_forge': forge,
  '0029_template_installs': templateInstalls,
  '0030_ratchet': ratchet,
  '0031_satellites': satellites,
  '0032_portal_records_and_previews': portalRecordsAndPreviews,
  '0033_thunder': thunder,
  '0034_config_writer': configWriter,
  '0035_billing': billing,
  '0036_record_revisions': recordRevisions,
  '0037_feedback': feedback,
};

/** The names of every migration, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

const provider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

/** Brings the schema up to date; throws with the failing migration's name and cause. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'luma_migrations', migrationLockTableName: 'luma_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
}
