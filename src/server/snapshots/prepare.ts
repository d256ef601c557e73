// A document made ready to apply (docs/snapshots.md "Apply"): every item has a uuid (an item without
// one takes the project's item of that name, else a new uuid), and a uuid that another project of
// this instance already holds is replaced by one derived from it and the target project, everywhere
// in the document (a template installed in two projects, a project copied within one instance). The
// derived uuid is the same each time, so applying the same document twice changes nothing the second time.
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SnapshotDocument } from '../../../runtime/snapshots/diff';
import type { Database } from '../db/schema';
import { isPlainObject, isUuid } from '../platform/validate';

type Db = Kysely<Database>;
export type Item = Record<string, unknown>;

/** The parts whose items are rows of their own table (the uuid is the row's primary key). */
export const PART_TABLES = {
  components: 'components',
  workflows: 'workflows',
  functions: 'global_functions',
  sparks: 'sparks',
  widgets: 'widgets',
  apps: 'apps',
} as const;
export type Part = keyof typeof PART_TABLES;
export const PARTS = Object.keys(PART_TABLES) as Part[];

export const itemsOf = (document: SnapshotDocument, part: string): Item[] => (Array.isArray(document[part]) ? (document[part] as unknown[]).filter(isPlainObject) : []);

/** A component's name as the diff names it: scope/name when it has a scope. */
export const itemName = (part: string, item: Item) =>
  part === 'integrations' ? String(item.id ?? '') : part === 'components' && typeof item.scope === 'string' && item.scope !== '' ? `${item.scope}/${String(item.name)}` : String(item.name ?? '');

/** A uuid for `uuid` in `project`: stable, and not another project's. */
export function derivedUuid(projectUuid: string, uuid: string): string {
  const hex = createHash('sha256').update(`luma-snapshot:${projectUuid}:${uuid.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Every string equal to a key of `ids` replaced by its value, through the whole value. */
export function replaceIds<T>(value: T, ids: Map<string, string>): T {
  if (ids.size === 0) return value;
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return ids.get(item.toLowerCase()) ?? item;
    if (Array.isArray(item)) return item.map(walk);
    if (isPlainObject(item)) return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value) as T;
}

async function takenElsewhere(db: Db, projectUuid: string, part: Part, uuids: string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .selectFrom(PART_TABLES[part] as 'components')
    .select('uuid')
    .where('uuid', 'in', uuids)
    .where('project_uuid', '<>', projectUuid)
    .execute();
  return new Set(rows.map((row) => row.uuid));
}

/**
 * The document with a uuid on every item and none of another project's; `ids` answers what was
 * replaced (document uuid to project uuid). `current` is the project's own snapshot.
 */
export async function prepareDocument(
  db: Db,
  projectUuid: string,
  document: SnapshotDocument,
  current: SnapshotDocument,
  options: { newIds: boolean } = { newIds: true },
): Promise<{ document: SnapshotDocument; ids: Record<string, string> }> {
  const ids = new Map<string, string>();
  const filled: SnapshotDocument = { ...document };
  for (const part of PARTS) {
    if (!Array.isArray(document[part])) continue;
    const byName = new Map(itemsOf(current, part).map((item) => [itemName(part, item), String(item.uuid)]));
    filled[part] = itemsOf(document, part).map((item) => {
      if (isUuid(item.uuid)) return { ...item, uuid: item.uuid.toLowerCase() };
      // A new item without a uuid: the apply gives it one; the diff names it by its name.
      const uuid = byName.get(itemName(part, item)) ?? (options.newIds ? randomUUID() : undefined);
      return uuid === undefined ? item : { ...item, uuid };
    });
    const uuids = itemsOf(filled, part).flatMap((item) => (typeof item.uuid === 'string' ? [item.uuid] : []));
    for (const uuid of await takenElsewhere(db, projectUuid, part, uuids)) ids.set(uuid, derivedUuid(projectUuid, uuid));
  }
  return { document: replaceIds(filled, ids), ids: Object.fromEntries(ids) };
}

/** The document as the project's snapshot would show it: what it leaves out is what the project has. */
export function completed(document: SnapshotDocument, after: SnapshotDocument): SnapshotDocument {
  const out: SnapshotDocument = { ...document };
  for (const part of ['components', 'workflows', 'functions', 'sparks', 'widgets', 'apps'] as const) {
    const mine = new Map(itemsOf(after, part).map((item) => [String(item.uuid), item]));
    out[part] = itemsOf(document, part).map((item) => ({ ...mine.get(String(item.uuid)), ...Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) }));
  }
  if (document.widget_places === undefined) out.widget_places = after.widget_places;
  if (document.templates === undefined) out.templates = after.templates;
  out.integrations = completedIntegrations(document.integrations, after.integrations);
  return out;
}

/** Empty places are no places (the snapshot leaves them out). */
export function withoutEmptyPlaces(document: SnapshotDocument): SnapshotDocument {
  const places = document.widget_places;
  if (places === null || typeof places !== 'object' || Array.isArray(places)) return document;
  return { ...document, widget_places: Object.fromEntries(Object.entries(places).filter(([, list]) => !Array.isArray(list) || list.length > 0)) };
}

/**
 * The integrations as the project will have them: a document without the part (format 1) leaves them
 * as they are; a listed one keeps what its item leaves out; an installed one the document does not list
 * is deactivated (nothing uninstalls one), so the diff shows it changed (disabled).
 */
function completedIntegrations(given: unknown, after: unknown): unknown {
  if (!Array.isArray(given)) return after;
  const items = given.filter(isPlainObject);
  const mine = new Map(itemsOf({ after }, 'after').map((item) => [String(item.id), item]));
  const listed = new Set(items.map((item) => String(item.id)));
  const kept = [...mine.values()].filter((item) => !listed.has(String(item.id))).map((item) => ({ ...item, disabled: true }));
  return [...items.map((item) => ({ ...mine.get(String(item.id)), ...Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) })), ...kept];
}
