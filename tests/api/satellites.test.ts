// Satellites (docs/satellites.md) in one process, on both databases: the server's own process is
// registered and beats its heartbeat; only operators list, read and switch satellites (a project's
// admin is not one unless LUMA_OPERATORS names them); a disabled process stops taking jobs and says so
// at once, and takes them again when enabled; statuses from the heartbeat's age; bad input with the
// keys and statuses of the catalogue; old rows removed. Several processes: tests/api/satellites-processes.test.ts.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { createMember } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, until, useServer } from './harness';
import { projectOwner, withCookie } from './iam-fixtures';
import { removeOldSatellites } from '../../src/server/satellites/satellites';

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

describeApi(`satellites (${DB_KIND})`, () => {
  const server = useServer({ LUMA_SATELLITE_HEARTBEAT_SECONDS: '0.2' });
  const db = () => server().database.db;
  let admin = '';
  let owner = '';
  let member = '';
  const as = (cookie: () => string) => withCookie(() => server().app, cookie);
  const mine = () => server().platform.satellite!.id;

  beforeAll(async () => {
    admin = await login(server().app);
    owner = (await projectOwner(server(), 'owner@luma.test', 'Elsewhere')).cookie;
    await createMember(db(), 'member@luma.test', 'member password');
    member = await login(server().app, 'member@luma.test', 'member password');
  }, SETUP_TIMEOUT_MS);

  it("lists this process, online, with its version and role, and its heartbeat moves", async () => {
    const listed = await as(() => admin).get('/integration/satellites');
    expect(listed.statusCode, listed.body).toBe(200);
    const self = listed.json().find((satellite: { id: string }) => satellite.id === mine());
    expect(self).toMatchObject({ status: 'online', role: 'all', version: VERSION, disabled: false, working: true, pid: process.pid, stopped_at: null });
    expect(self.name).toBe(`${self.host}:${process.pid}`);
    await until('a later heartbeat', 10_000, async () => {
      const again = (await as(() => admin).get(`/integration/satellite/${mine()}`)).json();
      return again.heartbeat_at > self.heartbeat_at ? again : undefined;
    });
  });

  it("only operators see and switch satellites; a project's admin reads how to start one", async () => {
    for (const cookie of [owner, member]) {
      for (const [method, url] of [['GET', '/integration/satellites'], ['GET', `/integration/satellite/${mine()}`], ['PUT', `/integration/satellite/${mine()}`]] as const) {
        const answer = await as(() => cookie).send(method, url, method === 'PUT' ? { disabled: true } : undefined);
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
        expect(answer.json().message).toBe('satelliteOperatorsOnly');
      }
    }
    expect((await db().selectFrom('satellites').select('disabled').where('uuid', '=', mine()).executeTakeFirstOrThrow()).disabled).toBe(false);
    const explore = await as(() => owner).get('/integration/satellites/explore');
    expect(explore.statusCode, explore.body).toBe(200);
    expect(explore.json()).toMatchObject({ heartbeat_seconds: 0.2, offline_after_seconds: 0.6, environment: { LUMA_ROLE: 'worker' } });
    expect(explore.json().queues).toContain('luma-workflow');
    expect((await as(() => member).get('/integration/satellites/explore')).statusCode).toBe(403);
    // LUMA_OPERATORS names the owner: on that server they are one.
    const other = await server().appWith({ LUMA_OPERATORS: 'Owner@luma.test' });
    const seen = await other.inject({ method: 'GET', url: '/api/integration/satellites', headers: { cookie: owner } });
    expect(seen.statusCode, seen.body).toBe(200);
  });

  it('bad input: an unknown id 404, a body without a boolean 417, an unknown key refused; nothing changes', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const answer = await as(() => admin).get(`/integration/satellite/${id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('satelliteNotFound');
    }
    const put = (body: unknown) => as(() => admin).put(`/integration/satellite/${mine()}`, body);
    const missing = await put({});
    expect(missing.statusCode).toBe(417);
    expect(missing.json().errors).toEqual([{ field: 'disabled', messages: ['fieldRequired'] }]);
    const wrong = await put({ disabled: 'yes' });
    expect(wrong.statusCode).toBe(417);
    expect(wrong.json().errors).toEqual([{ field: 'disabled', messages: ['invalid'] }]);
    const unknown = await put({ disabled: true, __proto__: { disabled: false }, force: 1 });
    expect([400, 417]).toContain(unknown.statusCode);
    expect((await db().selectFrom('satellites').select('disabled').where('uuid', '=', mine()).executeTakeFirstOrThrow()).disabled).toBe(false);
  });

  it('a disabled process takes no jobs until enabled again; its jobs are counted', async () => {
    const jobs = server().platform.jobs;
    const before = Number((await as(() => admin).get(`/integration/satellite/${mine()}`)).json().jobs_done);
    const off = await as(() => admin).put(`/integration/satellite/${mine()}`, { disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().disabled).toBe(true);
    const disabled = await until('the process to acknowledge', 10_000, async () => {
      const seen = (await as(() => admin).get(`/integration/satellite/${mine()}`)).json();
      return seen.status === 'disabled' ? seen : undefined;
    });
    expect(disabled.working).toBe(false);
    expect(jobs.working).toBe(false);
    // A job sent now waits: no worker of this process fetches it.
    const id = await jobs.send('luma-recycle', {});
    await server().platform.satellite!.beat();
    expect((await jobs.boss.getJobById('luma-recycle', id))?.state).toBe('created');
    const on = await as(() => admin).put(`/integration/satellite/${mine()}`, { disabled: false });
    expect(on.statusCode).toBe(200);
    await until('the job to run once enabled', 20_000, async () => ((await jobs.boss.getJobById('luma-recycle', id))?.state === 'completed' ? true : undefined));
    expect(jobs.working).toBe(true);
    const counted = await until('the job counted at a heartbeat', 10_000, async () => {
      const seen = (await as(() => admin).get(`/integration/satellite/${mine()}`)).json();
      return seen.jobs_done > before ? seen : undefined;
    });
    expect(counted).toMatchObject({ status: 'online', working: true, disabled: false });
  });

  it('statuses from the heartbeat: offline after three missed beats, stopped when it stopped; a week-old row is removed', async () => {
    const at = (ms: number) => new Date(Date.now() - ms);
    const row = (uuid: string, heartbeat: Date, stopped: Date | null) => ({ uuid, host: 'elsewhere', pid: 1, version: VERSION, role: 'worker' as const, started_at: heartbeat, heartbeat_at: heartbeat, stopped_at: stopped });
    const silent = crypto.randomUUID();
    const stopped = crypto.randomUUID();
    const old = crypto.randomUUID();
    await db().insertInto('satellites').values([row(silent, at(5_000), null), row(stopped, at(1_000), at(1_000)), row(old, at(8 * 24 * 3600 * 1000), at(8 * 24 * 3600 * 1000))]).execute();
    const listed = (await as(() => admin).get('/integration/satellites')).json() as { id: string; status: string }[];
    const status = (id: string) => listed.find((satellite) => satellite.id === id)?.status;
    expect([status(silent), status(stopped), status(mine())]).toEqual(['offline', 'stopped', 'online']);
    expect(await removeOldSatellites(db(), new Date())).toBe(1);
    const left = (await db().selectFrom('satellites').select('uuid').execute()).map((r) => r.uuid);
    expect(left).not.toContain(old);
    expect(left).toEqual(expect.arrayContaining([silent, stopped, mine()]));
  });
});
