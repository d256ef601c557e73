// Record import (docs/lists.md "Import"): CSV (BOM, quotes, embedded newlines, commas) and JSON,
// coercion per type, every bad row answered and nothing written, re-import on a primary key updates,
// mapping errors, permissions, hostile files (formulas stay text, huge fields, binary files: 400).
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { IMPORT_BATCH_ROWS } from '../../src/server/records/import-sql';
import { componentApi, componentWithFields, createMember, once, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { csv, importApi } from './import-fixtures';

describeApi(`records: import (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const importAs = (who: string) => importApi(app, () => (who === 'admin' ? admin : cookies[who]!), 'dev');
  const importFile = importAs('admin');
  let people = '';

  const stored = async (component: string) =>
    (
      await db()
        .selectFrom('records')
        .select(['uuid', 'data', 'version', 'created_by'])
        .where('component_uuid', '=', component)
        .where('deleted_at', 'is', null)
        // Rows of one import may share created_at (one statement): the title breaks the tie.
        .orderBy('created_at')
        .orderBy(sql`data ->> 'title'`)
        .execute()
    ).map((row) => ({ ...row, data: row.data as Record<string, unknown> }));
  const count = async (component: string) => (await stored(component)).length;
  /** The first import: Ann and Bob (the first case checks it; the re-import and unique cases match Bob). */
  const annAndBob = once(() =>
    importFile(people, {
      file:
        '\uFEFF' +
        csv([
          // Headers find their field keys whatever their case, spaces, '_' or '-'.
          ['Title', 'E-Mail', 'AGE', ' Status', 'tags', 'active', 'note'],
          ['Ann, the first', 'ann@luma.test', '42', 'new', '["a","b"]', 'true', 'line one\nline "two"'],
          ['Bob', '', '7.5', 'done', 'c', 'false', ''],
        ]),
      primaryKey: '',
      fieldMap: '',
    }),
  );

  // A component with text, email, number, select, checkbox and bool fields; members.
  beforeAll(async () => {
    admin = await login(app());
    people = await componentWithFields(api, 'people', [
      f.text('title', { required: true, length: { min: 2, max: 40 } }, { unique: true }),
      f.email('email', {}),
      f.number('age', { min: 0, max: 150 }),
      f.select('status', ['new', 'done']),
      { name: 'tags', key: 'tags', auto_key: false, module: 'checkbox', type: 'text', constraints: { selectables: { items: ['a', 'b', 'c'] } } },
      { name: 'active', key: 'active', auto_key: false, module: 'checkbox', type: 'bool', constraints: {} },
      f.text('note', { length: { min: 0, max: 99999 } }),
    ]);
    await createMember(db(), 'creator@luma.test', 'creator password', [`create ${people}`]);
    await createMember(db(), 'updater@luma.test', 'updater password', [`create ${people}`, `update ${people}`]);
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${people}`, `update ${people}`]);
    for (const who of ['creator', 'updater', 'reader']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
  }, SETUP_TIMEOUT_MS);

  it('CSV with a BOM, quotes, embedded newlines and commas: every row created, values coerced per type', async () => {
    const response = await annAndBob();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 2, updated: 0, total: 2 });
    const rows = await stored(people);
    expect(rows.map((row) => row.data)).toEqual([
      { title: 'Ann, the first', email: 'ann@luma.test', age: 42, status: 'new', tags: ['a', 'b'], active: true, note: 'line one\nline "two"' },
      { title: 'Bob', email: null, age: 7.5, status: 'done', tags: ['c'], active: false, note: null },
    ]);
    expect(rows.every((row) => row.version === 1)).toBe(true);
    // Readable through the record API like any other record.
    const read = await records.get(people, rows[0]!.uuid);
    expect(read.statusCode).toBe(200);
    expect(read.json().title).toBe('Ann, the first');
  });

  it('JSON: an array of objects, mapped with field_map', async () => {
    const file = JSON.stringify([
      { name: 'Json One', years: 3, flags: ['a'] },
      { name: 'Json Two', years: '4', flags: [] },
    ]);
    const response = await importFile(people, {
      file,
      filename: 'people.json',
      contentType: 'application/json',
      primaryKey: '',
      fieldMap: [
        { from: 'name', to: 'title' },
        { from: 'years', to: 'age' },
        { from: 'flags', to: 'tags' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 2, updated: 0, total: 2 });
    const byTitle = new Map((await stored(people)).map((row) => [row.data.title, row.data]));
    expect(byTitle.get('Json One')).toMatchObject({ age: 3, tags: ['a'] });
    expect(byTitle.get('Json Two')).toMatchObject({ age: 4 });
  });

  it('bad rows: 417 fieldsNotValid with every bad row numbered, nothing written; the fixed file writes all', async () => {
    const before = await count(people);
    const rows = [
      ['title', 'email', 'age', 'status'],
      ['Good One', 'one@luma.test', '1', 'new'],
      ['X', 'not-an-email', '1', 'new'],
      ['Good Two', 'two@luma.test', '200', 'new'],
      ['', '', '', 'nope'],
    ];
    const bad = await importFile(people, { file: csv(rows), primaryKey: '', fieldMap: '' });
    expect(bad.statusCode).toBe(417);
    const body = bad.json();
    expect(body.message).toBe('fieldsNotValid');
    const byField = Object.fromEntries(body.errors.map((error: { field: string; messages: string[] }) => [error.field, error.messages]));
    expect(byField).toEqual({
      'row.2.title': ['cantBeLessThenChars'],
      'row.2.email': ['invalidEmail'],
      'row.3.age': ['cantBeMoreThen'],
      'row.4.title': ['identityField.requiredField'],
      'row.4.status': ['invalidSelection'],
    });
    expect(body.errors.find((error: { field: string }) => error.field === 'row.3.age').values).toEqual([{ max: 150 }]);
    expect(await count(people)).toBe(before);

    const fixed = csv([rows[0]!, rows[1]!, ['Fixed X', 'x@luma.test', '1', 'new'], ['Good Two', 'two@luma.test', '100', 'new'], ['Fixed Four', '', '', 'done']]);
    const good = await importFile(people, { file: fixed, primaryKey: '', fieldMap: '' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ created: 4, updated: 0, total: 4 });
    expect(await count(people)).toBe(before + 4);
  });

  it('a cell that does not read as its field type is a bad row, never a silent null', async () => {
    const before = await count(people);
    const response = await importFile(people, { file: csv([['title', 'age'], ['Ten', '10'], ['Lost', 'ten']]), primaryKey: '', fieldMap: '' });
    expect(response.statusCode).toBe(417);
    expect(response.json().errors).toEqual([{ field: 'row.2.age', messages: ['invalidNumber'], values: [null] }]);
    expect(await count(people)).toBe(before);
  });

  it('a bad row past the first batch: still every bad row, still nothing written', async () => {
    const before = await count(people);
    const rows: unknown[][] = [['title', 'age']];
    const [first, second] = [IMPORT_BATCH_ROWS + 300, IMPORT_BATCH_ROWS + 1400];
    for (let i = 1; i <= IMPORT_BATCH_ROWS + 1500; i += 1) rows.push([`Batch ${i}`, i === first || i === second ? '-1' : '1']);
    const response = await importFile(people, { file: csv(rows), primaryKey: '', fieldMap: '' });
    expect(response.statusCode).toBe(417);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual([`row.${first}.age`, `row.${second}.age`]);
    expect(await count(people)).toBe(before);
  });

  it('re-import with the primary key updates the matched records (version 2) and creates the others', async () => {
    await annAndBob();
    const before = await count(people);
    const response = await importFile(people, {
      file: csv([['title', 'age'], ['Bob', '8'], ['Brand New', '9']]),
      primaryKey: 'title',
      fieldMap: [
        { from: 'title', to: 'title' },
        { from: 'age', to: 'age' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 1, total: 2 });
    const rows = await stored(people);
    expect(rows.length).toBe(before + 1);
    const bob = rows.find((row) => row.data.title === 'Bob')!;
    expect(bob.version).toBe(2);
    // Unmapped fields keep their stored values.
    expect(bob.data).toMatchObject({ age: 8, status: 'done', tags: ['c'], active: false });
    const read = await records.get(people, bob.uuid);
    expect(read.json().__version__).toBe(2);

    // By uuid: the record's own key.
    const byUuid = await importFile(people, { file: csv([['id', 'age'], [bob.uuid.toUpperCase(), '9']]), primaryKey: 'uuid', fieldMap: [{ from: 'id', to: 'uuid' }, { from: 'age', to: 'age' }] });
    expect(byUuid.statusCode, byUuid.body).toBe(200);
    expect(byUuid.json()).toEqual({ created: 0, updated: 1, total: 1 });
    expect((await stored(people)).find((row) => row.uuid === bob.uuid)).toMatchObject({ version: 3, data: expect.objectContaining({ age: 9, title: 'Bob' }) });
  });

  it('the same primary key twice in one file is an error on the later row; unique values too', async () => {
    await annAndBob();
    const before = await count(people);
    const response = await importFile(people, {
      file: csv([['title', 'age'], ['Dup Key', '1'], ['Other', '2'], ['Dup Key', '3']]),
      primaryKey: 'title',
      fieldMap: '',
    });
    expect(response.statusCode).toBe(417);
    expect(response.json().errors).toEqual([{ field: 'row.3.title', messages: ['importDuplicateKey'], values: [{ row: 1 }] }]);

    const unique = await importFile(people, { file: csv([['title'], ['Uniq'], ['Uniq'], ['Bob']]), primaryKey: '', fieldMap: '' });
    expect(unique.statusCode).toBe(417);
    expect(unique.json().errors).toEqual([
      { field: 'row.2.title', messages: ['unique'], values: [null] },
      { field: 'row.3.title', messages: ['unique'], values: [null] },
    ]);
    expect(await count(people)).toBe(before);
  });

  it('mapping errors: bad JSON, unknown target keys, unknown columns, an unmapped primary key: 400 with field errors', async () => {
    const file = csv([['title'], ['Mapped']]);
    const badJson = await importFile(people, { file, primaryKey: '', fieldMap: '[{"from":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().errors).toEqual([{ field: 'field_map', messages: ['invalidInput'], values: [null] }]);

    const unknown = await importFile(people, { file, primaryKey: '', fieldMap: [{ from: 'title', to: 'nope' }, { from: 'missing', to: 'age' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'field_map.0.to', messages: ['importUnknownField'], values: [{ key: 'nope' }] },
      { field: 'field_map.1.from', messages: ['importUnknownColumn'], values: [{ column: 'missing' }] },
    ]);

    const notMapped = await importFile(people, { file, primaryKey: 'email', fieldMap: [{ from: 'title', to: 'title' }] });
    expect(notMapped.statusCode).toBe(400);
    expect(notMapped.json().errors[0].field).toBe('primary_key');

    const unknownKey = await importFile(people, { file, primaryKey: 'nope', fieldMap: '' });
    expect(unknownKey.statusCode).toBe(400);

    const noFile = await importFile(people, { primaryKey: '', fieldMap: '' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0]).toMatchObject({ field: 'file' });

    const notMultipart = await app().inject({
      method: 'POST',
      url: `/api/v1/system/component/${people}/import`,
      payload: { file: 'x' },
      headers: { cookie: admin, 'x-project-env': 'dev' },
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('the file part before the text fields works too (spooled)', async () => {
    const response = await importFile(people, { file: csv([['title'], ['Spooled']]), primaryKey: '', fieldMap: '', fileFirst: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 0, total: 1 });
  });

  it('permissions: create is needed, and update too with a primary key; no session: 401', async () => {
    const file = csv([['title'], ['By Creator']]);
    expect((await importAs('reader')(people, { file, primaryKey: '', fieldMap: '' })).statusCode).toBe(403);
    const created = await importAs('creator')(people, { file, primaryKey: '', fieldMap: '' });
    expect(created.statusCode, created.body).toBe(200);
    expect((await importAs('creator')(people, { file: csv([['title'], ['By Creator 2']]), primaryKey: 'title', fieldMap: '' })).statusCode).toBe(403);
    const updated = await importAs('updater')(people, { file: csv([['title', 'age'], ['By Creator', '5']]), primaryKey: 'title', fieldMap: '' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ created: 0, updated: 1, total: 1 });
    const anonymous = importApi(app, () => '', 'dev');
    expect((await anonymous(people, { file, primaryKey: '', fieldMap: '' })).statusCode).toBe(401);
  });

  it('hostile input: formula cells stay text; a huge field is refused by the rules or the record cap; binary files are 400', async () => {
    const formulas = await importFile(people, { file: csv([['title', 'note'], ['=cmd|calc', '@SUM(A1:A9)'], ['+1+1', '-2']]), primaryKey: '', fieldMap: '' });
    expect(formulas.statusCode, formulas.body).toBe(200);
    const rows = await stored(people);
    expect(rows.find((row) => row.data.title === '=cmd|calc')?.data.note).toBe('@SUM(A1:A9)');
    expect(rows.find((row) => row.data.title === '+1+1')?.data.note).toBe('-2');

    const before = await count(people);
    // Over the field's max length: the rule answers.
    const long = await importFile(people, { file: csv([['title', 'note'], ['Long', 'x'.repeat(100_000)]]), primaryKey: '', fieldMap: '' });
    expect(long.statusCode).toBe(417);
    expect(long.json().errors).toEqual([{ field: 'row.1.note', messages: ['cantBeMoreThenChars'], values: [{ max: 99999 }] }]);
    // Over the per-record cap (1 MiB): the file is refused.
    const huge = await importFile(people, { file: csv([['title', 'note'], ['Huge', 'y'.repeat(2 * 1024 * 1024)]]), primaryKey: '', fieldMap: '' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors[0]).toMatchObject({ field: 'file', messages: ['importFileNotValid'] });

    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe]);
    const png = await importFile(people, { file: binary, filename: 'photo.png', contentType: 'image/png', primaryKey: '', fieldMap: '' });
    expect(png.statusCode).toBe(400);
    const latin1 = await importFile(people, { file: Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xe9, 0xe8, 0x0a]), primaryKey: '', fieldMap: '' });
    expect(latin1.statusCode).toBe(400);
    // RFC 4180: an unclosed quote and a short row are not relaxed.
    expect((await importFile(people, { file: 'title,age\n"open,1\n', primaryKey: '', fieldMap: '' })).statusCode).toBe(400);
    const ragged = await importFile(people, { file: 'title,age\nA1,1\nA2\n', primaryKey: '', fieldMap: '' });
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json().errors[0]).toMatchObject({ field: 'file', messages: ['importFileNotValid'], values: [{ line: 3 }] });
    expect((await importFile(people, { file: '{"title": "not an array"}', filename: 'x.json', primaryKey: '', fieldMap: '' })).statusCode).toBe(400);
    expect((await importFile(people, { file: '[1, 2]', filename: 'x.json', primaryKey: '', fieldMap: '' })).statusCode).toBe(400);
    expect((await importFile(people, { file: '[{"title": ', filename: 'x.json', primaryKey: '', fieldMap: '' })).statusCode).toBe(400);
    expect((await importFile(people, { file: '', primaryKey: '', fieldMap: '' })).statusCode).toBe(400);
    // Duplicate header names are ambiguous.
    expect((await importFile(people, { file: 'title,title\nA,B\n', primaryKey: '', fieldMap: '' })).statusCode).toBe(400);
    expect(await count(people)).toBe(before);
  });

  it('imported rows list in file order (the default sort of the list)', async () => {
    const ordered = await componentWithFields(api, 'ordered', [f.text('title', { length: { min: 1, max: 40 } })]);
    // Thirty rows imported in one go, their titles in no sorted order: only the file's order is theirs.
    const titles = Array.from({ length: 30 }, (_, i) => `row ${String((i * 17) % 30).padStart(2, '0')} ${'zyxwvutsrq'[i % 10]}`);
    const response = await importFile(ordered, { file: csv([['title'], ...titles.map((title) => [title])]), primaryKey: '', fieldMap: '' });
    expect(response.statusCode, response.body).toBe(200);
    const listed = await records.send('GET', `/v3/system/component/${ordered}/models?limit=100`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().items as { title: string }[]).map((item) => item.title)).toEqual(titles);
  });

  it('rows keep their numbers and order across the steps the file is read in (CSV and JSON, past 500 and 5000 rows)', async () => {
    const counted = await componentWithFields(api, 'counted', [f.text('title', { length: { min: 1, max: 40 } }), f.number('size', { min: 0, max: 100_000 })]);
    const rows = Array.from({ length: 5_210 }, (_, i) => [`row ${i + 1}`, String(i + 1)]);
    // Two bad rows: the first and one past the first write batch and many read steps.
    rows[0]![1] = 'not a number';
    rows[5_117 - 1]![1] = '200000';
    const refused = await importFile(counted, { file: csv([['title', 'size'], ...rows]), primaryKey: '', fieldMap: '' });
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json().errors).toEqual([
      { field: 'row.1.size', messages: ['invalidNumber'], values: [null] },
      { field: 'row.5117.size', messages: ['cantBeMoreThen'], values: [{ max: 100_000 }] },
    ]);
    expect(await count(counted)).toBe(0);
    const json = JSON.stringify(Array.from({ length: 1_203 }, (_, i) => ({ title: `item ${i + 1}`, size: i === 1_050 ? -1 : i + 1 })));
    const jsonRefused = await importFile(counted, { file: json, filename: 'items.json', primaryKey: '', fieldMap: '' });
    expect(jsonRefused.statusCode, jsonRefused.body).toBe(417);
    expect(jsonRefused.json().errors).toEqual([{ field: 'row.1051.size', messages: ['cantBeLessThen'], values: [{ min: 0 }] }]);
    // Fixed, the whole file goes in, in its order.
    rows[0]![1] = '1';
    rows[5_117 - 1]![1] = '5117';
    const imported = await importFile(counted, { file: csv([['title', 'size'], ...rows]), primaryKey: '', fieldMap: '' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 5_210, updated: 0, total: 5_210 });
    // A list reaches the first 5,000 records (the spec's cap): in the file's order, over ten read steps.
    const listed = await records.send('GET', `/v3/system/component/${counted}/models?limit=5000`);
    expect(listed.statusCode, listed.body).toBe(200);
    const sizes = (listed.json().items as { size: number }[]).map((item) => item.size);
    expect(sizes).toEqual(Array.from({ length: 5_000 }, (_, i) => i + 1));
  });

  it('a header-only file imports nothing', async () => {
    const response = await importFile(people, { file: 'title,age\r\n', primaryKey: '', fieldMap: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 0, updated: 0, total: 0 });
  });
});
