// Thunder data sets (docs/thunder.md) on both Luma databases: define (POST), the first build by a job,
// the stored result equal to the same $aggregate through the list API; a rebuild when a record changes
// (through the hook registry, debounced: a burst of writes is one build); the schedule through the
// clock; POST with only the name rebuilds, PUT changes the definition; failures recorded in the build
// log with the last good result kept; bad input with the spec's keys; admins only; a widget over a set;
// a rebuild when the source component's settings change; sets over the local PostgreSQL and MariaDB.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { adminProject, componentApi, componentWithFields, createMember, recordApi, textField } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';
import { withCookie } from './iam-fixtures';
import { bookFields, insertManyRecords, listApi } from './list-fixtures';
import { createTargets, MARIADB_TARGET, PG_TARGET, type Targets } from './ratchet-fixtures';

const PIPELINE = [{ $group: { _id: '$code', n: { $sum: 1 }, total: { $sum: '$price' } } }, { $sort: { _id: 1 } }];
const WAIT = { timeout: 30_000, interval: 100 };

describeApi(`thunder data sets (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let reader = '';
  let books = '';
  let targets: Targets | null = null;
  const withEnv = { 'x-project-env': 'dev' };
  const as = (who: () => string) => withCookie(app, who);
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown, who = () => admin) => as(who).send(method, url, body, withEnv);
  const define = (body: unknown) => send('POST', '/v3/system/thunder', body);
  const detail = async (name: string) => (await send('GET', `/v3/system/thunder/${name}`)).json();
  const data = async (name: string) => (await send('GET', `/v3/system/thunder/${name}/data`)).json();
  /** Waits until the set has a finished build of `trigger` beyond `after` builds, and answers the set. */
  const built = async (name: string, count: number) => {
    let set: { builds: { status: string; trigger: string }[]; status: string; queued: boolean } | null = null;
    await vi.waitFor(async () => {
      set = await detail(name);
      expect(set!.builds.filter((build) => build.status !== 'building').length).toBeGreaterThanOrEqual(count);
      expect(set!.queued).toBe(false);
    }, WAIT);
    return set!;
  };

  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid, adminUuid } = await adminProject(db());
    books = await componentWithFields(componentApi(app, () => admin, 'dev'), 'books', bookFields(null));
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 40 });
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${books}`]);
    reader = await login(app(), 'reader@luma.test', 'reader password');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await targets?.drop();
  });

  it("define, build by a job and read: the stored result is the list API's answer to the same filter and $aggregate", async () => {
    const created = await define({ name: 'by-code', component: books, filter: { price: { $gte: 10 } }, aggregate: PIPELINE });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'by-code', source: 'component', component: books, status: 'building', queued: true, schedule_minutes: 0, rebuild_on_change: true });
    const set = await built('by-code', 1);
    expect(set).toMatchObject({ status: 'ready', error: null, rows: 7, builds: [{ trigger: 'define', status: 'ready', rows: 7 }] });
    const listed = await listApi(app, () => admin, 'dev').list(books, { $adv: { price: { $gte: 10 } }, $aggregate: PIPELINE });
    const stored = await data('by-code');
    expect(stored).toMatchObject({ name: 'by-code', status: 'ready', total: 7 });
    expect(stored.items).toEqual(listed.json().items);
    const list = (await send('GET', '/v3/system/thunder')).json();
    expect(list.find((item: { name: string }) => item.name === 'by-code')).toMatchObject({ rows: 7, size_bytes: JSON.stringify(stored.items).length, next_build_at: null });
    expect(list[0].built_at).toEqual(expect.any(String));
  });

  it('a record change rebuilds the set through the hook registry, and a burst of writes is one build', async () => {
    await define({ name: 'counts', component: books, aggregate: [{ $group: { _id: null, n: { $sum: 1 } } }] });
    await built('counts', 1);
    expect((await data('counts')).items).toEqual([{ _id: null, n: 40 }]);
    const records = recordApi(app, () => admin, 'dev');
    const writes = await Promise.all([1, 2, 3, 4, 5].map((i) => records.create(books, { title: `New ${i}`, code: 'C9', price: 1, published: '2024-02-01' })));
    for (const write of writes) expect(write.statusCode, write.body).toBe(200);
    await vi.waitFor(async () => expect((await data('counts')).items).toEqual([{ _id: null, n: 45 }]), WAIT);
    const set = await built('counts', 2);
    const changes = set.builds.filter((build) => build.trigger === 'change');
    // Five writes inside the debounce: one build (two at most when the first started before the last write).
    expect(changes.length).toBeGreaterThanOrEqual(1);
    expect(changes.length).toBeLessThanOrEqual(2);
    // A set that does not follow changes stays as built.
    await define({ name: 'frozen', component: books, aggregate: [{ $group: { _id: null, n: { $sum: 1 } } }], rebuild_on_change: false });
    await built('frozen', 1);
    await records.create(books, { title: 'One more', code: 'C9', price: 1, published: '2024-02-01' });
    await vi.waitFor(async () => expect((await data('counts')).items).toEqual([{ _id: null, n: 46 }]), WAIT);
    expect((await data('frozen')).items).toEqual([{ _id: null, n: 45 }]);
    expect((await detail('frozen')).builds).toHaveLength(1);
  });

  it("a change of the source component's settings rebuilds the sets that follow it, with no record written", async () => {
    await define({ name: 'by-settings', component: books, aggregate: [{ $group: { _id: null, n: { $sum: 1 } } }] });
    await built('by-settings', 1);
    const components = componentApi(app, () => admin, 'dev');
    const model = (await components.settings(books, 'v1')).json();
    const saved = await components.save(books, 'v1', { ...model, settings: { ...model.settings, fields: [...model.settings.fields, textField('Blurb', { constraints: {} })] } });
    expect(saved.statusCode, saved.body).toBe(200);
    const set = await built('by-settings', 2);
    expect(set.builds[0]).toMatchObject({ trigger: 'change', status: 'ready' });
  });

  it('a MariaDB-sourced set reads the local MariaDB through a ratchet connection', async () => {
    targets ??= await createTargets();
    const connection = await as(() => admin).send('POST', '/ratchet/connections', { name: 'Shop (MariaDB)', kind: 'mariadb', host: MARIADB_TARGET.host, port: MARIADB_TARGET.port, database: MARIADB_TARGET.database, user: targets.mariadbUser, password: targets.mariadbPassword });
    expect(connection.statusCode, connection.body).toBe(200);
    const created = await define({ name: 'maria-books', source: 'ratchet', connection: connection.json().uuid, sql: `select id, title from ${targets.mariadbTable} order by id` });
    expect(created.statusCode, created.body).toBe(200);
    expect((await built('maria-books', 1)).status).toBe('ready');
    const items = (await data('maria-books')).items as { id: unknown; title: string }[];
    expect(items.map((item) => [String(item.id), item.title])).toEqual([
      ['1', 'Dune'],
      ['2', 'Emma'],
      ['3', 'Ulysses'],
    ]);
  });

  it('POST with only the name rebuilds; PUT changes the definition and rebuilds', async () => {
    await define({ name: 'again', component: books, aggregate: [{ $group: { _id: null, n: { $sum: 1 } } }], rebuild_on_change: false });
    await built('again', 1);
    const rebuilt = await define({ name: 'again' });
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    const set = await built('again', 2);
    expect(set.builds[0]).toMatchObject({ trigger: 'manual', status: 'ready' });
    const changed = await send('PUT', '/v3/system/thunder', { name: 'again', aggregate: [{ $group: { _id: null, top: { $max: '$price' } } }] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().aggregate).toEqual([{ $group: { _id: null, top: { $max: '$price' } } }]);
    await built('again', 3);
    expect((await data('again')).items).toEqual([{ _id: null, top: 40 }]);
  });

  it('a scheduled set is rebuilt when the clock passes its next build', async () => {
    await define({ name: 'hourly', component: books, aggregate: [{ $group: { _id: null, n: { $sum: 1 } } }], schedule_minutes: 60, rebuild_on_change: false });
    const first = await built('hourly', 1);
    expect((first as unknown as { next_build_at: string }).next_build_at).toEqual(expect.any(String));
    const clock = useManualClock();
    // Not due yet: the tick queues nothing.
    await server().platform.jobs.send('luma-thunder-tick', {});
    clock.advance(61 * 60_000);
    await server().platform.jobs.send('luma-thunder-tick', {});
    const set = await built('hourly', 2);
    expect(set.builds[0]).toMatchObject({ trigger: 'schedule', status: 'ready' });
    expect(new Date((set as unknown as { next_build_at: string }).next_build_at).getTime()).toBeGreaterThan(clock.now() + 59 * 60_000);
  });

  it('bad input answers the spec keys; only admins define and read; a set a widget shows is not removed', async () => {
    const bad = async (body: unknown, status: number, field: string, message: string) => {
      const answer = await define(body);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, messages: expect.arrayContaining([message]) })]));
    };
    await bad({ component: books, aggregate: PIPELINE }, 417, 'name', 'fieldRequired');
    await bad({ name: 'has space', component: books, aggregate: PIPELINE }, 417, 'name', 'invalid');
    await bad({ name: 'no-pipeline', component: books }, 417, 'aggregate', 'fieldRequired');
    await bad({ name: 'no-component', aggregate: PIPELINE }, 417, 'component', 'fieldRequired');
    await bad({ name: 'bad-source', source: 'excel', aggregate: PIPELINE }, 417, 'source', 'invalid');
    await bad({ name: 'bad-schedule', component: books, aggregate: PIPELINE, schedule_minutes: -1 }, 417, 'schedule_minutes', 'invalid');
    await bad({ name: 'by-code', component: books, aggregate: PIPELINE }, 417, 'name', 'unique');
    const unknownKey = await define({ name: 'extra', component: books, aggregate: PIPELINE, colour: 'red' });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().errors).toEqual([{ field: 'colour', messages: ['unknownField'] }]);
    const refused = await define({ name: 'bad-stage', component: books, aggregate: [{ $out: 'x' }] });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().errors[0].field).toMatch(/^aggregate/);
    expect((await send('PUT', '/v3/system/thunder', { name: 'nothing-here', aggregate: PIPELINE })).statusCode).toBe(404);
    expect((await send('GET', '/v3/system/thunder/nothing-here')).statusCode).toBe(404);
    for (const [method, url, body] of [
      ['GET', '/v3/system/thunder', undefined],
      ['POST', '/v3/system/thunder', { name: 'mine', component: books, aggregate: PIPELINE }],
      ['PUT', '/v3/system/thunder', { name: 'by-code', aggregate: PIPELINE }],
      ['GET', '/v3/system/thunder/by-code/data', undefined],
      ['DELETE', '/v3/system/thunder/by-code', undefined],
    ] as const) {
      expect((await send(method, url, body, () => reader)).statusCode, `${method} ${url}`).toBe(403);
    }
    // A widget over the set: its data is the stored result, for any member; the set stays while it is shown.
    const widget = await send('POST', '/v1/system/widget', { name: 'Codes', kind: 'chart', thunder: 'by-code', settings: { chart: 'bar', value: 'n' } });
    expect(widget.statusCode, widget.body).toBe(200);
    expect(widget.json()).toMatchObject({ component: null, thunder: (await detail('by-code')).uuid });
    const shown = await send('GET', `/v1/system/widget/${widget.json().uuid}/data`, undefined, () => reader);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ items: (await data('by-code')).items, total: 7, pages: 1 });
    const both = await send('POST', '/v1/system/widget', { name: 'Both', kind: 'number', thunder: 'by-code', component: books });
    expect(both.statusCode).toBe(417);
    const inUse = await send('DELETE', '/v3/system/thunder/by-code');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('thunderInUse');
    expect((await send('DELETE', `/v1/system/widget/${widget.json().uuid}`)).statusCode).toBe(200);
    expect((await send('DELETE', '/v3/system/thunder/by-code')).statusCode).toBe(200);
    expect((await send('GET', '/v3/system/thunder/by-code')).statusCode).toBe(404);
  });

  it('a ratchet-sourced set reads the local PostgreSQL; a failing build keeps the last good result and says why', async () => {
    targets ??= await createTargets();
    const connection = await as(() => admin).send('POST', '/ratchet/connections', { name: 'Local books', kind: 'postgres', host: PG_TARGET.host, port: PG_TARGET.port, database: targets.pgDatabase, user: PG_TARGET.user });
    expect(connection.statusCode, connection.body).toBe(200);
    const created = await define({ name: 'pg-books', source: 'ratchet', connection: connection.json().uuid, sql: 'select id, title from books order by id' });
    expect(created.statusCode, created.body).toBe(200);
    expect((await built('pg-books', 1)).status).toBe('ready');
    // Values as the console gives them (the driver's text form), keyed by column name.
    expect((await data('pg-books')).items).toEqual([
      { id: '1', title: 'Dune' },
      { id: '2', title: 'Emma' },
      { id: '3', title: 'Ulysses' },
    ]);
    const write = await define({ name: 'pg-write', source: 'ratchet', connection: connection.json().uuid, sql: 'select 1; delete from books' });
    expect(write.statusCode).toBe(417);
    expect(write.json().errors).toEqual([{ field: 'sql', messages: ['ratchetMultipleStatements'] }]);
    await targets.pg((client) => client.query('drop table books'));
    await define({ name: 'pg-books' });
    const failed = await built('pg-books', 2);
    expect(failed.status).toBe('failed');
    expect((failed as unknown as { error: string }).error).toMatch(/^ratchetQueryFailed/);
    expect(failed.builds[0]).toMatchObject({ trigger: 'manual', status: 'failed' });
    // The last good result stays readable.
    expect((await data('pg-books')).items).toHaveLength(3);
  });
});
