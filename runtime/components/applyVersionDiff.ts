// Applies a version diff (versionDiff.ts) to the older version's settings: gives the newer version's.
// It exists to prove the diff complete (tests/property/version-diff.test.ts: applying the diff of
// A→B to A gives B) and is how a consumer can replay a diff; items with a repeated name are told
// apart by their place (" #2"), as the diff names them.
import type { ComponentSettings } from '../../schemas';
import type { VersionDiff, VersionListDiff, VersionPropertyChange } from '../api/components';
import { sameJson } from '../snapshots/diff';
import { identities } from './versionDiff';

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Sets or removes one property change's path on a copy made beforehand. */
export function applyPropertyChanges(target: Item, changes: VersionPropertyChange[]): Item {
  for (const change of changes) {
    const path = change.property.split('.');
    let node = target;
    for (const step of path.slice(0, -1)) {
      if (!isItem(node[step])) node[step] = {};
      node = node[step] as Item;
    }
    const last = path[path.length - 1]!;
    if ('to' in change) node[last] = clone(change.to);
    else delete node[last];
  }
  return target;
}

function applyList(older: unknown, diff: VersionListDiff<unknown, { changes: VersionPropertyChange[] }>, idOf: (item: Item) => string, idOfChange: (change: Item) => string): Item[] {
  const items = (Array.isArray(older) ? older : []).filter(isItem).map(clone);
  const ids = identities(items, idOf);
  const removedIds = new Set<string>();
  // A removed item is found by its content: with a repeated name, the first equal one not yet taken.
  for (const item of diff.removed as Item[]) {
    const index = items.findIndex((candidate, at) => !removedIds.has(ids[at]!) && sameJson(candidate, item));
    if (index >= 0) removedIds.add(ids[index]!);
  }
  const changes = new Map(diff.changed.map((change) => [idOfChange(change as unknown as Item), change.changes]));
  const kept = items.filter((_, index) => !removedIds.has(ids[index]!));
  const keptIds = ids.filter((id) => !removedIds.has(id));
  const result = [...kept.map((item, index) => applyPropertyChanges(item, changes.get(keptIds[index]!) ?? [])), ...(diff.added as Item[]).map(clone)];
  if (!diff.order) return result;
  const resultIds = identities(result, idOf);
  return diff.order.map((id) => result[resultIds.indexOf(id)]).filter(isItem);
}

const fieldKey = (item: Item) => text(item.key);
const itemName = (item: Item) => text(item.name);

function applyEvents(older: unknown, diff: VersionDiff['events']): string[] {
  const a = Array.isArray(older) ? older.map(String) : [];
  return diff.order ?? [...a.filter((event) => !diff.removed.includes(event)), ...diff.added];
}

/** The newer version's settings, from the older's (null: nothing) and the diff between them. */
export function applyVersionDiff(older: ComponentSettings | null, diff: VersionDiff): ComponentSettings {
  const a = clone((older ?? {}) as Item);
  const olderEvents = isItem(a.model) ? a.model.events : undefined;
  const out: Item = { ...a, version: diff.to };
  out.fields = applyList(a.fields, diff.fields, fieldKey, (change) => text(change.key));
  out.presets = applyList(a.presets, diff.presets, itemName, itemName);
  out.actions = applyList(a.actions, diff.actions, itemName, itemName);
  out.functions = applyList(a.functions, diff.functions, itemName, itemName);
  applyPropertyChanges(out, [...diff.appearance, ...diff.config, ...diff.other]);
  if (isItem(out.model)) out.model.events = applyEvents(olderEvents, diff.events);
  return out as unknown as ComponentSettings;
}
