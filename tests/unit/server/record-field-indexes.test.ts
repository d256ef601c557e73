// The field indexes of a version (docs/lists.md "Indexes"): a filterable choice field's items each get a
// partial index whose predicate is the filter, the item quoted as a literal; anything else is refused.
import { describe, expect, it } from 'vitest';
import { fieldIndexDdl } from '../../../src/server/records/field-indexes-sql';
import { fieldIndexesOf, MAX_CHOICE_ITEMS } from '../../../src/server/records/indexes';
import type { ComponentRow } from '../../../src/server/db/schema';
import type { ComponentSettings } from '../../../schemas';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const row = { uuid, name: 'orders', scope: null, label: { en_US: 'Orders' }, dev_version: 'v1', public_version: null } as unknown as ComponentRow;
const select = (key: string, items: unknown[], extra: Record<string, unknown> = {}) => ({
  name: key,
  key,
  module: 'select',
  type: 'text',
  filterable: true,
  constraints: { selectables: { items, ...extra } },
});
const indexesOf = (fields: unknown[]) => fieldIndexesOf(row, { fields } as unknown as ComponentSettings);

describe('choice indexes', () => {
  it('a filterable select of text gets one partial index per item, the filter as its predicate', () => {
    const choices = indexesOf([select('status', ['new', "o'clock"])]).filter((index) => index.kind === 'choice');
    expect(choices.map((index) => index.value)).toEqual(['new', "o'clock"]);
    expect(new Set(choices.map((index) => index.name)).size).toBe(2);
    const ddl = fieldIndexDdl(choices[1]!, true);
    expect(ddl).toBe(
      `create index concurrently if not exists ${choices[1]!.name} on records_c_${uuid.replaceAll('-', '')} (env, created_at, seq) where deleted_at is null and disabled_at is null and (data->>'status') = 'o''clock'`,
    );
  });

  it('none for a field that is not filterable, multiple, open to custom values, or of too many items', () => {
    const many = Array.from({ length: MAX_CHOICE_ITEMS + 1 }, (_, i) => `v${i}`);
    const fields = [
      { ...select('a', ['x', 'y']), filterable: false },
      select('b', ['x', 'y'], { multiple: true }),
      select('c', ['x', 'y'], { custom: true }),
      select('d', many),
    ];
    expect(indexesOf(fields).filter((index) => index.kind === 'choice')).toEqual([]);
  });

  it('refuses an item that cannot be a literal of the predicate', () => {
    expect(() => fieldIndexDdl({ name: `records_ix_${'a'.repeat(40)}`, componentUuid: uuid, key: 'status', kind: 'choice', value: 'a\\b' }, false)).toThrow(/unsafe/);
    expect(() => fieldIndexDdl({ name: `records_ix_${'a'.repeat(40)}`, componentUuid: uuid, key: 'status', kind: 'choice' }, false)).toThrow(/unsafe/);
  });
});
