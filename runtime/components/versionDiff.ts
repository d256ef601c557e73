// The diff of two versions of one component (docs/components.md "Version diff"): pure, so the server
// answers it and a screen could compute it too. Stable: every list sorted by identity, every property
// list by path; values compared as JSON whatever their keys' order (jsonb reorders them). The diff
// carries enough to rebuild the newer version from the older (applyVersionDiff.ts), which the
// property test checks.
import type { ComponentSettings } from '../../schemas';
import type {
  VersionChangeGroup,
  VersionDiff,
  VersionDiffCounts,
  VersionFieldChange,
  VersionItemChange,
  VersionListDiff,
  VersionPropertyChange,
} from '../api/components';
import { sameJson } from '../snapshots/diff';

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The value with every object's keys sorted, so the answer is the same JSON whatever order the store kept. */
export function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map(canonical) as T;
  if (!isItem(value)) return value;
  return Object.fromEntries(Object.keys(value).sort(byText).map((key) => [key, canonical(value[key])])) as T;
}

/** Where a diff descends into an object instead of reporting it whole (field properties are relative to the field). */
export const DESCEND = new Set(['constraints', 'constraints.length', 'roles', 'relation', 'mutators', 'appearance', 'model', 'list']);

/** Rules: constraints that refuse values by a pattern or an expression. */
const RULES = new Set(['constraints.regex', 'constraints.expression', 'constraints.not_allowed_words', 'constraints.date', 'constraints.display_condition']);

function groupOf(property: string): VersionChangeGroup {
  const head = property.split('.')[0];
  if (head === 'module' || head === 'type') return 'type';
  if (head === 'key' || head === 'auto_key') return 'key';
  if (head === 'relation') return 'relation';
  if (head === 'roles') return 'roles';
  if (head === 'visible') return 'hidden';
  if (RULES.has(property) || [...RULES].some((rule) => property.startsWith(`${rule}.`))) return 'rules';
  if (head === 'constraints' || head === 'unique') return 'constraints';
  return 'other';
}

const isBound = (value: unknown): value is number => typeof value === 'number';
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== false;

/** Does the newer value accept fewer values (tightened) or more (loosened)? Undefined when neither is clear. */
function effectOf(property: string, from: unknown, to: unknown): VersionPropertyChange['effect'] {
  const flag = (a: unknown, b: unknown) => (!isSet(a) && isSet(b) ? 'tightened' : isSet(a) && !isSet(b) ? 'loosened' : undefined);
  if (property === 'constraints.required' || property === 'constraints.unique' || property === 'unique') return flag(from, to);
  if (property === 'constraints.length.min' || property === 'constraints.length.max') {
    if (!isBound(from) || !isBound(to)) return flag(isBound(from), isBound(to));
    if (from === to) return undefined;
    return (property.endsWith('min') ? to > from : to < from) ? 'tightened' : 'loosened';
  }
  if (RULES.has(property) && property !== 'constraints.display_condition') return flag(from, to);
  return undefined;
}

/** The properties that differ between two objects, descending where DESCEND says, sorted by path. */
export function propertyChanges(a: Item, b: Item, prefix = '', grouped = true): VersionPropertyChange[] {
  const out: VersionPropertyChange[] = [];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(byText);
  for (const key of keys) {
    const property = prefix ? `${prefix}.${key}` : key;
    const [from, to] = [a[key], b[key]];
    if (sameJson(from, to)) continue;
    if (DESCEND.has(property) && isItem(from) && isItem(to)) {
      out.push(...propertyChanges(from, to, property, grouped));
      continue;
    }
    const effect = grouped ? effectOf(property, from, to) : undefined;
    out.push({
      property,
      group: grouped ? groupOf(property) : 'other',
      ...(effect ? { effect } : {}),
      ...(from !== undefined ? { from: canonical(from) } : {}),
      ...(to !== undefined ? { to: canonical(to) } : {}),
    });
  }
  return out;
}

/** Identities of a list's items: the name (or key); a repeated one gets " #2", " #3"... */
export function identities(items: Item[], idOf: (item: Item) => string): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const id = idOf(item);
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    return count === 1 ? id : `${id} #${count}`;
  });
}

/** The order applying added and removed items gives: the older order without the removed, then the added. */
export function naturalOrder(olderIds: string[], removed: Set<string>, renames: Map<string, string>, added: string[]): string[] {
  return [...olderIds.filter((id) => !removed.has(id)).map((id) => renames.get(id) ?? id), ...added];
}

interface ListSpec {
  idOf: (item: Item) => string;
  /** A second pairing for what the first left: fields pair by name when their key changed. */
  fallbackOf?: (item: Item) => string;
}

function diffList(older: Item[], newer: Item[], spec: ListSpec) {
  const olderIds = identities(older, spec.idOf);
  const newerIds = identities(newer, spec.idOf);
  const olderById = new Map(olderIds.map((id, index) => [id, older[index]!]));
  const pairs: [string, Item, string, Item][] = [];
  const unpairedNewer: number[] = [];
  newerIds.forEach((id, index) => {
    const match = olderById.get(id);
    if (match) {
      pairs.push([id, match, id, newer[index]!]);
      olderById.delete(id);
    } else unpairedNewer.push(index);
  });
  const added: number[] = [];
  for (const index of unpairedNewer) {
    const name = spec.fallbackOf?.(newer[index]!);
    const match = name ? [...olderById].find(([, item]) => spec.fallbackOf!(item) === name) : undefined;
    if (match) {
      pairs.push([match[0], match[1], newerIds[index]!, newer[index]!]);
      olderById.delete(match[0]);
    } else added.push(index);
  }
  const removedIds = [...olderById.keys()];
  const renames = new Map(pairs.filter(([a, , b]) => a !== b).map(([a, , b]) => [a, b]));
  // The added in the diff's order (by identity), as applyVersionDiff appends them.
  added.sort((x, y) => byText(newerIds[x]!, newerIds[y]!));
  const natural = naturalOrder(olderIds, new Set(removedIds), renames, added.map((index) => newerIds[index]!));
  return {
    added: added.map((index) => canonical(newer[index]!)),
    removed: removedIds.sort(byText).map((id) => canonical(older[olderIds.indexOf(id)]!)),
    pairs: pairs.sort((x, y) => byText(x[0], y[0])),
    order: sameJson(natural, newerIds) ? null : newerIds,
  };
}

