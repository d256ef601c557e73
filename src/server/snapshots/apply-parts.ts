// Apply, every part but components (docs/snapshots.md "Apply"): global functions, sparks with their
// releases, workflows with their versions, widgets and their places, apps with their versions, and
// records. Each change goes through its capability's own calls (their rules judge it), joined to
// the apply's one transaction.
import type { Kysely } from 'kysely';
import { sameJson } from '../../../runtime/snapshots/diff';
import { SPARK_MESSAGE } from '../../../runtime/api/sparks';
import type { Database } from '../db/schema';
import { HttpError } from '../platform/errors';
import { createFunction, removeFunction, updateFunction } from '../functions/global';
import { createSpark, cutRelease, deployRelease, removeSpark, updateSpark } from '../sparks/sparks';
import { createWorkflow, forkVersion, publishWorkflow, removeVersion, removeWorkflow, renameWorkflow, saveVersion } from '../workflows/entities';
import { changeWidget, createWidget, removeWidget } from '../widgets/widgets';
import { writePlaces } from '../widgets/places';
import { createApp, removeApp, updateApp } from '../apps/apps';
import { forkAppVersion, publishAppVersion, removeAppVersion, saveDefinition } from '../apps/versions';
import { createRecord } from '../records/records';
import type { Item } from './prepare';
import type { ApplyContext } from './apply-context';

type Db = Kysely<Database>;

const pick = (item: Item, keys: string[]) => Object.fromEntries(keys.filter((key) => item[key] !== undefined).map((key) => [key, item[key]]));
const differs = (item: Item, current: Item | undefined, keys: string[]) => !current || keys.some((key) => item[key] !== undefined && !sameJson(item[key], current[key]));
const listOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export async function applyFunction(db: Db, { accountability }: ApplyContext, item: Item, current: Item | undefined): Promise<void> {
  const body = pick(item, ['name', 'description', 'code', 'public', 'signed']);
  if (!current) await createFunction(db, accountability, body, String(item.uuid));
  else if (differs(item, current, Object.keys(body))) await updateFunction(db, accountability, String(item.uuid), body);
}

export const removeFunctionItem = (db: Db, { accountability }: ApplyContext, uuid: string) => removeFunction(db, accountability, uuid);

type Release = { version: number; code: string; note?: string };

/** A spark: its releases are immutable, so the document may only add newer ones (409 otherwise); then the draft and the environments. */
export async function applySpark(db: Db, context: ApplyContext, item: Item, current: Item | undefined): Promise<void> {
  const { accountability } = context;
  const id = String(item.uuid);
  if (!current) await createSpark(db, accountability, pick(item, ['name', 'description']), context.sparkLimit, id);
  const had = listOf<Release>(current?.releases);
  const wanted = listOf<Release>(item.releases);
  const immutable = () => new HttpError(409, SPARK_MESSAGE.releaseExists, [{ field: `sparks.${String(item.name)}.releases`, messages: [SPARK_MESSAGE.releaseExists] }]);
  for (const release of had) {
    const same = wanted.find((r) => r.version === release.version);
    if (item.releases !== undefined && (!same || same.code !== release.code || (same.note ?? '') !== (release.note ?? ''))) throw immutable();
  }
  for (const release of [...wanted].sort((a, b) => a.version - b.version)) {
    if (had.some((r) => r.version === release.version)) continue;
    await updateSpark(db, accountability, id, { code: release.code });
    await cutRelease(db, accountability, id, String(release.version), { note: release.note ?? '' });
  }
  const draft = pick(item, ['name', 'description', 'code']);
  if (wanted.length > (had.length) || differs(item, current, Object.keys(draft))) await updateSpark(db, accountability, id, draft);
  for (const env of ['dev', 'live'] as const) {
    const key = `${env}_version`;
    if (item[key] !== undefined && item[key] !== (current?.[key] ?? null)) await deployRelease(db, accountability, id, env, { version: item[key] });
  }
}

/** A live spark is withdrawn first: its removal is refused while live runs it. */
export async function removeSparkItem(db: Db, { accountability }: ApplyContext, current: Item): Promise<void> {
  if (current.live_version !== null && current.live_version !== undefined) await deployRelease(db, accountability, String(current.uuid), 'live', { version: null });
  await removeSpark(db, accountability, String(current.uuid));
}

type Versioned = { name: string; [key: string]: unknown };

/**
 * The versions of a workflow or an app as the document has them: new ones forked (from any version)
 * then saved, changed ones saved (the live one after the environments moved), the environments
 * moved, and versions the document does not have removed.
 */
async function applyVersions(item: Item, current: Item | undefined, steps: {
  content: string;
  fork: (name: string, from: string) => Promise<unknown>;
  save: (name: string, content: unknown) => Promise<unknown>;
  publish: (env: 'dev' | 'live', version: string | null) => Promise<unknown>;
  remove: (name: string) => Promise<unknown>;
  first: string;
}): Promise<void> {
  const had = current ? listOf<Versioned>(current.versions) : [{ name: steps.first }];
  const wanted = listOf<Versioned>(item.versions);
  const live = (current?.public_version as string | null | undefined) ?? null;
  const saves: Versioned[] = [];
  for (const version of wanted) {
    const before = had.find((v) => v.name === version.name);
    if (!before) await steps.fork(version.name, had[0]!.name);
    if (!before || !current || !sameJson(before[steps.content], version[steps.content])) saves.push(version);
  }
  for (const version of saves.filter((v) => v.name !== live)) await steps.save(version.name, version[steps.content]);
  for (const env of ['dev', 'live'] as const) {
    const key = env === 'dev' ? 'dev_version' : 'public_version';
    const before = current ? (current[key] ?? null) : env === 'dev' ? steps.first : null;
    if (item[key] !== undefined && item[key] !== before) await steps.publish(env, item[key] as string | null);
  }
  for (const version of saves.filter((v) => v.name === live)) await steps.save(version.name, version[steps.content]);
  if (item.versions === undefined) return;
  for (const version of had) if (!wanted.some((v) => v.name === version.name)) await steps.remove(version.name);
}

