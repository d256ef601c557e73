// The import's batched writes (docs/lists.md "Import"; COPY's text format on PostgreSQL, one JSON
// parameter on PGlite): every character a cell can hold comes back as it was sent (tabs, newlines,
// carriage returns, backslashes, COPY's own null marker as text, unicode, JSON values, nulls); a NUL
// in a JSON file's text is refused as before, nothing written; a CSV column without a name is never
// read; and one bad row at the very end of a file of several batches leaves nothing written.
import { expect, beforeAll, it } from 'vitest';
import { IMPORT_BATCH_ROWS } from '../../src/server/records/import-sql';
import { componentApi, componentWithFields, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { csv, importApi } from './import-fixtures';

describeApi(`records: import, the batch text (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const importFile = importApi(app, () => admin, 'dev');
  let notes = '';

  const stored = async (component: string) =>
    (await db().selectFrom('records').select(['data', 'seq']).where('component_uuid', '=', component).where('deleted_at', 'is', null).orderBy('seq').execute()).map(
      (row) => row.data as Record<string, unknown>,
    );

  beforeAll(async () => {
    admin = await login(app());
    notes = await componentWithFields(api, 'copy_notes', [
      f.text('title', { length: { min: 1, max: 200 } }),
      f.text('note', { length: { min: 0, max: 99999 } }),
      f.number('size', { min: -1_000_000, max: 1_000_000 }),
      { name: 'tags', key: 'tags', auto_key: false, module: 'checkbox', type: 'text', constraints: { selectables: { items: ['a', 'b\\c', 'd\te'] } } },
    ]);
  }, SETUP_TIMEOUT_MS);

  const tricky = [
    'a\ttab',
    'two\nlines',
    'carriage\rreturn and\r\nboth',
    'back\\slash and \\\\ two',
    '\\N',
    '\\.',
    'trailing backslash \\',
    'quote " and \'single\'',
    'unicode: żółć, 日本語, עברית, 🙂 and e\u0301',
    '{"looks": "like json"}',
  ];

  it('CSV: tabs, newlines, carriage returns, backslashes, the null marker, unicode and JSON-looking text come back as sent, in file order', async () => {
    const rows = tricky.map((text, i) => [`title ${i} ${text}`, text, String(i - 5), i % 2 === 0 ? '["a","b\\\\c"]' : '']);
    const response = await importFile(notes, { file: csv([['title', 'note', 'size', 'tags'], ...rows]), primaryKey: '', fieldMap: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: tricky.length, updated: 0, total: tricky.length });
    const data = (await stored(notes)).slice(-tricky.length);
    expect(data).toEqual(tricky.map((text, i) => ({ title: `title ${i} ${text}`, note: text, size: i - 5, tags: i % 2 === 0 ? ['a', 'b\\c'] : null })));
  });

  it('JSON: the same text, JSON values for structured fields, nulls and missing keys', async () => {
    const items = tricky.map((text, i) => (i % 3 === 0 ? { title: `json ${i}`, note: text, tags: ['d\te'] } : { title: `json ${i}`, note: null, size: i }));
    const response = await importFile(notes, { file: JSON.stringify(items), filename: 'notes.json', primaryKey: '', fieldMap: '' });
    expect(response.statusCode, response.body).toBe(200);
    const data = (await stored(notes)).slice(-items.length);
    expect(data).toEqual(items.map((item, i) => (i % 3 === 0 ? { title: `json ${i}`, note: tricky[i], size: null, tags: ['d\te'] } : { title: `json ${i}`, note: null, size: i, tags: null })));
  });

  it('a NUL in a JSON file is refused (400, never a 500 nor a hung request), and nothing is written', async () => {
    const before = (await stored(notes)).length;
    const response = await importFile(notes, { file: JSON.stringify([{ title: 'fine' }, { title: 'nul \u0000 inside' }]), filename: 'nul.json', primaryKey: '', fieldMap: '' });
    // The database refuses it (jsonb holds no \u0000): the 400 of text it cannot store. On PostgreSQL the
    // refused COPY once left the import waiting for ever, its transaction open.
    expect(response.statusCode, response.body).toBe(400);
    expect((await stored(notes)).length).toBe(before);
    // In CSV, a NUL byte makes the file binary: 400 importFileNotValid.
    const binary = await importFile(notes, { file: Buffer.from('title\r\nnul \u0000 inside\r\n'), primaryKey: '', fieldMap: '' });
    expect(binary.statusCode, binary.body).toBe(400);
    expect(binary.json().errors[0].messages).toEqual(['importFileNotValid']);
  });

  it('a CSV column without a name is never read, even mapped', async () => {
    const file = csv([['title', '', 'note'], ['unnamed 1', 'ignored', 'kept'], ['unnamed 2', 'ignored too', '']]);
    const response = await importFile(notes, { file, primaryKey: '', fieldMap: [{ from: 'title', to: 'title' }, { from: '', to: 'size' }, { from: 'note', to: 'note' }] });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(notes)).slice(-2)).toEqual([
      { title: 'unnamed 1', note: 'kept', size: null },
      { title: 'unnamed 2', note: null, size: null },
    ]);
  });

  it('one bad row, the last of a file of four write batches (500, 1,500, 4,500, the rest): 417 at its number, and the batches already written roll back', async () => {
    const before = (await stored(notes)).length;
    const total = 2 * IMPORT_BATCH_ROWS + 7;
    const rows = Array.from({ length: total }, (_, i) => [`row ${i + 1}`, `note\t${i + 1}\\`, String(i + 1)]);
    rows[total - 1]![2] = 'not a number';
    const refused = await importFile(notes, { file: csv([['title', 'note', 'size'], ...rows]), primaryKey: '', fieldMap: '' });
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json().errors).toEqual([{ field: `row.${total}.size`, messages: ['invalidNumber'], values: [null] }]);
    expect((await stored(notes)).length).toBe(before);
  });
});
