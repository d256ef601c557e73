// Relation fields (spec section 3): the value is the foreign key value (one-to-one) or a list
// (one-to-many); each must name a live record of the foreign component in the same project and
// environment (else 417 invalidSelection); a read adds {key}_RefObj with the related record(s),
// shaped for the caller's view of the foreign component.
import { beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, createMember, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { csv, importApi } from './import-fixtures';

describeApi(`records: relations (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let member = '';
  let stranger = '';
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const liveRecords = recordApi(app, () => admin, 'live');
  const memberRecords = recordApi(app, () => member, 'dev');
  const strangerRecords = recordApi(app, () => stranger, 'dev');
  const importFile = importApi(app, () => admin, 'dev');
  let authors = '';
  let books = '';
  const author: Record<string, { uuid: string; code: string }> = {};

  // Authors (unique code, a field only admins see) and books relating to them.
  beforeAll(async () => {
    admin = await login(app());
    const vip = await createMember(db(), 'vip@luma.test', 'vip password 1', []);
    authors = await componentWithFields(api, 'authors', [
      f.text('code', { required: true }, { unique: true }),
      f.text('name'),
      f.text('secret', {}, { roles: { see: [vip.roleUuid], edit: null } }),
    ], { live: true });
    books = await componentWithFields(api, 'books', [
      f.text('title', { required: true }),
      f.relation('author', authors, 'code', 'one-to-one'),
      f.relation('coauthors', authors, 'uuid', 'one-to-many'),
    ]);
    for (const code of ['A1', 'A2', 'A3']) {
      const created = await records.create(authors, { code, name: `Author ${code}`, secret: `s-${code}` });
      expect(created.statusCode).toBe(200);
      author[code] = { uuid: created.json().uuid, code };
    }
    await createMember(db(), 'member@luma.test', 'member password', [`read ${books}`, `create ${books}`, `update ${books}`, `read ${authors}`]);
    await createMember(db(), 'stranger@luma.test', 'stranger password', [`read ${books}`, `create ${books}`]);
    member = await login(app(), 'member@luma.test', 'member password');
    stranger = await login(app(), 'stranger@luma.test', 'stranger password');
  }, SETUP_TIMEOUT_MS);

  it('one-to-one and one-to-many values that exist: stored, answered with {key}_RefObj', async () => {
    const created = await records.create(books, { title: 'Dune', author: 'A1', coauthors: [author.A3!.uuid, author.A2!.uuid] });
    expect(created.statusCode).toBe(200);
    const book = created.json();
    expect(book.author).toBe('A1');
    expect(book.coauthors).toEqual([author.A3!.uuid, author.A2!.uuid]);
    expect(book.author_RefObj).toMatchObject({ uuid: author.A1!.uuid, __version__: 1, code: 'A1', name: 'Author A1', secret: 's-A1' });
    expect(book.coauthors_RefObj.map((related: { code: string }) => related.code)).toEqual(['A3', 'A2']);
    expect((await records.get(books, book.uuid)).json()).toEqual(book);

    // Empty relations: null and [].
    const plain = (await records.create(books, { title: 'Alone' })).json();
    expect(plain).toMatchObject({ author: null, author_RefObj: null, coauthors: null, coauthors_RefObj: [] });
  });

  it('values that name no record: 417 invalidSelection at the field, nothing written', async () => {
    const count = async () => (await db().selectFrom('records').select('uuid').where('component_uuid', '=', books).execute()).length;
    const before = await count();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ title: 'X', author: 'NOPE' }, ['author']],
      [{ title: 'X', coauthors: [author.A1!.uuid, crypto.randomUUID()] }, ['coauthors']],
      [{ title: 'X', coauthors: ['not-a-uuid'] }, ['coauthors']],
      [{ title: 'X', author: 'NOPE', coauthors: [crypto.randomUUID()] }, ['author', 'coauthors']],
      // The foreign key is the code, not the uuid.
      [{ title: 'X', author: author.A1!.uuid }, ['author']],
    ];
    for (const [data, fields] of cases) {
      const response = await records.create(books, data);
      expect(response.statusCode, JSON.stringify(data)).toBe(417);
      expect(response.json().message).toBe('fieldsNotValid');
      expect(response.json().errors).toEqual(fields.map((field) => ({ field, messages: ['invalidSelection'], values: [null] })));
    }
    expect(await count()).toBe(before);
  });

  it('a deleted foreign record is no longer selectable, and drops out of _RefObj; unchanged values are not re-checked', async () => {
    const gone = (await records.create(authors, { code: 'GONE', name: 'Gone' })).json();
    const book = (await records.create(books, { title: 'Orphan', author: 'GONE', coauthors: [gone.uuid, author.A1!.uuid] })).json();
    expect(book.author_RefObj.code).toBe('GONE');
    expect((await records.remove(authors, gone.uuid)).statusCode).toBe(200);

    expect((await records.create(books, { title: 'Late', author: 'GONE' })).json().errors).toEqual([{ field: 'author', messages: ['invalidSelection'], values: [null] }]);
    const read = (await records.get(books, book.uuid)).json();
    expect(read.author).toBe('GONE');
    expect(read.author_RefObj).toBeNull();
    expect(read.coauthors_RefObj.map((related: { code: string }) => related.code)).toEqual(['A1']);
    // Editing the title only keeps the stale relation values as they are.
    expect((await records.update(books, book.uuid, 1, { title: 'Orphan 2' })).statusCode).toBe(200);
    // Changing a relation checks it.
    expect((await records.update(books, book.uuid, 2, { coauthors: [gone.uuid] })).json().errors).toEqual([
      { field: 'coauthors', messages: ['invalidSelection'], values: [null] },
    ]);
  });

  it('the same environment only: a live author cannot be selected in dev', async () => {
    const liveAuthor = await liveRecords.create(authors, { code: 'LIVE', name: 'Live only' });
    expect(liveAuthor.statusCode).toBe(200);
    expect((await records.create(books, { title: 'Cross env', author: 'LIVE' })).json().errors).toEqual([{ field: 'author', messages: ['invalidSelection'], values: [null] }]);
    expect((await records.create(books, { title: 'Cross env', coauthors: [liveAuthor.json().uuid] })).statusCode).toBe(417);
  });

  it('_RefObj follows the caller\'s view of the foreign component: hidden fields left out; no read, no related data', async () => {
    const book = (await memberRecords.create(books, { title: 'Seen', author: 'A2', coauthors: [author.A1!.uuid] })).json();
    expect(book.author_RefObj).toMatchObject({ code: 'A2', name: 'Author A2' });
    expect(book.author_RefObj).not.toHaveProperty('secret');
    expect(book.coauthors_RefObj[0]).not.toHaveProperty('secret');

    const unseen = await strangerRecords.create(books, { title: 'Unseen', author: 'A2' });
    expect(unseen.statusCode).toBe(200);
    expect(unseen.json()).toMatchObject({ author: 'A2', author_RefObj: null });
    expect((await strangerRecords.get(books, book.uuid)).json()).toMatchObject({ author_RefObj: null, coauthors_RefObj: [] });
  });

  it('an import checks each relation value: a key found for one row is not looked up again, a missing one is refused at its row (issue 29 item 10)', async () => {
    const rows = (bad: string) => csv([['title', 'author'], ...Array.from({ length: 300 }, (_, i) => [`Book ${i}`, i === 150 ? bad : i % 2 ? 'A1' : 'A2'])]);
    const refused = await importFile(books, { file: rows('ZZ'), primaryKey: '', fieldMap: '' });
    expect(refused.statusCode, refused.body).toBe(417);
    expect(refused.json().errors).toEqual([{ field: 'row.151.author', messages: ['invalidSelection'], values: [null] }]);
    const imported = await importFile(books, { file: rows('A3'), primaryKey: '', fieldMap: '' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 300, total: 300 });
  });
});
