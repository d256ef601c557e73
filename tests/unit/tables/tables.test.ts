// Tables and fieldsets (issue 7): the table's search, sort and pages; the nested rules of table rows
// and fieldset items (paths 'rows.i.key', 'items.i.key', invalidFields) and their coercion.
import { describe, expect, it } from 'vitest';
import { compileViewSchema } from '../../../runtime/compile';
import { coerceValue, validateField, validateRecord } from '../../../runtime/validation';
import {
  cellText,
  emptyRow,
  pageRows,
  perPageOf,
  searchRows,
  sortRows,
  toggleSort,
  visibleRows,
  type IndexedRow,
} from '../../../renderers/controls/table/tableState';
import { field, input, settingsWith } from '../compile/fixtures';
import { create, view } from '../validation/helpers';

const sub = (key: string, module: string, type: string, constraints: Record<string, unknown> = {}) =>
  ({ name: key, key, label: { en_US: key }, module, type, constraints }) as never;

const columns = [
  sub('title', 'input', 'text', { required: true, length: { min: 2, max: 10 } }),
  sub('qty', 'input', 'number', { max: 100 }),
];
const tableField = (constraints: Record<string, unknown> = {}) =>
  view({ key: 'lines', module: 'table', type: 'default', constraints: { table: { fields: columns, search: true }, ...constraints } } as never);
const fieldsetField = (constraints: Record<string, unknown> = {}) =>
  view({ key: 'people', module: 'fieldset', type: 'default', constraints: { custom_data: [sub('name', 'input', 'text', { required: true }), sub('email', 'input', 'email')], ...constraints } } as never);

const indexed = (rows: Record<string, unknown>[]): IndexedRow[] => rows.map((row, index) => ({ row, index }));

