// Concurrency (ARCHITECTURE.md): 20 updates of the same __version__ give one winner and nineteen
// 409s; 20 inserts of the same unique value give one winner and nineteen 417 unique, enforced by
// the partial unique index. Index life cycle: publish and saving the pointed version create the
// indexes (409 uniqueIndexConflict when existing rows break them, nothing changed), unique turned
// off drops them, removing the component drops its indexes.
import { beforeAll, expect, it } from 'vitest';
import { findRecord, listUniqueIndexes, updateRecordVersioned } from '../../src/server/records/sql';
import { runHousekeeping } from '../../src/server/housekeeping';
import { adminProject } from './fixtures';
import { componentApi, componentWithFields, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`records: concurrency and unique indexes (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  let codes = '';

  beforeAll(async () => {
    admin = await login(app());
    codes = await componentWithFields(api, 'codes', [f.text('code', { required: true }, { unique: true }), f.text('label')]);
  }, SETUP_TIMEOUT_MS);

  it('20 concurrent updates of the same version: exactly one 200, nineteen 409; the winner\'s data, __version__ 2', async () => {
    const record = (await records.create(codes, { code: 'race', label: 'start' })).json();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => records.update(codes, record.uuid, 1, { label: `writer ${index}` })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().message).toBe('recordVersionConflict');
    const winner = responses.find((response) => response.statusCode === 200)!.json();
    expect(winner.__version__).toBe(2);
    const stored = await records.get(codes, record.uuid);
    expect(stored.json()).toMatchObject({ __version__: 2, label: winner.label });
  });

  it('the guard is the statement itself: 20 concurrent `update ... where version = 1` change the row once', async () => {
    const record = (await records.create(codes, { code: 'sql race', label: 'start' })).json();
    const { projectUuid, adminUuid } = await adminProject(db());
    const scope = { projectUuid, componentUuid: codes, env: 'dev' as const };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => updateRecordVersioned(db(), scope, record.uuid, 1, { code: 'sql race', label: `direct ${index}` }, adminUuid)),
    );
    const winners = results.filter((row) => row !== undefined);
    expect(winners).toHaveLength(1);
    const stored = await findRecord(db(), scope, record.uuid);
    expect(stored).toMatchObject({ version: 2, data: winners[0]!.data });
  });

  it('20 concurrent inserts of the same unique value: exactly one wins, the rest 417 unique', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => records.create(codes, { code: 'same', label: `inserter ${index}` })));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const losers = responses.filter((response) => response.statusCode === 417);
    expect(losers).toHaveLength(19);
    for (const loser of losers) expect(loser.json().errors).toEqual([{ field: 'code', messages: ['unique'], values: [null] }]);
    const rows = await db().selectFrom('records').select('data').where('component_uuid', '=', codes).where('deleted_at', 'is', null).execute();
    expect(rows.filter((row) => row.data.code === 'same')).toHaveLength(1);
  });

  it('saving the pointed version with a new unique field over duplicates: 409 uniqueIndexConflict, nothing changed', async () => {
    const dupes = await componentWithFields(api, 'dupes', [f.text('code'), f.text('label')]);
    await records.create(dupes, { code: 'twice' });
    await records.create(dupes, { code: 'twice' });
    const model = (await api.settings(dupes, 'v1')).json();
    model.settings.fields[0].unique = true;
    const refused = await api.save(dupes, 'v1', model);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'uniqueIndexConflict', errors: [{ field: 'code', messages: ['uniqueIndexConflict'] }] });
    expect((await api.settings(dupes, 'v1')).json().settings.fields[0].unique).toBe(false);
    expect(await listUniqueIndexes(db(), dupes)).toEqual([]);
    expect((await records.create(dupes, { code: 'twice' })).statusCode).toBe(200);

    // A version with the unique field, deployed to dev over the duplicates: refused, dev still on v1.
    expect((await api.fork({ name: 'v2', from: 'v1', ref: dupes })).statusCode).toBe(200);
    const v2 = (await api.settings(dupes, 'v2')).json();
    v2.settings.fields[0].unique = true;
    expect((await api.save(dupes, 'v2', v2)).statusCode).toBe(200);
    const publish = await api.publish({ version: 'v2', env: 'dev', ref: dupes });
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toBe('uniqueIndexConflict');
    expect((await api.settings(dupes)).json().dev_version).toBe('v1');

    // Without the duplicates the deploy goes through and the index holds.
    await db().updateTable('records').set({ deleted_at: new Date() }).where('component_uuid', '=', dupes).execute();
    expect((await api.publish({ version: 'v2', env: 'dev', ref: dupes })).statusCode).toBe(200);
    expect((await listUniqueIndexes(db(), dupes)).map((index) => [index.env, index.key])).toEqual([['dev', 'code']]);
    expect((await records.create(dupes, { code: 'once' })).statusCode).toBe(200);
    expect((await records.create(dupes, { code: 'once' })).json().errors).toEqual([{ field: 'code', messages: ['unique'], values: [null] }]);

    // Live gets its own index when a version with unique fields is published there.
    expect((await api.publish({ version: 'v2', env: 'live', ref: dupes })).statusCode).toBe(200);
    expect((await listUniqueIndexes(db(), dupes)).map((index) => `${index.env}:${index.key}`).sort()).toEqual(['dev:code', 'live:code']);

    // unique turned off on the pointed dev version (live keeps it): the dev index is dropped.
    expect((await api.fork({ name: 'v3', from: 'v2', ref: dupes })).statusCode).toBe(200);
    const v3 = (await api.settings(dupes, 'v3')).json();
    v3.settings.fields[0].unique = false;
    expect((await api.save(dupes, 'v3', v3)).statusCode).toBe(200);
    expect((await api.publish({ version: 'v3', env: 'dev', ref: dupes })).statusCode).toBe(200);
    expect((await listUniqueIndexes(db(), dupes)).map((index) => `${index.env}:${index.key}`)).toEqual(['live:code']);
    expect((await records.create(dupes, { code: 'once' })).statusCode).toBe(200);

    // Removing the component leaves its partition unreachable; housekeeping drops it, its indexes with it.
    expect((await api.remove(dupes)).statusCode).toBe(200);
    expect(await runHousekeeping(db(), server().config, () => undefined)).toEqual([]);
    expect(await listUniqueIndexes(db(), dupes)).toEqual([]);
    expect(await db().selectFrom('records').select('uuid').where('component_uuid', '=', dupes).execute()).toEqual([]);
  });
});
