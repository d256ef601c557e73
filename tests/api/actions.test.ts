// Actions on records (issue 15 item 3; docs/user-code.md "Actions"): POST
// /api/v3/system/component/{ref}/action/{name} runs the action's code on the server, once per record,
// with record, fields and context (context.records acting for the caller). The display condition is
// checked again on the server, the fields are judged like a record form (417), a failure answers
// 'Action {name} evaluation error: {message}', the caller needs 'update' (or 'edit'), and forged ids
// of another project are 404. Escape attempts end as evaluation errors while the server keeps serving.
import { beforeAll, expect, it } from 'vitest';
import { componentApi, componentWithFields, createMember, createProject, insertComponentRow, recordApi, recordFields as f } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';
import { ESCAPES } from './user-code-fixtures';

describeApi(`actions on records (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const cookies: Record<string, string> = {};
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  let orders = '';
  let first = '';
  let second = '';
  let insiderRole = '';
  let foreignComponent = '';
  let foreignRecord = '';

  const run = (name: string, body: unknown, who = 'admin', ref = orders) =>
    app().inject({
      method: 'POST',
      url: `/api/v3/system/component/${ref}/action/${encodeURIComponent(name)}`,
      payload: body as object,
      headers: { cookie: who === 'admin' ? admin : cookies[who]!, 'x-project-env': 'dev' },
    });

  const actions = () => [
    {
      name: 'mark done',
      display_condition: "return record.status !== 'done'",
      fields: [f.text('note', { length: { min: 2, max: 40 }, required: true })],
      action: "const saved = context.records.update(record.uuid, { status: 'done', title: record.title + ' ' + fields.note }, record.__version__); return { status: saved.status, version: saved.__version__ }",
    },
    { name: 'broken', display_condition: null, fields: [], action: "throw new Error('boom at ' + record.title)" },
    { name: 'bad condition', display_condition: 'return record.nope.deeper', fields: [], action: 'return 1' },
    {
      name: 'spy',
      display_condition: '',
      fields: [],
      action: 'return { keys: Object.keys(record).filter((k) => !k.startsWith("_") && !k.endsWith("_at") && !k.endsWith("_by")).sort(), env: context.env, user: context.user.email, fields }',
    },
    { name: 'peek secret', display_condition: '', fields: [], action: "return context.records.update(record.uuid, { secret: 99 }, record.__version__).secret" },
    { name: 'hidden field', display_condition: '', fields: [{ ...f.number('grade'), roles: { see: ['00000000-0000-4000-8000-000000000000'], edit: null } }], action: 'return fields' },
    ...Object.entries(ESCAPES).map(([name, [code]]) => ({ name: `x ${name}`.slice(0, 25), display_condition: '', fields: [], action: code })),
  ];

  // A component with actions, members holding single verbs, another project.
  beforeAll(async () => {
    admin = await login(app());
    const insider = await createMember(db(), 'insider@luma.test', 'insider password', []);
    insiderRole = insider.roleUuid;
    orders = await componentWithFields(api, 'orders', [f.text('title', { required: true }), f.select('status', ['new', 'done']), f.number('secret')]);
    const model = (await api.settings(orders, 'v1')).json();
    model.settings.fields[2].roles = { see: [insiderRole], edit: null };
    model.settings.actions = actions();
    const saved = await api.save(orders, 'v1', model);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.actions.map((a: { name: string }) => a.name)).toContain('mark done');
    const crud = [`read ${orders}`, `update ${orders}`];
    await db().updateTable('roles').set({ permissions: JSON.stringify(crud) }).where('uuid', '=', insiderRole).execute();
    await createMember(db(), 'outsider@luma.test', 'outsider password', crud);
    await createMember(db(), 'reader@luma.test', 'reader password', [`read ${orders}`]);
    await createMember(db(), 'editor@luma.test', 'editor password', [`edit ${orders}`]);
    for (const who of ['insider', 'outsider', 'reader', 'editor']) cookies[who] = await login(app(), `${who}@luma.test`, `${who} password`);
    first = (await records.create(orders, { title: 'First', status: 'new', secret: 7 })).json().uuid;
    second = (await records.create(orders, { title: 'Second', status: 'new', secret: 8 })).json().uuid;

    const other = await createProject(db(), 'Other');
    foreignComponent = await insertComponentRow(db(), other.projectUuid, { name: 'orders', settings: model.settings });
    foreignRecord = crypto.randomUUID();
    await db()
      .insertInto('records')
      .values({ uuid: foreignRecord, project_uuid: other.projectUuid, component_uuid: foreignComponent, env: 'dev', data: JSON.stringify({ title: 'Theirs', status: 'new' }) })
      .execute();
  }, SETUP_TIMEOUT_MS);

  it('runs on every record given and writes through context.records', async () => {
    const response = await run('mark done', { items: [first, second], fields: { note: 'ok' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ items: [{ uuid: first, value: { status: 'done', version: 2 } }, { uuid: second, value: { status: 'done', version: 2 } }] });
    expect((await records.get(orders, first)).json()).toMatchObject({ title: 'First ok', status: 'done', __version__: 2 });
  });

  it('the display condition is checked on the server: nothing runs when it fails for one record', async () => {
    const third = (await records.create(orders, { title: 'Third', status: 'new' })).json().uuid;
    const refused = await run('mark done', { items: [third, first], fields: { note: 'again' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, message: 'actionNotAvailable', errors: [{ field: 'items.1', messages: ['actionNotAvailable'], values: [{ name: 'mark done' }] }] });
    expect((await records.get(orders, third)).json()).toMatchObject({ title: 'Third', status: 'new', __version__: 1 });
    const failing = await run('bad condition', { items: [third] });
    expect(failing.statusCode).toBe(400);
    expect(failing.json().errors[0].values[0]).toMatchObject({ name: 'bad condition' });
    expect(failing.json().errors[0].values[0].message).toMatch(/undefined/);
  });

  it('actions cannot run with invalid fields: 417 with the field errors, unknown keys refused', async () => {
    const third = (await records.create(orders, { title: 'Fourth', status: 'new' })).json().uuid;
    const missing = await run('mark done', { items: [third], fields: {} });
    expect(missing.statusCode).toBe(417);
    expect(missing.json()).toMatchObject({ message: 'fieldsNotValid', errors: [{ field: 'note', messages: ['identityField.requiredField'] }] });
    const short = await run('mark done', { items: [third], fields: { note: 'x' } });
    expect(short.statusCode).toBe(417);
    expect(short.json().errors[0]).toMatchObject({ field: 'note', messages: ["cantBeLessThenChars"] });
    const unknown = await run('mark done', { items: [third], fields: { note: 'fine', other: 1 } });
    expect(unknown.statusCode).toBe(417);
    expect(unknown.json().errors).toEqual([{ field: 'other', messages: ['invalidInput'], values: [null] }]);
    expect((await records.get(orders, third)).json()).toMatchObject({ status: 'new', __version__: 1 });
    // A field the caller may not see is not theirs to send; its default goes to the code.
    expect((await run('hidden field', { items: [third], fields: { grade: 3 } }, 'outsider')).json()).toMatchObject({ status: 403, message: 'fieldNotEditable' });
    expect((await run('hidden field', { items: [third] }, 'outsider')).json()).toEqual({ items: [{ uuid: third, value: { grade: null } }] });
    // Admins see every field.
    expect((await run('hidden field', { items: [third], fields: { grade: 3 } })).json()).toEqual({ items: [{ uuid: third, value: { grade: 3 } }] });
  });

  it("a failure answers 'Action {name} evaluation error: {message}'", async () => {
    const response = await run('broken', { items: [first] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      message: 'actionEvaluationError',
      errors: [{ field: 'items.0', messages: ['actionEvaluationError'], values: [{ name: 'broken', message: "boom at First ok" }] }],
    });
    const { CATALOGUES } = await import('../../runtime/i18n/catalogues');
    expect(CATALOGUES.en_US.actionEvaluationError).toBe('Action {name} evaluation error: {message}');
  });

  it('record, fields and context: env, the user, and the record as the caller may see it', async () => {
    const asInsider = (await run('spy', { items: [first] }, 'insider')).json();
    expect(asInsider).toEqual({ items: [{ uuid: first, value: { keys: ['secret', 'status', 'title', 'uuid'], env: {}, user: 'insider@luma.test', fields: {} } }] });
    const asOutsider = (await run('spy', { items: [first] }, 'outsider')).json();
    expect(asOutsider.items[0].value.keys).toEqual(['status', 'title', 'uuid']);
    // Writing a field the caller may not see, through context.records, is refused as over HTTP.
    const peek = await run('peek secret', { items: [first] }, 'outsider');
    expect(peek.statusCode).toBe(400);
    expect(peek.json().errors[0].values[0].message).toMatch(/fieldNotEditable/);
  });

  it("the caller needs 'update' or 'edit' on the component", async () => {
    const refused = await run('spy', { items: [first] }, 'reader');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('forbidden');
    // 'edit' opens the call; reading the record needs nothing more, but context.records still asks for 'read'.
    expect((await run('spy', { items: [first] }, 'editor')).statusCode).toBe(200);
  });

  it('forged ids: another project’s record or component, an unknown action', async () => {
    expect((await run('spy', { items: [foreignRecord] })).statusCode).toBe(404);
    expect((await run('spy', { items: [first] }, 'admin', foreignComponent)).statusCode).toBe(404);
    expect((await run('spy', { items: ['not-a-uuid'] })).statusCode).toBe(404);
    expect((await run('nothing here', { items: [first] })).statusCode).toBe(404);
    expect((await run('spy', { items: [] })).statusCode).toBe(400);
  });

  it('escape attempts end as evaluation errors while the server answers other requests', async () => {
    for (const [name, [, expected]] of Object.entries(ESCAPES)) {
      let settled = false;
      const attempt = run(`x ${name}`.slice(0, 25), { items: [first] }).finally(() => (settled = true));
      // A normal request is answered while the attempt still runs (or has already been refused).
      const meanwhile = await records.get(orders, first);
      expect(meanwhile.statusCode).toBe(200);
      if (name === 'infiniteLoop') expect(settled).toBe(false);
      const response = await attempt;
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe('actionEvaluationError');
      expect(response.json().errors[0].values[0].message, name).toMatch(expected);
    }
    expect((await records.get(orders, first)).json()).toMatchObject({ title: 'First ok' });
  }, 60_000);

  it('one action call counts once against the calls per minute, whatever the number of records', async () => {
    const clock = useManualClock(Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000 + 1_000);
    const limited = await server().appWith({ LUMA_SCRIPT_CALLS_PER_MINUTE: '1' });
    const cookie = await login(limited);
    const spy = () =>
      limited.inject({ method: 'POST', url: `/api/v3/system/component/${orders}/action/spy`, payload: { items: [first, second] }, headers: { cookie, 'x-project-env': 'dev' } });
    expect((await spy()).statusCode).toBe(200);
    const refused = await spy();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('tooManyAttempts');
    clock.advance(60_000);
    expect((await spy()).statusCode).toBe(200);
  });
});