describe('table state', () => {
  const rows = indexed([
    { title: 'banana', qty: 10 },
    { title: 'Apple', qty: 2 },
    { title: null, qty: 5 },
    { title: 'cherry', qty: null },
    { title: 'apple pie', qty: 30 },
  ]);

  it('sorts asc and desc, numbers numerically, text case-insensitively, empty cells last', () => {
    expect(sortRows(rows, { key: 'title', dir: 'asc' }).map((r) => r.index)).toEqual([1, 4, 0, 3, 2]);
    expect(sortRows(rows, { key: 'title', dir: 'desc' }).map((r) => r.index)).toEqual([3, 0, 4, 1, 2]);
    expect(sortRows(rows, { key: 'qty', dir: 'asc' }).map((r) => r.index)).toEqual([1, 2, 0, 4, 3]);
    expect(sortRows(rows, { key: 'qty', dir: 'desc' }).map((r) => r.index)).toEqual([4, 0, 2, 1, 3]);
    expect(sortRows(rows, null).map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('a header click sorts a new column ascending and toggles the same one', () => {
    const first = toggleSort(null, 'title');
    expect(first).toEqual({ key: 'title', dir: 'asc' });
    expect(toggleSort(first, 'title')).toEqual({ key: 'title', dir: 'desc' });
    expect(toggleSort(toggleSort(first, 'title'), 'title')).toEqual({ key: 'title', dir: 'asc' });
    expect(toggleSort(first, 'qty')).toEqual({ key: 'qty', dir: 'asc' });
  });

  it('searches every column case-insensitively; a blank query keeps all rows', () => {
    const keys = [{ key: 'title' }, { key: 'qty' }];
    expect(searchRows(rows, keys, 'APPLE').map((r) => r.index)).toEqual([1, 4]);
    expect(searchRows(rows, keys, '30').map((r) => r.index)).toEqual([4]);
    expect(searchRows(rows, keys, '   ')).toHaveLength(5);
    expect(searchRows(rows, keys, 'nothing')).toEqual([]);
  });

  it('pages of per_page rows, the page clamped into range', () => {
    const list = Array.from({ length: 23 }, (_, i) => i);
    expect(pageRows(list, 0, 10)).toEqual({ rows: list.slice(0, 10), page: 0, pages: 3 });
    expect(pageRows(list, 2, 10)).toEqual({ rows: [20, 21, 22], page: 2, pages: 3 });
    expect(pageRows(list, 7, 10).page).toBe(2);
    expect(pageRows(list, -1, 10).page).toBe(0);
    expect(pageRows([], 0, 10)).toEqual({ rows: [], page: 0, pages: 1 });
  });

  it('search, then sort, then page; each shown row keeps its index in the value', () => {
    const value = Array.from({ length: 25 }, (_, i) => ({ title: `item ${i}`, qty: i }));
    const shown = visibleRows(value, [{ key: 'title' }], { query: 'item 1', sort: { key: 'qty', dir: 'desc' }, page: 0, perPage: 10 });
    expect(shown.total).toBe(11); // item 1, item 10..19
    expect(shown.pages).toBe(2);
    expect(shown.rows.map((r) => r.index)).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10]);
  });

  it('per_page defaults to 10 and follows constraints.table.per_page', () => {
    expect(perPageOf(tableField())).toBe(10);
    expect(perPageOf(view({ key: 'l', module: 'table', type: 'default', constraints: { table: { per_page: 3, fields: columns } } } as never))).toBe(3);
  });

  it('cell text: i18n in the locale, lists joined; a fresh row takes the sub-field defaults', () => {
    expect(cellText({ locales: { en_US: 'Hi', sr: 'Zdravo' } }, 'sr')).toBe('Zdravo');
    expect(cellText(['a', 'b'])).toBe('a, b');
    expect(cellText(true)).toBe('true');
    const withDefault = view({ key: 'l', module: 'table', type: 'default', constraints: { table: { fields: [sub('n', 'input', 'number', { default: '4' })] } } } as never);
    expect(emptyRow(withDefault.options.customData.fields as never)).toEqual({ n: 4 });
  });
});

describe('table rows: nested rules', () => {
  it('checks each row per sub-field, messages at rows.i.key', () => {
    const messages = validateField(tableField(), [{ title: 'ok', qty: 1 }, { title: 'x', qty: 500 }, { qty: 1 }], create);
    expect(messages).toEqual([
      { key: 'cantBeLessThenChars', values: { min: 2 }, path: 'rows.1.title' },
      { key: 'cantBeMoreThen', values: { max: 100 }, path: 'rows.1.qty' },
      { key: 'identityField.requiredField', path: 'rows.2.title' },
    ]);
  });

  it('valid rows and an empty table give nothing unless required', () => {
    expect(validateField(tableField(), [{ title: 'ok', qty: 3 }], create)).toEqual([]);
    expect(validateField(tableField(), [], create)).toEqual([]);
    expect(validateField(tableField({ required: true }), [], create)).toEqual([{ key: 'identityField.requiredField' }]);
  });

  it('a row that is not an object is invalidInput for the field', () => {
    expect(validateField(tableField(), ['text'], create)).toEqual([{ key: 'invalidInput' }]);
  });

  it('table/custom takes its columns from custom_data when table.fields is empty', () => {
    const custom = view({ key: 'c', module: 'table', type: 'custom', constraints: { custom_data: [sub('code', 'input', 'text', { required: true })] } } as never);
    expect((custom.options.customData.fields as { key: string }[]).map((f) => f.key)).toEqual(['code']);
    expect(validateField(custom, [{}], create)).toEqual([{ key: 'identityField.requiredField', path: 'rows.0.code' }]);
  });

  it('coerces each row entry by its sub-field (idempotent)', () => {
    const once = coerceValue(tableField(), [{ title: 5, qty: '7', extra: 'kept' }]);
    expect(once).toEqual([{ title: '5', qty: 7, extra: 'kept' }]);
    expect(coerceValue(tableField(), once)).toEqual(once);
  });
});

describe('fieldset items: nested rules and invalidFields', () => {
  it('any invalid sub-field of any item gives invalidFields at the field and the messages at items.i.key', () => {
    expect(validateField(fieldsetField(), [{ name: 'Ann', email: 'a@b.co' }, { name: '', email: 'nope' }], create)).toEqual([
      { key: 'invalidFields' },
      { key: 'identityField.requiredField', path: 'items.1.name' },
      { key: 'invalidEmail', path: 'items.1.email' },
    ]);
  });

  it('valid items give nothing; when required, at least one item', () => {
    expect(validateField(fieldsetField(), [{ name: 'Ann' }], create)).toEqual([]);
    expect(validateField(fieldsetField(), [], create)).toEqual([]);
    expect(validateField(fieldsetField({ required: true }), [], create)).toEqual([{ key: 'identityField.requiredField' }]);
    expect(validateField(fieldsetField({ required: true }), null, create)).toEqual([{ key: 'identityField.requiredField' }]);
  });

  it('nested paths keep a sub-field path of their own (text_i18n inside an item)', () => {
    const f = view({ key: 'p', module: 'fieldset', type: 'default', constraints: { custom_data: [sub('title', 'input', 'text_i18n', { length: { min: null, max: 3 } })] } } as never);
    expect(validateField(f, [{ title: { locales: { en_US: 'ok', sr: 'dugačko' } } }], create)).toEqual([
      { key: 'invalidFields' },
      { key: 'cantBeMoreThenChars', values: { max: 3 }, path: 'items.0.title.locales.sr' },
    ]);
  });
});

describe('validateRecord: nested messages on the wire', () => {
  const schema = compileViewSchema(
    settingsWith([
      field({ key: 'lines', module: 'table', type: 'default', constraints: { table: { fields: columns } } } as never),
      field({ key: 'people', module: 'fieldset', type: 'default', constraints: { required: true, custom_data: [sub('name', 'input', 'text', { required: true })] } } as never),
    ]),
    input(),
  );

  it('reports rows and items at key.rows.i.sub and key.items.i.sub, invalidFields at the fieldset', () => {
    expect(validateRecord(schema, { lines: [{ title: 'ok' }, { title: 'a', qty: 1 }], people: [{ name: 'A' }, {}] }, create)).toEqual([
      { field: 'lines.rows.1.title', messages: ['cantBeLessThenChars'], values: [{ min: 2 }] },
      { field: 'people', messages: ['invalidFields'], values: [null] },
      { field: 'people.items.1.name', messages: ['identityField.requiredField'], values: [null] },
    ]);
  });

  it('a required fieldset without items', () => {
    expect(validateRecord(schema, { lines: [], people: [] }, create)).toEqual([{ field: 'people', messages: ['identityField.requiredField'], values: [null] }]);
  });
});
