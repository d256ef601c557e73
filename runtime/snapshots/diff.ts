// The diff of two project snapshots (docs/snapshots.md "The diff"): what applying `to` onto a project
// whose snapshot is `from` would create, change and remove. Pure (no server import), so a screen can
// show it too. Identity: the uuid where both sides have it, else the name. Values are compared as JSON
// whatever their keys' order (jsonb reorders them).

export type SnapshotKind =
  | 'component'
  | 'component_version'
  | 'workflow'
  | 'workflow_version'
  | 'function'
  | 'spark'
  | 'spark_release'
  | 'widget'
  | 'app'
  | 'app_version'
  | 'widget_places'
  | 'template'
  | 'integration';

export interface SnapshotDiffEntry {
  kind: SnapshotKind;
  id: string;
  name: string;
  /** For a change: the top-level keys that differ (a version's: its settings', nodes' or definition's keys). */
  fields?: string[];
}

export interface SnapshotDiff {
  create: SnapshotDiffEntry[];
  change: SnapshotDiffEntry[];
  remove: SnapshotDiffEntry[];
}

type Item = Record<string, unknown>;
/** A snapshot document of format 2 or 1 (runtime/api/snapshots.ts), read loosely: a missing part is empty. */
export type SnapshotDocument = Record<string, unknown>;

const KIND_ORDER: SnapshotKind[] = ['component', 'component_version', 'workflow', 'workflow_version', 'function', 'spark', 'spark_release', 'widget', 'app', 'app_version', 'widget_places', 'template', 'integration'];