const listOf = (value: unknown): Item[] => (Array.isArray(value) ? value.filter(isItem) : []);
const fieldKey = (item: Item) => text(item.key);
const itemName = (item: Item) => text(item.name);

function diffFields(older: unknown, newer: unknown): VersionListDiff<never, VersionFieldChange> {
  const { added, removed, pairs, order } = diffList(listOf(older), listOf(newer), { idOf: fieldKey, fallbackOf: itemName });
  const changed = pairs
    .map(([key, a, , b]) => ({ key, name: itemName(b), changes: propertyChanges(a, b) }))
    .filter((change) => change.changes.length > 0);
  return { added: added as never[], removed: removed as never[], changed, order };
}

function diffItems(older: unknown, newer: unknown): VersionListDiff<never, VersionItemChange> {
  const { added, removed, pairs, order } = diffList(listOf(older), listOf(newer), { idOf: itemName });
  const changed = pairs
    .map(([name, a, , b]) => ({ name, changes: propertyChanges(a, b, '', false) }))
    .filter((change) => change.changes.length > 0);
  return { added: added as never[], removed: removed as never[], changed, order };
}

function diffEvents(older: unknown, newer: unknown): VersionDiff['events'] {
  const a = Array.isArray(older) ? older.map(String) : [];
  const b = Array.isArray(newer) ? newer.map(String) : [];
  const removed = a.filter((event) => !b.includes(event)).sort(byText);
  const added = b.filter((event) => !a.includes(event)).sort(byText);
  const natural = [...a.filter((event) => !removed.includes(event)), ...added];
  return { added, removed, order: sameJson(natural, b) ? null : b };
}

/** The parts the diff reports in their own lists; the rest go to `other`. */
const OWN_PARTS = new Set(['version', 'fields', 'presets', 'actions', 'functions', 'appearance', 'config']);

function otherChanges(a: Item, b: Item): VersionPropertyChange[] {
  const rest = (side: Item) => {
    const copy = Object.fromEntries(Object.entries(side).filter(([key]) => !OWN_PARTS.has(key)));
    if (isItem(copy.model)) copy.model = Object.fromEntries(Object.entries(copy.model).filter(([key]) => key !== 'events'));
    return copy;
  };
  return propertyChanges(rest(a), rest(b), '', false);
}

export function countDiff(diff: Omit<VersionDiff, 'summary'>): VersionDiffCounts {
  const fieldChanges = diff.fields.changed.flatMap((field) => field.changes);
  const lists = [diff.presets, diff.actions, diff.functions];
  return {
    fieldsAdded: diff.fields.added.length,
    fieldsRemoved: diff.fields.removed.length,
    fieldsChanged: diff.fields.changed.length,
    fieldsOtherwiseChanged: diff.fields.changed.filter((field) => field.changes.some((change) => change.group !== 'type' && !change.effect)).length,
    typesChanged: diff.fields.changed.filter((field) => field.changes.some((change) => change.group === 'type')).length,
    constraintsTightened: fieldChanges.filter((change) => change.effect === 'tightened').length,
    constraintsLoosened: fieldChanges.filter((change) => change.effect === 'loosened').length,
    itemsChanged:
      lists.reduce((sum, list) => sum + list.added.length + list.removed.length + list.changed.length, 0) + diff.events.added.length + diff.events.removed.length,
    settingsChanged: diff.appearance.length + diff.config.length + diff.other.length,
  };
}

/** What going from `older` (null: nothing, as before a first deploy) to `newer` changes. */
export function diffVersions(component: string, older: ComponentSettings | null, newer: ComponentSettings): VersionDiff {
  const a = (older ?? {}) as Item;
  const b = newer as unknown as Item;
  const modelEvents = (side: Item) => (isItem(side.model) ? side.model.events : undefined);
  const config = sameJson(a.config, b.config)
    ? []
    : [{ property: 'config', group: 'other' as const, ...(a.config !== undefined ? { from: canonical(a.config) } : {}), ...(b.config !== undefined ? { to: canonical(b.config) } : {}) }];
  const body = {
    component,
    from: older ? text(older.version) : null,
    to: text(newer.version),
    fields: diffFields(a.fields, b.fields),
    presets: diffItems(a.presets, b.presets),
    actions: diffItems(a.actions, b.actions),
    functions: diffItems(a.functions, b.functions),
    events: diffEvents(modelEvents(a), modelEvents(b)),
    appearance: propertyChanges(isItem(a.appearance) ? { appearance: a.appearance } : {}, isItem(b.appearance) ? { appearance: b.appearance } : {}, '', false),
    config,
    other: otherChanges(a, b),
  } as Omit<VersionDiff, 'summary'>;
  return { ...body, summary: countDiff(body) };
}

/** True when the two versions differ in nothing but their names. */
export function isEmptyVersionDiff(diff: VersionDiff): boolean {
  return Object.values(diff.summary).every((count) => count === 0);
}
