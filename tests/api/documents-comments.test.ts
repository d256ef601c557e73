// Comments on a document name their author and time (issue 29 item 17; docs/documents.md "Comments"):
// the author is the signed-in user, named by name (or email when the name is empty) in the comment's
// reply, the document's reply and the comments list; a body that names another author is refused and
// writes nothing; the time is the server's clock at the comment.
import { beforeAll, expect, it } from 'vitest';
import { adminProject, createMember } from './fixtures';
import { documentsApi, insertLibrary, paragraph } from './documents-fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';

describeApi(`document comments: author and time (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let writer = '';
  let writerUuid = '';
  let library = '';
  const path = 'notes/review';
  const adminDocs = documentsApi(app, () => admin, () => library);
  const writerDocs = documentsApi(app, () => writer, () => library);

  beforeAll(async () => {
    admin = await login(app());
    library = await insertLibrary(db(), (await adminProject(db())).projectUuid, 'Comments');
    writerUuid = (await createMember(db(), 'ana@luma.test', 'ana password 1', ['use luma-media'])).userUuid;
    await db().updateTable('users').set({ name: 'Ana Writer' }).where('uuid', '=', writerUuid).execute();
    writer = await login(app(), 'ana@luma.test', 'ana password 1');
    const created = await adminDocs.create({ path, variant: 'en', content: [paragraph('The price is final.')] });
    expect(created.statusCode, created.body).toBe(200);
  }, SETUP_TIMEOUT_MS);

  it("a comment carries its author (the session's user, by name) and its time, in every reply that shows it", async () => {
    const clock = useManualClock(Date.parse('2026-11-28T10:15:00.000Z'));
    const made = await writerDocs.comment({ path, variant: 'en', content: 'Is it?', from: 4, to: 9 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ from: 4, to: 9, content: 'Is it?', created_by: writerUuid, created_by_name: 'Ana Writer', created_at: '2026-11-28T10:15:00.000Z' });
    clock.advance(60_000);
    const document = (await adminDocs.get(path)).json();
    expect(document.variants[0].comments).toEqual([made.json()]);
    expect((await adminDocs.comments(path, '?variant=en')).json()).toEqual([made.json()]);
  });

  it('an author without a name is shown by email', async () => {
    await db().updateTable('users').set({ name: '' }).where('uuid', '=', writerUuid).execute();
    try {
      const made = await writerDocs.comment({ path, variant: 'en', content: 'By email', from: 0, to: 3 });
      expect(made.json()).toMatchObject({ created_by: writerUuid, created_by_name: 'ana@luma.test' });
    } finally {
      await db().updateTable('users').set({ name: 'Ana Writer' }).where('uuid', '=', writerUuid).execute();
    }
  });

  it('the author cannot be forged: a body naming another author is refused and stores nothing', async () => {
    const before = (await adminDocs.comments(path)).json().length;
    for (const forged of [{ created_by: crypto.randomUUID() }, { created_by_name: 'The CEO' }, { author: 'The CEO' }]) {
      const refused = await writerDocs.comment({ path, variant: 'en', content: 'Approved', from: 0, to: 3, ...forged });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    const after = (await adminDocs.comments(path)).json();
    expect(after).toHaveLength(before);
    expect(after.every((comment: { created_by_name: string }) => comment.created_by_name === 'Ana Writer')).toBe(true);
    // The admin's own comment is the admin's, whoever wrote the document.
    const own = (await adminDocs.comment({ path, variant: 'en', content: 'Yes', from: 0, to: 3 })).json();
    expect(own.created_by).not.toBe(writerUuid);
    expect(own.created_by_name).toEqual(expect.any(String));
    expect(own.created_by_name).not.toBe('Ana Writer');
  });
});
