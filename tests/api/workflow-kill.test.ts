// A workflow run survives its process dying (docs/workflows.md "Running"): the run's job is in the
// database, so when the server running it is SIGKILLed mid-run, pg-boss expires the job and the next
// server runs it again to the end. The server is a real child process on a PGlite data directory or
// a scratch PostgreSQL database; the run is held mid-way by an HTTP receiver that answers its first
// request never and every later one at once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it, vi } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DB_KIND, describeApi } from './harness';
import { callServer as call, startServer, stopServer } from './child-server';

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describeApi(`workflows: a run survives a killed process (${DB_KIND})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('SIGKILL while a run waits on an HTTP call: the next server runs it again to success', { timeout: 180_000 }, async () => {
    const hits: string[] = [];
    const held: http.ServerResponse[] = [];
    const receiver = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      request.resume();
      if (hits.length === 1) {
        held.push(response);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(async () => {
      for (const response of held) response.destroy();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });
    const port = (receiver.address() as AddressInfo).port;

    const env: Record<string, string> = {
      PORT: '0',
      HOST: '127.0.0.1',
      LUMA_ADMIN_EMAIL: ADMIN_EMAIL,
      LUMA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LUMA_APP_DIR: '/nonexistent/luma-app',
      LUMA_LOG_LEVEL: 'info',
      LUMA_DEMO: '0',
      LUMA_WORKFLOW_HTTP_ALLOW: `127.0.0.1:${port}`,
      LUMA_JOB_EXPIRE_SECONDS: '3',
      LUMA_JOB_MAINTENANCE_SECONDS: '1',
      LUMA_JOB_POLL_SECONDS: '0.5',
    };
    if (DB_KIND === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'luma-wf-kill-'));
      env.LUMA_DATA_DIR = dataDir;
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    } else {
      const name = `luma_test_wfkill_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      });
    }

    const first = await startServer(env);
    cleanups.push(() => stopServer(first, 'SIGKILL'));
    const login = await call(first.port, 'POST', '/v1/auth/login', '', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const cookie = login.cookie!;
    const created = await call(first.port, 'POST', '/v3/system/component', cookie, { name: 'killed', label: { en_US: 'killed' } });
    const component: string = created.json.uuid;
    const model = (await call(first.port, 'GET', `/v3/system/component/settings/${component}/v1`, cookie)).json;
    const title = { name: 'title', key: 'title', auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 255 } } };
    expect((await call(first.port, 'POST', `/v3/system/component/settings/${component}/v1`, cookie, { ...model, settings: { ...model.settings, fields: [title] } })).status).toBe(200);
    const workflow = (await call(first.port, 'POST', '/workflow/workflows', cookie, { component_uuid: component, name: 'Hook' })).json;
    const event = workflow.version.nodes[0];
    const hook = {
      id: 10_000_500,
      name: 'hook',
      x: 0,
      y: 100,
      width: 120,
      height: 60,
      type: 'operation',
      action: 'http_request',
      paused: false,
      parallel: false,
      data: { url: `http://127.0.0.1:${port}/hook/{{data.title}}` },
      connections: [],
    };
    event.connections = [{ id: 'e-h', source: { id: event.id, position: 'bottom' }, destination: { id: hook.id, position: 'top' }, type: 'pass', name: 'pass' }];
    expect((await call(first.port, 'PUT', `/workflow/workflows/${workflow.uuid}/version/v1`, cookie, { nodes: [event, hook] })).status).toBe(200);
    expect((await call(first.port, 'POST', `/v3/system/component/${component}/model`, cookie, { data: { title: 'survivor' } })).status).toBe(200);

    // The run is under way: its HTTP call reached the receiver, which holds it.
    await vi.waitFor(() => expect(hits).toEqual(['/hook/survivor']), { timeout: 60_000, interval: 20 });
    await stopServer(first, 'SIGKILL');
    expect(first.process.signalCode).toBe('SIGKILL');

    const second = await startServer(env);
    cleanups.push(() => stopServer(second, 'SIGKILL'));
    const again = (await call(second.port, 'POST', '/v1/auth/login', '', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).cookie!;
    const run = await vi.waitFor(
      async () => {
        const list = (await call(second.port, 'GET', `/workflow/runs?workflow=${workflow.uuid}`, again)).json;
        const item = list.items[0];
        if (item?.status !== 'success') throw new Error(`run is ${item?.status}`);
        return item;
      },
      { timeout: 120_000, interval: 200 },
    );
    expect(run.attempts).toBeGreaterThanOrEqual(2);
    expect(hits).toEqual(['/hook/survivor', '/hook/survivor']);
  });
});
