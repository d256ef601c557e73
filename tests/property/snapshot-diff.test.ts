// The snapshot diff (runtime/snapshots/diff.ts, docs/snapshots.md "The diff"): a snapshot against
// itself is empty, whatever its keys' order; every entry of diff(a, b) names something that differs;
// identity by uuid, else by name (an integration's by its id); the command's readable lines (scripts/luma.mjs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, isEmptyDiff, type SnapshotDiff, type SnapshotDocument } from '../../runtime/snapshots/diff';
// @ts-expect-error a plain .mjs script without type declarations
import { diffLines as untypedLines } from '../../scripts/luma.mjs';

const diffLines = untypedLines as (diff: SnapshotDiff) => string[];

type Item = Record<string, unknown>;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const name = fc.constantFrom('orders', 'books', 'sales', 'people');
const json = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'), fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }));
const body = fc.dictionary(fc.constantFrom('fields', 'presets', 'actions', 'routes'), json, { maxKeys: 3 });
const versions = (key: string) => fc.uniqueArray(fc.record({ name: fc.constantFrom('v1', 'v2', 'v3'), [key]: body }), { selector: (v) => v.name, maxLength: 3 });
const items = <T extends Item>(rest: fc.Arbitrary<T>) =>
  fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 6 }), name, rest).map(([n, itemName, more]) => ({ uuid: uuid(n), name: itemName, ...more })), { selector: (item) => item.uuid, maxLength: 4 });

const snapshot: fc.Arbitrary<SnapshotDocument> = fc.record({
  format: fc.constant(1),
  luma: fc.constant('1.0.0'),
  project: fc.record({ name }),
  components: items(fc.record({ label: fc.constantFrom('A', 'B'), sort: fc.integer({ min: 0, max: 2 }), props: body, versions: versions('settings') })),
  workflows: items(fc.record({ dev_version: fc.constantFrom('v1', null), versions: versions('nodes') })),
  functions: items(fc.record({ code: fc.constantFrom('return 1;', 'return 2;'), public: fc.boolean() })),
  sparks: items(fc.record({ code: fc.constantFrom('x', 'y'), releases: fc.uniqueArray(fc.record({ version: fc.integer({ min: 1, max: 3 }), code: fc.constantFrom('x', 'y'), note: fc.constant('') }), { selector: (r) => r.version, maxLength: 3 }) })),
  widgets: items(fc.record({ kind: fc.constantFrom('number', 'table'), settings: body })),
  apps: items(fc.record({ label: fc.constantFrom('Shop', 'Store'), versions: versions('definition') })),
  widget_places: fc.dictionary(fc.constantFrom('dashboard', 'home'), fc.array(fc.integer({ min: 1, max: 6 }).map(uuid), { maxLength: 3 }), { maxKeys: 2 }),
  // Identified by their catalogue id (no uuid).
  integrations: fc.uniqueArray(fc.record({ id: fc.constantFrom('luma-media', 'luma-invoicing', 'luma-ocr'), disabled: fc.boolean(), onboarded: fc.boolean(), settings: body }), { selector: (item) => item.id, maxLength: 3 }),
});

/** The same document with every object's keys in the reverse order (as jsonb may give them back). */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reversedKeys(item)]));
}

/** A part's items (and their versions or releases) sorted by identity, each with its keys sorted. */
function canonical(value: unknown): string[] {
  const key = (item: Item) => String(item.uuid ?? item.id ?? item.name ?? item.version);
  const sortedKeys = (item: unknown): unknown =>
    item === null || typeof item !== 'object' || Array.isArray(item) ? item : Object.fromEntries(Object.keys(item).sort().map((k) => [k, sortedKeys((item as Item)[k])]));
  return ((value as Item[]) ?? [])
    .map((item) => ({ ...item, ...('versions' in item ? { versions: canonical(item.versions) } : {}), ...('releases' in item ? { releases: canonical(item.releases) } : {}) }))
    .sort((x, y) => (key(x) < key(y) ? -1 : 1))
    .map((item) => JSON.stringify(sortedKeys(item)));
}

const PARTS = { component: 'components', workflow: 'workflows', function: 'functions', spark: 'sparks', widget: 'widgets', app: 'apps' } as const;
const CHILDREN = { component_version: ['components', 'versions', 'name', 'settings'], workflow_version: ['workflows', 'versions', 'name', 'nodes'], app_version: ['apps', 'versions', 'name', 'definition'], spark_release: ['sparks', 'releases', 'version', ''] } as const;

/** The item an entry names in a document (generated documents have uuids everywhere, so ids are uuids). */
function find(document: SnapshotDocument, kind: string, id: string): Item | undefined {
  if (kind === 'widget_places') return (document.widget_places as Record<string, Item> | undefined)?.[id] as Item | undefined;
  if (kind === 'integration') return (document.integrations as Item[]).find((item) => item.id === id);
  if (kind in PARTS) return (document[PARTS[kind as keyof typeof PARTS]] as Item[]).find((item) => item.uuid === id);
  const [part, key, nameKey] = CHILDREN[kind as keyof typeof CHILDREN];
  const [parentId, childName] = [id.slice(0, id.lastIndexOf('/')), id.slice(id.lastIndexOf('/') + 1)];
  const parent = (document[part] as Item[]).find((item) => item.uuid === parentId);
  return (parent?.[key] as Item[] | undefined)?.find((item) => String(item[nameKey]) === childName);
}

