// Scout's event log (issue 17 section 6, docs/scout-events.md): the settings (admins only, 417 with
// message keys), kinds not kept are not listed, per-project retention with the manual clock, the
// list's filters, sort and paging, one event by uuid (another project's is 404). Both databases.
import { beforeAll, expect, it } from 'vitest';
import { publishEvents } from '../../src/server/events/outbox';
import { runHousekeeping } from '../../src/server/housekeeping';
import { adminProject, componentApi, componentWithFields, createMember, createProject, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';

describeApi(`scout: the event log (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => cookies.admin!, 'dev');
  const records = recordApi(app, () => cookies.admin!, 'dev');
  let project = '';
  let admin = '';
  let staff = '';
  const get = (url: string, who = 'admin') => app().inject({ method: 'GET', url: `/api${url}`, headers: { cookie: cookies[who]! } });
  const put = (payload: unknown, who = 'admin') => app().inject({ method: 'PUT', url: '/api/v1/system/events/settings', headers: { cookie: cookies[who]! }, payload: payload as object });
  const logged = async () => (await db().selectFrom('events').select(['topic', 'kept']).where('project_uuid', '=', project).execute()).sort((a, b) => a.topic.localeCompare(b.topic));

  beforeAll(async () => {
    ({ projectUuid: project, adminUuid: admin } = await adminProject(db()));
    cookies.admin = await login(app());
    staff = await componentWithFields(api, 'staff', [f.text('name', {})]);
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${staff}`]);
    cookies.reader = await login(app(), 'reader@luma.test', 'reader password');
  }, SETUP_TIMEOUT_MS);

  it('settings: every kind and LUMA_EVENT_DAYS by default; admins only; bad values are 417 with message keys', async () => {
    const first = await get('/v1/system/events/settings');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ kinds: ['record', 'bulk', 'deploy', 'workflow', 'custom'], retention_days: 30 });
    expect((await get('/v1/system/events/settings', 'reader')).statusCode).toBe(403);
    expect((await put({ kinds: ['record'], retention_days: 5 }, 'reader')).statusCode).toBe(403);
    const bad = await put({ kinds: ['record', 'nonsense'], retention_days: 0 });
    expect(bad.statusCode).toBe(417);
    expect(bad.json().errors).toEqual([
      { field: 'kinds', messages: ['scoutEventsInvalidKinds'] },
      { field: 'retention_days', messages: ['scoutEventsInvalidDays'] },
    ]);
    for (const body of [{ kinds: 'record', retention_days: 5 }, { kinds: ['record', 'record'], retention_days: 5 }, { kinds: [], retention_days: 2.5 }, { kinds: [], retention_days: '5' }, { kinds: [], retention_days: 4000 }, { __proto__: { kinds: [] } }]) {
      expect((await put(body)).statusCode, JSON.stringify(body)).toBe(417);
    }
    const saved = await put({ kinds: ['custom', 'record'], retention_days: 5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ kinds: ['record', 'custom'], retention_days: 5 });
    expect((await get('/v1/system/events/settings')).json()).toEqual({ kinds: ['record', 'custom'], retention_days: 5 });
  });

  it('kinds not kept are not listed (the row is only the delivery\'s outbox, kept = false)', async () => {
    const created = await records.create(staff, { name: 'Ann' });
    expect(created.statusCode).toBe(200);
    await publishEvents(db(), [
      { projectUuid: project, env: 'dev', topic: `${staff}.deploy.dev`, componentUuid: staff, actor: admin, payload: { version: 'v1', env: 'dev' } },
      { projectUuid: project, env: 'dev', topic: 'workflow.run.dev', actor: null, payload: {} },
      { projectUuid: project, env: 'dev', topic: 'custom.shipped.dev', actor: admin, payload: { n: 1 } },
    ]);
    expect(await logged()).toEqual(
      [
        { topic: `${staff}.create.dev`, kept: true },
        { topic: `${staff}.deploy.dev`, kept: false },
        { topic: 'workflow.run.dev', kept: false },
        { topic: 'custom.shipped.dev', kept: true },
      ].sort((a, b) => a.topic.localeCompare(b.topic)),
    );
    const list = await get('/v1system/events');
    expect(list.json().items.map((item: { topic: string }) => item.topic)).toEqual(['custom.shipped.dev', `${staff}.create.dev`]);
  });

  it('filters (topic, kind, actor, from/to), sort by time and keyset paging; one event by uuid; another project\'s is 404', async () => {
    expect((await put({ kinds: ['record', 'bulk', 'deploy', 'workflow', 'custom'], retention_days: 5 })).statusCode).toBe(200);
    // Later than every event so far, and near now (the session stays fresh).
    const base = Math.ceil(Date.now() / 1000) * 1000 + 10_000;
    const at = (s: number) => new Date(base + s * 1000).toISOString();
    const clock = useManualClock(base);
    for (let i = 0; i < 5; i += 1) {
      clock.advance(1000);
      await publishEvents(db(), [{ projectUuid: project, env: 'dev', topic: `custom.tick${i}.dev`, actor: i % 2 === 0 ? admin : null, payload: { i } }]);
    }
    const probe = await get('/v1system/events?topic=custom.tick2.dev');
    expect(probe.statusCode, probe.body).toBe(200);
    const topics = (response: { json(): { items: { topic: string }[] } }) => response.json().items.map((item) => item.topic);
    expect(topics(await get('/v1system/events?topic=custom.tick2.dev'))).toEqual(['custom.tick2.dev']);
    expect(topics(await get('/v1system/events?kind=record'))).toEqual([`${staff}.create.dev`]);
    expect(topics(await get(`/v1system/events?kind=custom&actor=${admin}&from=${at(0)}`))).toEqual(['custom.tick4.dev', 'custom.tick2.dev', 'custom.tick0.dev']);
    expect(topics(await get(`/v1system/events?from=${at(2)}&to=${at(4)}`))).toEqual(['custom.tick2.dev', 'custom.tick1.dev']);
    const first = await get(`/v1system/events?sort=created_at&limit=2&from=${at(0)}`);
    expect(topics(first)).toEqual(['custom.tick0.dev', 'custom.tick1.dev']);
    const second = await get(`/v1system/events?sort=created_at&limit=2&from=${at(0)}&before=${first.json().next}`);
    expect(topics(second)).toEqual(['custom.tick2.dev', 'custom.tick3.dev']);
    const third = await get(`/v1system/events?sort=created_at&limit=2&from=${at(0)}&before=${second.json().next}`);
    expect(topics(third)).toEqual(['custom.tick4.dev']);
    expect(third.json().next).toBeNull();
    for (const query of ['kind=nonsense', 'actor=x', 'from=yesterday', 'sort=topic', 'limit=0']) expect((await get(`/v1system/events?${query}`)).statusCode, query).toBe(400);
    // A pattern: '*' stands for one part (SQL on the topic index, checked again as the socket does).
    expect(topics(await get(`/v1system/events?topic=${encodeURIComponent('custom.*.dev')}&from=${at(0)}&to=${at(4)}`))).toEqual(['custom.tick2.dev', 'custom.tick1.dev', 'custom.tick0.dev']);
    expect(topics(await get(`/v1system/events?topic=${encodeURIComponent('*.tick3.dev')}`))).toEqual(['custom.tick3.dev']);
    expect(topics(await get(`/v1system/events?topic=${encodeURIComponent('custom.*')}`))).toEqual([]);
    expect(topics(await get(`/v1system/events?topic=${encodeURIComponent('#')}&from=${at(5)}`))).toEqual(['custom.tick4.dev']);

    // Who: the actor's name read with the event; the system has none; an actor that is gone keeps its uuid only.
    const adminUser = await db().selectFrom('users').select(['name', 'email']).where('uuid', '=', admin).executeTakeFirstOrThrow();
    const named = (await get(`/v1system/events?from=${at(0)}&sort=created_at&limit=2`)).json().items;
    expect(named.map((item: { actor: string | null; actor_name: string | null }) => [item.actor, item.actor_name])).toEqual([[admin, adminUser.name || adminUser.email], [null, null]]);
    const gone = crypto.randomUUID();
    const [orphan] = await publishEvents(db(), [{ projectUuid: project, env: 'dev', topic: 'custom.orphan.dev', actor: gone, payload: {} }]);
    expect((await get(`/v1/system/events/${orphan}`)).json()).toMatchObject({ actor: gone, actor_name: null });
    expect((await get(`/v1system/events?actor=${gone}`)).json().items.map((item: { uuid: string }) => item.uuid)).toEqual([orphan]);

    const one = first.json().items[0];
    const answered = await get(`/v1/system/events/${one.uuid}`);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual(one);
    expect((await get(`/v1/system/events/${one.uuid}`, 'reader')).statusCode).toBe(404);
    const readerSees = (await get('/v1system/events?kind=record', 'reader')).json().items[0];
    expect((await get(`/v1/system/events/${readerSees.uuid}`, 'reader')).statusCode).toBe(200);
    const other = (await createProject(db(), 'Other')).projectUuid;
    const [foreign] = await publishEvents(db(), [{ projectUuid: other, env: 'dev', topic: 'custom.secret.dev', actor: null, payload: {} }]);
    for (const uuid of [foreign!, 'not-a-uuid', '..%2f..%2fetc', '00000000-0000-0000-0000-000000000000']) expect((await get(`/v1/system/events/${uuid}`)).statusCode, uuid).toBe(404);
  });

  it('housekeeping purges by each project\'s retention (the manual clock)', async () => {
    expect((await put({ kinds: ['record', 'bulk', 'workflow', 'custom'], retention_days: 5 })).statusCode).toBe(200);
    const clock = useManualClock(Date.parse('2030-01-01T00:00:00Z'));
    const other = (await createProject(db(), 'Kept longer')).projectUuid;
    // An event of a kind not kept is only the delivery's outbox: gone after an hour, while a kept one of the same time stays.
    const [unkept, kept] = await publishEvents(db(), [
      { projectUuid: project, env: 'dev', topic: `${staff}.deploy.dev`, componentUuid: staff, actor: null, payload: {} },
      { projectUuid: project, env: 'dev', topic: 'custom.fresh.dev', actor: null, payload: {} },
    ]);
    clock.advance(2 * 60 * 60_000);
    expect(await runHousekeeping(db(), server().config, (error) => { throw error; }, new Date(clock.now()))).toEqual([]);
    const left = await db().selectFrom('events').select('uuid').where('uuid', 'in', [unkept!, kept!]).execute();
    expect(left).toEqual([{ uuid: kept }]);
    await publishEvents(db(), [
      { projectUuid: project, env: 'dev', topic: 'custom.old.dev', actor: null, payload: {} },
      { projectUuid: other, env: 'dev', topic: 'custom.old.dev', actor: null, payload: {} },
    ]);
    clock.advance(6 * 24 * 60 * 60_000);
    expect(await runHousekeeping(db(), server().config, (error) => { throw error; }, new Date(clock.now()))).toEqual([]);
    const old = await db().selectFrom('events').select('project_uuid').where('topic', '=', 'custom.old.dev').execute();
    expect(old).toEqual([{ project_uuid: other }]);
  });
});
