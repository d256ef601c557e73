// Media values on a record write (src/server/records/media-values.ts; spec section 3 "Values"):
// an image, image v2, file or carousel value is a file path of one of the project's own media
// libraries or an external http(s) URL; a library of another project (or a forged uuid), a key that
// leaves its library, and any other scheme are refused 417 at the field, and nothing is written.
import { beforeAll, expect, it } from 'vitest';
import { adminProject, componentApi, componentWithFields, createProject, recordApi } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';

const media = (key: string, type: string, custom: Record<string, unknown> = {}) => ({
  name: key,
  key,
  auto_key: false,
  module: type === 'carousel' ? 'image' : 'input',
  type,
  constraints: { custom_data: custom },
});

describeApi(`records: media values (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  const api = componentApi(app, () => admin, 'dev');
  const records = recordApi(app, () => admin, 'dev');
  let products = '';
  const ours = crypto.randomUUID();
  const theirs = crypto.randomUUID();
  const path = (library: string, key: string) => `/media/library/${library}/get/${key}`;

  // A library of this project, one of another project, a component with every media field.
  beforeAll(async () => {
    admin = await login(app());
    const { projectUuid } = await adminProject(db());
    const other = await createProject(db(), 'Other');
    await db()
      .insertInto('media_libraries')
      .values([
        { uuid: ours, project_uuid: projectUuid, name: 'Ours', provider: 'luma-simple' },
        { uuid: theirs, project_uuid: other.projectUuid, name: 'Theirs', provider: 'luma-simple' },
      ])
      .execute();
    products = await componentWithFields(api, 'products', [
      media('photo', 'imagev2'),
      media('legacy', 'image'),
      media('manual', 'file'),
      media('sheets', 'file', { multiple: true }),
      media('gallery', 'carousel'),
    ]);
  }, SETUP_TIMEOUT_MS);

  it('stores library paths of the project and external http(s) URLs, the old string image too', async () => {
    const data = {
      photo: { localURL: path(ours, 'products/shoe.png'), publicURL: 'https://cdn.example.com/shoe.png' },
      legacy: path(ours, 'old%20one.jpg'),
      manual: path(ours, 'docs/manual.pdf'),
      sheets: [path(ours, 'a.pdf'), 'https://example.com/b.pdf'],
      gallery: [{ localURL: path(ours, 'g/1.png'), publicURL: '' }, { localURL: '', publicURL: 'http://example.com/2.png' }],
    };
    const created = await records.create(products, data);
    expect(created.statusCode, created.body).toBe(200);
    expect((await records.get(products, created.json().uuid)).json()).toMatchObject(data);
    // An image v2 field still reads the old string value.
    expect((await records.create(products, { photo: path(ours, 'old.png') })).statusCode).toBe(200);
  });

  it('refuses a library of another project, a forged library uuid and a key leaving its library (417, nothing written)', async () => {
    const count = async () => (await db().selectFrom('records').select('uuid').where('component_uuid', '=', products).execute()).length;
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ photo: { localURL: path(theirs, 'a.png'), publicURL: '' } }, 'photo', 'mediaWidgets.libraryNotInProject'],
      [{ legacy: path(crypto.randomUUID(), 'a.png') }, 'legacy', 'mediaWidgets.libraryNotInProject'],
      [{ gallery: [{ localURL: path(ours, 'ok.png'), publicURL: '' }, path(theirs, 'b.png')] }, 'gallery', 'mediaWidgets.libraryNotInProject'],
      [{ sheets: [path(ours, 'ok.pdf'), path(theirs, 'x.pdf')] }, 'sheets', 'mediaWidgets.libraryNotInProject'],
      [{ manual: path(ours, '../other/secret.pdf') }, 'manual', 'mediaWidgets.invalidMediaUrl'],
      [{ manual: path(ours, '%2e%2e/secret.pdf') }, 'manual', 'mediaWidgets.invalidMediaUrl'],
      [{ manual: path(ours, 'a%2F..%2F..%2Fsecret.pdf') }, 'manual', 'mediaWidgets.invalidMediaUrl'],
      [{ manual: path(ours, 'a/%00.pdf') }, 'manual', 'mediaWidgets.invalidMediaUrl'],
      [{ manual: path(ours, '\uff0e\uff0e/secret.pdf') }, 'manual', 'mediaWidgets.invalidMediaUrl'],
      [{ manual: path('not-a-uuid', 'a.pdf') }, 'manual', 'mediaWidgets.invalidMediaUrl'],
      [{ photo: { localURL: '', publicURL: 'javascript:alert(1)' } }, 'photo', 'mediaWidgets.invalidMediaUrl'],
      [{ legacy: 'data:image/png;base64,AAAA' }, 'legacy', 'mediaWidgets.invalidMediaUrl'],
      [{ legacy: 'relative/a.png' }, 'legacy', 'mediaWidgets.invalidMediaUrl'],
    ];
    for (const [data, field, message] of cases) {
      const response = await records.create(products, data);
      expect(response.statusCode, JSON.stringify(data)).toBe(417);
      expect(response.json().errors, JSON.stringify(data)).toEqual([{ field, messages: [message], values: [null] }]);
    }
    expect(await count()).toBe(before);
  });

  it('an update is judged on what it changes: a value already held stays, a new one is checked', async () => {
    const created = (await records.create(products, { photo: { localURL: path(ours, 'keep.png'), publicURL: '' } })).json();
    await db().deleteFrom('media_libraries').where('uuid', '=', ours).execute();
    const same = await records.update(products, created.uuid, created.__version__, { photo: created.photo, manual: null });
    expect(same.statusCode, same.body).toBe(200);
    const changed = await records.update(products, created.uuid, same.json().__version__, { photo: { localURL: path(ours, 'new.png'), publicURL: '' } });
    expect(changed.statusCode).toBe(417);
    expect(changed.json().errors).toEqual([{ field: 'photo', messages: ['mediaWidgets.libraryNotInProject'], values: [null] }]);
  });
});