const differs = (a: unknown, b: unknown) => JSON.stringify(reversedKeys(a)) !== JSON.stringify(reversedKeys(b)) || JSON.stringify(a) !== JSON.stringify(b);

describe('diffSnapshots', () => {
  it('is empty for a snapshot against itself, and against itself with its keys reordered', () => {
    fc.assert(
      fc.property(snapshot, (a) => {
        expect(diffSnapshots(a, a)).toEqual({ create: [], change: [], remove: [] });
        expect(isEmptyDiff(diffSnapshots(a, reversedKeys(a) as SnapshotDocument))).toBe(true);
      }),
    );
  });

  it('names, in each entry of diff(a, b), something that differs between a and b', () => {
    fc.assert(
      fc.property(snapshot, snapshot, (a, b) => {
        const diff = diffSnapshots(a, b);
        for (const entry of diff.create) expect([find(a, entry.kind, entry.id), find(b, entry.kind, entry.id) !== undefined]).toEqual([undefined, true]);
        for (const entry of diff.remove) expect([find(a, entry.kind, entry.id) !== undefined, find(b, entry.kind, entry.id)]).toEqual([true, undefined]);
        for (const entry of diff.change) {
          const [before, after] = [find(a, entry.kind, entry.id), find(b, entry.kind, entry.id)];
          expect(before && after, JSON.stringify(entry)).toBeTruthy();
          expect(entry.fields?.length).toBeGreaterThan(0);
          if (entry.kind === 'widget_places') expect(differs(before, after)).toBe(true);
          else {
            const inner = entry.kind in CHILDREN ? CHILDREN[entry.kind as keyof typeof CHILDREN][3] : '';
            for (const field of entry.fields ?? []) {
              const own = differs(before![field], after![field]);
              const inBody = inner !== '' && differs((before![inner] as Item)?.[field], (after![inner] as Item)?.[field]);
              expect(own || inBody, `${entry.kind} ${field}`).toBe(true);
            }
          }
        }
        // And the other way round: when the documents' parts differ, the diff says something.
        // (Items are identified, not placed: the order of a part's items is not a difference; a place's order is.)
        const parts = ['components', 'workflows', 'functions', 'sparks', 'widgets', 'apps', 'integrations'];
        const changed = parts.some((part) => differs(canonical(a[part]), canonical(b[part]))) || differs(a.widget_places, b.widget_places);
        if (changed) expect(isEmptyDiff(diff)).toBe(false);
      }),
    );
  });

  it('pairs by uuid where both sides have it, else by name, and lists in a stable order', () => {
    const from = { components: [{ uuid: uuid(1), name: 'orders', label: 'Orders', versions: [{ name: 'v1', settings: { fields: [1], presets: [] } }] }], widgets: [{ uuid: uuid(2), name: 'sales' }], widget_places: { home: [uuid(2)] } };
    const to = {
      components: [
        { uuid: uuid(1), name: 'orders renamed', label: 'Orders', versions: [{ name: 'v1', settings: { fields: [2], presets: [1] } }, { name: 'v2', settings: {} }] },
        { name: 'books', label: 'Books', versions: [] },
      ],
      widgets: [],
      functions: [{ name: 'echo', code: 'return 1;' }],
      widget_places: { home: [] },
    };
    const diff = diffSnapshots(from, to);
    expect(diff).toEqual({
      create: [
        { kind: 'component', id: 'books', name: 'books' },
        { kind: 'component_version', id: `${uuid(1)}/v2`, name: 'orders renamed v2' },
        { kind: 'function', id: 'echo', name: 'echo' },
      ],
      change: [
        { kind: 'component', id: uuid(1), name: 'orders renamed', fields: ['name'] },
        { kind: 'component_version', id: `${uuid(1)}/v1`, name: 'orders renamed v1', fields: ['fields', 'presets'] },
        { kind: 'widget_places', id: 'home', name: 'home', fields: ['home'] },
      ],
      remove: [{ kind: 'widget', id: uuid(2), name: 'sales' }],
    });
    expect(diffLines(diff)).toEqual([
      '+ component books',
      '+ component_version orders renamed v2',
      '+ function echo',
      '~ component orders renamed (name)',
      '~ component_version orders renamed v1 (fields, presets)',
      '~ widget_places home (home)',
      '- widget sales',
    ]);
    // A side without a uuid pairs by name: the same component, its changed label.
    expect(diffSnapshots({ components: [{ uuid: uuid(1), name: 'orders', label: 'A' }] }, { components: [{ name: 'orders', label: 'B' }] }).change).toEqual([{ kind: 'component', id: 'orders', name: 'orders', fields: ['label'] }]);
  });
});
