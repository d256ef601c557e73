// The hook registry (src/server/platform/hooks.ts, docs/platform.md "Hooks") as the records announce
// through it: a filter that refuses a write leaves nothing of it (the record, its event in the outbox,
// its queued workflow run), whether it refuses before the row is written or after everything that
// commits with it; an action runs after the commit and sees the committed record; filters run in the
// order they were registered, each on what the one before answered, inside the write's transaction.
import { sql } from 'kysely';
import { beforeAll, expect, it, onTestFinished } from 'vitest';
import { HttpError } from '../../src/server/platform/errors';
import { hooks } from '../../src/server/platform/hooks';
import { componentApi, componentWithFields, recordApi, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, useServer } from './harness';

describeApi(`hooks (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let books = '';
  let workflow = '';
  const records = recordApi(app, () => admin, 'dev');
  /** Registers a hook for this test only. */
  const forThisTest = (remove: () => void) => onTestFinished(remove);

  /** What the write of `title` left: records, their create events and the workflow's runs, on `database`. */
  const left = async (title: string, database = db()) => {
    const rows = await database.selectFrom('records').select('uuid').where('component_uuid', '=', books).where(sql<string>`data->>'title'`, '=', title).execute();
    const uuids = rows.map((row) => row.uuid);
    if (uuids.length === 0) return { records: 0, events: 0, runs: 0 };
    // The record's own event (its run's result is an event too, once the run is done).
    const events = await database.selectFrom('events').select('uuid').where('record_uuid', 'in', uuids).where('topic', '=', `${books}.create.dev`).execute();
    const runs = await database.selectFrom('workflow_runs').select('uuid').where('workflow_uuid', '=', workflow).where('record_uuid', 'in', uuids).execute();
    return { records: uuids.length, events: events.length, runs: runs.length };
  };

  beforeAll(async () => {
    admin = await login(app());
    books = await componentWithFields(componentApi(app, () => admin, 'dev'), 'hooked_books', [recordFields.text('title')]);
    // A new workflow reacts to Create: every record created queues a run.
    const created = await app().inject({ method: 'POST', url: '/api/workflow/workflows', payload: { component_uuid: books, name: 'Hooked' }, headers: { cookie: admin, 'x-project-env': 'dev' } });
    expect(created.statusCode, created.body).toBe(200);
    workflow = created.json().uuid;
  });

  it('a write is kept with its event and its queued run when no hook refuses it', async () => {
    const created = await records.create(books, { title: 'Kept' });
    expect(created.statusCode, created.body).toBe(200);
    expect(await left('Kept')).toEqual({ records: 1, events: 1, runs: 1 });
  });

  it('a filter refusing after the rows are written: the record, its event and its run were written in the transaction, and none stays', async () => {
    const inside: unknown[] = [];
    forThisTest(
      hooks.onFilter('records.create.written', async ({ row }, _write, { db: tx }) => {
        inside.push({ transaction: tx.isTransaction, uuid: row.uuid, ...(await left('Refused late', tx)) });
        throw new HttpError(417, 'refusedByHook');
      }),
    );
    const refused = await records.create(books, { title: 'Refused late' });
    expect([refused.statusCode, refused.json().message]).toEqual([417, 'refusedByHook']);
    // The outbox's event and the workflow's run are written before this hook (registered after theirs).
    expect(inside).toEqual([{ transaction: true, uuid: expect.any(String), records: 1, events: 1, runs: 1 }]);
    expect(await left('Refused late')).toEqual({ records: 0, events: 0, runs: 0 });
  });

  it('a filter refusing before the row is written: nothing is written and the filters after it do not run', async () => {
    const after: string[] = [];
    forThisTest(
      hooks.onFilter('records.create', () => {
        throw new HttpError(417, 'refusedByHook');
      }),
    );
    forThisTest(
      hooks.onFilter('records.create', () => {
        after.push('ran');
      }),
    );
    const refused = await records.create(books, { title: 'Refused early' });
    expect([refused.statusCode, refused.json().message]).toEqual([417, 'refusedByHook']);
    expect(after).toEqual([]);
    expect(await left('Refused early')).toEqual({ records: 0, events: 0, runs: 0 });
  });

  it('an action runs after the commit and sees the committed record and its event', async () => {
    const seen: unknown[] = [];
    forThisTest(
      hooks.onAction('records.create', async ({ row }, { db: database }) => {
        const stored = await database.selectFrom('records').select(['uuid', 'data']).where('uuid', '=', row.uuid).executeTakeFirst();
        const events = await database.selectFrom('events').select('topic').where('record_uuid', '=', row.uuid).where('topic', 'like', '%.create.%').execute();
        seen.push({ transaction: database.isTransaction, stored, topics: events.map((event) => event.topic) });
      }),
    );
    const created = await records.create(books, { title: 'Seen after commit' });
    expect(created.statusCode, created.body).toBe(200);
    expect(seen).toEqual([{ transaction: false, stored: { uuid: created.json().uuid, data: { title: 'Seen after commit' } }, topics: [`${books}.create.dev`] }]);
  });

  it('filters run in the order they were registered, each on what the one before answered, inside the transaction', async () => {
    const order: string[] = [];
    forThisTest(
      hooks.onFilter('records.create', (draft, write, { db: tx }) => {
        order.push(`first: ${String(draft.data.title)} in a transaction ${tx.isTransaction} on ${write.target.row.uuid === books}`);
        return { ...draft, data: { ...draft.data, title: `${String(draft.data.title)} first` } };
      }),
    );
    forThisTest(
      hooks.onFilter('records.create', async (draft) => {
        order.push(`second: ${String(draft.data.title)}`);
        return { ...draft, data: { ...draft.data, title: `${String(draft.data.title)} second` } };
      }),
    );
    forThisTest(
      hooks.onFilter('records.create', (draft) => {
        // Answers nothing: the payload stays as it is.
        order.push(`third: ${String(draft.data.title)}`);
      }),
    );
    const created = await records.create(books, { title: 'Ordered' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().title).toBe('Ordered first second');
    expect(order).toEqual(['first: Ordered in a transaction true on true', 'second: Ordered first', 'third: Ordered first second']);
  });
});
