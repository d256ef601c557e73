// The external select from a ratchet connection (docs/ratchet.md "The external select") on both Luma
// databases, against the machine's PostgreSQL and MariaDB: the options of a field's saved statement
// for a reader of the component, the search bound as a parameter (SQL injection in it finds nothing
// and breaks nothing), a forged value refused with invalidSelection, a caller without read refused,
// a non-admin who may save the settings unable to change the statement, and a failing connection
// answered with its key, never a 500.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createMember, recordApi, textField } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { withCookie } from './iam-fixtures';
import { createTargets, MARIADB_TARGET, PG_TARGET, type Targets } from './ratchet-fixtures';

const INJECTIONS = ["' or '1'='1", "%' or 1=1 --", "x'); drop table books; --", '$1', ':search', "\\' or 1=1 #"];

describeApi(`ratchet external select (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let reader = '';
  let outsider = '';
  let designer = '';
  let shelf = '';
  let pgConnection = '';
  let mariaConnection = '';
  let brokenConnection = '';
  let targets: Targets | null = null;
  const withEnv = { 'x-project-env': 'dev' };
  const send = (who: () => string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => withCookie(app, who).send(method, url, body, withEnv);
  const options = (field: string, query = '', who = () => reader) => send(who, 'GET', `/ratchet/select/${shelf}/${field}${query}`);
  const labels = async (field: string, query = '', who = () => reader) => {
    const answer = await options(field, query, who);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().options as { value: string; label: string }[]).map((option) => option.label);
  };
  const select = (key: string, ratchet: Record<string, unknown>) => ({ name: key, key, auto_key: false, module: 'select', type: 'external', constraints: { ratchet } });

  beforeAll(async () => {
    targets = await createTargets();
    admin = await login(app());
    await adminProject(db());
    const connect = async (body: Record<string, unknown>) => {
      const created = await send(() => admin, 'POST', '/ratchet/connections', body);
      expect(created.statusCode, created.body).toBe(200);
      return created.json().uuid as string;
    };
    pgConnection = await connect({ name: 'Local books', kind: 'postgres', host: PG_TARGET.host, port: PG_TARGET.port, database: targets.pgDatabase, user: PG_TARGET.user });
    mariaConnection = await connect({ name: 'Shop', kind: 'mariadb', host: MARIADB_TARGET.host, port: MARIADB_TARGET.port, database: MARIADB_TARGET.database, user: targets.mariadbUser, password: targets.mariadbPassword });
    // Nothing listens on port 1: the connection is refused at once.
    brokenConnection = await connect({ name: 'Nowhere', kind: 'postgres', host: '127.0.0.1', port: 1, database: 'none', user: 'none' });
    shelf = await componentWithFields(componentApi(app, () => admin, 'dev'), 'shelf', [
      textField('Title'),
      select('book', { connection: pgConnection, sql: "select id, title from books where title ilike '%' || :search || '%' order by id", value: 'id', label: 'title' }),
      select('plain', { connection: pgConnection, sql: 'select id, title from books order by id', value: 'id', label: 'title' }),
      select('shop', { connection: mariaConnection, sql: `select id, title from ${targets.mariadbTable} where title like concat('%', :search, '%') order by id`, value: 'id', label: 'title' }),
      select('broken', { connection: brokenConnection, sql: 'select 1 as id', value: 'id' }),
    ]);
    await createMember(db(), 'shelf-reader@luma.test', 'reader password', [`read ${shelf}`, `create ${shelf}`, `update ${shelf}`]);
    reader = await login(app(), 'shelf-reader@luma.test', 'reader password');
    await createMember(db(), 'shelf-outsider@luma.test', 'outsider password', []);
    outsider = await login(app(), 'shelf-outsider@luma.test', 'outsider password');
    await createMember(db(), 'shelf-designer@luma.test', 'designer password', [`settings ${shelf}`, `read ${shelf}`]);
    designer = await login(app(), 'shelf-designer@luma.test', 'designer password');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await targets?.drop();
  });

  it("lists a reader the options of the field's statement, from PostgreSQL and from MariaDB", async () => {
    const answer = await options('book');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ options: [{ value: '1', label: 'Dune' }, { value: '2', label: 'Emma' }, { value: '3', label: 'Ulysses' }], more: false });
    expect(await labels('shop')).toEqual(['Dune', 'Emma', 'Ulysses']);
    expect(await labels('book', '?search=mm')).toEqual(['Emma']);
    expect(await labels('shop', '?search=ly')).toEqual(['Ulysses']);
    // Without :search in the statement, Luma keeps the labels that hold the search (any case).
    expect(await labels('plain', '?search=DU')).toEqual(['Dune']);
    expect((await options('book', '?page=2')).json()).toEqual({ options: [], more: false });
  });

  it('binds the search as a parameter: SQL in it matches nothing and changes nothing', async () => {
    for (const search of INJECTIONS) {
      const query = `?search=${encodeURIComponent(search)}`;
      expect(await labels('book', query), search).toEqual([]);
      expect(await labels('shop', query), search).toEqual([]);
    }
    expect(await labels('book')).toEqual(['Dune', 'Emma', 'Ulysses']);
    expect(await labels('shop')).toEqual(['Dune', 'Emma', 'Ulysses']);
    const bad = await options('book', `?search=${encodeURIComponent('a\u0000b')}`);
    // A NUL byte is refused at the door (platform/security.ts), before any SQL.
    expect(bad.statusCode).toBe(400);
    expect((await options('book', '?page=0')).statusCode).toBe(417);
  });

  it('refuses a caller without read on the component, and a field that is not a ratchet select', async () => {
    expect((await options('book', '', () => outsider)).statusCode).toBe(403);
    expect((await options('title')).statusCode).toBe(404);
    expect((await options('nothing')).statusCode).toBe(404);
    expect((await send(() => reader, 'GET', `/ratchet/select/00000000-0000-4000-8000-000000000000/book`)).statusCode).toBe(404);
  });

  it("writes a value among the options, refuses a forged one with invalidSelection, and keeps an unchanged one", async () => {
    const records = recordApi(app, () => reader, 'dev');
    const forged = await records.create(shelf, { title: 'Forged', book: '99', shop: '1' });
    expect(forged.statusCode, forged.body).toBe(417);
    expect(forged.json().errors).toEqual([{ field: 'book', messages: ['invalidSelection'] }]);
    const injected = await records.create(shelf, { title: 'Injected', book: "1' or '1'='1" });
    expect(injected.statusCode).toBe(417);
    const made = await records.create(shelf, { title: 'Good', book: '2', shop: 3 });
    expect(made.statusCode, made.body).toBe(200);
    const { uuid, __version__: version } = made.json();
    const renamed = await records.update(shelf, uuid, version, { title: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await records.update(shelf, uuid, renamed.json().__version__, { shop: '42' });
    expect(changed.statusCode, changed.body).toBe(417);
    expect(changed.json().errors).toEqual([{ field: 'shop', messages: ['invalidSelection'] }]);
  });

  it('a failing connection is its key (422), at the field for a write, never a 500', async () => {
    const answer = await options('broken');
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().message).toBe('ratchetUnreachable');
    const write = await recordApi(app, () => reader, 'dev').create(shelf, { title: 'Broken', broken: '1' });
    expect(write.statusCode, write.body).toBe(422);
    expect(write.json()).toMatchObject({ message: 'ratchetUnreachable', errors: [{ field: 'broken', messages: ['ratchetUnreachable'] }] });
  });

  it('only an admin sets or changes the statement; another who may save the settings keeps it as it is', async () => {
    const api = componentApi(app, () => designer, 'dev');
    const model = (await api.settings(shelf, 'v1')).json();
    const fields = model.settings.fields as { key: string; label?: unknown; constraints: { ratchet?: Record<string, unknown> } }[];
    const relabelled = fields.map((field) => (field.key === 'book' ? { ...field, label: { en_US: 'A book' } } : field));
    const kept = await api.save(shelf, 'v1', { ...model, settings: { ...model.settings, fields: relabelled } });
    expect(kept.statusCode, kept.body).toBe(200);
    const stolen = fields.map((field) => (field.key === 'book' ? { ...field, constraints: { ...field.constraints, ratchet: { ...field.constraints.ratchet, sql: 'select usename as id from pg_user' } } } : field));
    expect((await api.save(shelf, 'v1', { ...model, settings: { ...model.settings, fields: stolen } })).statusCode).toBe(403);
    const added = [...fields, select('mine', { connection: pgConnection, sql: 'select 1 as id', value: 'id' })];
    expect((await api.save(shelf, 'v1', { ...model, settings: { ...model.settings, fields: added } })).statusCode).toBe(403);
    expect(await labels('book')).toEqual(['Dune', 'Emma', 'Ulysses']);
  });

  it("checks an admin's source: a known connection of the project, a statement, a value column, on an external select only", async () => {
    const api = componentApi(app, () => admin, 'dev');
    const model = (await api.settings(shelf, 'v1')).json();
    const save = (field: unknown) => api.save(shelf, 'v1', { ...model, settings: { ...model.settings, fields: [...model.settings.fields, field] } });
    const unknown = await save(select('other', { connection: '00000000-0000-4000-8000-000000000000', sql: 'select 1', value: 'id' }));
    expect(unknown.statusCode, unknown.body).toBe(417);
    const at = `fields.${model.settings.fields.length}.constraints.ratchet`;
    expect(unknown.json().errors).toEqual([{ field: `${at}.connection`, messages: ['ratchetConnectionUnknown'] }]);
    const empty = await save(select('other', { connection: pgConnection, sql: '', value: '', extra: 1 }));
    expect(empty.statusCode).toBe(417);
    expect(empty.json().errors.map((error: { field: string }) => error.field).sort()).toEqual([`${at}.extra`, `${at}.sql`, `${at}.value`]);
    const onText = await save({ ...textField('Other'), constraints: { ratchet: { connection: pgConnection, sql: 'select 1', value: 'id' } } });
    expect(onText.statusCode).toBe(417);
    expect(onText.json().errors).toEqual([{ field: at, messages: ['invalid'] }]);
    const missing = await save(select('other', { connection: pgConnection, sql: 'select id from books', value: 'id', label: 'name' }));
    expect(missing.statusCode, missing.body).toBe(200);
    const answer = await options('other', '', () => admin);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('ratchetColumnMissing');
  });
});
