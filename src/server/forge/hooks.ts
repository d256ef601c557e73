// What forge does on other capabilities' writes (docs/platform.md "Hooks"): a removed component's
// template distributions (its releases' rows and files) go with it. Subscribed by the platform
// (instance.ts) with its own database and data directory; a process may run several platforms on
// other databases (tests do), so a hook acts only on a write to its own database.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Config } from '../platform/config';
import type { HookRegistry } from '../platform/hooks';
import { releasesOf, removeReleases } from './releases';

/** Removes a deleted component's distributions; answers the function that unsubscribes. */
export function removeDistributionsWithComponents(registry: HookRegistry, db: Kysely<Database>, config: Pick<Config, 'dataDir'>): () => void {
  return registry.onAction('components.delete', async ({ component }, context) => {
    if (context.db !== db) return;
    await removeReleases(db, config, component.project_uuid, await releasesOf(db, 'component', [component.uuid]));
  });
}
