// Issue 34 item 1: GET /v3/system/component/version/diff on both databases. The known pairs of
// tests/fixtures/version-diff-pairs.ts saved as versions answer the fixtures' diffs; from left out is
// from the live version (nothing live: from nothing); unknown query keys, unknown versions and
// another project's component are refused with the spec's keys. Item 3, rollback, at the end.
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, createMember, createProject, insertComponentRow } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { diffVersions } from '../../runtime/components';
import { EXPECTED, V1, V2, V3 } from '../fixtures/version-diff-pairs';

describeApi(`component version diff (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let cookie = '';
  const api = componentApi(app, () => cookie, 'dev');
  let ref = '';
  let foreign = '';
  const diff = (query: Record<string, string>, who = cookie) =>
    app().inject({ method: 'GET', url: `/api/v3/system/component/version/diff?${new URLSearchParams(query)}`, headers: { cookie: who, 'x-project-env': 'dev' } });

  beforeAll(async () => {
    cookie = await login(app());
    ref = (await api.create({ name: 'diffed', label: { en_US: 'Diffed' }, scope: null, tag: null })).json().uuid;
    for (const [name, settings] of [['v1', V1], ['v2', V2], ['v3', V3]] as const) {
      if (name !== 'v1') {
        const forked = await api.forkSchema({ ref, version: name, schema: settings });
        expect(forked.statusCode, forked.body).toBe(200);
      }
      else {
        const model = (await api.settings(ref, 'v1')).json();
        expect((await api.save(ref, 'v1', { ...model, settings: V1 })).statusCode).toBe(200);
      }
    }
    const other = await createProject(db(), 'Other');
    foreign = await insertComponentRow(db(), other.projectUuid, { name: 'foreign', settings: V1 });
  }, SETUP_TIMEOUT_MS);

  it('answers the known pairs as the fixtures say, equal to diffVersions of the stored versions', async () => {
    for (const [from, to, expected] of [['v1', 'v2', EXPECTED.v1v2], ['v2', 'v3', EXPECTED.v2v3]] as const) {
      const response = await diff({ ref, from, to });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ component: ref, ...expected });
      const [a, b] = await Promise.all([api.settings(ref, from), api.settings(ref, to)]);
      expect(response.json()).toEqual(JSON.parse(JSON.stringify(diffVersions(ref, a.json().settings, b.json().settings))));
    }
  });

  it('from left out: from the live version, or from nothing before a first deploy', async () => {
    const first = await diff({ ref, to: 'v1' });
    expect(first.json()).toMatchObject({ from: null, to: 'v1', summary: { fieldsAdded: 2 } });
    expect((await api.publish({ ref, version: 'v1', env: 'live' })).statusCode).toBe(200);
    const live = await diff({ ref, to: 'v2' });
    expect(live.json()).toMatchObject({ from: 'v1', to: 'v2', summary: EXPECTED.v1v2.summary });
  });

  it('refuses unknown query keys, and a missing or malformed version', async () => {
    const unknown = await diff({ ref, to: 'v2', against: 'v1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('badRequest');
    const missing = await diff({ ref });
    expect(missing.statusCode).toBe(417);
    expect(missing.json()).toMatchObject({ message: 'fieldsNotValid', errors: [{ field: 'to' }] });
    const malformed = await diff({ ref, from: 'a b', to: 'v2' });
    expect(malformed.json()).toMatchObject({ status: 417, errors: [{ field: 'from', messages: ['versionNameRule'] }] });
  });

  it('404 notFound for an unknown version, and for another project\'s component (forged ids)', async () => {
    expect((await diff({ ref, from: 'v1', to: 'v9' })).json()).toMatchObject({ status: 404, message: 'notFound' });
    expect((await diff({ ref, from: 'v9', to: 'v1' })).json()).toMatchObject({ status: 404, message: 'notFound' });
    expect((await diff({ ref: foreign, from: 'v1', to: 'v1' })).json()).toMatchObject({ status: 404, message: 'notFound' });
    expect((await diff({ ref: crypto.randomUUID(), to: 'v1' })).json()).toMatchObject({ status: 404, message: 'notFound' });
  });

  it('needs settings on the component: a reader is refused', async () => {
    await createMember(db(), 'diff-reader@luma.test', 'reader password', [`read ${ref}`]);
    const reader = await login(app(), 'diff-reader@luma.test', 'reader password');
    expect((await diff({ ref, from: 'v1', to: 'v2' }, reader)).statusCode).toBe(403);
  });

  // Issue 34 item 3: rolling back is deploying an earlier version to live after the same diff; Scout
  // keeps who and when, with the version that was live before; the newer version stays to roll forward.
  let rolled = '';
  async function rolledComponent() {
    rolled = (await api.create({ name: 'rolled', label: { en_US: 'Rolled' }, scope: null, tag: null })).json().uuid;
    const model = (await api.settings(rolled, 'v1')).json();
    expect((await api.save(rolled, 'v1', { ...model, settings: V1 })).statusCode).toBe(200);
    expect((await api.forkSchema({ ref: rolled, version: 'v2', schema: V2 })).statusCode).toBe(200);
    expect((await api.publish({ ref: rolled, version: 'v1', env: 'live' })).statusCode).toBe(200);
    expect((await api.publish({ ref: rolled, version: 'v2', env: 'live' })).statusCode).toBe(200);
  }
  const deployEvents = (ref: string) =>
    db().selectFrom('events').select(['topic', 'actor', 'payload', 'created_at']).where('component_uuid', '=', ref).where('topic', 'like', '%.deploy.live').orderBy('created_at').execute();

  it('rollback: the diff before it is the way back, from live v2 to v1', async () => {
    await rolledComponent();
    const ref = rolled;
    const back = await diff({ ref, to: 'v1' });
    expect(back.json()).toMatchObject({ from: 'v2', to: 'v1', summary: { fieldsRemoved: 2, constraintsTightened: 1, constraintsLoosened: 1 } });
  });

  it('rolls back to v1, keeps v2, logs who and when with the previous version; rolls forward again', async () => {
    const ref = rolled;
    const { adminUuid } = await adminProject(db());
    const back = await api.publish({ ref, version: 'v1', env: 'live' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ public_version: 'v1', versions: ['v1', 'v2'] });
    const forward = await api.publish({ ref, version: 'v2', env: 'live' });
    expect(forward.json()).toMatchObject({ public_version: 'v2', versions: ['v1', 'v2'] });
    expect((await api.settings(ref, 'v2')).json().settings.fields.map((field: { key: string }) => field.key)).toEqual(['title', 'note', 'code', 'amount']);

    const events = await deployEvents(ref);
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
