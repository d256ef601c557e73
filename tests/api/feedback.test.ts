// The feedback inbox (docs/platform.md "Feedback"): a member sends what the report-error modal holds
// (request id, route, words); the project's admins list it (unread first by default) and mark it read;
// members may not read the inbox; another project's admin sees nothing of it and cannot mark it
// (404); bad input answers 417 with the field's message key, unknown keys and NUL bytes are refused,
// and the per-user limit answers 429 with Retry-After until the window has passed on the server clock.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from '../../runtime/api/feedback';
import { addMember, adminProject, createMember, createProject, createRole, createUser, grantRole } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';

const BASE = '/api/v1/feedback';

function as(app: () => FastifyInstance, cookie: () => string) {
  return (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    app().inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie: cookie() } });
}

describeApi(`feedback inbox (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let adminCookie = '';
  let memberCookie = '';
  let otherAdminCookie = '';
  let memberUuid = '';
  const admin = as(app, () => adminCookie);
  const member = as(app, () => memberCookie);
  const otherAdmin = as(app, () => otherAdminCookie);

  beforeAll(async () => {
    adminCookie = await login(app());
    ({ userUuid: memberUuid } = await createMember(db(), 'feedback-member@luma.test', 'member password 1'));
    memberCookie = await login(app(), 'feedback-member@luma.test', 'member password 1');
    const otherUuid = await createUser(db(), 'feedback-other@luma.test', 'other password 1', 'active', 'Other Admin');
    const { projectUuid } = await createProject(db(), 'Elsewhere', otherUuid);
    await addMember(db(), projectUuid, otherUuid, true);
    await grantRole(db(), otherUuid, await createRole(db(), projectUuid, { name: 'Admin', isAdmin: true }));
    otherAdminCookie = await login(app(), 'feedback-other@luma.test', 'other password 1');
  }, SETUP_TIMEOUT_MS);

  it("keeps a member's report and shows it to the project's admins, who mark it read and unread", async () => {
    const body = { request_uuid: '6f1c2e0a-0000-4000-8000-00000000fb01', route: '/admin/components?page=2', message: '  Saving failed\nafter I renamed a field  ' };
    const sent = await member('POST', BASE, body);
    expect(sent.statusCode).toBe(201);
    const { uuid } = sent.json();

    const unread = (await admin('GET', BASE)).json();
    const item = unread.items.find((candidate: { uuid: string }) => candidate.uuid === uuid);
    expect(item).toEqual({
      uuid,
      request_uuid: body.request_uuid,
      route: body.route,
      message: 'Saving failed\nafter I renamed a field',
      user_uuid: memberUuid,
      user_name: 'Test User',
      read: false,
      created_at: expect.any(String),
    });
    expect(unread.unread).toBeGreaterThanOrEqual(1);

    const marked = await admin('PATCH', `${BASE}/${uuid}`, { read: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ uuid, read: true });
    expect((await admin('GET', BASE)).json().items.some((candidate: { uuid: string }) => candidate.uuid === uuid)).toBe(false);
    expect((await admin('GET', `${BASE}?filter=all`)).json().items.find((candidate: { uuid: string }) => candidate.uuid === uuid)).toMatchObject({ read: true });
    expect((await admin('PATCH', `${BASE}/${uuid}`, { read: false })).json()).toMatchObject({ read: false });
  });

  it('keeps the inbox to admins of the same project', async () => {
    const { uuid } = (await member('POST', BASE, { request_uuid: null, route: '/home/home', message: 'Only for my admins' })).json();
    expect((await member('GET', BASE)).statusCode).toBe(403);
    expect((await member('PATCH', `${BASE}/${uuid}`, { read: true })).statusCode).toBe(403);
    const elsewhere = (await otherAdmin('GET', `${BASE}?filter=all`)).json();
    expect(elsewhere).toEqual({ items: [], unread: 0 });
    expect((await otherAdmin('PATCH', `${BASE}/${uuid}`, { read: true })).statusCode).toBe(404);
    expect((await admin('GET', BASE)).json().items.find((candidate: { uuid: string }) => candidate.uuid === uuid)).toMatchObject({ read: false });
    expect((await app().inject({ method: 'POST', url: BASE, payload: { route: '/', message: 'anonymous' } })).statusCode).toBe(401);
  });

  it("refuses bad input with the field's message key, never a 500", async () => {
    const fields = async (payload: unknown) => {
      const answer = await member('POST', BASE, payload);
      return { status: answer.statusCode, errors: answer.json().errors };
    };
    expect(await fields({ route: '/x', message: '   ' })).toEqual({ status: 417, errors: [{ field: 'message', messages: ['identityField.requiredField'] }] });
    expect(await fields({ route: '/x', message: 'x'.repeat(FEEDBACK_LIMITS.messageMax + 1) })).toEqual({
      status: 417,
      errors: [{ field: 'message', messages: ['cantBeMoreThenChars'], values: [{ max: FEEDBACK_LIMITS.messageMax }] }],
    });
    expect(await fields({ route: 'admin', message: 'hi' })).toEqual({ status: 417, errors: [{ field: 'route', messages: ['invalid'] }] });
    expect(await fields({ route: '/a\nb', message: 'hi' })).toEqual({ status: 417, errors: [{ field: 'route', messages: ['invalid'] }] });
    expect(await fields({ route: '/x', message: 'hi', request_uuid: '<script>' })).toEqual({ status: 417, errors: [{ field: 'request_uuid', messages: ['invalid'] }] });
    expect(await fields({ route: '/x', message: { toString: 'hi' } })).toEqual({ status: 417, errors: [{ field: 'message', messages: ['invalid'] }] });
    expect((await member('POST', BASE, { route: '/x', message: 'hi', user_uuid: memberUuid })).statusCode).toBe(400);
    expect((await member('POST', BASE, JSON.parse('{"route":"/x","message":"hi","__proto__":{"read":true}}'))).statusCode).toBe(400);
    const nul = await app().inject({ method: 'POST', url: BASE, headers: { cookie: memberCookie, 'content-type': 'application/json' }, payload: '{"route":"/x","message":"a\\u0000b"}' });
    expect(nul.statusCode).toBe(400);
    expect((await admin('PATCH', `${BASE}/not-a-uuid`, { read: true })).statusCode).toBe(400);
    expect((await admin('PATCH', `${BASE}/${crypto.randomUUID()}`, { read: true })).statusCode).toBe(404);
    expect((await admin('PATCH', `${BASE}/${crypto.randomUUID()}`, { read: 'yes' })).statusCode).toBe(400);
    expect((await admin('GET', `${BASE}?filter=everything`)).statusCode).toBe(400);
  });

  it('answers 429 with Retry-After past the per-user limit, and takes reports again once the window has passed', async () => {
    const clock = useManualClock(Date.now() + 10 * FEEDBACK_LIMITS.windowMs);
    const sender = await createMember(db(), 'feedback-busy@luma.test', 'busy password 1');
    const cookie = await login(app(), 'feedback-busy@luma.test', 'busy password 1');
    const send = () => as(app, () => cookie)('POST', BASE, { route: '/admin', message: 'again' });
    for (let i = 0; i < FEEDBACK_LIMITS.perWindow; i += 1) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('tooManyAttempts');
    expect(Number(refused.headers['retry-after'])).toBe(FEEDBACK_LIMITS.windowMs / 1000);
    clock.advance(FEEDBACK_LIMITS.windowMs + 1);
    expect((await send()).statusCode).toBe(201);
    const rows = await db().selectFrom('feedback_reports').select('uuid').where('user_uuid', '=', sender.userUuid).execute();
    expect(rows).toHaveLength(FEEDBACK_LIMITS.perWindow + 1);
  });

  it('holds the limit under concurrent sends: of twice the limit sent at once, exactly the limit is kept', async () => {
    const sender = await createMember(db(), 'feedback-burst@luma.test', 'burst password 1');
    const cookie = await login(app(), 'feedback-burst@luma.test', 'burst password 1');
    const send = () => as(app, () => cookie)('POST', BASE, { route: '/admin', message: 'at once' });
    const answers = await Promise.all(Array.from({ length: 2 * FEEDBACK_LIMITS.perWindow }, send));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(FEEDBACK_LIMITS.perWindow);
    expect(codes.filter((code) => code === 429)).toHaveLength(FEEDBACK_LIMITS.perWindow);
    const rows = await db().selectFrom('feedback_reports').select('uuid').where('user_uuid', '=', sender.userUuid).execute();
    expect(rows).toHaveLength(FEEDBACK_LIMITS.perWindow);
  });
});
