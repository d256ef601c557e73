// The component editor's previews and a removed component's distributions (docs/forge.md) against a
// real database: a preview made on one Luma instance is served by a second on the same database (the
// files are rows, not one process's memory), until its 30 minutes pass by the clock, and housekeeping
// then drops its rows; a component keeps its newest three; removing a component removes its template distributions' rows and files.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, insertComponentRow, recordFields } from './fixtures';
import { callServer } from './child-server';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, unavailable, useServer } from './harness';
import { signInOn, useTwoInstances } from './two-instances';
import { ManualClock, setClock } from '../../src/server/platform/clock';
import { runHousekeeping } from '../../src/server/housekeeping';
import { mediaDirOf } from '../../src/server/media/storage/factory';

describeApi(`forge previews and removed distributions (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  type Method = 'GET' | 'POST' | 'DELETE';
  const call = (method: Method, url: string, payload?: unknown) =>
    app().inject({ method, url: `/api${url}`, payload: payload as object, headers: { cookie: admin, 'x-project-env': 'dev' } });
  const exists = (path: string) => access(path).then(() => true, () => false);

  beforeAll(async () => {
    admin = await login(app());
  }, SETUP_TIMEOUT_MS);
  afterEach(() => setClock(null));

  it('serves a preview made on one instance from another on the same database, until it expires; housekeeping drops it', async () => {
    const clock = new ManualClock();
    setClock(clock);
    const notes = await componentWithFields(componentApi(app, () => admin, 'dev'), 'notes', [recordFields.text('title')]);
    const second = await server().appWith({});
    const made = await call('POST', `/v3/system/forge/component/${notes}/preview`, { files: { 'list.html': '<p>draft</p>', 'app.js': 'window.x = 1;' } });
    expect(made.statusCode, made.body).toBe(200);
    const { url, expires_at: expiresAt } = made.json() as { url: string; expires_at: string };
    expect(new Date(expiresAt).getTime()).toBe(clock.now() + 30 * 60_000);
    const onSecond = await second.inject({ method: 'GET', url: `${url}list.html` });
    expect([onSecond.statusCode, onSecond.body]).toEqual([200, '<p>draft</p>']);
    expect(onSecond.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect((await second.inject({ method: 'GET', url: `${url}missing.html` })).statusCode).toBe(404);
    // The id is the grant: only its hash is stored, and a made-up id is nothing.
    const stored = await db().selectFrom('forge_preview_files').select(['id_hash', 'path']).orderBy('path').execute();
    expect(stored.map((row) => row.path)).toEqual(['app.js', 'list.html']);
    expect(url).not.toContain(stored[0]!.id_hash);
    expect((await second.inject({ method: 'GET', url: `/luma/forge/bundle/p${'0'.repeat(48)}/list.html` })).statusCode).toBe(404);
    // Housekeeping before the expiry keeps it; past 30 minutes it is not served, and housekeeping drops its rows.
    await runHousekeeping(db(), server().config, () => undefined);
    expect((await db().selectFrom('forge_preview_files').select('path').execute()).length).toBe(2);
    clock.advance(30 * 60_000 + 1000);
    expect((await second.inject({ method: 'GET', url: `${url}list.html` })).statusCode).toBe(404);
    expect((await app().inject({ method: 'GET', url: `${url}list.html` })).statusCode).toBe(404);
    expect(await runHousekeeping(db(), server().config, () => undefined)).toEqual([]);
    expect(await db().selectFrom('forge_preview_files').select('path').execute()).toEqual([]);
  });

  it("keeps a component's newest three previews: an editor's fourth drops its first, another component's stay", async () => {
    const api = componentApi(app, () => admin, 'dev');
    const drafts = await componentWithFields(api, 'drafts', [recordFields.text('title')]);
    const others = await componentWithFields(api, 'other_drafts', [recordFields.text('title')]);
    const preview = async (component: string, text: string) => {
      const made = await call('POST', `/v3/system/forge/component/${component}/preview`, { files: { 'list.html': text } });
      expect(made.statusCode, made.body).toBe(200);
      return `${made.json().url as string}list.html`;
    };
    const other = await preview(others, 'other');
    const urls: string[] = [];
    for (const text of ['one', 'two', 'three', 'four']) urls.push(await preview(drafts, text));
    const served = await Promise.all(urls.map(async (url) => (await app().inject({ method: 'GET', url })).statusCode));
    expect(served).toEqual([404, 200, 200, 200]);
    expect((await app().inject({ method: 'GET', url: other })).body).toBe('other');
  });

  it("removes a component's template distributions, rows and files, when the component is removed; another's stay", async () => {
    const api = componentApi(app, () => admin, 'dev');
    const gone = await componentWithFields(api, 'gone_notes', [recordFields.text('title')]);
    const kept = await componentWithFields(api, 'kept_notes', [recordFields.text('title')]);
    const release = async (component: string) => {
      const saved = await call('POST', `/v3/system/forge/component/${component}/files`, { files: { 'list.html': `<p>${component}</p>` } });
      expect(saved.statusCode, saved.body).toBe(200);
      const project = (await db().selectFrom('components').select('project_uuid').where('uuid', '=', component).executeTakeFirstOrThrow()).project_uuid;
      return { uuid: saved.json().uuid as string, dir: join(mediaDirOf(server().config), '.forge', project, saved.json().uuid as string) };
    };
    const goneRelease = await release(gone);
    const keptRelease = await release(kept);
    expect([await exists(join(goneRelease.dir, 'list.html')), await exists(join(keptRelease.dir, 'list.html'))]).toEqual([true, true]);
    const removed = await call('DELETE', `/v3/system/component/${gone}`);
    expect(removed.statusCode, removed.body).toBe(200);
    // The action runs after the commit: wait on the condition, never a sleep.
    await expect.poll(() => exists(goneRelease.dir), { timeout: 10_000 }).toBe(false);
    expect(await db().selectFrom('forge_releases').select('uuid').where('owner_uuid', '=', gone).execute()).toEqual([]);
    expect(await exists(join(keptRelease.dir, 'list.html'))).toBe(true);
    expect((await db().selectFrom('forge_releases').select('uuid').where('owner_uuid', '=', kept).execute()).map((row) => row.uuid)).toEqual([keptRelease.uuid]);
  });
});

// Two real Luma processes on one PostgreSQL: a preview made through one is served by the other.
const runs = DB_KIND === 'postgres' && !unavailable;
const suite = runs ? describe : describe.skip;
suite(`forge previews across two Luma processes on one PostgreSQL${runs ? '' : ' [skipped: PostgreSQL only]'}`, () => {
  const instances = useTwoInstances();

  it('serves on process B the preview made through process A', async () => {
    const { scratch, a, b } = instances();
    const component = await insertComponentRow(scratch.database.db, (await adminProject(scratch.database.db)).projectUuid, { name: 'previewed' });
    const made = await callServer(a.port, 'POST', `/v3/system/forge/component/${component}/preview`, await signInOn(a.port), { files: { 'list.html': '<p>made on A</p>' } });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const onB = await fetch(`http://127.0.0.1:${b.port}${made.json.url as string}list.html`);
    expect([onB.status, await onB.text()]).toEqual([200, '<p>made on A</p>']);
  });
});
