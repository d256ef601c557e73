// The event bus on one instance (docs/event-bus.md), over real HTTP and WebSockets: the token (60 s,
// once, this project), events after commit only (a rolled-back write sends none), per-subscriber
// permissions (read on the component, hidden and hashed fields never in a payload), one summary
// event per bulk action, a logout or a lost permission stops the stream at once, a slow client is
// closed with 4008, shutdown closes with 3002, and the event log calls. Both databases.
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { CLOSE } from '../../runtime/api/events';
import { publishEvents } from '../../src/server/events/outbox';
import { EventHub, type HubSocket } from '../../src/server/events/hub';
import { createLocalBus } from '../../src/server/platform/bus';
import type { Accountability } from '../../src/server/auth/tenancy';
import { openBus, type BusClient } from './event-bus-fixtures';
import { importApi } from './import-fixtures';
import { adminProject, componentApi, componentWithFields, createMember, createProject, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useManualClock, useServer } from './harness';

describeApi(`event bus: token, socket, permissions and the event log (${DB_KIND})`, () => {
  const server = useServer({ LUMA_EVENT_QUEUE_BYTES: String(256 * 1024) });
  const app = () => server().app;
  const db = () => server().database.db;
  let port = 0;
  let project = '';
  let staff = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => cookies.admin!, 'dev');
  const records = recordApi(app, () => cookies.admin!, 'dev');
  const sockets: BusClient[] = [];
  let readerRole = '';
  let insiderRole = '';

  const token = async (who: string): Promise<string> => {
    const response = await app().inject({ method: 'POST', url: '/api/v1/system/eventbus/auth', headers: { cookie: cookies[who]! }, payload: {} });
    expect(response.statusCode).toBe(200);
    return response.json().token;
  };
  const connect = async (who: string, topics: string[]): Promise<BusClient> => {
    const socket = openBus(port, project, await token(who));
    sockets.push(socket);
    await socket.subscribe(topics);
    expect(socket.closed).toBeNull();
    return socket;
  };

  // A component with a field only insiders see and a hashed one, members who may read or not.
  beforeAll(async () => {
    port = Number(new URL(await app().listen({ port: 0, host: '127.0.0.1' })).port);
    project = (await adminProject(db())).projectUuid;
    cookies.admin = await login(app());
    const insider = await createMember(db(), 'insider@luma.test', 'insider password', []);
    insiderRole = insider.roleUuid;
    staff = await componentWithFields(api, 'staff', [f.text('name', { required: true }), f.number('salary', {}), f.password('secret')]);
    const model = (await api.settings(staff, 'v1')).json();
    model.settings.fields[1].roles = { see: [insider.roleUuid], edit: null };
    expect((await api.save(staff, 'v1', model)).statusCode).toBe(200);
    await db().updateTable('roles').set({ permissions: JSON.stringify([`read ${staff}`, `create ${staff}`]) }).where('uuid', '=', insider.roleUuid).execute();
    readerRole = (await createMember(db(), 'reader@luma.test', 'reader password', [`read ${staff}`])).roleUuid;
    await createMember(db(), 'nobody@luma.test', 'nobody password', [`create ${staff}`]);
    for (const who of ['insider', 'reader', 'nobody']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
  }, SETUP_TIMEOUT_MS);

  it('a bad, used, expired or other project\'s token is closed with 1000 and reason 401', async () => {
    const used = await token('admin');
    const first = openBus(port, project, used);
    await first.subscribe(['#']);
    expect(first.closed).toBeNull();
    first.close();
    for (const [name, socket] of [
      ['garbage', openBus(port, project, 'nonsense')],
      ['used', openBus(port, project, used)],
      ['other project', openBus(port, (await createProject(db(), 'Other')).projectUuid, await token('admin'))],
      ['not a uuid', openBus(port, 'x', await token('admin'))],
    ] as const) {
      expect(await socket.waitClosed(), name).toEqual({ code: CLOSE.normal, reason: '401' });
    }
    const clock = useManualClock();
    const late = await token('admin');
    clock.advance(60_001);
    expect(await openBus(port, project, late).waitClosed()).toEqual({ code: CLOSE.normal, reason: '401' });
  });

  it('a record write reaches each permitted subscriber once, cut to the fields it may see; never one without read', async () => {
    const topic = `${staff}.*.dev`;
    const admin = await connect('admin', [topic]);
    const insider = await connect('insider', [topic]);
    const reader = await connect('reader', [topic]);
    const nobody = await connect('nobody', [topic]);
    const other = await connect('admin', [`${staff}.create.live`]);
    const created = await records.create(staff, { name: 'Ann', salary: 1000, secret: 'hunter22' });
    expect(created.statusCode).toBe(200);
    const uuid = created.json().uuid;
    for (const socket of [admin, insider, reader]) await until('the create event', 10_000, () => (socket.events().length === 1 ? true : undefined));
    expect(admin.events()[0]).toMatchObject({ topic: `${staff}.create.dev`, payload: { record: { uuid, name: 'Ann', salary: 1000 } } });
    expect(insider.events()[0]!.payload!.record).toMatchObject({ name: 'Ann', salary: 1000 });
    expect(reader.events()[0]!.payload!.record).toMatchObject({ uuid, name: 'Ann' });
    expect(reader.events()[0]!.payload!.record).not.toHaveProperty('salary');
    for (const socket of [admin, insider, reader]) {
      expect(socket.events()[0]!.payload!.record).not.toHaveProperty('secret');
      expect(JSON.stringify(socket.messages)).not.toContain('argon2');
    }
    // Their answers come after the event was handled: nothing was sent to them.
    await nobody.sync();
    await other.sync();
    expect(nobody.events()).toEqual([]);
    expect(other.events()).toEqual([]);

    const updated = await records.update(staff, uuid, 1, { name: 'Anna' });
    expect(updated.statusCode).toBe(200);
    await until('the update event', 10_000, () => (reader.events().length === 2 ? true : undefined));
    expect(reader.events()[1]).toMatchObject({ topic: `${staff}.update.dev`, payload: { record: { uuid, name: 'Anna', __version__: 2 } } });
    expect((await records.remove(staff, uuid)).statusCode).toBe(200);
    await until('the delete event', 10_000, () => (reader.events().length === 3 ? true : undefined));
    // A delete's record is its uuid alone; the actor (the admin, who created it) lets a screen leave out its user's own changes.
    const adminUuid = (reader.events()[0]!.payload!.record as { created_by: string }).created_by;
    expect(adminUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(reader.events()[2]).toEqual({ topic: `${staff}.delete.dev`, payload: { record: { uuid }, actor: adminUuid } });
    await nobody.sync();
    expect(nobody.events()).toEqual([]);
    for (const socket of [admin, insider, reader, nobody, other]) socket.close();
  });

  it('sockets that see alike share one encoded frame; one that sees more or less gets its own, and a hidden field rides no shared frame', async () => {
    // The hub itself, on this database, with sockets that keep the bytes they were handed: the
    // encodings are shared by reference, which no client can tell.
    const hub = new EventHub(db(), createLocalBus(), { sessionIdleMs: 60_000, queueMessages: 1000, queueBytes: 1 << 20 });
    const who = (roles: string[], permissions: string[], isAdmin = false) =>
      ({ user: { uuid: 'u' }, project_uuid: project, workspace_uuid: null, env: 'dev', roles: roles.map((uuid) => ({ uuid, name: 'r', is_admin: isAdmin, level: 0 })), is_admin: isAdmin, permissions }) as unknown as Accountability;
    const reader = who([readerRole], [`read ${staff}`]);
    const sent = new Map<string, Buffer[]>();
    const add = (name: string, accountability: Accountability, topics: string[]) => {
      const frames: Buffer[] = [];
      sent.set(name, frames);
      const socket: HubSocket = { readyState: 1, bufferedAmount: 0, send: (data, _options, done) => (frames.push(data), done()), close: () => undefined };
      hub.add(socket, { by: 'session', hash: name, userUuid: 'u', projectUuid: project, workspaceUuid: null }, accountability, undefined).message(JSON.stringify({ type: 'subscribe', topics }));
    };
    add('reader1', reader, [`${staff}.*.dev`]);
    add('reader2', { ...reader }, [`${staff}.*.dev`]);
    add('reader, other patterns', reader, [`${staff}.create.dev`, `${staff}.update.dev`]);
    add('insider', who([insiderRole], [`read ${staff}`, `create ${staff}`]), [`${staff}.*.dev`]);
    add('admin', who([], [], true), [`${staff}.*.dev`]);
    add('nobody', who([], [`create ${staff}`]), [`${staff}.*.dev`]);
    try {
      const created = await records.create(staff, { name: 'Shared', salary: 4242, secret: 'hunter22' });
      const uuid = created.json().uuid;
      expect((await records.update(staff, uuid, 1, { name: 'Shared 2' })).statusCode).toBe(200);
      const rows = await db().selectFrom('events').select(['uuid', 'topic']).where('record_uuid', '=', uuid).execute();
      const ids = ['create', 'update'].map((action) => rows.find((row) => row.topic === `${staff}.${action}.dev`)!.uuid);
      await until('the subscribe answers', 10_000, () => ([...sent.values()].every((frames) => frames.length === 1) ? true : undefined));
      for (const frames of sent.values()) frames.splice(0);
      await hub.deliver(ids);
      const frame = (name: string) => {
        expect(sent.get(name), name).toHaveLength(1);
        return sent.get(name)![0]!;
      };
      // Both events in one frame, in order; alike sockets got the very same bytes.
      const shared = frame('reader1');
      expect(frame('reader2')).toBe(shared);
      const messages = JSON.parse(shared.toString()) as { topic: string; payload: { record: Record<string, unknown> } }[];
      expect(messages.map((message) => message.topic)).toEqual([`${staff}.create.dev`, `${staff}.update.dev`]);
      expect(messages[1]!.payload.record).toMatchObject({ uuid, name: 'Shared 2' });
      // Same view, other patterns: its own frame, the same messages.
      expect(frame('reader, other patterns')).not.toBe(shared);
      expect(frame('reader, other patterns').toString()).toBe(shared.toString());
      // Who sees the hidden field gets it in frames of their own; the readers' frame never holds it.
      expect(shared.toString()).not.toContain('4242');
      for (const name of ['insider', 'admin']) {
        expect(frame(name)).not.toBe(shared);
        expect((JSON.parse(frame(name).toString()) as typeof messages)[0]!.payload.record).toMatchObject({ uuid, salary: 4242 });
      }
      expect(sent.get('nobody')).toEqual([]);
      for (const frames of sent.values()) for (const data of frames) expect(data.toString()).not.toContain('hunter22');
    } finally {
      hub.close();
    }
  });

  it("a write names its browser tab (X-Luma-Client) in its events, so the user's other tab can tell it from its own", async () => {
    const secondTab = await connect('admin', [`${staff}.*.dev`]);
    const tab = 'tab-a-0000-0001';
    const as = (method: 'POST', url: string, payload: object, client: string) =>
      app().inject({ method, url: `/api/v3/system/component/${staff}${url}`, headers: { cookie: cookies.admin!, 'x-project-env': 'dev', 'x-luma-client': client }, payload });
    const created = await as('POST', '/model', { data: { name: 'Tabbed' } }, tab);
    expect(created.statusCode, created.body).toBe(200);
    const uuid = created.json().uuid;
    // A malformed id is not carried.
    expect((await as('POST', '/model', { data: { name: 'Untabbed' } }, 'bad id!')).statusCode).toBe(200);
    await until('both create events', 10_000, () => (secondTab.events().length === 2 ? true : undefined));
    const [first, second] = secondTab.events();
    expect(first!.payload).toMatchObject({ record: { uuid, name: 'Tabbed' }, actor: expect.stringMatching(/^[0-9a-f-]{36}$/), client: tab });
    expect(second!.payload).not.toHaveProperty('client');
    // A selection's summary and a job's batches name the tab that started them.
    expect((await as('POST', '/disable/models', { items: [uuid] }, tab)).statusCode).toBe(200);
    expect((await as('POST', '/enable/models', { filter: { disabled: true } }, tab)).statusCode).toBe(202);
    const enabled = await until('the job batch', 30_000, () => secondTab.events().find((event) => event.topic === `${staff}.enable.dev`));
    expect(secondTab.events().find((event) => event.topic === `${staff}.disable.dev`)!.payload).toMatchObject({ items: [uuid], client: tab });
    expect(enabled.payload).toMatchObject({ action: 'enable', client: tab });
    secondTab.close();
  });

  it('a write that rolls back sends no event and leaves none in the log; a refused write neither', async () => {
    const admin = await connect('admin', ['#']);
    const before = await db().selectFrom('events').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          await publishEvents(tx, [{ projectUuid: project, env: 'dev', topic: 'system.test.dev', actor: null, payload: { rolled: 'back' } }]);
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    expect((await records.create(staff, { name: '' })).statusCode).toBe(417);
    await publishEvents(db(), [{ projectUuid: project, env: 'dev', topic: 'system.marker.dev', actor: null, payload: { marker: true } }]);
    await until('the marker', 10_000, () => (admin.events().length > 0 ? true : undefined));
    expect(admin.events()).toEqual([{ topic: 'system.marker.dev', payload: { marker: true } }]);
    const after = await db().selectFrom('events').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    admin.close();
  });

  it('a bulk action is one summary event naming its records', async () => {
    const reader = await connect('reader', [`${staff}.disable.dev`]);
    const uuids: string[] = [];
    for (const name of ['a', 'b', 'c']) uuids.push((await records.create(staff, { name })).json().uuid);
    const bulk = await app().inject({ method: 'POST', url: `/api/v3/system/component/${staff}/disable/models`, headers: { cookie: cookies.admin!, 'x-project-env': 'dev' }, payload: { items: uuids } });
    expect(bulk.statusCode).toBe(200);
    await until('the bulk event', 10_000, () => (reader.events().length === 1 ? true : undefined));
    expect(reader.events()[0]).toMatchObject({ topic: `${staff}.disable.dev`, payload: { action: 'disable', affected: 3, items_truncated: false } });
    expect([...(reader.events()[0]!.payload!.items as string[])].sort()).toEqual([...uuids].sort());
    reader.close();
    // Enabled again: the job of the next case counts only the records it disables itself.
    const enabled = await app().inject({ method: 'POST', url: `/api/v3/system/component/${staff}/enable/models`, headers: { cookie: cookies.admin!, 'x-project-env': 'dev' }, payload: { items: uuids } });
    expect(enabled.statusCode).toBe(200);
  });

  it('an import is one summary event; a bulk job sends its batches\' summaries and its progress', async () => {
    const reader = await connect('reader', [`${staff}.import.dev`, `${staff}.job.dev`, `${staff}.enable.dev`]);
    const imported = await importApi(app, () => cookies.admin!, 'dev')(staff, { file: 'name\nimp1\nimp2\nimp3\n' });
    expect(imported.statusCode, imported.body).toBe(200);
    await until('the import event', 10_000, () => (reader.events().length === 1 ? true : undefined));
    expect(reader.events()[0]).toEqual({ topic: `${staff}.import.dev`, payload: { created: 3, updated: 0, total: 3, actor: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const imports = await db().selectFrom('records').select('uuid').where('component_uuid', '=', staff).where(sql<string>`data->>'name'`, 'in', ['imp1', 'imp2', 'imp3']).execute();
    const disabled = await app().inject({ method: 'POST', url: `/api/v3/system/component/${staff}/disable/models`, headers: { cookie: cookies.admin!, 'x-project-env': 'dev' }, payload: { items: imports.map((row) => row.uuid) } });
    expect(disabled.json()).toEqual({ affected: 3 });
    const started = await app().inject({ method: 'POST', url: `/api/v3/system/component/${staff}/enable/models`, headers: { cookie: cookies.admin!, 'x-project-env': 'dev' }, payload: { filter: { disabled: true } } });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json().job;
    const progress = await until('the job progress', 30_000, () => reader.events().find((event) => event.topic === `${staff}.job.dev`));
    expect(progress.payload).toMatchObject({ job, action: 'enable', status: 'running', total: 3, processed: 3, affected: 3 });
    expect(reader.events().find((event) => event.topic === `${staff}.enable.dev`)!.payload).toMatchObject({ action: 'enable', affected: 3, job });
    reader.close();
  });

  it('a function publishes a custom event of its component with context.events.publish', async () => {
    const model = (await api.settings(staff, 'v1')).json();
    model.settings.functions = [
      { name: 'announce', expr: "return context.events.publish('shipped', { n: data.n });" },
      { name: 'forge', expr: "return context.events.publish('create', { record: { uuid: 'x' } });" },
    ];
    expect((await api.save(staff, 'v1', model)).statusCode).toBe(200);
    const reader = await connect('reader', [`${staff}.*.dev`]);
    const run = (name: string) => app().inject({ method: 'POST', url: `/api/v3/system/component/${staff}/function/${name}`, headers: { cookie: cookies.admin!, 'x-project-env': 'dev' }, payload: { data: { n: 7 } } });
    const announced = await run('announce');
    expect(announced.statusCode, announced.body).toBe(200);
    expect(announced.json().output).toEqual({ topic: `${staff}.shipped.dev` });
    expect((await run('forge')).statusCode).toBe(400);
    await until('the custom event', 10_000, () => (reader.events().length === 1 ? true : undefined));
    await reader.sync();
    expect(reader.events()).toEqual([{ topic: `${staff}.shipped.dev`, payload: { n: 7 } }]);
    reader.close();
  });

  it('a deploy is an event of the component, for its readers', async () => {
    const reader = await connect('reader', [`${staff}.deploy.*`]);
    expect((await api.publish({ version: 'v1', env: 'live', ref: staff })).statusCode).toBe(200);
    await until('the deploy event', 10_000, () => (reader.events().length === 1 ? true : undefined));
    expect(reader.events()[0]).toEqual({ topic: `${staff}.deploy.live`, payload: { version: 'v1', env: 'live', previous: null } });
    reader.close();
  });

  it('a role that loses read stops receiving at once; a logout closes the socket with 1000 401', async () => {
    const reader = await connect('reader', [`${staff}.create.dev`]);
    const admin = await connect('admin', [`${staff}.create.dev`]);
    const edited = await app().inject({ method: 'PUT', url: `/api/v1/iam/roles/${readerRole}`, headers: { cookie: cookies.admin! }, payload: { permissions: [] } });
    expect(edited.statusCode).toBe(200);
    expect((await records.create(staff, { name: 'after the change' })).statusCode).toBe(200);
    await until('the admin event', 10_000, () => (admin.events().length === 1 ? true : undefined));
    await reader.sync();
    expect(reader.events()).toEqual([]);

    const insider = await connect('insider', ['#']);
    expect((await app().inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: cookies.insider! } })).statusCode).toBeLessThan(300);
    expect(await insider.waitClosed()).toEqual({ code: CLOSE.normal, reason: '401' });
    reader.close();
    admin.close();
  });

  it('an API user gets a token with its bearer secret; revoking the secret closes its socket with 1000 401', async () => {
    const made = await app().inject({ method: 'POST', url: '/api/v1/iam/api-users', headers: { cookie: cookies.admin! }, payload: { name: 'bus robot', role_uuids: [] } });
    expect(made.statusCode, made.body).toBe(200);
    const { user, secret } = made.json();
    const bearer = { authorization: `Bearer ${secret.token}`, 'x-project-uuid': project };
    const answer = await app().inject({ method: 'POST', url: '/api/v1/system/eventbus/auth', headers: bearer, payload: {} });
    expect(answer.statusCode, answer.body).toBe(200);
    const robot = openBus(port, project, answer.json().token);
    await robot.subscribe(['#']);
    expect(robot.closed).toBeNull();
    const revoked = await app().inject({ method: 'POST', url: `/api/v1/iam/api-users/${user.uuid}/secrets/${secret.uuid}/revoke`, headers: { cookie: cookies.admin! } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await robot.waitClosed()).toEqual({ code: CLOSE.normal, reason: '401' });
  });

  it('a client that does not read is closed with 4008 instead of growing the queue', async () => {
    const slow = await connect('admin', ['system.big.dev']);
    slow.raw._socket!.pause();
    const big = 'x'.repeat(100_000);
    for (let i = 0; i < 5; i++) {
      await publishEvents(
        db(),
        Array.from({ length: 20 }, () => ({ projectUuid: project, env: 'dev' as const, topic: 'system.big.dev', actor: null, payload: { big } })),
      );
      if (slow.closed) break;
    }
    slow.raw._socket!.resume();
    expect(await slow.waitClosed()).toEqual({ code: CLOSE.slowConsumer, reason: 'slowConsumer' });
  });

  it('events/new answers what happened since a time, filtered; the log pages newest first', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    for (const name of ['logged 1', 'logged 2', 'logged 3']) expect((await records.create(staff, { name })).statusCode).toBe(200);
    const asReader = await app().inject({ method: 'GET', url: `/api/v1/system/events/new?time=${encodeURIComponent(since)}`, headers: { cookie: cookies.admin! } });
    expect(asReader.statusCode).toBe(200);
    const items = asReader.json().items as { topic: string; payload: Record<string, unknown> }[];
    expect(items.some((item) => item.topic === `${staff}.create.dev`)).toBe(true);
    for (const item of items) expect(JSON.stringify(item.payload)).not.toContain('argon2');
    const nobody = await app().inject({ method: 'GET', url: `/api/v1/system/events/new?time=${encodeURIComponent(since)}`, headers: { cookie: cookies.nobody! } });
    expect(nobody.json().items).toEqual([]);
    expect((await app().inject({ method: 'GET', url: '/api/v1/system/events/new?time=yesterday', headers: { cookie: cookies.admin! } })).statusCode).toBe(400);
    const page = await app().inject({ method: 'GET', url: '/api/v1system/events?limit=2', headers: { cookie: cookies.admin! } });
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toHaveLength(2);
    const next = await app().inject({ method: 'GET', url: `/api/v1system/events?limit=2&before=${page.json().next}`, headers: { cookie: cookies.admin! } });
    expect(next.json().items[0].uuid).not.toBe(page.json().items[0].uuid);
    expect(new Date(next.json().items[0].created_at).getTime()).toBeLessThanOrEqual(new Date(page.json().items[1].created_at).getTime());
  });

  it('shutdown closes sockets with 3002 (reconnect at once)', async () => {
    const other = await server().appWith({});
    const otherPort = Number(new URL(await other.listen({ port: 0, host: '127.0.0.1' })).port);
    const socket = openBus(otherPort, project, await token('admin'));
    await socket.subscribe(['#']);
    await other.close();
    expect((await socket.waitClosed()).code).toBe(CLOSE.reconnect);
    for (const open of sockets) open.close();
  });
});
