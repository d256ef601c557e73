// Issue 34 item 3: rolling back is deploying an earlier version to live after the same diff; Scout
// keeps who and when, with the version that was live before; the newer version stays to roll forward.
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { V1, V2 } from '../fixtures/version-diff-pairs';

describeApi(`component rollback (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let cookie = '';
  const api = componentApi(app, () => cookie, 'dev');
  let ref = '';
  const diff = (query: Record<string, string>) =>
    app().inject({ method: 'GET', url: `/api/v3/system/component/version/diff?${new URLSearchParams(query)}`, headers: { cookie, 'x-project-env': 'dev' } });
  const deployEvents = () =>
    db().selectFrom('events').select(['topic', 'actor', 'payload', 'created_at']).where('component_uuid', '=', ref).where('topic', 'like', '%.deploy.live').orderBy('created_at').execute();

  beforeAll(async () => {
    cookie = await login(app());
    ref = (await api.create({ name: 'rolled', label: { en_US: 'Rolled' }, scope: null, tag: null })).json().uuid;
    const model = (await api.settings(ref, 'v1')).json();
    expect((await api.save(ref, 'v1', { ...model, settings: V1 })).statusCode).toBe(200);
    expect((await api.forkSchema({ ref, version: 'v2', schema: V2 })).statusCode).toBe(200);
    expect((await api.publish({ ref, version: 'v1', env: 'live' })).statusCode).toBe(200);
    expect((await api.publish({ ref, version: 'v2', env: 'live' })).statusCode).toBe(200);
  }, SETUP_TIMEOUT_MS);

  it('the diff before a rollback is the way back: from live v2 to v1', async () => {
    const back = await diff({ ref, to: 'v1' });
    expect(back.json()).toMatchObject({ from: 'v2', to: 'v1', summary: { fieldsRemoved: 2, constraintsTightened: 1, constraintsLoosened: 1 } });
  });

  it('rolls back to v1, keeps v2, logs who and when with the previous version; rolls forward again', async () => {
    const { adminUuid } = await adminProject(db());
    const rolled = await api.publish({ ref, version: 'v1', env: 'live' });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json()).toMatchObject({ public_version: 'v1', versions: ['v1', 'v2'] });
    const forward = await api.publish({ ref, version: 'v2', env: 'live' });
    expect(forward.json()).toMatchObject({ public_version: 'v2', versions: ['v1', 'v2'] });
    expect((await api.settings(ref, 'v2')).json().settings.fields.map((field: { key: string }) => field.key)).toEqual(['title', 'note', 'code', 'amount']);

    const events = await deployEvents();
    const payloads = events.map((event) => (typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload));
    expect(payloads).toEqual([
      { version: 'v1', env: 'live', previous: null },
      { version: 'v2', env: 'live', previous: 'v1' },
      { version: 'v1', env: 'live', previous: 'v2' },
      { version: 'v2', env: 'live', previous: 'v1' },
    ]);
    for (const event of events) {
      expect(event.actor).toBe(adminUuid);
      expect(new Date(event.created_at as unknown as string).getTime()).toBeGreaterThan(0);
    }
  });
});
