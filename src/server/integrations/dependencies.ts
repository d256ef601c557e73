// Which installed workspace templates depend on an integration (spec section 5: deactivation is
// refused while one does). A template depends on an integration when a component it installed (its
// ledger in template_installs, migration 0029) has a field the integration renders into (the entry's
// template.renderevents, e.g. an image field on luma-media) or whose constraints.integrations name it.
// A query over the ledger and the components below this folder: templates/ stands above it (docs/server.md).
import { sql, type Kysely } from 'kysely';
import type { CatalogueDefinition } from '../../../runtime/integrations/catalogue';
import type { Database } from '../db/schema';
import { isPlainObject } from '../platform/validate';

type Db = Kysely<Database>;

function usesIntegration(entry: CatalogueDefinition, settings: unknown): boolean {
  if (!isPlainObject(settings) || !Array.isArray(settings.fields)) return false;
  return settings.fields.some((field: unknown) => {
    if (!isPlainObject(field)) return false;
    if (entry.renderevents.includes(`${String(field.module)}/${String(field.type)}`)) return true;
    const named = isPlainObject(field.constraints) ? field.constraints.integrations : undefined;
    return Array.isArray(named) && named.includes(entry.id);
  });
}

/** The ids of the templates installed in the project (any workspace) that depend on the entry, sorted. */
export async function templatesDependingOn(db: Db, projectUuid: string, entry: CatalogueDefinition): Promise<string[]> {
  const installs = await db.selectFrom('template_installs').select(['template_id', 'ledger']).where('project_uuid', '=', projectUuid).execute();
  const found = new Set<string>();
  for (const install of installs) {
    const ledger = install.ledger as { components?: unknown };
    const components = Array.isArray(ledger?.components) ? ledger.components.filter((uuid): uuid is string => typeof uuid === 'string') : [];
    if (components.length === 0) continue;
    const versions = await db
      .selectFrom('component_versions as v')
      .innerJoin('components as c', 'c.uuid', 'v.component_uuid')
      .select('v.settings')
      .where('c.project_uuid', '=', projectUuid)
      .where('v.component_uuid', 'in', components)
      .execute();
    if (versions.some((version) => usesIntegration(entry, version.settings))) found.add(install.template_id);
  }
  return [...found].sort();
}

/**
 * Deactivating an integration and installing a workspace template take turns per project: each holds
 * this lock until its transaction ends, so a template cannot come to depend on an integration between
 * the deactivation's check and its write (PostgreSQL's transaction-scoped advisory lock; PGlite has one
 * connection and the lock costs nothing there).
 */
export async function lockTemplateDependencies(tx: Db, projectUuid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`integration-dependencies:${projectUuid}`}, 0))`.execute(tx);
}
