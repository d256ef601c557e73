// Export (docs/lists.md "Export"): the whole filtered result streamed as CSV (header row of keys,
// RFC 4180 quoting, formula cells prefixed with ') or JSON, as an attachment; visible, non-hashed
// fields only; read {ref}.
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createMember, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { bookFields, insertManyRecords, listApi } from './list-fixtures';

describeApi(`record export (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const lists = listApi(app, () => admin, 'dev');
  const as = (who: string) => listApi(app, () => cookies[who]!, 'dev');
  let notes = '';
  let books = '';

  // Notes with tricky values, 2,500 books, members.
  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    const insider = await createMember(db(), 'insider@luma.test', 'insider password', []);
    notes = await componentWithFields(api, 'notes', bookFields(insider.roleUuid));
    books = await componentWithFields(api, 'books', bookFields(null));
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 2500 });
    const titles = ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tTab', '\rCR', 'a,b', 'say "hi"', 'two\nlines', 'plain'];
    for (const title of titles) {
      const created = await records.create(notes, { title, code: 'X', price: -5, secret: 'hidden', password: 'secret one', published: '2024-03-01' });
      expect(created.statusCode, created.body).toBe(200);
    }
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${notes}`]);
    await createMember(db(), 'nobody@luma.test', 'nobody password', [`create ${notes}`]);
    for (const who of ['reader', 'nobody']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
  }, SETUP_TIMEOUT_MS);

  it('CSV: an attachment named after the component, a header of keys, quoting and formula escaping', async () => {
    const response = await lists.exportAs(notes, { format: 'csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="notes.csv"');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('uuid,title,code,price,secret,name_i18n,published,active,created_at,updated_at,disabled_at');
    const rows: string[][] = parse(response.body, { relax_column_count: false });
    expect(rows).toHaveLength(11);
    const titles = rows.slice(1).map((row) => row[1]);
    expect(titles).toEqual(["'=1+1", "'+cmd", "'-2+3", "'@SUM(A1)", "'\tTab", "'\rCR", 'a,b', 'say "hi"', 'two\nlines', 'plain']);
    expect(response.body).toContain('"say ""hi"""');
    expect(response.body).toContain('"two\nlines"');
    // Numbers are written as numbers; the hashed field is never exported.
    expect(rows[1]![3]).toBe('-5');
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('$argon2');
  });

  it('JSON: the records as the list shapes them, filtered by the list parameters', async () => {
    const response = await lists.exportAs(notes, { format: 'json', filter: 'a,b', filterOn: 'title' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="notes.json"');
    const items = response.json();
    expect(items).toHaveLength(1);
    const listed = (await lists.list(notes, { filter: 'a,b', filterOn: 'title' })).json().items;
    expect(items).toEqual(listed);
  });

  it('large exports stream in keyset batches: every record once, past the list cap of 5000 too', async () => {
    const csv = await lists.exportAs(books, { format: 'csv' });
    const rows: string[][] = parse(csv.body);
    expect(rows).toHaveLength(2501);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(2500);
    const json = (await lists.exportAs(books, { format: 'json', $adv: { price: { $gte: 90 } } })).json();
    expect(json).toHaveLength(250);
    expect(json.every((item: { price: number }) => item.price >= 90)).toBe(true);
  });

  it('records created with microsecond times are exported once each across batch boundaries', async () => {
    const { projectUuid, adminUuid } = await adminProject(db());
    const stamped = await componentWithFields(api, 'stamped', bookFields(null));
    // Times with microseconds (as now() gives them): a JS Date keeps only the milliseconds.
    await sql`insert into records (project_uuid, component_uuid, env, data, created_by, updated_by, created_at)
      select ${projectUuid}::uuid, ${stamped}::uuid, 'dev', jsonb_build_object('title', 'S' || i), ${adminUuid}::uuid, ${adminUuid}::uuid,
        timestamptz '2024-01-01T00:00:00.000123Z' + i * interval '1 millisecond'
      from generate_series(1, 1500) as i`.execute(db());
    const rows: string[][] = parse((await lists.exportAs(stamped, { format: 'csv' })).body);
    expect(rows).toHaveLength(1501);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(1500);
  });

  it('permissions and refusals: read {ref}; hidden fields left out and refused; bad format and filters are 400', async () => {
    expect((await as('nobody').exportAs(notes, { format: 'csv' })).statusCode).toBe(403);
    const reader = await as('reader').exportAs(notes, { format: 'csv' });
    expect(reader.statusCode).toBe(200);
    expect(reader.body.split('\r\n')[0]).toBe('uuid,title,code,price,name_i18n,published,active,created_at,updated_at,disabled_at');
    expect(reader.body).not.toContain('hidden');
    expect((await as('reader').exportAs(notes, { format: 'csv', $adv: { secret: 'hidden' } })).statusCode).toBe(403);
    expect((await lists.exportAs(notes, { format: 'xml' })).statusCode).toBe(400);
    expect((await lists.exportAs(notes, { format: 'csv', $adv: { nope: 1 } })).statusCode).toBe(400);
    expect((await lists.exportAs(notes, { format: 'csv', $adv: { title: { $regex: '(?<n>x)' } } })).statusCode).toBe(400);
    expect((await lists.exportAs(notes, { format: 'csv', $aggregate: [{ $group: { _id: null } }] })).statusCode).toBe(400);
  });
});
