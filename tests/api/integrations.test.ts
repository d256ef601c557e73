// The integration host (spec section 7 "Integration host"; docs/integrations.md) against a real
// database: luma-media installed and active by default with no row, the catalogue, deactivate and
// activate (a row written), settings only as declared, members read but only admins or 'settings
// {id}' change, an unknown id 404, another project's state apart and a forged project header 403.
import { beforeAll, expect, it } from 'vitest';
import { MEDIA_PERMISSION } from '../../runtime/api/media';
import { isIntegrationActive } from '../../runtime/integrations/isIntegrationActive';
import { isIntegrationActiveIn } from '../../src/server/integrations/integrations';
import { hasIntegrationPermission, requireIntegrationPermission } from '../../src/server/integrations/permissions';
import type { Accountability } from '../../src/server/auth/tenancy';
import { adminProject, createMember } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { projectOwner } from './iam-fixtures';

type Method = 'GET' | 'POST' | 'PUT';

describeApi(`integrations (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const as = (cookie: () => string, headers: Record<string, string> = {}) => {
    const send = (method: Method, url: string, payload?: unknown) =>
      app().inject({ method, url: `/api/integration${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie: cookie(), ...headers } });
    return {
      list: () => send('GET', '/integrations'),
      explore: () => send('GET', '/integrations/explore'),
      integrate: (body: unknown) => send('POST', '/integrate', body),
      update: (body: unknown) => send('PUT', '/integrate', body),
    };
  };
  const mine = as(() => admin);
  const rows = async () => db().selectFrom('integrations').selectAll().where('project_uuid', '=', (await adminProject(db())).projectUuid).execute();

  // The admin signs in.
  beforeAll(async () => {
    admin = await login(app());
  }, SETUP_TIMEOUT_MS);

  it('luma-media is installed and active in a new project with no row', async () => {
    const list = await mine.list();
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      {
        id: 'luma-media',
        name: 'Media library',
        path: '/admin/integrations/page/luma-media',
        onboarded: false,
        disabled: false,
        onboarding_required: false,
        service: 'ready',
        template: { renderevents: ['input/image', 'input/imagev2', 'input/file', 'image/carousel'] },
        settings: {},
        secrets_set: [],
        updated_at: null,
      },
    ]);
    expect(isIntegrationActive(list.json(), 'luma-media')).toBe(true);
    expect(await rows()).toEqual([]);
    expect(await isIntegrationActiveIn(db(), (await adminProject(db())).projectUuid, 'luma-media')).toBe(true);
  });

  it('explore answers the catalogue: luma-media first with its six permissions and its pages', async () => {
    const explore = await mine.explore();
    expect(explore.statusCode, explore.body).toBe(200);
    const [media, ...rest] = explore.json();
    // The others (tests/api/integrations-invoicing.test.ts): none installed.
    expect(rest.map((entry: { installed: boolean }) => entry.installed)).toEqual(rest.map(() => false));
    expect(media).toMatchObject({
      id: 'luma-media',
      name: 'Media library',
      default_active: true,
      installed: true,
      disabled: false,
      paid: false,
      service: 'ready',
      settings_schema: { type: 'object', properties: {}, additionalProperties: false },
      pages: [{ path: '/admin/integrations/page/luma-media', home_path: '/home/integrations/page/luma-media' }],
    });
    expect(media.description).toContain('S3');
    expect(media.permissions).toEqual(Object.values(MEDIA_PERMISSION));
    expect(media.permissions).toHaveLength(6);
  });

  it('deactivates luma-media (a row disabled=true), then activates it again through PUT and through POST', async () => {
    const off = await mine.update({ id: 'luma-media', disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: 'luma-media', disabled: true });
    expect(off.json().updated_at).not.toBeNull();
    expect(await rows()).toMatchObject([{ id: 'luma-media', disabled: true }]);
    const list = (await mine.list()).json();
    expect(list).toMatchObject([{ id: 'luma-media', disabled: true }]);
    expect(isIntegrationActive(list, 'luma-media')).toBe(false);
    expect((await mine.explore()).json()[0]).toMatchObject({ installed: true, disabled: true });
    const projectUuid = (await adminProject(db())).projectUuid;
    expect(await isIntegrationActiveIn(db(), projectUuid, 'luma-media')).toBe(false);

    const on = await mine.update({ id: 'luma-media', disabled: false });
    expect(on.json()).toMatchObject({ disabled: false });
    expect(await isIntegrationActiveIn(db(), projectUuid, 'luma-media')).toBe(true);

    await mine.update({ id: 'luma-media', disabled: true });
    const installed = await mine.integrate({ id: 'luma-media' });
    expect(installed.statusCode, installed.body).toBe(200);
    expect(installed.json()).toMatchObject({ id: 'luma-media', disabled: false });
    expect(await rows()).toHaveLength(1);
    expect(isIntegrationActive((await mine.list()).json(), 'luma-media')).toBe(true);
  });

  it('onboarded is kept; settings take only declared keys (luma-media declares none); bad input is 417, never 500', async () => {
    const onboarded = await mine.update({ id: 'luma-media', onboarded: true });
    expect(onboarded.json()).toMatchObject({ onboarded: true, disabled: false });
    // A change of one field keeps the others.
    expect((await mine.update({ id: 'luma-media', disabled: true })).json()).toMatchObject({ onboarded: true, disabled: true });
    expect((await mine.update({ id: 'luma-media', disabled: false, settings: {} })).json()).toMatchObject({ onboarded: true, disabled: false, settings: {} });

    const unknown = await mine.update({ id: 'luma-media', settings: { colour: 'red' } });
    expect(unknown.statusCode).toBe(417);
    expect(unknown.json().errors).toEqual([{ field: 'settings.colour', messages: ['integrationSettingUnknown'] }]);
    for (const body of [
      { id: 'luma-media', disabled: 'yes' },
      { id: 'luma-media', onboarded: 1 },
      { id: 'luma-media', settings: [] },
      { id: 'luma-media', settings: 'x' },
      { id: 'luma-media', settings: { big: 'x'.repeat(20_000) } },
      {},
      { id: '' },
    ]) {
      const refused = await mine.update(body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(417);
    }
    for (const body of [[], 'luma-media', null]) expect((await mine.update(body)).statusCode).toBeLessThan(500);
    const poisoned = await app().inject({
      method: 'PUT',
      url: '/api/integration/integrate',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{"id":"luma-media","settings":{"__proto__":{"admin":true}}}',
    });
    expect(poisoned.statusCode).toBeGreaterThanOrEqual(400);
    expect(poisoned.statusCode).toBeLessThan(500);
    expect((await mine.list()).json()[0]).toMatchObject({ disabled: false, settings: {} });
  });

  it('an id not in the catalogue is 404 integrationNotFound on POST and PUT', async () => {
    for (const id of ['nope', 'LUMA-MEDIA', '../luma-media', 'luma%2dmedia', 'luma\u2010media', ' luma-media', '__proto__', 'constructor', 'toString', 'x'.repeat(10_000), 42, true, ['luma-media'], { id: 'luma-media' }]) {
      const post = await mine.integrate({ id });
      expect([post.statusCode, post.json().message], String(id)).toEqual([404, 'integrationNotFound']);
      const put = await mine.update({ id, disabled: true });
      expect([put.statusCode, put.json().message], String(id)).toEqual([404, 'integrationNotFound']);
    }
    // A NUL is refused as a body no stored JSON may hold.
    expect((await mine.update({ id: 'luma-media\u0000', disabled: true })).statusCode).toBe(400);
    expect(await rows()).toHaveLength(1);
  });

  it("a member lists and explores but may not change (403); 'settings luma-media' may", async () => {
    await createMember(db(), 'integrations-member@luma.test', 'member password 1', [MEDIA_PERMISSION.use]);
    const memberCookie = await login(app(), 'integrations-member@luma.test', 'member password 1');
    const member = as(() => memberCookie);
    expect((await member.list()).json()).toMatchObject([{ id: 'luma-media', disabled: false }]);
    // Settings may hold an outside service's keys: a member reads {} whatever is stored.
    await db().updateTable('integrations').set({ settings: JSON.stringify({ api_key: 'secret' }) }).where('id', '=', 'luma-media').execute();
    expect((await member.list()).json()[0].settings).toEqual({});
    expect((await mine.list()).json()[0].settings).toEqual({ api_key: 'secret' });
    await db().updateTable('integrations').set({ settings: '{}' }).where('id', '=', 'luma-media').execute();
    expect((await member.explore()).statusCode).toBe(200);
    expect((await member.update({ id: 'luma-media', disabled: true })).statusCode).toBe(403);
    expect((await member.integrate({ id: 'luma-media' })).statusCode).toBe(403);
    expect((await mine.list()).json()[0].disabled).toBe(false);

    await createMember(db(), 'integrations-settings@luma.test', 'settings password 1', ['Settings Luma-Media']);
    const settingsCookie = await login(app(), 'integrations-settings@luma.test', 'settings password 1');
    const holder = as(() => settingsCookie);
    expect((await holder.update({ id: 'luma-media', disabled: true })).json()).toMatchObject({ disabled: true });
    expect((await holder.integrate({ id: 'luma-media' })).json()).toMatchObject({ disabled: false });
  });

  it("another project's state is its own; a forged project header is 403; no session is 401", async () => {
    const owner = await projectOwner(server(), 'integrations-owner@luma.test', 'Other integrations project');
    const other = as(() => owner.cookie);
    expect((await other.list()).json()).toMatchObject([{ id: 'luma-media', disabled: false, updated_at: null }]);
    expect((await other.update({ id: 'luma-media', disabled: true })).json()).toMatchObject({ disabled: true });
    expect((await mine.list()).json()[0].disabled).toBe(false);
    expect(await isIntegrationActiveIn(db(), owner.projectUuid, 'luma-media')).toBe(false);
    expect(await isIntegrationActiveIn(db(), owner.projectUuid, 'nope')).toBe(false);

    // The admin names the other project in the header: refused before anything is read or written.
    const forged = as(() => admin, { 'x-project-uuid': owner.projectUuid });
    expect((await forged.list()).statusCode).toBe(403);
    expect((await forged.update({ id: 'luma-media', disabled: false })).statusCode).toBe(403);
    expect((await forged.integrate({ id: 'luma-media' })).statusCode).toBe(403);
    expect(await isIntegrationActiveIn(db(), owner.projectUuid, 'luma-media')).toBe(false);
    const malformed = as(() => admin, { 'x-project-uuid': 'not-a-uuid' });
    expect((await malformed.list()).statusCode).toBe(400);

    const anonymous = as(() => '');
    expect((await anonymous.list()).statusCode).toBe(401);
    expect((await anonymous.update({ id: 'luma-media', disabled: true })).statusCode).toBe(401);
  });

  it("'permission integrationId' on the server: active and held (admins pass the permission, not a deactivated integration); the six stay assignable while deactivated", async () => {
    const { projectUuid } = await adminProject(db());
    const caller = (is_admin: boolean, permissions: string[]) => ({ project_uuid: projectUuid, is_admin, permissions }) as unknown as Accountability;
    const member = caller(false, ['Use Luma-Media']);
    const anAdmin = caller(true, []);
    const message = async (run: Promise<void>) => run.then(() => 'allowed', (error: { status: number; message: string }) => `${error.status} ${error.message}`);

    expect(await hasIntegrationPermission(db(), member, 'use', 'luma-media')).toBe(true);
    expect(await hasIntegrationPermission(db(), member, 'upload', 'luma-media')).toBe(false);
    expect(await hasIntegrationPermission(db(), anAdmin, 'upload', 'luma-media')).toBe(true);
    expect(await hasIntegrationPermission(db(), anAdmin, 'use', 'nope')).toBe(false);
    expect(await message(requireIntegrationPermission(db(), member, 'use', 'luma-media'))).toBe('allowed');
    expect(await message(requireIntegrationPermission(db(), member, 'delete', 'luma-media'))).toBe('403 forbidden');
    expect(await message(requireIntegrationPermission(db(), caller(false, []), 'use', 'luma-media'))).toBe('403 forbidden');

    await mine.update({ id: 'luma-media', disabled: true });
    expect(await hasIntegrationPermission(db(), member, 'use', 'luma-media')).toBe(false);
    expect(await hasIntegrationPermission(db(), anAdmin, 'use', 'luma-media')).toBe(false);
    expect(await message(requireIntegrationPermission(db(), member, 'use', 'luma-media'))).toBe('403 integrationDisabled');
    expect(await message(requireIntegrationPermission(db(), anAdmin, 'use', 'luma-media'))).toBe('403 integrationDisabled');
    // Roles keep offering them: the role editor lists the six while media is off.
    const assignable = await app().inject({ method: 'GET', url: '/api/v1/user/permissions/list', headers: { cookie: admin } });
    expect(assignable.json()).toEqual(expect.arrayContaining(Object.values(MEDIA_PERMISSION)));

    await mine.integrate({ id: 'luma-media' });
    expect(await message(requireIntegrationPermission(db(), member, 'use', 'luma-media'))).toBe('allowed');
  });
});
