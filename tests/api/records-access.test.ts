// Who may call the record calls (read/create/update or edit/delete {ref}; admins pass), field
// visibility and editability per role (spec section 6), and project isolation: a forged uuid of
// another project's component or record is a 404, never its data.
import { beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, createMember, createProject, insertComponentRow, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`records: permissions, field visibility and isolation (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  const as = (who: string) => recordApi(app, () => cookies[who]!, 'dev');
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  let staff = '';
  let record = '';
  let insiderRole = '';
  let foreignComponent = '';
  let foreignRecord = '';

  // A component with role-restricted fields, members holding single verbs, another project.
  beforeAll(async () => {
    admin = await login(app());
    const crud = (ref: string) => [`read ${ref}`, `create ${ref}`, `update ${ref}`, `delete ${ref}`];
    // The insider role is created first so its uuid can be named by the fields.
    const insider = await createMember(db(), 'insider@luma.test', 'insider password', []);
    insiderRole = insider.roleUuid;
    staff = await componentWithFields(api, 'staff', [
      f.text('name', { required: true }),
      f.number('salary', {}),
      f.text('grade', {}),
    ]);
    // salary: only insiders see it; grade: everyone sees it, only insiders edit it.
    const model = (await api.settings(staff, 'v1')).json();
    model.settings.fields[1].roles = { see: [insiderRole], edit: null };
    model.settings.fields[2].roles = { see: null, edit: [insiderRole] };
    expect((await api.save(staff, 'v1', model)).statusCode).toBe(200);
    await db().updateTable('roles').set({ permissions: JSON.stringify(crud(staff)) }).where('uuid', '=', insiderRole).execute();

    await createMember(db(), 'outsider@luma.test', 'outsider password', crud(staff));
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${staff}`]);
    await createMember(db(), 'creator@luma.test', 'creator password', [`create ${staff}`]);
    await createMember(db(), 'editor@luma.test', 'editor password', [`EDIT ${staff}`]);
    await createMember(db(), 'updater@luma.test', 'updater password', [`update ${staff}`]);
    await createMember(db(), 'deleter@luma.test', 'deleter password', [`delete ${staff}`]);
    await createMember(db(), 'nobody@luma.test', 'nobody password', [`see ${staff}`, `settings ${staff}`]);
    for (const who of ['insider', 'outsider', 'reader', 'creator', 'editor', 'updater', 'deleter', 'nobody']) {
      cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
    }
    record = (await records.create(staff, { name: 'Ann', salary: 1000, grade: 'A' })).json().uuid;

    const other = await createProject(db(), 'Other');
    foreignComponent = await insertComponentRow(db(), other.projectUuid, { name: 'secret', settings: { ...(await api.settings(staff, 'v1')).json().settings } });
    foreignRecord = crypto.randomUUID();
    await db()
      .insertInto('records')
      .values({ uuid: foreignRecord, project_uuid: other.projectUuid, component_uuid: foreignComponent, env: 'dev', data: JSON.stringify({ name: 'Secret', salary: 1, grade: 'Z' }) })
      .execute();
  }, SETUP_TIMEOUT_MS);

  it('admins pass every verb', async () => {
    expect((await records.get(staff, record)).json()).toMatchObject({ name: 'Ann', salary: 1000, grade: 'A' });
  });

  it('read, create, update (or edit) and delete each open only their call', async () => {
    const data = { name: 'New' };
    expect((await as('reader').get(staff, record)).statusCode).toBe(200);
    expect((await as('reader').create(staff, data)).statusCode).toBe(403);
    expect((await as('reader').update(staff, record, 1, data)).statusCode).toBe(403);
    expect((await as('reader').remove(staff, record)).statusCode).toBe(403);

    const created = await as('creator').create(staff, data);
    expect(created.statusCode).toBe(200);
    const uuid = created.json().uuid;
    expect((await as('creator').get(staff, uuid)).statusCode).toBe(403);
    expect((await as('creator').update(staff, uuid, 1, data)).statusCode).toBe(403);
    expect((await as('creator').remove(staff, uuid)).statusCode).toBe(403);

    expect((await as('editor').update(staff, uuid, 1, { name: 'Edited' })).json()).toMatchObject({ name: 'Edited', __version__: 2 });
    expect((await as('updater').update(staff, uuid, 2, { name: 'Updated' })).json()).toMatchObject({ name: 'Updated', __version__: 3 });
    expect((await as('editor').get(staff, uuid)).statusCode).toBe(403);
    expect((await as('updater').remove(staff, uuid)).statusCode).toBe(403);

    expect((await as('deleter').get(staff, uuid)).statusCode).toBe(403);
    expect((await as('deleter').remove(staff, uuid)).statusCode).toBe(200);

    // Reading answers the list's key (spec section 6); the other verbs 'forbidden'.
    for (const [response, message] of [
      [await as('nobody').get(staff, record), 'noPermissionsToRead'],
      [await as('nobody').create(staff, data), 'forbidden'],
      [await as('nobody').update(staff, record, 1, data), 'forbidden'],
      [await as('nobody').remove(staff, record), 'forbidden'],
    ] as const) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(message);
    }
  });

  it('a field the caller may not see is not answered, and writing it is 403 with the field', async () => {
    const read = (await as('outsider').get(staff, record)).json();
    expect(read).toMatchObject({ name: 'Ann', grade: 'A' });
    expect(read).not.toHaveProperty('salary');
    expect((await as('insider').get(staff, record)).json()).toMatchObject({ salary: 1000 });

    const refused = await as('outsider').update(staff, record, 1, { name: 'Ann B', salary: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'fieldNotEditable', errors: [{ field: 'salary', messages: ['fieldNotEditable'] }] });
    expect((await as('outsider').create(staff, { name: 'Bo', salary: 5 })).json().errors).toEqual([
      { field: 'salary', messages: ['fieldNotEditable'], values: [null] },
    ]);

    // Without the hidden field the update goes through and the hidden value is kept.
    const updated = await as('outsider').update(staff, record, 1, { name: 'Ann B' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).not.toHaveProperty('salary');
    expect((await records.get(staff, record)).json()).toMatchObject({ name: 'Ann B', salary: 1000, __version__: 2 });
  });

  it('a visible field the caller may not edit: changing it is 403, re-sending its value is fine', async () => {
    const current = (await as('outsider').get(staff, record)).json();
    const refused = await as('outsider').update(staff, record, current.__version__, { ...current, grade: 'B' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual([{ field: 'grade', messages: ['fieldNotEditable'], values: [null] }]);
    const resent = await as('outsider').update(staff, record, current.__version__, { ...current, name: 'Ann C' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ name: 'Ann C', grade: 'A' });
    // Both restrictions reported together, the record unchanged.
    const both = await as('outsider').update(staff, record, current.__version__ + 1, { grade: 'C', salary: 1 });
    expect(both.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['grade', 'salary']);
    expect((await as('insider').update(staff, record, current.__version__ + 1, { grade: 'C', salary: 2 })).json()).toMatchObject({ grade: 'C', salary: 2 });
  });

  it('forged uuids: another project\'s component or record is 404, never its data', async () => {
    for (const response of [
      await records.get(foreignComponent, foreignRecord),
      await records.create(foreignComponent, { name: 'Intruder' }),
      await records.update(foreignComponent, foreignRecord, 1, { name: 'Intruder' }),
      await records.remove(foreignComponent, foreignRecord),
      // Another project's record through one's own component.
      await records.get(staff, foreignRecord),
      await records.update(staff, foreignRecord, 1, { name: 'Intruder' }),
      await records.remove(staff, foreignRecord),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    const untouched = await db().selectFrom('records').select(['data', 'version', 'deleted_at']).where('uuid', '=', foreignRecord).executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ version: 1, deleted_at: null, data: { name: 'Secret' } });

    // A record of another component of the same project is not found through this one.
    const other = await componentWithFields(api, 'other', [f.text('name')]);
    const otherRecord = (await records.create(other, { name: 'Elsewhere' })).json().uuid;
    expect((await records.get(staff, otherRecord)).statusCode).toBe(404);
    expect((await records.remove(staff, otherRecord)).statusCode).toBe(404);
    expect((await records.get(other, otherRecord)).statusCode).toBe(200);
  });
});