/** Equal as JSON values, objects whatever their keys' order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  const keysA = Object.keys(a).filter((key) => (a as Item)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Item)[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => sameJson((a as Item)[key], (b as Item)[key]));
}

/** The keys whose values differ, sorted, leaving out `skip`. */
function changedKeys(a: Item, b: Item, skip: string[] = []): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => !skip.includes(key) && !sameJson(a[key], b[key])).sort();
}

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): Item[] => (Array.isArray(value) ? value.filter(isItem) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** Pairs the items of both sides: by uuid where both have it, then by name where one has none. */
function pair(from: Item[], to: Item[], nameOf: (item: Item) => string) {
  const pairs: [Item, Item][] = [];
  const leftFrom = new Set(from);
  const leftTo: Item[] = [];
  const byUuid = new Map(from.filter((item) => typeof item.uuid === 'string').map((item) => [item.uuid as string, item]));
  for (const item of to) {
    const match = typeof item.uuid === 'string' ? byUuid.get(item.uuid) : undefined;
    if (match && leftFrom.has(match)) {
      pairs.push([match, item]);
      leftFrom.delete(match);
    } else leftTo.push(item);
  }
  const created: Item[] = [];
  for (const item of leftTo) {
    const hasUuid = (one: Item) => typeof one.uuid === 'string';
    const match = [...leftFrom].find((candidate) => !(hasUuid(candidate) && hasUuid(item)) && nameOf(candidate) === nameOf(item));
    if (match) {
      pairs.push([match, item]);
      leftFrom.delete(match);
    } else created.push(item);
  }
  return { pairs, created, removed: [...leftFrom] };
}

interface Part {
  kind: SnapshotKind;
  key: string;
  name: (item: Item) => string;
  children?: { kind: SnapshotKind; key: string; name: (item: Item) => string; body: string };
}

const byName = (item: Item) => text(item.name);
const versionName = (item: Item) => text(item.name);
const PARTS: Part[] = [
  { kind: 'component', key: 'components', name: (item) => (item.scope ? `${text(item.scope)}/${text(item.name)}` : text(item.name)), children: { kind: 'component_version', key: 'versions', name: versionName, body: 'settings' } },
  { kind: 'workflow', key: 'workflows', name: byName, children: { kind: 'workflow_version', key: 'versions', name: versionName, body: 'nodes' } },
  { kind: 'function', key: 'functions', name: byName },
  { kind: 'spark', key: 'sparks', name: byName, children: { kind: 'spark_release', key: 'releases', name: (item) => text(item.version), body: '' } },
  { kind: 'widget', key: 'widgets', name: byName },
  { kind: 'app', key: 'apps', name: byName, children: { kind: 'app_version', key: 'versions', name: versionName, body: 'definition' } },
];

function diffChildren(part: Part, parentId: string, parentName: string, from: Item[], to: Item[], out: SnapshotDiff) {
  const child = part.children!;
  const entry = (item: Item, fields?: string[]): SnapshotDiffEntry => ({
    kind: child.kind,
    id: `${parentId}/${child.name(item)}`,
    name: `${parentName} ${child.name(item)}`,
    ...(fields ? { fields } : {}),
  });
  const { pairs, created, removed } = pair(from, to, child.name);
  for (const item of created) out.create.push(entry(item));
  for (const item of removed) out.remove.push(entry(item));
  for (const [a, b] of pairs) {
    const fields = versionFields(a, b, child.body);
    if (fields.length > 0) out.change.push(entry(b, fields));
  }
}

/** A version's changed keys: its body's top-level keys when both bodies are objects, else the version's own. */
function versionFields(a: Item, b: Item, body: string): string[] {
  const own = changedKeys(a, b, body ? [body] : []);
  if (!body || sameJson(a[body], b[body])) return own;
  const inner = isItem(a[body]) && isItem(b[body]) ? changedKeys(a[body] as Item, b[body] as Item) : [body];
  return [...own, ...inner].sort();
}

function diffPart(part: Part, from: Item[], to: Item[], out: SnapshotDiff) {
  const childKey = part.children?.key;
  const idOf = (item: Item) => (typeof item.uuid === 'string' ? item.uuid : part.name(item));
  const { pairs, created, removed } = pair(from, to, part.name);
  for (const item of created) {
    out.create.push({ kind: part.kind, id: idOf(item), name: part.name(item) });
    if (part.children) diffChildren(part, idOf(item), part.name(item), [], listOf(item[part.children.key]), out);
  }
  for (const item of removed) {
    out.remove.push({ kind: part.kind, id: idOf(item), name: part.name(item) });
    if (part.children) diffChildren(part, idOf(item), part.name(item), listOf(item[part.children.key]), [], out);
  }
  for (const [a, b] of pairs) {
    const fields = changedKeys(a, b, childKey ? ['uuid', childKey] : ['uuid']);
    if (fields.length > 0) out.change.push({ kind: part.kind, id: idOf(b), name: part.name(b), fields });
    if (part.children) diffChildren(part, idOf(b), part.name(b), listOf(a[part.children.key]), listOf(b[part.children.key]), out);
  }
}

function diffPlaces(from: unknown, to: unknown, out: SnapshotDiff) {
  const a = isItem(from) ? from : {};
  const b = isItem(to) ? to : {};
  for (const place of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const entry = { kind: 'widget_places' as const, id: place, name: place };
    if (!(place in a)) out.create.push(entry);
    else if (!(place in b)) out.remove.push(entry);
    else if (!sameJson(a[place], b[place])) out.change.push({ ...entry, fields: [place] });
  }
}

const compare = (x: SnapshotDiffEntry, y: SnapshotDiffEntry) =>
  KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** What applying `to` onto a project whose snapshot is `from` would create, change and remove, in a stable order. */
export function diffSnapshots(from: SnapshotDocument, to: SnapshotDocument): SnapshotDiff {
  const out: SnapshotDiff = { create: [], change: [], remove: [] };
  for (const part of PARTS) diffPart(part, listOf(from[part.key]), listOf(to[part.key]), out);
  diffPlaces(from.widget_places, to.widget_places, out);
  // The installed templates, one a workspace (by its name): a part that names no uuid.
  diffPart({ kind: 'template', key: 'templates', name: (item) => text(item.workspace) }, listOf(from.templates), listOf(to.templates), out);
  // The integrations, by catalogue id (never a secret setting: a snapshot has none).
  diffPart({ kind: 'integration', key: 'integrations', name: (item) => text(item.id) }, listOf(from.integrations), listOf(to.integrations), out);
  out.create.sort(compare);
  out.change.sort(compare);
  out.remove.sort(compare);
  return out;
}

/** True when the diff has nothing to do. */
export const isEmptyDiff = (diff: SnapshotDiff) => diff.create.length + diff.change.length + diff.remove.length === 0;

