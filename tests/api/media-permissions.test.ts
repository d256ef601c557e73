// The six luma-media permissions (spec section 6): each call is refused (403
// integrations.media.noPermissions) to a member without its verb and allowed with it; 'use
// luma-media' is needed by every call; replacing a file on upload needs 'delete luma-media' too.
import { beforeAll, expect, it } from 'vitest';
import { createMember } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { mediaApi, png, type MediaApi } from './media-fixtures';

const VERBS = ['upload', 'create_dir', 'delete_dir', 'download', 'delete'] as const;
type Verb = (typeof VERBS)[number];

describeApi(`media permissions (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const adminApi = mediaApi(app, () => admin);
  const cookies: Record<string, string> = {};
  const as = (who: string): MediaApi => mediaApi(app, () => cookies[who]!);
  let lib = '';
  const date = () => new Date(Math.ceil((Date.now() + 86_400_000) / 300_000) * 300_000).toISOString();

  // A library with files, members with use plus one verb each, and one without use.
  beforeAll(async () => {
    admin = await login(app());
    lib = (await adminApi.createLibrary({ name: 'Shared', provider: 'luma-simple' })).json().uuid;
    expect((await adminApi.createDir(lib, 'dir1')).statusCode).toBe(200);
    expect((await adminApi.upload({ fields: { uuid: lib }, files: [{ name: 'a.png', body: png() }, { name: 'b.png', body: png() }] })).statusCode).toBe(200);
    const members: [string, string[]][] = [
      ['user', ['use luma-media']],
      ...VERBS.map((verb): [string, string[]] => [verb, ['use luma-media', `${verb} luma-media`]]),
      ['nouse', VERBS.map((verb) => `${verb} luma-media`)],
    ];
    for (const [who, permissions] of members) {
      await createMember(db(), `${who}@perm.test`, `${who} password`, permissions);
      cookies[who] = await login(app(), `${who}@perm.test`, `${who} password`);
    }
  }, SETUP_TIMEOUT_MS);

  it("without 'use luma-media' nothing loads, whatever else is held", async () => {
    const api = as('nouse');
    for (const response of [
      await api.libraries(),
      await api.info(lib),
      await api.list({ library_uuid: lib, path: '' }),
      await api.upload({ fields: { uuid: lib }, files: [{ name: 'x.png', body: png() }] }),
      await api.download(lib, 'a.png'),
      await api.fetch(`/media/library/${lib}/get/a.png`),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe('integrations.media.noPermissions');
    }
  });

  it("'use luma-media' lists, reads and views files, and nothing else", async () => {
    const api = as('user');
    expect((await api.libraries()).json().map((library: { uuid: string }) => library.uuid)).toEqual([lib]);
    expect((await api.list({ library_uuid: lib, path: '' })).statusCode).toBe(200);
    expect((await api.dirs(lib, '')).statusCode).toBe(200);
    expect((await api.fetch(`/media/library/${lib}/get/a.png`)).statusCode).toBe(200);
    expect((await api.fetch(`/media/library/${lib}/get/a.png?download=1`)).statusCode).toBe(403);
  });

  /** Each call with the verb it needs, run by a member; answers the status. */
  const calls: Record<Verb, { name: string; run: (api: MediaApi) => Promise<number> }[]> = {
    upload: [
      { name: 'upload', run: async (api) => (await api.upload({ fields: { uuid: lib }, files: [{ name: `u${Math.random()}.png`, body: png() }] })).statusCode },
      { name: 'move', run: async (api) => (await api.move(lib, '', ['dir1'])).statusCode },
      {
        name: 'edit',
        run: async (api) => {
          const row = (await adminApi.list({ library_uuid: lib, path: '' })).json().items.find((item: { key: string }) => item.key === 'b.png');
          return (await api.edit(row.uuid, { public: false })).statusCode;
        },
      },
    ],
    create_dir: [{ name: 'create dir', run: async (api) => (await api.createDir(lib, `d${Math.random().toString(16).slice(2, 8)}`)).statusCode }],
    delete_dir: [
      {
        name: 'delete dir',
        run: async (api) => {
          await adminApi.createDir(lib, 'gone');
          return (await api.deleteDir(lib, 'gone')).statusCode;
        },
      },
    ],
    download: [
      { name: 'download', run: async (api) => (await api.download(lib, 'a.png')).statusCode },
      { name: 'file as attachment', run: async (api) => (await api.fetch(`/media/library/${lib}/get/a.png?download=1`)).statusCode },
      { name: 'share', run: async (api) => (await api.share(lib, { key: 'a.png', date: date() })).statusCode },
      { name: 'upload and share', run: async (api) => (await api.upload({ files: [{ name: `s${Math.random()}.png`, body: png() }] }, `/v2/dms/media/library/${lib}/upload/share`)).statusCode },
    ],
    delete: [
      {
        name: 'delete files',
        run: async (api) => {
          await adminApi.upload({ fields: { uuid: lib }, files: [{ name: 'victim.png', body: png() }] });
          return (await api.remove(lib, ['victim.png'])).statusCode;
        },
      },
    ],
  };

  for (const verb of VERBS) {
    it(`'${verb} luma-media' opens its calls and no one else's`, async () => {
      for (const other of VERBS) {
        for (const call of calls[other]) {
          const status = await call.run(as(verb));
          // 'upload and share' needs upload and download together: refused to either alone.
          const allowed = other === verb && call.name !== 'upload and share';
          if (allowed) expect(status, `${verb}: ${call.name}`).toBe(200);
          else expect(status, `${verb}: ${call.name}`).toBe(403);
        }
      }
    });
  }

  it('replacing a file on upload needs delete luma-media besides upload', async () => {
    const replace = { fields: { uuid: lib, replace: 'true' }, files: [{ name: 'a.png', body: png(6, 6) }] };
    const refused = await as('upload').upload(replace);
    expect(refused.statusCode).toBe(403);
    await createMember(db(), 'replacer@perm.test', 'replacer password', ['use luma-media', 'upload luma-media', 'delete luma-media']);
    cookies.replacer = await login(app(), 'replacer@perm.test', 'replacer password');
    const replaced = await as('replacer').upload(replace);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()[0].file.size).toBe(png(6, 6).length);
  });
});
