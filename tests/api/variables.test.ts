// Global variables (docs/user-code.md "context.env"): CRUD under /v1/system/environment/variables for
// the X-Project-Env environment, secrets write-only (no reply, list or script-env ever carries the
// value), dev and live apart, projects apart (another project's uuid is 404), admins only to write,
// hostile names and values refused with 417, and loadScriptEnv's answer.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { VARIABLE_MASK } from '../../runtime/api/environment';
import { loadScriptEnv } from '../../src/server/usercode/env';
import { adminProject, createMember, once } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner } from './iam-fixtures';

const BASE = '/api/v1/system/environment/variables';

function as(app: () => FastifyInstance, cookie: () => string, env: 'dev' | 'live' = 'dev') {
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app().inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie: cookie(), 'x-project-env': env } });
  return {
    list: () => send('GET', BASE),
    create: (body: unknown) => send('POST', BASE, body),
    update: (uuid: string, body: unknown) => send('PATCH', `${BASE}/${uuid}`, body),
    remove: (uuid: string) => send('DELETE', `${BASE}/${uuid}`),
    scriptEnv: () => send('GET', '/api/v1/system/environment/script-env'),
  };
}

describeApi(`global variables (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let adminCookie = '';
  const dev = as(app, () => adminCookie, 'dev');
  const live = as(app, () => adminCookie, 'live');
  let projectUuid = '';
  /** MODE=sandbox in dev: made by the case that keeps dev and live apart, or by a later case that runs alone. */
  const modeInDev = once(() => dev.create({ name: 'MODE', value: 'sandbox' }));

  beforeAll(async () => {
    adminCookie = await login(app());
    ({ projectUuid } = await adminProject(db()));
  }, SETUP_TIMEOUT_MS);

  it('creates, lists, renames, replaces and removes a plain variable in one environment', async () => {
    expect((await dev.list()).json()).toEqual([]);
    const created = await dev.create({ name: 'API_BASE', value: 'https://api.example.test' });
    expect(created.statusCode).toBe(200);
    const item = created.json();
    expect(item).toEqual({ uuid: expect.any(String), name: 'API_BASE', env: 'dev', secret: false, value: 'https://api.example.test', mask: null, created_at: expect.any(String), updated_at: expect.any(String) });
    expect((await dev.list()).json()).toEqual([item]);

    const renamed = await dev.update(item.uuid, { name: 'API_URL', value: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ uuid: item.uuid, name: 'API_URL', value: '' });

    expect((await dev.remove(item.uuid)).statusCode).toBe(200);
    expect((await dev.list()).json()).toEqual([]);
    expect((await dev.remove(item.uuid)).statusCode).toBe(404);
  });

  it('never answers a secret value: not on create, list, update, script-env nor in any reply body', async () => {
    const value = 'sk_live_TOP_SECRET_4242';
    const created = await dev.create({ name: 'STRIPE_KEY', value, secret: true });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'STRIPE_KEY', secret: true, value: null, mask: VARIABLE_MASK });
    const uuid = created.json().uuid;
    await dev.create({ name: 'PUBLIC_NAME', value: 'Shop' });

    const replies = [created, await dev.list(), await dev.update(uuid, { name: 'STRIPE_SECRET' }), await dev.scriptEnv(), await dev.update(uuid, {})];
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain('TOP_SECRET');
    }
    // Browser scripts get the plain ones only: the secret is absent, not masked.
    expect((await dev.scriptEnv()).json()).toEqual({ env: { PUBLIC_NAME: 'Shop' } });
    // Server-side scripts get it (one query, no prototype).
    const env = await loadScriptEnv(db(), { projectUuid, env: 'dev' }, { secrets: true });
    expect(Object.getPrototypeOf(env)).toBeNull();
    expect({ ...env }).toEqual({ PUBLIC_NAME: 'Shop', STRIPE_SECRET: value });
    expect({ ...(await loadScriptEnv(db(), { projectUuid, env: 'dev' }, { secrets: false })) }).toEqual({ PUBLIC_NAME: 'Shop' });

    // The value may be replaced, never read; turning it plain needs a new value.
    const replaced = await dev.update(uuid, { value: 'sk_live_NEW' });
    expect(replaced.json()).toMatchObject({ secret: true, value: null, mask: VARIABLE_MASK });
    expect((await loadScriptEnv(db(), { projectUuid, env: 'dev' }, { secrets: true })).STRIPE_SECRET).toBe('sk_live_NEW');
    const unmask = await dev.update(uuid, { secret: false });
    expect(unmask.statusCode).toBe(417);
    expect(unmask.json().errors).toEqual([{ field: 'value', messages: ['variableSecretNeedsValue'] }]);
    expect((await dev.list()).body).not.toContain('sk_live_NEW');
    const plain = await dev.update(uuid, { secret: false, value: 'now public' });
    expect(plain.json()).toMatchObject({ secret: false, value: 'now public', mask: null });
    await dev.remove(uuid);
  });

  it('keeps dev and live apart: same name in both, each list and context.env its own', async () => {
    const inDev = (await modeInDev()).json();
    const inLive = (await live.create({ name: 'MODE', value: 'production' })).json();
    expect(inLive.env).toBe('live');
    expect((await live.list()).json().map((v: { name: string; value: string }) => [v.name, v.value])).toEqual([['MODE', 'production']]);
    expect((await live.scriptEnv()).json().env).toEqual({ MODE: 'production' });
    expect((await dev.scriptEnv()).json().env.MODE).toBe('sandbox');
    // A dev variable's uuid is not found from live.
    expect((await live.update(inDev.uuid, { value: 'x' })).statusCode).toBe(404);
    expect((await live.remove(inDev.uuid)).statusCode).toBe(404);
    expect((await dev.list()).json().find((v: { name: string }) => v.name === 'MODE').value).toBe('sandbox');
  });

  it('a duplicate name in the same environment is 409 variableNameExists (also on rename)', async () => {
    await modeInDev();
    const duplicate = await dev.create({ name: 'MODE', value: 'again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: 'variableNameExists', errors: [{ field: 'name', messages: ['variableNameExists'] }] });
    const other = (await dev.create({ name: 'OTHER', value: '1' })).json();
    expect((await dev.update(other.uuid, { name: 'MODE' })).statusCode).toBe(409);
    // Names are case-sensitive, as context.env.NAME is.
    expect((await dev.create({ name: 'mode', value: 'lower' })).statusCode).toBe(200);
  });

  it('refuses hostile names and values with 417 field messages, never a 500', async () => {
    const cases: [unknown, string, string][] = [
      [{ value: 'x' }, 'name', 'identityField.requiredField'],
      [{ name: '__proto__', value: 'x' }, 'name', 'variableNameReserved'],
      [{ name: 'constructor', value: 'x' }, 'name', 'variableNameReserved'],
      [{ name: '1ABC', value: 'x' }, 'name', 'variableNameInvalid'],
      [{ name: 'a-b', value: 'x' }, 'name', 'variableNameInvalid'],
      [{ name: 'ÄÖ', value: 'x' }, 'name', 'variableNameInvalid'],
      [{ name: 'N'.repeat(65), value: 'x' }, 'name', 'cantBeMoreThenChars'],
      [{ name: 42, value: 'x' }, 'name', 'variableNameInvalid'],
      [{ name: 'BIG', value: 'x'.repeat(8193) }, 'value', 'cantBeMoreThenChars'],
      [{ name: 'OBJ', value: { a: 1 } }, 'value', 'invalid'],
      [{ name: 'NOVALUE' }, 'value', 'identityField.requiredField'],
      [{ name: 'FLAG', value: 'x', secret: 'yes' }, 'secret', 'invalid'],
    ];
    for (const [body, field, message] of cases) {
      const response = await dev.create(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(417);
      expect(response.json().errors.find((e: { field: string }) => e.field === field)?.messages).toEqual([message]);
    }
    // NUL bytes are refused by the server's input guard before any service (400), never stored.
    for (const body of [{ name: 'A\u0000B', value: 'x' }, { name: 'NUL', value: 'a\u0000b' }]) expect((await dev.create(body)).statusCode).toBe(400);
    expect((await dev.create({ name: 'EDGE', value: 'x'.repeat(8192) })).statusCode).toBe(200);
    expect((await dev.create([1, 2])).statusCode).toBeGreaterThanOrEqual(400);
    expect((await dev.update('not-a-uuid', { value: 'x' })).statusCode).toBe(404);
    expect((await dev.update('00000000-0000-4000-8000-000000000000', { value: 'x' })).statusCode).toBe(404);
    const env = await loadScriptEnv(db(), { projectUuid, env: 'dev' }, { secrets: true });
    expect(Object.keys(env)).not.toContain('__proto__');
  });

  it('only admins write and list; members read the non-secret script-env; without a project it is 403', async () => {
    await modeInDev();
    await createMember(db(), 'var-member@luma.test', 'member password 1', ['read anything']);
    const memberCookie = await login(app(), 'var-member@luma.test', 'member password 1');
    const member = as(app, () => memberCookie, 'dev');
    const uuid = (await dev.list()).json()[0].uuid;
    expect((await member.list()).statusCode).toBe(403);
    expect((await member.create({ name: 'HACK', value: 'x' })).statusCode).toBe(403);
    expect((await member.update(uuid, { value: 'x' })).statusCode).toBe(403);
    expect((await member.remove(uuid)).statusCode).toBe(403);
    const scriptEnv = await member.scriptEnv();
    expect(scriptEnv.statusCode).toBe(200);
    expect(scriptEnv.json().env.MODE).toBe('sandbox');
    expect((await dev.list()).json().some((v: { name: string }) => v.name === 'HACK')).toBe(false);
  });

  it("keeps projects apart: another project's admin neither sees nor touches these, and a forged uuid is 404", async () => {
    await modeInDev();
    const owner = await projectOwner(server(), 'var-owner@luma.test', 'Other project');
    const other = as(app, () => owner.cookie, 'dev');
    expect((await other.list()).json()).toEqual([]);
    expect((await other.scriptEnv()).json()).toEqual({ env: {} });
    const theirs = (await other.create({ name: 'MODE', value: 'theirs', secret: true })).json();
    const mine = (await dev.list()).json().find((v: { name: string }) => v.name === 'MODE');
    expect((await other.update(mine.uuid, { value: 'stolen' })).statusCode).toBe(404);
    expect((await other.remove(mine.uuid)).statusCode).toBe(404);
    expect((await dev.update(theirs.uuid, { value: 'x' })).statusCode).toBe(404);
    expect((await dev.remove(theirs.uuid)).statusCode).toBe(404);
    expect((await dev.list()).json().find((v: { name: string }) => v.name === 'MODE').value).toBe('sandbox');
    expect(await loadScriptEnv(db(), { projectUuid: owner.projectUuid, env: 'dev' }, { secrets: true })).toMatchObject({ MODE: 'theirs' });
  });
});
