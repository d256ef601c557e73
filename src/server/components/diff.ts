// GET /v3/system/component/version/diff (docs/components.md "Version diff"): what going from one
// version of a component to another changes, or from what is live to a version (`from` left out),
// with the live records' fate that the records add through the `components.diff` filter hook.
import type { Kysely } from 'kysely';
import type { ComponentSettings } from '../../../schemas/index';
import type { VersionDiff } from '../../../runtime/api/components';
import { diffVersions } from '../../../runtime/components/versionDiff';
import { findVersion } from './sql';
import type { Database } from '../db/schema';
import { componentNotFound, requireSettingsPermission, resolveComponent } from './model';
import { requireProject, type Accountability } from '../auth/tenancy';
import { versionName } from './versions';
import { hooks } from '../platform/hooks';

type Db = Kysely<Database>;

/** The query as sent: its values are judged here (417 with the field, as the version calls answer). */
export type VersionDiffQuery = { ref?: unknown; from?: unknown; to?: unknown };

async function settingsOf(db: Db, componentUuid: string, name: string): Promise<ComponentSettings> {
  const stored = await findVersion(db, componentUuid, name);
  if (!stored) throw componentNotFound();
  return stored.settings as ComponentSettings;
}

/** 404 'notFound' for a component of another project, or a version it does not have. */
export async function versionDiff(db: Db, accountability: Accountability, query: VersionDiffQuery): Promise<VersionDiff> {
  const row = await resolveComponent(db, requireProject(accountability), query.ref);
  requireSettingsPermission(accountability, row);
  const to = await settingsOf(db, row.uuid, versionName(query.to, 'to'));
  const fromName = query.from === undefined ? row.public_version : versionName(query.from, 'from');
  const from = fromName === null ? null : await settingsOf(db, row.uuid, fromName);
  const diff = diffVersions(row.uuid, from, to);
  // From what is live: the records add what the deploy would do to the live records (the fate).
  if (query.from !== undefined || fromName === null) return diff;
  return (await hooks.emitFilter('components.diff', { component: row, newer: to, diff }, { accountability }, { db })).diff;
}
