// A component's model.cleanup_after (docs/components.md "Clean-up of unused records") on a real
// database: housekeeping soft-deletes the records nobody changed for that many days, in each
// environment by the version it runs; a component without it keeps everything.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { runHousekeeping } from '../../src/server/housekeeping';
import { componentApi, componentWithFields, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

describeApi(`cleanup_after (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const components = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  const live = recordApi(app, () => admin, 'live');
  const DAY = 24 * 60 * 60 * 1000;

  /** Makes a record look last changed `days` ago. */
  const age = (uuid: string, days: number) =>
    db()
      .updateTable('records')
      .set({ updated_at: sql<Date>`now() - make_interval(days => ${days})` })
      .where('uuid', '=', uuid)
      .execute();
  const deletedAt = async (uuid: string) => (await db().selectFrom('records').select('deleted_at').where('uuid', '=', uuid).executeTakeFirstOrThrow()).deleted_at;
  const create = async (api: typeof records, ref: string, title: string) => {
    const created = await api.create(ref, { title });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().uuid as string;
  };
  const setCleanup = async (ref: string, version: string, days: number | null) => {
    const model = (await components.settings(ref, version)).json();
    const saved = await components.save(ref, version, { ...model, settings: { ...model.settings, model: { ...model.settings.model, cleanup_after: days } } });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('deletes (softly) the records unchanged for cleanup_after days, per environment, and keeps the rest', async () => {
    admin = await login(app());
    const temp = await componentWithFields(components, 'temp', [recordFields.text('title')], { live: true });
    const kept = await componentWithFields(components, 'kept', [recordFields.text('title')]);
    // v1 runs in dev and live. Fork v2 for dev with 3 days; live keeps v1 without a clean-up.
    const forked = await components.fork({ ref: temp, from: 'v1', name: 'v2' });
    expect(forked.statusCode, forked.body).toBe(200);
    await setCleanup(temp, 'v2', 3);
    expect((await components.publish({ version: 'v2', env: 'dev', ref: temp })).statusCode).toBe(200);

    const old = await create(records, temp, 'old');
    const recent = await create(records, temp, 'recent');
    const fresh = await create(records, temp, 'fresh');
    const liveOld = await create(live, temp, 'live old');
    const keptOld = await create(records, kept, 'kept old');
    await age(old, 5);
    await age(recent, 2);
    await age(liveOld, 5);
    await age(keptOld, 400);

    const at = new Date();
    expect(await runHousekeeping(db(), server().config, () => undefined, at)).toEqual([]);
    expect(await deletedAt(old)).not.toBeNull();
    for (const uuid of [recent, fresh, liveOld, keptOld]) expect([uuid, await deletedAt(uuid)]).toEqual([uuid, null]);
    // Gone from the list like any deleted record.
    expect((await records.get(temp, old)).statusCode).toBe(404);

    // Live now runs v2 too: its old record goes at the next round; an update keeps a record.
    expect((await components.publish({ version: 'v2', env: 'live', ref: temp })).statusCode).toBe(200);
    await age(recent, 4);
    const updated = await records.update(temp, recent, 1, { title: 'touched' });
    expect(updated.statusCode, updated.body).toBe(200);
    await runHousekeeping(db(), server().config, () => undefined, new Date(at.getTime() + DAY / 24));
    expect(await deletedAt(liveOld)).not.toBeNull();
    expect(await deletedAt(recent)).toBeNull();
    // Off again (null): nothing more is deleted.
    await setCleanup(temp, 'v2', null);
    await age(fresh, 30);
    await runHousekeeping(db(), server().config, () => undefined, new Date(at.getTime() + DAY / 12));
    expect(await deletedAt(fresh)).toBeNull();
  });
});
