// Several Luma processes on one PostgreSQL (docs/platform.md): two real servers (tsx
// src/server/main.ts as child processes) on one scratch database. A bulk job started on one is polled
// to completion on the other; a record written through one drops the other's cached list answer
// within a second (the bus); a process SIGKILLed in the middle of a bulk job leaves a job that another
// process finishes, applying every batch exactly once. PostgreSQL only: PGlite is one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer, instanceEnv, startServer, stopServer as stop, type ChildServer as Child } from './child-server';
import { adminProject } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createScratchDatabase, DB_KIND, unavailable, until, type ScratchDatabase } from './harness';
import { bookFields, insertManyRecords } from './list-fixtures';

const call = callServer;

const runs = DB_KIND === 'postgres' && !unavailable;
const why = DB_KIND === 'pglite' ? 'PostgreSQL only: an embedded PGlite database belongs to one process' : unavailable;
const suite = runs ? describe : describe.skip;
const title = `two Luma processes on one PostgreSQL${runs ? '' : ` [skipped: ${why}]`}`;

suite(title, () => {
  let scratch: ScratchDatabase | null = null;
  let a: Child | null = null;
  let b: Child | null = null;
  let cookie = '';
  let books = '';
  let env: Record<string, string> = {};
  const db = () => scratch!.database.db;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    env = {
      ...instanceEnv(scratch.database.url!, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      // Small batches make a bulk job long enough to kill in the middle; a short expiry and
      // maintenance interval let another process take over a dead one's job within seconds.
      LUMA_BULK_BATCH_SIZE: '5',
      LUMA_JOB_EXPIRE_SECONDS: '3',
      LUMA_JOB_MAINTENANCE_SECONDS: '1',
      LUMA_JOB_POLL_SECONDS: '0.5',
    };
    // One after the other: the first migrates and seeds the empty database.
    a = await startServer(env);
    b = await startServer(env);
    const login = await fetch(`http://127.0.0.1:${a.port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const created = await call(a.port, 'POST', '/v3/system/component', cookie, { name: 'books', label: { en_US: 'books' } });
    expect(created.status).toBe(200);
    books = created.json.uuid;
    const model = (await call(a.port, 'GET', `/v3/system/component/settings/${books}/v1`, cookie)).json;
    const saved = await call(a.port, 'POST', `/v3/system/component/settings/${books}/v1`, cookie, { ...model, settings: { ...model.settings, fields: bookFields(null) } });
    expect(saved.status).toBe(200);
    const { projectUuid, adminUuid } = await adminProject(db());
    await insertManyRecords(db(), { projectUuid, componentUuid: books, userUuid: adminUuid, count: 3500 });
  }, 180_000);

  afterAll(async () => {
    await stop(a, 'SIGKILL');
    await stop(b, 'SIGKILL');
    await scratch?.drop();
  }, 60_000);

  const job = (port: number, uuid: string) => call(port, 'GET', `/v3/system/component/${books}/jobs/${uuid}`, cookie);

  it('a bulk job started on one process is polled to completion on the other', async () => {
    const started = await call(a!.port, 'POST', `/v3/system/component/${books}/disable/models`, cookie, { filter: { $adv: { code: 'C1' } } });
    expect(started.status).toBe(202);
    const uuid: string = started.json.job;
    const done = await until('the job to finish (polled on B)', 60_000, async () => {
      const answer = await job(b!.port, uuid);
      expect(answer.status).toBe(200);
      return answer.json.status === 'running' ? undefined : answer.json;
    }, 50);
    expect(done).toEqual({ status: 'done', processed: 500, total: 500, affected: 500, refused: 0, error: null });
    // The same answer on A.
    expect((await job(a!.port, uuid)).json).toEqual(done);
  }, 90_000);

  it('a record written through one process drops the cached list answer on the other within a second', async () => {
    const list = () => call(b!.port, 'GET', `/v3/system/component/${books}/models?limit=5`, cookie, undefined, { 'x-cache': '1', 'x-build-ttl': '60' });
    const first = await list();
    expect(first.status).toBe(200);
    const total: number = first.json.total;
    // Cached on B (the answer stays for 60 s unless something drops it).
    await until('a cached answer on B', 5000, async () => ((await list()).headers.get('x-cache') === 'HIT' ? true : undefined));
    const written = await call(a!.port, 'POST', `/v3/system/component/${books}/model`, cookie, {
      data: { title: 'Written on A', code: 'CX', price: 1, secret: 's', password: 'a password', published: '2024-02-01', active: true },
    });
    expect(written.status, JSON.stringify(written.json)).toBe(200);
    const wroteAt = Date.now();
    const fresh = await until('B to drop its cached answer', 1000, async () => {
      const answer = await list();
      return answer.headers.get('x-cache') === 'MISS' ? answer : undefined;
    }, 10);
    expect(Date.now() - wroteAt).toBeLessThan(1000);
    expect(fresh.json.total).toBe(total + 1);
  }, 30_000);

  it('a process killed in the middle of a bulk job: another process finishes it, every batch applied once', async () => {
    // B leaves cleanly, so the job runs on A alone; A is then killed in the middle of it.
    await stop(b, 'SIGTERM');
    expect(b!.process.exitCode, b!.output().slice(-3000)).toBe(0);
    b = null;
    const matching = 3001; // the 3000 books not of code C1 (disabled above) and the one written on A
    const started = await call(a!.port, 'POST', `/v3/system/component/${books}/disable/models`, cookie, { filter: { $adv: { code: { $ne: 'C1' } } } });
    expect(started.status).toBe(202);
    const uuid: string = started.json.job;
    const before = await until('the job to make progress on A', 30_000, async () => {
      const answer = (await job(a!.port, uuid)).json;
      return answer.processed > 0 ? answer : undefined;
    }, 10);
    expect(before.status).toBe('running');
    await stop(a, 'SIGKILL');
    a = null;
    const atKill = await db().selectFrom('record_jobs').select(['processed', 'status']).where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(atKill.status).toBe('running');
    expect(atKill.processed).toBeLessThan(matching);

    // A new process (nobody else is left) takes the dead one's job over once it expires.
    b = await startServer(env);
    const done = await until('the job to finish on B', 90_000, async () => {
      const answer = (await job(b!.port, uuid)).json;
      return answer.status === 'running' ? undefined : answer;
    }, 100);
    expect(done).toEqual({ status: 'done', processed: matching, total: matching, affected: matching, refused: 0, error: null });
    // Disabling bumps __version__ once: a batch applied twice would show version 3.
    const versions = await db()
      .selectFrom('records')
      .select((eb) => ['version', eb.fn.countAll<string>().as('n')])
      .where('component_uuid', '=', books)
      .where('disabled_at', 'is not', null)
      .groupBy('version')
      .execute();
    expect(versions.map((row) => [row.version, Number(row.n)]).sort()).toEqual([[2, 3500 + 1]]);
  }, 180_000);
});
