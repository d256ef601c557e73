// The event bus across two Luma processes on one PostgreSQL (docs/event-bus.md "Delivery"): sockets
// on both, records written through both, every event delivered exactly once to each permitted
// subscriber whichever instance it is connected to; never to one without read permission; hidden and
// hashed fields never in a payload; a token taken on one instance is accepted once, by the other;
// a write that rolls back (in a third process, the test's own) sends nothing; a logout on one closes
// the socket on the other. PostgreSQL only: PGlite is one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '../../runtime/api/events';
import { publishEvents } from '../../src/server/events/outbox';
import { callServer as call, instanceEnv, startServer, stopServer as stop, type ChildServer as Child } from './child-server';
import { openBus, type BusClient } from './event-bus-fixtures';
import { adminProject, createMember, recordFields as f } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createScratchDatabase, DB_KIND, unavailable, until, type ScratchDatabase } from './harness';

const runs = DB_KIND === 'postgres' && !unavailable;
const why = DB_KIND === 'pglite' ? 'PostgreSQL only: an embedded PGlite database belongs to one process' : unavailable;
const suite = runs ? describe : describe.skip;
const WRITES = 60;

suite(`event bus across two Luma processes${runs ? '' : ` [skipped: ${why}]`}`, () => {
  let scratch: ScratchDatabase | null = null;
  let a: Child | null = null;
  let b: Child | null = null;
  let project = '';
  let staff = '';
  const cookies: Record<string, string> = {};
  const sockets: BusClient[] = [];
  const db = () => scratch!.database.db;

  const signIn = async (port: number, email: string, password: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(response.status).toBe(200);
    return response.headers.get('set-cookie')!.split(';')[0]!;
  };
  const token = async (port: number, who: string) => {
    const answer = await call(port, 'POST', '/v1/system/eventbus/auth', cookies[who]!, {});
    expect(answer.status).toBe(200);
    return answer.json.token as string;
  };
  /** A socket on `on`, with a token taken on the other instance (tokens live in the database). */
  const connect = async (on: Child, other: Child, who: string, topics: string[]) => {
    const socket = openBus(on.port, project, await token(other.port, who));
    sockets.push(socket);
    await socket.subscribe(topics);
    expect(socket.closed).toBeNull();
    return socket;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const env = instanceEnv(scratch.database.url!, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    a = await startServer(env);
    b = await startServer(env);
    cookies.admin = await signIn(a.port, ADMIN_EMAIL, ADMIN_PASSWORD);
    project = (await adminProject(db())).projectUuid;
    const created = await call(a.port, 'POST', '/v3/system/component', cookies.admin, { name: 'staff', label: { en_US: 'staff' } });
    expect(created.status).toBe(200);
    staff = created.json.uuid;
    const insider = await createMember(db(), 'insider@luma.test', 'insider password', []);
    const model = (await call(a.port, 'GET', `/v3/system/component/settings/${staff}/v1`, cookies.admin)).json;
    const fields = [f.text('name', { required: true }), { ...f.number('salary', {}), roles: { see: [insider.roleUuid], edit: null } }, f.password('secret')];
    const saved = await call(a.port, 'POST', `/v3/system/component/settings/${staff}/v1`, cookies.admin, { ...model, settings: { ...model.settings, fields } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    await db().updateTable('roles').set({ permissions: JSON.stringify([`read ${staff}`]) }).where('uuid', '=', insider.roleUuid).execute();
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${staff}`]);
    await createMember(db(), 'nobody@luma.test', 'nobody password', [`create ${staff}`]);
    for (const who of ['insider', 'reader', 'nobody']) cookies[who] = await signIn(b.port, `${who}@luma.test`, `${who} password`);
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stop(a, 'SIGTERM');
    await stop(b, 'SIGTERM');
    await scratch?.drop();
  }, 60_000);

  it('a token is accepted once, by either instance', async () => {
    const once = await token(a!.port, 'admin');
    const first = openBus(b!.port, project, once);
    await first.subscribe(['#']);
    expect(first.closed).toBeNull();
    first.close();
    expect(await openBus(a!.port, project, once).waitClosed()).toEqual({ code: CLOSE.normal, reason: '401' });
    expect(await openBus(b!.port, project, 'luma_ebt_forged').waitClosed()).toEqual({ code: CLOSE.normal, reason: '401' });
  }, 30_000);

  it(`${WRITES} writes through both instances reach every permitted socket on both exactly once, cut to its fields`, async () => {
    const topic = `${staff}.create.dev`;
    const permitted = { adminA: await connect(a!, b!, 'admin', [topic]), adminB: await connect(b!, a!, 'admin', [topic]), insiderA: await connect(a!, b!, 'insider', [topic]), readerB: await connect(b!, a!, 'reader', [topic]) };
    const nobody = [await connect(a!, b!, 'nobody', [topic]), await connect(b!, a!, 'nobody', [topic])];
    const written: string[] = [];
    for (let i = 0; i < WRITES; i += 2) {
      const answers = await Promise.all([a!, b!].map((server, k) => call(server.port, 'POST', `/v3/system/component/${staff}/model`, cookies.admin!, { data: { name: `n${i + k}`, salary: i + k, secret: 'a password' } })));
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        written.push(answer.json.uuid);
      }
    }
    for (const [name, socket] of Object.entries(permitted)) {
      await until(`${WRITES} events on ${name}`, 30_000, () => (socket.events().length >= WRITES ? true : undefined));
      await socket.sync();
      const uuids = socket.events().map((event) => (event.payload!.record as { uuid: string }).uuid);
      expect(uuids.length, name).toBe(WRITES);
      expect(new Set(uuids).size, name).toBe(WRITES);
      expect([...uuids].sort(), name).toEqual([...written].sort());
      const text = JSON.stringify(socket.events());
      expect(text).not.toContain('secret');
      expect(text).not.toContain('argon2');
    }
    for (const event of permitted.readerB.events()) expect(event.payload!.record).not.toHaveProperty('salary');
    for (const event of permitted.insiderA.events()) expect(event.payload!.record).toHaveProperty('salary');
    for (const socket of nobody) {
      await socket.sync();
      expect(socket.events()).toEqual([]);
    }
  }, 120_000);

  it('a write that rolls back in another process sends nothing; the next committed one reaches both', async () => {
    const onA = await connect(a!, b!, 'admin', ['system.*.dev']);
    const onB = await connect(b!, a!, 'admin', ['system.*.dev']);
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          await publishEvents(tx, [{ projectUuid: project, env: 'dev', topic: 'system.rolledback.dev', actor: null, payload: {} }]);
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    await publishEvents(db(), [{ projectUuid: project, env: 'dev', topic: 'system.committed.dev', actor: null, payload: { n: 1 } }]);
    for (const socket of [onA, onB]) {
      await until('the committed event', 15_000, () => (socket.events().length > 0 ? true : undefined));
      expect(socket.events()).toEqual([{ topic: 'system.committed.dev', payload: { n: 1 } }]);
    }
  }, 30_000);

  it('a logout on one instance closes the socket on the other with 1000 401', async () => {
    const readerA = await connect(a!, b!, 'reader', ['#']);
    const out = await call(b!.port, 'POST', '/v1/auth/logout', cookies.reader!);
    expect(out.status).toBeLessThan(300);
    expect(await readerA.waitClosed()).toEqual({ code: CLOSE.normal, reason: '401' });
  }, 30_000);
});