export async function applyWorkflow(db: Db, { accountability }: ApplyContext, item: Item, current: Item | undefined): Promise<void> {
  const id = String(item.uuid);
  if (!current) await createWorkflow(db, accountability, { name: item.name, component_uuid: item.component_uuid }, id);
  else if (item.name !== undefined && item.name !== current.name) await renameWorkflow(db, accountability, id, { name: item.name });
  await applyVersions(item, current, {
    content: 'nodes',
    first: 'v1',
    fork: (name, from) => forkVersion(db, accountability, id, { name, from }),
    save: (name, nodes) => saveVersion(db, accountability, id, name, { nodes }),
    publish: (env, version) => publishWorkflow(db, accountability, id, { env, version }),
    remove: (name) => removeVersion(db, accountability, id, name),
  });
}

/** A live workflow is withdrawn first: its removal is refused while a live component runs it. */
export async function removeWorkflowItem(db: Db, { accountability }: ApplyContext, current: Item): Promise<void> {
  const id = String(current.uuid);
  if (current.public_version !== null && current.public_version !== undefined) await publishWorkflow(db, accountability, id, { env: 'live', version: null });
  await removeWorkflow(db, accountability, id);
}

export async function applyWidget(db: Db, { accountability, locale }: ApplyContext, item: Item, current: Item | undefined): Promise<void> {
  const body = { ...pick(item, ['name', 'kind', 'settings']), ...(item.component_uuid !== undefined ? { component: item.component_uuid } : {}) };
  if (!current) await createWidget(db, accountability, body, locale, String(item.uuid));
  else if (differs(item, current, ['name', 'kind', 'settings', 'component_uuid'])) await changeWidget(db, accountability, String(item.uuid), body, locale);
}

export const removeWidgetItem = (db: Db, { accountability }: ApplyContext, uuid: string) => removeWidget(db, accountability, uuid);

export async function applyPlaces(db: Db, { accountability }: ApplyContext, places: unknown, current: unknown): Promise<void> {
  if (places === undefined || sameJson(places, current)) return;
  const given = (places ?? {}) as Record<string, unknown>;
  await writePlaces(db, accountability, { dashboard: given.dashboard ?? [], home: given.home ?? [] });
}

export async function applyApp(db: Db, context: ApplyContext, item: Item, current: Item | undefined): Promise<void> {
  const { accountability } = context;
  const id = String(item.uuid);
  const workspaces = item.workspaces === undefined ? undefined : context.workspaceUuids(item.workspaces, `apps.${String(item.name)}.workspaces`);
  const body = { ...pick(item, ['name', 'label', 'icon', 'onboarding_required']), ...(workspaces ? { workspaces } : {}) };
  if (!current) await createApp(db, accountability, { ...body, workspaces: workspaces ?? [] }, id);
  else if (differs(item, current, ['name', 'label', 'icon', 'onboarding_required', 'workspaces'])) await updateApp(db, accountability, id, body);
  await applyVersions(item, current, {
    content: 'definition',
    first: 'v1',
    fork: (name, from) => forkAppVersion(db, accountability, id, { name, from }),
    save: (name, definition) => saveDefinition(db, accountability, id, name, { definition }),
    publish: (env, version) => (version === null ? Promise.resolve() : publishAppVersion(db, accountability, id, { env, version })),
    remove: (version) => removeAppVersion(db, accountability, id, { version }),
  });
}

export const removeAppItem = (db: Db, { accountability }: ApplyContext, uuid: string) => removeApp(db, accountability, uuid);

type RecordGroup = { component_uuid: string; env: string; rows: Record<string, unknown>[] };

/**
 * The document's records that the project does not have (by uuid) are created through the record
 * call (every field rule applies), in the document's order; each gets a new uuid, and a later record
 * naming an earlier one's uuid (a relation) names its new one. Answers the uuids created, per group.
 */
export async function addRecords(db: Db, context: ApplyContext, groups: unknown, existing: Set<string>): Promise<{ component_uuid: string; env: string; uuids: string[] }[]> {
  const renamed = new Map<string, string>();
  const rename = (value: unknown): unknown =>
    typeof value === 'string' ? (renamed.get(value) ?? value) : Array.isArray(value) ? value.map(rename) : value;
  const created: { component_uuid: string; env: string; uuids: string[] }[] = [];
  for (const group of listOf<RecordGroup>(groups)) {
    const env = group.env === 'dev' ? 'dev' : 'live';
    const accountability = { ...context.accountability, env, component: undefined } as typeof context.accountability;
    const uuids: string[] = [];
    for (const row of listOf<Record<string, unknown>>(group.rows)) {
      const { uuid, ...data } = row;
      if (typeof uuid === 'string' && existing.has(uuid)) continue;
      const answer = await createRecord(db, accountability, String(group.component_uuid), { data: Object.fromEntries(Object.entries(data).map(([key, value]) => [key, rename(value)])) }, context.locale);
      const newUuid = String((answer as { uuid?: unknown }).uuid);
      if (typeof uuid === 'string') renamed.set(uuid, newUuid);
      uuids.push(newUuid);
    }
    created.push({ component_uuid: group.component_uuid, env, uuids });
  }
  return created;
}
