// The event bus's limits and who sees what (docs/event-bus.md "Socket limits", "Permissions"): open
// sockets per user and per project, counted in the database so they hold across instances (a socket
// over a limit is closed with 4029 and a reason naming which); a dead instance's sockets stop counting;
// workflow run results reach only who may read the run log (settings on the component); a custom
// event's payload loses the keys of fields the subscriber may not see. Both databases.
import { beforeAll, expect, it } from 'vitest';
import { CLOSE, CLOSE_REASON } from '../../runtime/api/events';
import { publishEvents } from '../../src/server/events/outbox';
import { SOCKET_STALE_MS } from '../../src/server/events/sockets';
import { openBus, type BusClient } from './event-bus-fixtures';
import { adminProject, componentApi, componentWithFields, createMember, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';

describeApi(`event bus: socket limits, run events and custom payloads (${DB_KIND})`, () => {
  const server = useServer({ LUMA_BUS_SOCKETS_PER_USER: '3', LUMA_BUS_SOCKETS_PER_PROJECT: '5' });
  const app = () => server().app;
  const db = () => server().database.db;
  let port = 0;
  let project = '';
  let staff = '';
  const users: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => cookies.admin!, 'dev');
  const sockets: BusClient[] = [];

  const token = async (who: string): Promise<string> => {
    const response = await app().inject({ method: 'POST', url: '/api/v1/system/eventbus/auth', headers: { cookie: cookies[who]! }, payload: {} });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token;
  };
  /** A socket that was accepted (its subscribe answered), or the close it got instead. */
  const open = async (who: string, at = port): Promise<BusClient> => {
    const socket = openBus(at, project, await token(who));
    sockets.push(socket);
    await socket.subscribe(['#']);
    return socket;
  };
  const openCount = async (column: 'user_uuid' | 'project_uuid', value: string) =>
    Number((await db().selectFrom('eventbus_sockets').select((eb) => eb.fn.countAll<string>().as('n')).where(column, '=', value).executeTakeFirstOrThrow()).n);
  const closeAll = async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await until('every socket row to go', 15_000, async () => ((await openCount('project_uuid', project)) === 0 ? true : undefined));
  };

  // A component with a field readers may not see; a reader, a settings holder, a second reader.
  beforeAll(async () => {
    port = Number(new URL(await app().listen({ port: 0, host: '127.0.0.1' })).port);
    const admin = await adminProject(db());
    project = admin.projectUuid;
    users.admin = admin.adminUuid;
    cookies.admin = await login(app());
    const insider = await createMember(db(), 'insider@limits.test', 'insider password', []);
    staff = await componentWithFields(api, 'staff', [f.text('name', { required: true }), f.number('salary', {}), f.password('secret')]);
    const model = (await api.settings(staff, 'v1')).json();
    model.settings.fields[1].roles = { see: [insider.roleUuid], edit: null };
    model.settings.functions = [{ name: 'announce', expr: "return context.events.publish('payday', { name: 'Ann', salary: 900, secret: 'pw', rows: [{ salary: 1, other: 2 }], note: { salary: 3, keep: 4 } });" }];
    expect((await api.save(staff, 'v1', model)).statusCode).toBe(200);
    await db().updateTable('roles').set({ permissions: JSON.stringify([`read ${staff}`]) }).where('uuid', '=', insider.roleUuid).execute();
    users.reader = (await createMember(db(), 'reader@limits.test', 'reader password', [`read ${staff}`])).userUuid;
    users.manager = (await createMember(db(), 'manager@limits.test', 'manager password', [`read ${staff}`, `settings ${staff}`])).userUuid;
    users.second = (await createMember(db(), 'second@limits.test', 'second password', [`read ${staff}`])).userUuid;
    for (const who of ['insider', 'reader', 'manager', 'second']) cookies[who] = await login(app(), `${who}@limits.test`, `${who} password`);
  }, SETUP_TIMEOUT_MS);

  it('a user over LUMA_BUS_SOCKETS_PER_USER is closed with 4029, on this instance and on another; closing one frees a place', async () => {
    const held = [await open('admin'), await open('admin'), await open('admin')];
    for (const socket of held) expect(socket.closed).toBeNull();
    expect(await openCount('user_uuid', users.admin!)).toBe(3);
    const refused = openBus(port, project, await token('admin'));
    expect(await refused.waitClosed()).toEqual({ code: CLOSE.tooManySockets, reason: CLOSE_REASON.tooManySocketsUser });
    // Another instance on the same database counts the same sockets.
    const other = await server().appWith({ LUMA_BUS_SOCKETS_PER_USER: '3', LUMA_BUS_SOCKETS_PER_PROJECT: '5' });
    const otherPort = Number(new URL(await other.listen({ port: 0, host: '127.0.0.1' })).port);
    const elsewhere = openBus(otherPort, project, await token('admin'));
    expect(await elsewhere.waitClosed()).toEqual({ code: CLOSE.tooManySockets, reason: CLOSE_REASON.tooManySocketsUser });
    // The refused ones hold no place; a closed one gives its place back, on any instance.
    expect(await openCount('user_uuid', users.admin!)).toBe(3);
    held[0]!.close();
    await until('the closed socket to be released', 15_000, async () => ((await openCount('user_uuid', users.admin!)) === 2 ? true : undefined));
    const moved = await open('admin', otherPort);
    expect(moved.closed).toBeNull();
    // Shutting an instance down releases its sockets at once.
    await other.close();
    expect((await moved.waitClosed()).code).toBe(CLOSE.reconnect);
    expect(await openCount('user_uuid', users.admin!)).toBe(2);
    await closeAll();
  });

  it('a project over LUMA_BUS_SOCKETS_PER_PROJECT is closed with 4029 naming the project; a dead instance\u2019s sockets stop counting', async () => {
    for (const who of ['admin', 'admin', 'reader', 'reader', 'second']) expect((await open(who)).closed).toBeNull();
    const refused = openBus(port, project, await token('manager'));
    expect(await refused.waitClosed()).toEqual({ code: CLOSE.tooManySockets, reason: CLOSE_REASON.tooManySocketsProject });
    // An instance that died with its sockets open stops refreshing them: after SOCKET_STALE_MS they no longer count.
    await db()
      .updateTable('eventbus_sockets')
      .set({ seen_at: new Date(Date.now() - SOCKET_STALE_MS - 1000) })
      .where('user_uuid', '=', users.reader!)
      .execute();
    expect((await open('manager')).closed).toBeNull();
    await closeAll();
  });

  it('workflow.run events reach who may read the run log (settings on the component), not a reader; the log calls agree', async () => {
    const reader = await open('reader');
    const manager = await open('manager');
    const admin = await open('admin');
    const run = crypto.randomUUID();
    await publishEvents(db(), [
      { projectUuid: project, env: 'dev', topic: 'workflow.run.dev', componentUuid: staff, actor: null, payload: { workflow: crypto.randomUUID(), run, status: 'completed' } },
      { projectUuid: project, env: 'dev', topic: `${staff}.marker.dev`, componentUuid: staff, actor: null, payload: {} },
    ]);
    for (const socket of [reader, manager, admin]) {
      await until('the marker event', 15_000, () => (socket.events().some((event) => event.topic === `${staff}.marker.dev`) ? true : undefined));
      await socket.sync();
    }
    expect(reader.events().map((event) => event.topic)).toEqual([`${staff}.marker.dev`]);
    for (const socket of [manager, admin]) expect(socket.events().map((event) => event.topic)).toEqual(['workflow.run.dev', `${staff}.marker.dev`]);
    const log = async (who: string) => {
      const answer = await app().inject({ method: 'GET', url: '/api/v1system/events?topic=workflow.run.dev', headers: { cookie: cookies[who]! } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().items.filter((item: { payload: { run?: string } }) => item.payload.run === run).length;
    };
    expect(await log('reader')).toBe(0);
    expect(await log('manager')).toBe(1);
    await closeAll();
  });

  it("a component function's custom event loses, at any depth, the keys of fields the subscriber may not see", async () => {
    const reader = await open('reader');
    const insider = await open('insider');
    const admin = await open('admin');
    const announced = await app().inject({ method: 'POST', url: `/api/v3/system/component/${staff}/function/announce`, headers: { cookie: cookies.admin!, 'x-project-env': 'dev' }, payload: { data: {} } });
    expect(announced.statusCode, announced.body).toBe(200);
    const topic = `${staff}.payday.dev`;
    const got = async (socket: BusClient) => {
      await until('the custom event', 15_000, () => (socket.events().some((event) => event.topic === topic) ? true : undefined));
      return socket.events().find((event) => event.topic === topic)!.payload;
    };
    // The hashed (password) field is never shown; salary only to who may see it.
    expect(await got(reader)).toEqual({ name: 'Ann', rows: [{ other: 2 }], note: { keep: 4 } });
    expect(await got(insider)).toEqual({ name: 'Ann', salary: 900, rows: [{ salary: 1, other: 2 }], note: { salary: 3, keep: 4 } });
    expect(await got(admin)).toEqual({ name: 'Ann', salary: 900, rows: [{ salary: 1, other: 2 }], note: { salary: 3, keep: 4 } });
    await closeAll();
  });
});
