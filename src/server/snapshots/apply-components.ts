// Apply, components (docs/snapshots.md "Apply"): each change goes through the components' own calls
// (createComponent, saveSettings, forkVersionFromSchema, publishVersion, removeVersion,
// removeComponent), so every rule of docs/components.md judges it; they join the apply's transaction.
import type { Kysely } from 'kysely';
import { sameJson } from '../../../runtime/snapshots/diff';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import type { Accountability } from '../auth/tenancy';
import { createComponent, removeComponent } from '../components/components';
import { saveSettings } from '../components/settings';
import { forkVersionFromSchema, publishVersion, removeVersion } from '../components/versions';
import type { Item } from './prepare';
import type { ApplyContext } from './apply-context';

type Db = Kysely<Database>;
type Version = { name: string; settings: unknown };

const versionsOf = (item: Item | undefined): Version[] => (Array.isArray(item?.versions) ? (item.versions as Version[]) : []);
const GENERAL = ['name', 'scope', 'tag', 'label', 'icon', 'sort', 'is_active', 'is_public', 'props'] as const;

/** The general data a save carries: the document's, where it has them. */
function generalOf(item: Item, workspaces: string[] | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of GENERAL) if (item[key] !== undefined) body[key] = item[key];
  if (workspaces) body.workspaces = workspaces;
  return body;
}

/** Creates the component with its first version (v1, the components' default), before any settings: relations between new components need both. */
export async function createComponentShell(db: Db, context: ApplyContext, item: Item): Promise<void> {
  await createComponent(db, context.accountability, { name: item.name, label: item.label ?? {}, scope: item.scope ?? null, tag: item.tag ?? null }, String(item.uuid));
}

/**
 * Brings a component's versions, general data, workspace links and environments to the document's:
 * new versions forked from their settings, changed ones saved (all but the live one first), the
 * environments moved, the versions the document does not have removed.
 */
export async function applyComponent(db: Db, context: ApplyContext, item: Item, current: Item | undefined): Promise<void> {
  const { accountability, locale } = context;
  const ref = String(item.uuid);
  const had = current ? versionsOf(current) : [{ name: 'v1', settings: null }];
  const wanted = versionsOf(item);
  const workspaces = item.workspaces === undefined ? undefined : context.workspaceUuids(item.workspaces, `components.${String(item.name)}.workspaces`);
  const live = current ? (current.public_version as string | null) : null;
  for (const version of wanted) {
    if (!had.some((v) => v.name === version.name)) await forkVersionFromSchema(db, accountability, { ref, version: version.name, schema: version.settings }, locale);
  }
  const changed = wanted.filter((version) => {
    const before = had.find((v) => v.name === version.name);
    return before !== undefined && (before.settings === null || !sameJson(before.settings, version.settings));
  });
  const general = generalOf(item, workspaces);
  const generalChanged = !current || GENERAL.some((key) => item[key] !== undefined && !sameJson(item[key], current[key])) || (workspaces !== undefined && !sameJson(item.workspaces, current.workspaces));
  // The general data rides on a save; the live version's save waits until live has moved.
  const order = [...changed.filter((v) => v.name !== live), ...changed.filter((v) => v.name === live)];
  // The switches (active needs fields) are judged against the saved version's settings: the dev one's carries them.
  const carrier = wanted.find((v) => v.name === (item.dev_version ?? current?.dev_version ?? 'v1')) ?? order[0] ?? wanted[0];
  if (generalChanged && carrier && !order.includes(carrier)) order.unshift(carrier);
  const moved = async () => {
    for (const env of ['dev', 'live'] as const) {
      const key = env === 'dev' ? 'dev_version' : 'public_version';
      const target = item[key];
      if (typeof target === 'string' && target !== (current?.[key] ?? (env === 'dev' ? 'v1' : null))) await publishVersion(db, accountability, { ref, env, version: target }, locale);
    }
  };
  let published = false;
  for (const version of order) {
    if (!published && version.name === live) {
      await moved();
      published = true;
    }
    await saveSettings(db, accountability, ref, version.name, { settings: version.settings, ...(version === carrier ? general : {}) }, locale);
  }
  if (!published) await moved();
  for (const version of had) {
    if (!wanted.some((v) => v.name === version.name) && item.versions !== undefined) await removeVersion(db, accountability, { ref, version: version.name }, locale);
  }
}

/** Removes the components the document does not have: those others depend on wait until their dependants are gone. */
export async function removeComponents(db: Db, accountability: Accountability, uuids: string[]): Promise<void> {
  let left = [...uuids];
  while (left.length > 0) {
    const blocked: string[] = [];
    let lastError: unknown;
    for (const uuid of left) {
      try {
        await removeComponent(db, accountability, uuid);
      } catch (error) {
        // A 409 (a dependency, its own workflows) is answered before any write: the transaction goes on.
        if (!(error instanceof HttpError) || error.status !== 409) throw error;
        blocked.push(uuid);
        lastError = error;
      }
    }
    if (blocked.length === left.length) throw lastError;
    left = blocked;
  }
}
