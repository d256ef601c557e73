// The compiled server (docs/server.md "Production"; scripts/build-server.mjs): the esbuild bundle in
// dist/server runs under plain node with no dev dependency resolvable (tests/support/omit-dev.mjs
// makes tsx, vitest, esbuild, typescript... throw, as after `npm ci --omit=dev`), on a fresh PGlite
// data directory, and runs user code in its sandbox worker (dist/server/sandbox.worker.js): a
// component function, a spark and a workflow expression, and checks a plugin's field type from the
// generated list; an import runs in its worker thread (dist/server/import.worker.js), good rows and bad. PGlite only: the bundle is the same on PostgreSQL, whose driver the import check
// below covers.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without type declarations
import { buildServer } from '../../scripts/build-server.mjs';
import { callServer, startServer, stopServer, type ChildServer } from './child-server';
import { csv, multipartBody } from './import-fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DB_KIND, SETUP_TIMEOUT_MS } from './harness';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OMIT_DEV = join(ROOT, 'tests/support/omit-dev.mjs');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** The packages the bundle's files import (static and dynamic), by package name. */
function importedPackages(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    // esbuild writes `import ... from "x";` and `export ... from "x";` at a line's start, `import("x")` anywhere.
    const statics = text.matchAll(/^(?:import|export)\b[^;"]*?(?:\bfrom\s*)?"([^"\n]+)";/gm);
    const dynamics = text.matchAll(/\bimport\(\s*"([^"\n]+)"\s*\)/g);
    for (const match of [...statics, ...dynamics]) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) continue;
      if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return names;
}

describe.skipIf(DB_KIND !== 'pglite')('the compiled server under plain node, without dev dependencies', () => {
  let server: ChildServer | null = null;
  let dataDir = '';
  let cookie = '';
  const call = (method: string, path: string, body?: unknown) => callServer(server!.port, method, path, cookie, body);

  beforeAll(async () => {
    await buildServer(ROOT);
    dataDir = mkdtempSync(join(tmpdir(), 'luma-compiled-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      LUMA_DATA_DIR: dataDir,
      LUMA_ADMIN_EMAIL: ADMIN_EMAIL,
      LUMA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LUMA_APP_DIR: '/nonexistent/luma-app',
      LUMA_DEMO: '0',
      LUMA_LOG_LEVEL: 'warn',
      LUMA_PLUGINS: 'star-rating',
      LUMA_SCRIPT_WORKERS: '1',
    };
    server = await startServer(env, ['--import', OMIT_DEV, 'dist/server/main.js']);
    cookie = (await call('POST', '/v1/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).cookie!;
    expect(cookie).toBeTruthy();
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await stopServer(server, 'SIGTERM');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports production dependencies only, keeps no function names, and the omit-dev hook does refuse a dev dependency', () => {
    const dev = [...importedPackages(join(ROOT, 'dist/server'))].filter((name) => !(name in manifest.dependencies));
    expect(dev).toEqual([]);
    expect(readFileSync(join(ROOT, 'dist/server/main.js'), 'utf8')).not.toContain('__name(');
    const probe = spawnSync(process.execPath, ['--import', OMIT_DEV, '--input-type=module', '-e', "await import('tsx')"], { cwd: ROOT, encoding: 'utf8' });
    expect(probe.status).not.toBe(0);
    expect(probe.stderr).toContain("omit-dev: 'tsx' is a dev dependency");
  });

  it('runs a component function, a workflow expression and a plugin field type check', async () => {
    const created = await call('POST', '/v3/system/component', { name: 'compiled', label: { en_US: 'Compiled' } });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const component: string = created.json.uuid;
    const model = (await call('GET', `/v3/system/component/settings/${component}/v1`)).json;
    const title = { name: 'title', key: 'title', auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 255 } } };
    const rating = { name: 'Rating', key: 'rating', module: 'input', type: 'rating' };
    const functions = [{ name: 'total', expr: "console.log('adding', data.length); return { sum: data.reduce((a, b) => a + b, 0), component: context.component.name };" }];
    const saved = await call('POST', `/v3/system/component/settings/${component}/v1`, { ...model, settings: { ...model.settings, fields: [title, rating], functions } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    const ran = await call('POST', `/v3/system/component/${component}/function/total`, { data: [1, 2, 3], options: { include_logs: true } });
    expect(ran.status, JSON.stringify(ran.json)).toBe(200);
    expect(ran.json).toEqual({ output: { sum: 6, component: 'compiled' }, logs: [{ level: 'log', message: 'adding 3' }] });

    // A Before::Create workflow whose expression changes the stored value, in the write's transaction.
    const workflow = (await call('POST', '/workflow/workflows', { component_uuid: component, name: 'Shout' })).json;
    const event = workflow.version.nodes[0];
    const shout = { id: 10_090_001, name: 'shout', x: 0, y: 100, width: 120, height: 60, type: 'operation', action: 'expression', paused: false, parallel: false, data: { expression: 'return { data: { ...data, title: data.title.toUpperCase() } }' }, connections: [] };
    const before = { ...event, action: 'Before::Create', connections: [{ id: 'e-s', source: { id: event.id, position: 'bottom' }, destination: { id: shout.id, position: 'top' }, type: 'pass', name: 'pass' }] };
    const graph = await call('PUT', `/workflow/workflows/${workflow.uuid}/version/v1`, { nodes: [before, shout] });
    expect(graph.status, JSON.stringify(graph.json)).toBe(200);
    const record = await call('POST', `/v3/system/component/${component}/model`, { data: { title: 'quiet', rating: 4 } });
    expect(record.status, JSON.stringify(record.json)).toBe(200);
    expect(record.json).toMatchObject({ title: 'QUIET', rating: 4 });

    // The star rating's declared schema (plugins/star-rating/type.ts, from the generated list) refuses 7.
    const refused = await call('POST', `/v3/system/component/${component}/model`, { data: { title: 'too many', rating: 7 } });
    expect(refused.status, JSON.stringify(refused.json)).toBe(417);
    expect(refused.json.errors).toEqual([{ field: 'rating', messages: ['invalidInput'], values: [null] }]);
  });

  it('runs a spark released and deployed to dev', async () => {
    const created = await call('POST', '/spark/spark', { name: 'greet', code: "console.log('for', data.name); return `hello ${data.name}`;" });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id: string = created.json.uuid;
    expect((await call('PUT', `/spark/spark/release/${id}/1`, { note: 'first' })).status).toBe(200);
    expect((await call('PUT', `/spark/spark/deploy/${id}/dev`, { version: 1 })).status).toBe(200);
    const invoked = await call('POST', '/spark/invoke/greet', { data: { name: 'Ana' }, include_logs: true });
    expect(invoked.status, JSON.stringify(invoked.json)).toBe(200);
    expect(invoked.json).toEqual({ data: 'hello Ana', logs: [{ level: 'log', message: 'for Ana' }] });
  });

  it('imports a CSV in the import worker thread (dist/server/import.worker.js): the rows written, and a bad row answered at its number', async () => {
    expect(readdirSync(join(ROOT, 'dist/server'))).toContain('import.worker.js');
    const created = await call('POST', '/v3/system/component', { name: 'compiled_import', label: { en_US: 'Compiled import' } });
    const component: string = created.json.uuid;
    const model = (await call('GET', `/v3/system/component/settings/${component}/v1`)).json;
    const fields = [
      { name: 'title', key: 'title', auto_key: false, module: 'input', type: 'text', constraints: { length: { min: 1, max: 255 } } },
      { name: 'size', key: 'size', auto_key: false, module: 'input', type: 'number', constraints: {} },
    ];
    expect((await call('POST', `/v3/system/component/settings/${component}/v1`, { ...model, settings: { ...model.settings, fields } })).status).toBe(200);
    const send = async (rows: unknown[][]) => {
      const { body, contentType } = multipartBody({ file: csv([['title', 'size'], ...rows]), primaryKey: '', fieldMap: '' });
      const response = await fetch(`http://127.0.0.1:${server!.port}/api/v1/system/component/${component}/import`, {
        method: 'POST',
        headers: { cookie, 'x-project-env': 'dev', 'content-type': contentType },
        body: new Uint8Array(body),
      });
      return { status: response.status, json: await response.json() };
    };
    // Past the first batches (500, 1,500, ...), so the worker posts several.
    const rows = Array.from({ length: 2_500 }, (_, i) => [`row ${i + 1}`, String(i)]);
    const written = await send(rows);
    expect(written.status, JSON.stringify(written.json)).toBe(200);
    expect(written.json).toEqual({ created: 2_500, updated: 0, total: 2_500 });
    const refused = await send([...rows.slice(0, 2_000), ['bad', 'not a number']]);
    expect(refused.status, JSON.stringify(refused.json)).toBe(417);
    expect(refused.json.errors).toEqual([{ field: 'row.2001.size', messages: ['invalidNumber'], values: [null] }]);
  });
});
