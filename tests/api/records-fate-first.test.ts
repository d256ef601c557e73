// Issue 34 item 2: the records' fate names the first records that break a rule in the list's order
// (created_at, then seq), disabled records among them, read through the list's indexes between the
// first and the last record that break one (src/server/records/fate-passes.ts); on both databases.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countFate, FATE_FIRST } from '../../src/server/records/fate';
import { toJson } from '../../src/server/db/json';
import { createProject, insertComponentRow } from './fixtures';
import { createScratchDatabase, DB_KIND, describeApi, SETUP_TIMEOUT_MS, type ScratchDatabase } from './harness';

describeApi(`the records' fate names the first records in the list's order (${DB_KIND})`, () => {
  let scratch: ScratchDatabase;
  let projectUuid = '';
  let componentUuid = '';
  const db = () => scratch.database.db;
  const row = () => db().selectFrom('components').selectAll().where('uuid', '=', componentUuid).executeTakeFirstOrThrow();
  /** The removed field `gone` loses the value of the records holding one. */
  const fate = async () => countFate(db(), await row(), { removed: ['gone'], checked: [] });

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    projectUuid = (await createProject(db(), 'Fate first')).projectUuid;
    componentUuid = await insertComponentRow(db(), projectUuid, { name: 'first' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => scratch?.drop());

  /** Stores records n = 0..count-1 created n minutes in, inserted newest first (so seq runs against created_at); answers their uuids by n. */
  async function store(count: number, holds: (n: number) => boolean, disabled: (n: number) => boolean = () => false): Promise<string[]> {
    await db().deleteFrom('records').where('component_uuid', '=', componentUuid).execute();
    const uuids = Array.from({ length: count }, () => crypto.randomUUID());
    for (let n = count - 1; n >= 0; n--) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, n));
      await db()
        .insertInto('records')
        .values({
          uuid: uuids[n]!,
          project_uuid: projectUuid,
          component_uuid: componentUuid,
          env: 'live',
          data: toJson(holds(n) ? { gone: `value ${n}` } : { kept: n }),
          created_at: at,
          disabled_at: disabled(n) ? at : null,
        })
        .execute();
    }
    return uuids;
  }

  it('lists the first ten in created_at order, a disabled record in its place', async () => {
    const uuids = await store(16, (n) => n === 2 || n >= 4, (n) => n === 2 || n === 7);
    const counted = await fate();
    expect(counted).toMatchObject({ records: 16, refused: 0, losing: 13, counts: [{ field: 'gone', rule: 'removed', count: 13 }] });
    expect(counted.first.map((record) => record.uuid)).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => uuids[n]));
    expect(counted.first).toHaveLength(FATE_FIRST);
    expect(counted.first[0]!.breaks).toEqual([{ field: 'gone', rule: 'removed' }]);
  });

  it('finds records far apart, the first and the last', async () => {
    const uuids = await store(30, (n) => n === 1 || n === 28);
    const counted = await fate();
    expect(counted).toMatchObject({ records: 30, losing: 2 });
    expect(counted.first.map((record) => record.uuid)).toEqual([uuids[1], uuids[28]]);
  });

  it('names none when none breaks a rule', async () => {
    await store(5, () => false);
    expect(await fate()).toEqual({ records: 5, refused: 0, losing: 0, counts: [], first: [], uncounted: [] });
  });
});
