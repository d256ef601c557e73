// Satellites across processes (docs/satellites.md): one web process and two workers (LUMA_ROLE=worker,
// real child processes) on one PostgreSQL database. Workflow runs wait on an HTTP receiver that holds
// every request until it has eight at once: a worker takes at most four runs at a time, so the eight
// are in flight only when both workers took some. A disabled worker then takes none of the next runs;
// a worker killed in the middle of a run leaves its job to the other, which finishes it. PostgreSQL
// only: PGlite is one process.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer as call, instanceEnv, startServer, startWorker, stopServer, type ChildServer } from './child-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createScratchDatabase, DB_KIND, unavailable, until, type ScratchDatabase } from './harness';

const runs = DB_KIND === 'postgres' && !unavailable;
const why = DB_KIND === 'pglite' ? 'PostgreSQL only: an embedded PGlite database belongs to one process' : unavailable;
const suite = runs ? describe : describe.skip;

interface SatelliteSeen {
  id: string;
  pid: number;
  status: string;
  jobs_done: number;
  heartbeat_at: string;
}

suite(`satellites: one web process and two workers on one PostgreSQL${runs ? '' : ` [skipped: ${why}]`}`, () => {
  let scratch: ScratchDatabase | null = null;
  let web: ChildServer | null = null;
  const workers: (ChildServer | null)[] = [null, null];
  let cookie = '';
  let component = '';
  let workflow = '';
  let receiver: http.Server | null = null;
  /** Requests held until `holdUntil` of them are waiting; 0 answers each at once. */
  let holdUntil = 0;
  let held: http.ServerResponse[] = [];
  let hits = 0;

  const api = (method: string, path: string, body?: unknown) => call(web!.port, method, path, cookie, body);
  const satellites = async (): Promise<SatelliteSeen[]> => {
    const answer = await api('GET', '/integration/satellites');
    expect(answer.status).toBe(200);
    return answer.json;
  };
  const satelliteOf = async (worker: ChildServer) => (await satellites()).find((satellite) => satellite.pid === worker.process.pid && satellite.status !== 'stopped');
  const switchTo = async (worker: ChildServer, disabled: boolean) => {
    const satellite = await until('the worker registered', 30_000, () => satelliteOf(worker));
    expect((await api('PUT', `/integration/satellite/${satellite.id}`, { disabled })).status).toBe(200);
    return until(`the worker ${disabled ? 'disabled' : 'enabled'}`, 30_000, async () => {
      const seen = await satelliteOf(worker);
      return seen?.status === (disabled ? 'disabled' : 'online') ? seen : undefined;
    });
  };
  const successes = async () => {
    const list = (await api('GET', `/workflow/runs?workflow=${workflow}&status=success&perPage=100`)).json as { items: { status: string; attempts: number }[] };
    return list.items.filter((run) => run.status === 'success');
  };
  const createRecords = async (count: number, prefix: string) => {
    for (let n = 0; n < count; n += 1) expect((await api('POST', `/v3/system/component/${component}/model`, { data: { title: `${prefix}-${n}` } })).status).toBe(200);
  };

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      hits += 1;
      request.resume();
      if (holdUntil === 0) return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      held.push(response);
      if (held.length >= holdUntil) {
        for (const waiting of held.splice(0)) waiting.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', () => resolve()));
    const port = (receiver.address() as AddressInfo).port;
    scratch = await createScratchDatabase();
    const env = {
      ...instanceEnv(scratch.database.url!, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      LUMA_WORKFLOW_HTTP_ALLOW: `127.0.0.1:${port}`,
      LUMA_SATELLITE_HEARTBEAT_SECONDS: '0.3',
      LUMA_JOB_EXPIRE_SECONDS: '3',
      LUMA_JOB_MAINTENANCE_SECONDS: '1',
      LUMA_JOB_POLL_SECONDS: '0.5',
    };
    // The web process first: it migrates and seeds the empty database.
    web = await startServer({ ...env, LUMA_ROLE: 'web' });
    workers[0] = await startWorker(env);
    workers[1] = await startWorker(env);
    cookie = (await call(web.port, 'POST', '/v1/auth/login', '', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).cookie!;
    component = (await api('POST', '/v3/system/component', { name: 'hooked', label: { en_US: 'hooked' } })).json.uuid;
    const model = (await api('GET', `/v3/system/component/settings/${component}/v1`)).json;
    const title = { name: 'title', key: 'title', auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 255 } } };
    expect((await api('POST', `/v3/system/component/settings/${component}/v1`, { ...model, settings: { ...model.settings, fields: [title] } })).status).toBe(200);
    const created = (await api('POST', '/workflow/workflows', { component_uuid: component, name: 'Hook' })).json;
    workflow = created.uuid;
    const event = created.version.nodes[0];
    const hook = { id: 10_000_500, name: 'hook', x: 0, y: 100, width: 120, height: 60, type: 'operation', action: 'http_request', paused: false, parallel: false, data: { url: `http://127.0.0.1:${port}/hook/{{data.title}}` }, connections: [] };
    event.connections = [{ id: 'e-h', source: { id: event.id, position: 'bottom' }, destination: { id: hook.id, position: 'top' }, type: 'pass', name: 'pass' }];
    expect((await api('PUT', `/workflow/workflows/${workflow}/version/v1`, { nodes: [event, hook] })).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    for (const response of held) response.destroy();
    for (const child of [web, ...workers]) await stopServer(child, 'SIGKILL');
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
    await scratch?.drop();
  }, 60_000);

  it('both workers registered; the web process is no satellite', async () => {
    const seen = await until('two satellites', 30_000, async () => {
      const list = await satellites();
      return list.filter((satellite) => satellite.status === 'online').length === 2 ? list : undefined;
    });
    expect(seen.map((satellite) => satellite.pid).sort()).toEqual([workers[0]!.process.pid, workers[1]!.process.pid].sort());
    expect(seen.every((satellite) => (satellite as unknown as { role: string }).role === 'worker')).toBe(true);
  }, 60_000);

  it('eight runs are in flight at once only when both workers took some: each did at least four', async () => {
    holdUntil = 8;
    await createRecords(8, 'spread');
    await until('eight successful runs', 120_000, async () => ((await successes()).length === 8 ? true : undefined), 200);
    holdUntil = 0;
    const counted = await until('the runs counted at the heartbeats', 30_000, async () => {
      const both = await Promise.all(workers.map((worker) => satelliteOf(worker!)));
      return both.every((satellite) => (satellite?.jobs_done ?? 0) >= 4) ? both : undefined;
    });
    expect(counted.length).toBe(2);
  }, 180_000);

  it('a disabled worker takes none of the next runs', async () => {
    const off = await switchTo(workers[1]!, true);
    const on = (await satelliteOf(workers[0]!))!;
    await createRecords(4, 'one-side');
    await until('twelve successful runs', 120_000, async () => ((await successes()).length === 12 ? true : undefined), 200);
    const finishedAt = new Date().toISOString();
    // Counts travel with heartbeats: wait for a beat of each after the runs finished.
    const [busy, idle] = await until('a heartbeat of each after the runs', 30_000, async () => {
      const both = await Promise.all([satelliteOf(workers[0]!), satelliteOf(workers[1]!)]);
      return both.every((satellite) => satellite && satellite.heartbeat_at > finishedAt) && both[0]!.jobs_done >= on.jobs_done + 4 ? both : undefined;
    });
    expect(busy!.jobs_done).toBeGreaterThanOrEqual(on.jobs_done + 4);
    expect(idle!.jobs_done).toBe(off.jobs_done);
    expect(idle!.status).toBe('disabled');
  }, 180_000);

  it("a worker killed in the middle of a run: the other finishes it", async () => {
    // The second worker takes the run: enable it, disable the first.
    await switchTo(workers[1]!, false);
    const first = await switchTo(workers[0]!, true);
    holdUntil = 1_000;
    const before = hits;
    await createRecords(1, 'survivor');
    await until('the run reached the receiver', 60_000, () => (hits > before ? true : undefined));
    const victim = (await satelliteOf(workers[1]!))!;
    await stopServer(workers[1]!, 'SIGKILL');
    for (const response of held.splice(0)) response.destroy();
    holdUntil = 0;
    await switchTo(workers[0]!, false);
    await until('the run finished by the first worker', 120_000, async () => ((await successes()).length === 13 ? true : undefined), 200);
    const retried = (await successes()).find((run) => run.attempts >= 2);
    expect(retried).toBeDefined();
    const after = await until('the first worker counted it', 30_000, async () => {
      const seen = await satelliteOf(workers[0]!);
      return seen && seen.jobs_done > first.jobs_done ? seen : undefined;
    });
    expect(after.status).toBe('online');
    const dead = await until('the killed worker offline', 30_000, async () => {
      const seen = (await satellites()).find((satellite) => satellite.id === victim.id);
      return seen?.status === 'offline' ? seen : undefined;
    });
    expect(dead.jobs_done).toBeGreaterThanOrEqual(victim.jobs_done);
  }, 240_000);
});
