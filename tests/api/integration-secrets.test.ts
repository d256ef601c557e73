// Secret integration settings (writeOnly) are write-only (docs/integrations.md "Secret settings"): no
// answer carries a secret's value, only `secrets_set`; a save that leaves a secret out or sends it ''
// keeps the stored value (read from the database), a new value replaces it, null clears an optional
// one and is refused for a required one; a member without 'settings {id}' sees no settings at all.
// luma-assistant (required api_key) and luma-fiscal (optional pac) have no provider in this Luma yet
// (POST /integrate refuses them): their rows are written as their install will write them, as
// tests/api/snapshot-integrations.test.ts does.
import { beforeAll, expect, it } from 'vitest';
import { toJson } from '../../src/server/db/json';
import { adminProject, createMember } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

const ASSISTANT = 'luma-assistant';
const FISCAL = 'luma-fiscal';
const KEY = 'sk-stored-7c6b5a4d3e2f-never-answered';
const NEW_KEY = 'sk-replaced-0f1e2d3c4b5a-never-answered';
const PAC = 'PAC-9988776655-never-answered';
const ASSISTANT_SETTINGS = { endpoint: 'https://models.example.test/v1', model: 'small-1' };

describeApi(`integration secrets (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let projectUuid = '';
  const send = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    app().inject({ method, url: `/api/integration${url}`, ...(payload ? { payload } : {}), headers: { cookie } });
  const update = (payload: object, cookie = admin) => send(cookie, 'PUT', '/integrate', payload);
  /** Every answer that may carry settings, as text: none may hold a secret. */
  const answers = async (cookie: string) => [(await send(cookie, 'GET', '/integrations')).body, (await send(cookie, 'GET', '/integrations/explore')).body].join('\n');
  const stored = async (id: string) =>
    (await db().selectFrom('integrations').select('settings').where('project_uuid', '=', projectUuid).where('id', '=', id).executeTakeFirstOrThrow()).settings as Record<string, unknown>;
  const listed = async (id: string, cookie = admin) => ((await send(cookie, 'GET', '/integrations')).json() as { id: string; settings: object; secrets_set: string[] }[]).find((item) => item.id === id);

  beforeAll(async () => {
    admin = await login(app());
    projectUuid = (await adminProject(db())).projectUuid;
    const row = (id: string, settings: object) => ({ project_uuid: projectUuid, id, disabled: false, onboarded: false, settings: toJson(settings), created_at: new Date(), updated_at: new Date() });
    await db().insertInto('integrations').values([row(ASSISTANT, { ...ASSISTANT_SETTINGS, api_key: KEY }), row(FISCAL, { processor_url: 'https://fiscal.example.test', tin: '101883300', pac: PAC })]).execute();
  }, SETUP_TIMEOUT_MS);

  it('answers say which secrets are set, never their values', async () => {
    const text = await answers(admin);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(PAC);
    expect(await listed(ASSISTANT)).toMatchObject({ settings: ASSISTANT_SETTINGS, secrets_set: ['api_key'] });
    expect((await listed(ASSISTANT))!.settings).not.toHaveProperty('api_key');
    expect(await listed(FISCAL)).toMatchObject({ settings: { tin: '101883300' }, secrets_set: ['pac'] });
  });

  it('a save that leaves a secret out or sends it empty keeps it; a new value replaces it; no answer carries either', async () => {
    const left = await update({ id: ASSISTANT, settings: { ...ASSISTANT_SETTINGS, model: 'small-2' } });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.body).not.toContain(KEY);
    expect(left.json()).toMatchObject({ settings: { model: 'small-2' }, secrets_set: ['api_key'] });
    expect(await stored(ASSISTANT)).toEqual({ ...ASSISTANT_SETTINGS, model: 'small-2', api_key: KEY });

    const empty = await update({ id: ASSISTANT, settings: { ...ASSISTANT_SETTINGS, api_key: '' } });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await stored(ASSISTANT)).toEqual({ ...ASSISTANT_SETTINGS, api_key: KEY });
    // Onboarding needs the required api_key: the kept one counts.
    expect((await update({ id: ASSISTANT, onboarded: true, settings: ASSISTANT_SETTINGS })).statusCode).toBe(200);

    const replaced = await update({ id: ASSISTANT, settings: { ...ASSISTANT_SETTINGS, api_key: NEW_KEY } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.body).not.toContain(NEW_KEY);
    expect(await stored(ASSISTANT)).toEqual({ ...ASSISTANT_SETTINGS, api_key: NEW_KEY });
    const text = await answers(admin);
    expect(text).not.toContain(NEW_KEY);
    expect(text).not.toContain(KEY);
  });

  it('null clears an optional secret; a required one cannot be cleared (417 requiredField) and stays', async () => {
    const required = await update({ id: ASSISTANT, settings: { ...ASSISTANT_SETTINGS, api_key: null } });
    expect(required.statusCode).toBe(417);
    expect(required.json().errors).toEqual([{ field: 'settings.api_key', messages: ['identityField.requiredField'] }]);
    expect((await stored(ASSISTANT)).api_key).toBe(NEW_KEY);
    // A bad new value is judged like any setting (maxLength 500) and keeps the stored one.
    expect((await update({ id: ASSISTANT, settings: { api_key: 'x'.repeat(501) } })).statusCode).toBe(417);
    expect((await stored(ASSISTANT)).api_key).toBe(NEW_KEY);

    const cleared = await update({ id: FISCAL, settings: { processor_url: 'https://fiscal.example.test', tin: '101883300', pac: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ secrets_set: [] });
    expect(await stored(FISCAL)).toEqual({ processor_url: 'https://fiscal.example.test', tin: '101883300' });
  });

  it("a member without 'settings {id}' sees no settings and no secrets and may not save; a holder sees which are set, not the value", async () => {
    await createMember(db(), 'secrets-member@luma.test', 'member password 1', ['use luma-assistant']);
    const member = await login(app(), 'secrets-member@luma.test', 'member password 1');
    expect(await listed(ASSISTANT, member)).toMatchObject({ settings: {}, secrets_set: [] });
    expect(await answers(member)).not.toContain(NEW_KEY);
    expect((await update({ id: ASSISTANT, settings: { api_key: 'sk-member' } }, member)).statusCode).toBe(403);
    expect((await stored(ASSISTANT)).api_key).toBe(NEW_KEY);

    await createMember(db(), 'secrets-holder@luma.test', 'holder password 1', ['settings luma-assistant']);
    const holder = await login(app(), 'secrets-holder@luma.test', 'holder password 1');
    expect(await listed(ASSISTANT, holder)).toMatchObject({ settings: ASSISTANT_SETTINGS, secrets_set: ['api_key'] });
    expect(await answers(holder)).not.toContain(NEW_KEY);
  });
});
