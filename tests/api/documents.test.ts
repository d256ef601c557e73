// Documents with variants (docs/documents.md) against a real database: create, read, versions of a
// variant with the stale-version 409, listing by path prefix with searchText and recursive, soft delete,
// the deleted list and restore to a new path, comments with their ranges, and the access rules (the
// integration switched off, no permission, a library role, a forged library of another project).
import { beforeAll, expect, it } from 'vitest';
import { adminProject, createMember, createProject, createRole, grantRole } from './fixtures';
import { documentsApi, insertLibrary, paragraph, setMediaIntegration } from './documents-fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useManualClock, useServer } from './harness';

describeApi(`documents (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let library = '';
  const docs = documentsApi(app, () => admin, () => library);

  // A library in the admin project.
  beforeAll(async () => {
    admin = await login(app());
    library = await insertLibrary(db(), (await adminProject(db())).projectUuid, 'Docs');
  }, SETUP_TIMEOUT_MS);

  it('creates a document, refuses a taken path, reads it back with no variants', async () => {
    const created = await docs.create({ path: 'contracts/2026/offer' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ path: 'contracts/2026/offer', name: 'offer', parent: 'contracts/2026', library_uuid: library, deleted_at: null, variants: [] });
    const again = await docs.create({ path: 'contracts//2026/offer/' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'documentExists']);
    const read = await docs.get('contracts/2026/offer');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().uuid).toBe(created.json().uuid);
    expect((await docs.get('contracts/2026/missing')).json().message).toBe('documentNotFound');
    const missing = await docs.create({});
    expect([missing.statusCode, missing.json().errors[0].field]).toEqual([417, 'path']);
  });

  it('saves versions of a variant; a stale version is 409 and writes nothing; every version is kept and readable', async () => {
    const path = 'contracts/2026/offer';
    const first = await docs.patch({ path, variant: 'en', version: 0, content: [paragraph('Hello')], sources: ['a.pdf'], fields: { client: 'ACME' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().variants).toMatchObject([{ name: 'en', version: 1, latest_version: 1, content: [paragraph('Hello')], sources: ['a.pdf'], fields: { client: 'ACME' }, comments: [] }]);
    // Two editors both started from version 1: the first save wins, the second is told, not overwritten.
    const mine = await docs.patch({ path, variant: 'en', version: 1, content: [paragraph('Hello, world')] });
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await docs.patch({ path, variant: 'en', version: 1, content: [paragraph('Their text')] });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toMatchObject({ message: 'documentChanged', errors: [{ field: 'version', messages: ['documentChanged'], values: [{ latest: 2 }] }] });
    // A new variant starts from 0; saying 0 again once it exists is stale too.
    expect((await docs.patch({ path, variant: 'sr', version: 0, content: [paragraph('Zdravo')] })).statusCode).toBe(200);
    expect((await docs.patch({ path, variant: 'sr', version: 0, content: [paragraph('x')] })).statusCode).toBe(409);
    const read = (await docs.get(path)).json();
    expect(read.variants.map((variant: { name: string; version: number }) => [variant.name, variant.version])).toEqual([
      ['en', 2],
      ['sr', 1],
    ]);
    // Left out: sources and fields carried over from the base version.
    expect(read.variants[0]).toMatchObject({ content: [paragraph('Hello, world')], sources: ['a.pdf'], fields: { client: 'ACME' } });
    const earlier = await docs.get(path, '?variant=en&version=1');
    expect(earlier.json().variants[0]).toMatchObject({ version: 1, latest_version: 2, content: [paragraph('Hello')] });
    expect((await docs.get(path, '?variant=en&version=9')).json().message).toBe('documentVersionNotFound');
    expect((await docs.get(path, '?variant=fr&version=1')).json().message).toBe('documentVariantNotFound');
    expect((await docs.get(path, '?variant=en&version=x')).statusCode).toBe(417);
    const versions = await docs.versions(path, 'en');
    expect(versions.json().map((version: { version: number; text_length: number }) => [version.version, version.text_length])).toEqual([
      [2, 12],
      [1, 5],
    ]);
  });

  it('restores an earlier version as a new version equal to it', async () => {
    const path = 'contracts/2026/offer';
    const restored = await docs.restoreVersion({ path, variant: 'en', version: 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().variants[0]).toMatchObject({ name: 'en', version: 3, latest_version: 3, restored_from: 1, content: [paragraph('Hello')], fields: { client: 'ACME' } });
    expect((await docs.versions(path, 'en')).json().map((version: { version: number }) => version.version)).toEqual([3, 2, 1]);
    expect((await docs.restoreVersion({ path, variant: 'en', version: 7 })).json().message).toBe('documentVersionNotFound');
    expect((await docs.restoreVersion({ path, variant: 'en', version: 0 })).statusCode).toBe(417);
  });

  it('refuses bad variants, content, sources and fields at their field, and sanitises what becomes HTML', async () => {
    const path = 'contracts/2026/offer';
    const cases: [unknown, string][] = [
      [{ path, variant: '', version: 3 }, 'variant'],
      [{ path, variant: '../x', version: 3 }, 'variant'],
      [{ path, variant: 'en', version: -1 }, 'version'],
      [{ path, variant: 'en', version: 1.5 }, 'version'],
      [{ path, variant: 'en', version: '3' }, 'version'],
      [{ path, variant: 'en', version: 3, content: 'text' }, 'content'],
      [{ path, variant: 'en', version: 3, content: [{ type: 'script', children: [{ text: 'x' }] }] }, 'content'],
      [{ path, variant: 'en', version: 3, content: [{ type: 'paragraph' }] }, 'content'],
      [{ path, variant: 'en', version: 3, sources: 'a' }, 'sources'],
      [{ path, variant: 'en', version: 3, sources: Array.from({ length: 101 }, () => 'x') }, 'sources'],
      [{ path, variant: 'en', version: 3, fields: [] }, 'fields'],
      [{ path, variant: 'en', version: 3, fields: { big: 'x'.repeat(70_000) } }, 'fields'],
    ];
    for (const [body, field] of cases) {
      const refused = await docs.patch(body);
      expect(refused.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${refused.body}`).toBe(417);
      expect(refused.json().errors[0].field).toBe(field);
    }
    let deep: unknown = { text: 'deep' };
    for (let i = 0; i < 20; i++) deep = { type: 'paragraph', children: [deep] };
    expect((await docs.patch({ path, variant: 'en', version: 3, content: [deep] })).json().errors[0].messages).toEqual(['documentContentTooLarge']);
    const hostile = await docs.patch({
      path,
      variant: 'en',
      version: 3,
      content: [
        { type: 'paragraph', onclick: 'alert(1)', align: 'evil', children: [{ text: 'a', bold: true, color: 'red;background:url(x)', fontSize: 900, style: 'x' }] },
        { type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [{ text: 'click' }] }] },
        { type: 'paragraph', children: [{ type: 'link', url: 'https://example.com', children: [{ text: 'ok' }] }] },
        { type: 'image', src: 'data:image/svg+xml;base64,PHN2Zz4=', children: [{ text: '' }] },
        { type: 'page', firstPage: true, margin: 5000, children: [paragraph('p')] },
      ],
    });
    expect(hostile.statusCode, hostile.body).toBe(200);
    expect(hostile.json().variants[0].content).toEqual([
      { type: 'paragraph', children: [{ text: 'a', bold: true, fontSize: 100 }] },
      { type: 'paragraph', children: [{ text: 'click' }] },
      { type: 'paragraph', children: [{ type: 'link', url: 'https://example.com', children: [{ text: 'ok' }] }] },
      { type: 'page', firstPage: true, margin: 200, children: [paragraph('p')] },
    ]);
  });

  it('a __proto__ key in fields is refused by the body parser; constructor and prototype stay plain data', async () => {
    const path = 'contracts/2026/offer';
    const current = (await docs.get(path)).json().variants[0].version;
    const hostile = await app().inject({
      method: 'PATCH',
      url: `/api/integration/dms/documents/${library}/document`,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: `{"path":"${path}","variant":"en","version":${current},"fields":{"__proto__":{"polluted":true}}}`,
    });
    expect(hostile.statusCode, hostile.body).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const plain = await docs.patch({ path, variant: 'en', version: current, fields: { constructor: 'c', prototype: { x: 1 }, toString: 'no' } });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().variants[0].fields).toEqual({ constructor: 'c', prototype: { x: 1 }, toString: 'no' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect((await docs.get(path)).json().variants[0].fields.constructor).toBe('c');
  });

  it('lists a directory (documents and sub-directories), with searchText and recursive', async () => {
    for (const path of ['contracts/2026/invoice', 'contracts/2025/offer', 'contracts/readme', 'notes/Offer ideas', 'top']) {
      expect((await docs.create({ path })).statusCode, path).toBe(200);
    }
    const root = (await docs.list()).json();
    expect(root.path).toBe('');
    expect(root.items.map((item: { type: string; path: string }) => `${item.type}:${item.path}`)).toEqual(['dir:contracts', 'dir:notes', 'document:top']);
    const contracts = (await docs.list('?path=contracts')).json();
    expect(contracts.items.map((item: { type: string; path: string }) => `${item.type}:${item.path}`)).toEqual(['dir:contracts/2025', 'dir:contracts/2026', 'document:contracts/readme']);
    const recursive = (await docs.list('?path=contracts&recursive=true')).json();
    expect(recursive.items.map((item: { path: string }) => item.path)).toEqual(['contracts/2025/offer', 'contracts/2026/invoice', 'contracts/2026/offer', 'contracts/readme']);
    const offer = recursive.items.find((item: { path: string }) => item.path === 'contracts/2026/offer');
    expect(offer.variants).toEqual(['en', 'sr']);
    const search = (await docs.list('?recursive=true&searchText=OFFER')).json();
    expect(search.items.map((item: { path: string }) => item.path)).toEqual(['contracts/2025/offer', 'contracts/2026/offer', 'notes/Offer ideas']);
    expect((await docs.list('?path=contracts/2026&searchText=inv')).json().items.map((item: { name: string }) => item.name)).toEqual(['invoice']);
    expect((await docs.list('?path=../etc')).statusCode).toBe(417);
    expect((await docs.list('?recursive=maybe')).statusCode).toBe(400);
  });

  it('deletes softly, lists the deleted, restores to a new path (409 when taken)', async () => {
    const clock = useManualClock();
    expect((await docs.remove('contracts/2025/offer')).statusCode).toBe(200);
    expect((await docs.remove('contracts/2025/offer')).json().message).toBe('documentNotFound');
    expect((await docs.get('contracts/2025/offer')).statusCode).toBe(404);
    clock.advance(1000);
    // A new document takes the path; then it is deleted too: two deleted documents share it.
    expect((await docs.create({ path: 'contracts/2025/offer', variant: 'en', content: [paragraph('second')] })).statusCode).toBe(200);
    expect((await docs.remove('contracts/2025/offer')).statusCode).toBe(200);
    const deleted = (await docs.deleted()).json();
    expect(deleted.map((item: { path: string }) => item.path)).toEqual(['contracts/2025/offer', 'contracts/2025/offer']);
    expect((await docs.list('?path=contracts')).json().items.map((item: { path: string }) => item.path)).not.toContain('contracts/2025');
    expect((await docs.deleted('?searchText=nothing')).json()).toEqual([]);
    // newPath taken by a live document: 409, nothing restored.
    const taken = await docs.restore({ path: 'contracts/2025/offer', newPath: 'contracts/2026/offer' });
    expect([taken.statusCode, taken.json().message, taken.json().errors[0].field]).toEqual([409, 'documentExists', 'newPath']);
    // The last deleted comes back by default, with its versions.
    const restored = await docs.restore({ path: 'contracts/2025/offer', newPath: 'archive/offer-second' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ path: 'archive/offer-second', name: 'offer-second', parent: 'archive', deleted_at: null, variants: [{ name: 'en', content: [paragraph('second')] }] });
    // The older one by its uuid.
    const older = deleted[1].uuid;
    const back = await docs.restore({ path: 'contracts/2025/offer', uuid: older, newPath: 'archive/offer-first' });
    expect([back.statusCode, back.json().uuid]).toEqual([200, older]);
    expect((await docs.deleted()).json()).toEqual([]);
    expect((await docs.restore({ path: 'contracts/2025/offer', newPath: 'x' })).json().message).toBe('documentNotFound');
    expect((await docs.restore({ path: 'archive/offer-first', newPath: '../x' })).statusCode).toBe(417);
  });

  it('comments on a range of a variant; bad ranges are refused; listed and removed', async () => {
    const path = 'archive/offer-second';
    // The variant's text is 'second' (6 characters).
    const made = await docs.comment({ path, variant: 'en', content: 'Check this', from: 0, to: 6 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ variant: 'en', version: 1, from: 0, to: 6, content: 'Check this' });
    const bad: [unknown, string][] = [
      [{ path, variant: 'en', content: 'x', from: 4, to: 2 }, 'to'],
      [{ path, variant: 'en', content: 'x', from: 0, to: 7 }, 'to'],
      [{ path, variant: 'en', content: 'x', from: -1, to: 2 }, 'from'],
      [{ path, variant: 'en', content: 'x', from: 0.5, to: 2 }, 'from'],
      [{ path, variant: 'en', content: 'x', from: '0', to: 2 }, 'from'],
      [{ path, variant: 'en', content: '', from: 0, to: 2 }, 'content'],
      [{ path, variant: 'en', content: 'x'.repeat(5001), from: 0, to: 2 }, 'content'],
    ];
    for (const [body, field] of bad) {
      const refused = await docs.comment(body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(417);
      expect(refused.json().errors[0].field).toBe(field);
    }
    expect((await docs.comment({ path, variant: 'de', content: 'x', from: 0, to: 0 })).json().message).toBe('documentVariantNotFound');
    // An HTML-looking comment is kept as text (a screen shows it as text, never as HTML).
    expect((await docs.comment({ path, variant: 'en', content: '<img src=x onerror=alert(1)>', from: 2, to: 2 })).json().content).toBe('<img src=x onerror=alert(1)>');
    const listed = (await docs.comments(path, '?variant=en')).json();
    expect(listed.map((comment: { from: number }) => comment.from)).toEqual([0, 2]);
    expect((await docs.get(path)).json().variants[0].comments).toHaveLength(2);
    expect((await docs.removeComment(listed[1].uuid)).statusCode).toBe(200);
    expect((await docs.removeComment(listed[1].uuid)).json().message).toBe('documentCommentNotFound');
    expect((await docs.comments(path)).json()).toHaveLength(1);
  });

  it('refuses traversal and hostile paths everywhere a path goes', async () => {
    const bodies = ['../x', 'a/../../x', '/etc/passwd', 'C:\\x', 'a\\b', 'a/./b', '..', '.', '\u2215etc', 'a\uff0f..\uff0fb', 'a/\u2025/b', ' ', 'x'.repeat(256), Array.from({ length: 33 }, () => 'a').join('/'), 42];
    for (const path of bodies) {
      const refused = await docs.create({ path });
      expect(refused.statusCode, `${String(path).slice(0, 40)}: ${refused.body}`).toBe(417);
      expect(refused.json().errors[0]).toEqual({ field: 'path', messages: ['documentInvalidPath'] });
    }
    const base = `/api/integration/dms/documents/${library}`;
    for (const url of ['/document/..%2Fx', '/document/a%2Fb', '/document/a%5Cb', '/versions/a%2fb?variant=en', '/comments/a/%2e%2e%5c..']) {
      const refused = await app().inject({ method: 'GET', url: `${base}${url}`, headers: { cookie: admin } });
      expect([refused.statusCode, refused.json().errors?.[0]?.field], `${url}: ${refused.body}`).toEqual([417, 'path']);
    }
    // Dot segments, encoded or not, are resolved by URL parsing before routing (the request leaves the
    // document routes: 404) or reach the service and are refused; never a document outside the library.
    for (const url of ['/document/%2e%2e/x', '/document/a/%2E%2E/%2E%2E/x', '/comments/..', '/document/../../../etc/passwd']) {
      const refused = await app().inject({ method: 'GET', url: `${base}${url}`, headers: { cookie: admin } });
      expect([404, 417], `${url}: ${refused.body}`).toContain(refused.statusCode);
    }
    expect((await app().inject({ method: 'DELETE', url: `${base}/document/a/%2e%2e%2f%2e%2e/top`, headers: { cookie: admin } })).statusCode).toBe(417);
    expect((await docs.get('top')).statusCode).toBe(200);
    // An overlong UTF-8 dot is no character at all: the request is refused before any route.
    expect((await app().inject({ method: 'GET', url: `${base}/document/a/%C0%AE%C0%AE/x`, headers: { cookie: admin } })).statusCode).toBe(400);
    const nul = await app().inject({ method: 'GET', url: `${base}/document/a%00b`, headers: { cookie: admin } });
    expect(nul.statusCode).toBe(400);
    // A long path with many segments (up to the limits) is read back through the URL.
    const long = `${'l'.repeat(255)}/${Array.from({ length: 30 }, (_, i) => `s${i}`).join('/')}`;
    expect((await docs.create({ path: long })).statusCode).toBe(200);
    expect((await docs.get(long)).json().path).toBe(long);
    expect((await docs.remove(long)).statusCode).toBe(200);
    // A path spelled differently reaches the same document, not a second one.
    expect((await docs.get('contracts//2026/offer/')).json().path).toBe('contracts/2026/offer');
  });

  it('a forged library uuid of another project is 404; a malformed one too', async () => {
    const other = await createProject(db(), 'Other project');
    const foreign = await insertLibrary(db(), other.projectUuid, 'Theirs');
    const theirs = documentsApi(app, () => admin, () => foreign);
    expect((await theirs.create({ path: 'x' })).json().message).toBe('libraryNotFound');
    expect((await theirs.list()).statusCode).toBe(404);
    expect((await documentsApi(app, () => admin, () => 'not-a-uuid').list()).statusCode).toBe(404);
    expect((await documentsApi(app, () => admin, () => crypto.randomUUID()).list()).statusCode).toBe(404);
    expect(await db().selectFrom('documents').select('uuid').where('library_uuid', '=', foreign).execute()).toEqual([]);
  });

  it("needs 'use luma-media' (403), and one of the library's roles when it names some", async () => {
    await createMember(db(), 'nobody@luma.test', 'nobody password', []);
    const nobody = await login(app(), 'nobody@luma.test', 'nobody password');
    const refused = await documentsApi(app, () => nobody, () => library).list();
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'integrations.media.noPermissions']);

    const user = await createMember(db(), 'writer@luma.test', 'writer password', ['use luma-media']);
    const writer = await login(app(), 'writer@luma.test', 'writer password');
    const writerDocs = documentsApi(app, () => writer, () => library);
    expect((await writerDocs.create({ path: 'by/writer' })).statusCode).toBe(200);
    expect((await writerDocs.get('contracts/2026/offer')).statusCode).toBe(200);

    const { projectUuid } = await adminProject(db());
    const editors = await createRole(db(), projectUuid, { name: 'Editors', permissions: ['use luma-media'] });
    const guarded = await insertLibrary(db(), projectUuid, 'Guarded', [editors]);
    const guardedDocs = documentsApi(app, () => writer, () => guarded);
    expect((await guardedDocs.list()).statusCode).toBe(403);
    // The admin passes; the writer once given the role.
    expect((await documentsApi(app, () => admin, () => guarded).create({ path: 'secret' })).statusCode).toBe(200);
    await grantRole(db(), user.userUuid, editors);
    expect((await guardedDocs.get('secret')).statusCode).toBe(200);
    // A comment is removed by its author or an admin only.
    await writerDocs.patch({ path: 'by/writer', variant: 'v', version: 0, content: [paragraph('abc')] });
    const adminComment = (await docs.comment({ path: 'by/writer', variant: 'v', content: 'admin note', from: 0, to: 1 })).json();
    expect((await writerDocs.removeComment(adminComment.uuid)).statusCode).toBe(403);
    const own = (await writerDocs.comment({ path: 'by/writer', variant: 'v', content: 'mine', from: 1, to: 3 })).json();
    expect((await writerDocs.removeComment(own.uuid)).statusCode).toBe(200);
  });

  it('answers 403 integrationDisabled while luma-media is deactivated, and works again once active', async () => {
    const { projectUuid } = await adminProject(db());
    await setMediaIntegration(db(), projectUuid, true);
    for (const response of [await docs.list(), await docs.get('top'), await docs.create({ path: 'new/one' })]) {
      expect([response.statusCode, response.json().message]).toEqual([403, 'integrationDisabled']);
    }
    await setMediaIntegration(db(), projectUuid, false);
    expect((await docs.get('top')).statusCode).toBe(200);
  });

  it('concurrent saves from the same version: exactly one is kept, the others are told (409), none is lost silently', async () => {
    const path = 'contracts/2026/concurrent';
    expect((await docs.create({ path, variant: 'en', content: [paragraph('base')] })).statusCode).toBe(200);
    const saves = await Promise.all(Array.from({ length: 6 }, (_, i) => docs.patch({ path, variant: 'en', version: 1, content: [paragraph(`editor ${i}`)] })));
    const statuses = saves.map((save) => save.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = saves.find((save) => save.statusCode === 200)!.json().variants[0].content;
    const read = (await docs.get(path)).json().variants[0];
    expect([read.version, read.content]).toEqual([2, winner]);
    expect((await docs.versions(path, 'en')).json()).toHaveLength(2);
  });

  it('needs a session', async () => {
    const anonymous = await app().inject({ method: 'GET', url: `/api/integration/dms/documents/${library}/list` });
    expect(anonymous.statusCode).toBe(401);
  });
});
