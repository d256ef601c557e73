// The two config entries the screens read as a shape (docs/tutorials.md): the user's tutorial config
// (PUT /v1/config/user at 'tutorials': {done, dontShow}) and the project's onboarding pause (PUT
// /v1/config/ at 'onboarding': {paused}). A well-formed write is kept per user and per project; any
// other shape, an unknown tutorial or key ('__proto__' too) is 400 with the field, never stored.
import { beforeAll, expect, it } from 'vitest';
import { addMember, adminProject, createMember, createProject, createRole, grantRole } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

describeApi(`tutorial and onboarding config (${DB_KIND})`, () => {
  const server = useServer();
  const db = () => server().database.db;
  let admin = '';
  let member = '';
  let projectUuid = '';
  const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    server().app.inject({ method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie, ...headers } });

  beforeAll(async () => {
    admin = await login(server().app);
    ({ projectUuid } = await adminProject(db()));
    await createMember(db(), 'tutorial-member@luma.test', 'member password 1');
    member = await login(server().app, 'tutorial-member@luma.test', 'member password 1');
  }, SETUP_TIMEOUT_MS);

  it('a tutorial config is kept per user: each reads back only their own', async () => {
    const mine = { done: { introduction: true, dev: false }, dontShow: false };
    const saved = await inject(admin, 'PUT', '/v1/config/user', { path: 'tutorials', data: mine, project_uuid: projectUuid });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ path: 'tutorials', data: mine, project_uuid: projectUuid });
    expect((await inject(admin, 'GET', '/v1/config/user?path=tutorials')).json().data).toEqual(mine);
    // The member has none yet (404: every tutorial may start for them), then saves 'don't show'.
    expect((await inject(member, 'GET', '/v1/config/user?path=tutorials')).statusCode).toBe(404);
    const hidden = { done: {}, dontShow: true };
    expect((await inject(member, 'PUT', '/v1/config/user', { path: 'tutorials', data: hidden, project_uuid: projectUuid })).statusCode).toBe(200);
    expect((await inject(member, 'GET', '/v1/config/user?path=tutorials')).json().data).toEqual(hidden);
    expect((await inject(admin, 'GET', '/v1/config/user?path=tutorials')).json().data).toEqual(mine);
  });

  it('a tutorial config of another shape is 400 with the field and leaves the saved one', async () => {
    const before = (await inject(admin, 'GET', '/v1/config/user?path=tutorials')).json().data;
    const cases: [unknown, string][] = [
      [{ done: { tour: true }, dontShow: false }, 'data.done.tour'],
      [{ done: { introduction: 'yes' }, dontShow: false }, 'data.done.introduction'],
      [{ done: {}, dontShow: 'no' }, 'data.dontShow'],
      [{ done: [], dontShow: false }, 'data.done'],
      [{ done: {}, dontShow: false, extra: 1 }, 'data.extra'],
      [['introduction'], 'data'],
      [true, 'data'],
    ];
    for (const [data, field] of cases) {
      const refused = await inject(admin, 'PUT', '/v1/config/user', { path: 'tutorials', data, project_uuid: projectUuid });
      expect(refused.statusCode, JSON.stringify(data)).toBe(400);
      expect(refused.json().errors.map((error: { field: string }) => error.field), JSON.stringify(data)).toContain(field);
    }
    // '__proto__' as a tutorial name, sent as raw JSON so it stays a key: refused (the body parser
    // refuses a '__proto__' key before the judge sees it), nothing stored.
    const raw = `{"path":"tutorials","project_uuid":"${projectUuid}","data":{"done":{"__proto__":true},"dontShow":false}}`;
    const proto = await server().app.inject({ method: 'PUT', url: '/api/v1/config/user', payload: raw, headers: { cookie: admin, 'content-type': 'application/json' } });
    expect(proto.statusCode).toBe(400);
    expect((await inject(admin, 'GET', '/v1/config/user?path=tutorials')).json().data).toEqual(before);
  });

  it("onboarding is paused per project: {paused} only, another project's pause is its own", async () => {
    expect((await inject(admin, 'PUT', '/v1/config/', { path: 'onboarding', data: { paused: true }, project_uuid: projectUuid })).statusCode).toBe(200);
    for (const data of [{ paused: 'yes' }, { paused: true, until: 'never' }, [], null]) {
      const refused = await inject(admin, 'PUT', '/v1/config/', { path: 'onboarding', data, project_uuid: projectUuid });
      expect(refused.statusCode, JSON.stringify(data)).toBe(400);
    }
    expect((await inject(member, 'POST', '/v1/config/get', { path: 'onboarding' })).json().data).toEqual({ paused: true });
    // The admin in a second project: not paused there until paused there.
    const { projectUuid: other } = await createProject(db(), 'Onboarding other');
    const { adminUuid } = await adminProject(db());
    await addMember(db(), other, adminUuid, true);
    await grantRole(db(), adminUuid, await createRole(db(), other, { name: 'Administrator', isAdmin: true, level: 100 }));
    const headers = { 'x-project-uuid': other };
    expect((await inject(admin, 'POST', '/v1/config/get', { path: 'onboarding' }, headers)).statusCode).toBe(404);
    expect((await inject(admin, 'PUT', '/v1/config/', { path: 'onboarding', data: { paused: false }, project_uuid: other }, headers)).statusCode).toBe(200);
    expect((await inject(admin, 'POST', '/v1/config/get', { path: 'onboarding' }, headers)).json().data).toEqual({ paused: false });
    expect((await inject(admin, 'POST', '/v1/config/get', { path: 'onboarding' })).json().data).toEqual({ paused: true });
  });
});
