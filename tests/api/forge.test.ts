// Forge apps and template distributions (docs/forge.md) against a real database: bundle uploads
// judged before anything is stored (not a zip, traversal, absolute paths, symlinks, file types, too
// many files, a zip bomb by its declared sizes and one that lies about them), releases numbered,
// deploy and roll back, the workspace list (GET /luma/appservice/v1/forge/workspace) for members,
// the signed bundle URL served with its own sandboxing CSP and no cookies, and a component's
// distribution uploaded, read file by file, written from the editor's files and previewed.
import { beforeAll, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { componentApi, componentWithFields, createMember, recordFields } from './fixtures';
import { DB_KIND, describeApi, login, SETUP_TIMEOUT_MS, useServer } from './harness';
import { uploadBody } from './media-fixtures';
import { zip, type ZipEntry } from '../support/zip';
import { setClock } from '../../src/server/platform/clock';

const INDEX = '<!doctype html><title>Hello</title><script src="app.js"></script><p>Hello forge</p>';

describeApi(`forge (${DB_KIND})`, () => {
  const server = useServer();
  const app = () => server().app;
  const db = () => server().database.db;
  let admin = '';
  let member = '';
  let notes = '';
  let appId = '';
  type Method = 'GET' | 'POST' | 'DELETE';
  const call = (method: Method, url: string, payload?: unknown, cookie = admin) =>
    app().inject({ method, url: `/api${url}`, payload: payload as object, headers: { cookie, 'x-project-env': 'dev' } });
  const upload = (url: string, body: Buffer, cookie = admin) => {
    const form = uploadBody({ files: [{ name: 'bundle.zip', body, type: 'application/zip' }] });
    return app().inject({ method: 'POST', url: `/api${url}`, payload: form.body, headers: { cookie, 'x-project-env': 'dev', 'content-type': form.contentType } });
  };
  const refusal = (response: { statusCode: number; body: string; json: () => { message: string; errors?: { field: string; messages: string[] }[] } }) => {
    expect(response.statusCode, response.body).toBe(417);
    return response.json().errors?.[0]?.messages[0];
  };
  const bundle = (extra: ZipEntry[] = [], index = INDEX) => zip([{ name: 'index.html', data: index }, { name: 'app.js', data: 'window.ok = 1;', deflate: true }, ...extra]);

  beforeAll(async () => {
    admin = await login(app());
    notes = await componentWithFields(componentApi(app, () => admin, 'dev'), 'notes', [recordFields.text('title')]);
    await createMember(db(), 'forge-member@luma.test', 'forge member password');
    member = await login(app(), 'forge-member@luma.test', 'forge member password');
    const created = await call('POST', '/v3/system/forge', { name: 'board', label: 'Sales board' });
    expect(created.statusCode, created.body).toBe(200);
    appId = created.json().uuid;
  }, SETUP_TIMEOUT_MS);

  it('creates forge apps for admins only, with the name rules', async () => {
    expect((await call('POST', '/v3/system/forge', { name: 'board' })).json().message).toBe('forgeAppExists');
    expect(refusal(await call('POST', '/v3/system/forge', { name: 'Bad Name' }))).toBe('appNameRule');
    expect((await call('POST', '/v3/system/forge', { name: 'other', colour: 1 })).statusCode).toBe(400);
    expect((await call('POST', '/v3/system/forge', { name: 'mine' }, member)).statusCode).toBe(403);
    expect((await call('GET', '/v3/system/forge', undefined, member)).statusCode).toBe(403);
    expect((await call('GET', '/v3/system/forge/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/v3/system/forge')).json().map((item: { name: string }) => item.name)).toEqual(['board']);
  });

  it('refuses hostile bundles before storing anything: not a zip, traversal, absolute paths, symlinks, file types, no index', async () => {
    const url = `/v3/system/forge/${appId}/release`;
    expect(refusal(await upload(url, Buffer.from('not a zip at all')))).toBe('forgeBundleNotZip');
    for (const name of ['../evil.js', 'a/../../evil.js', '/etc/evil.js', 'C:/evil.js', 'a\\..\\evil.js', './index.js', 'a//b.js', 'x\u0000.js', '__luma/sdk.js']) {
      expect(refusal(await upload(url, bundle([{ name, data: 'x' }]))), name).toBe('forgeBundleUnsafePath');
    }
    expect(refusal(await upload(url, bundle([{ name: 'link.js', data: '/etc/passwd', mode: 0o120777 }])))).toBe('forgeBundleSymlink');
    for (const name of ['run.sh', 'app.exe', 'noext', '.htaccess']) expect(refusal(await upload(url, bundle([{ name, data: 'x' }]))), name).toBe('forgeBundleFileType');
    expect(refusal(await upload(url, zip([{ name: 'app.js', data: 'x' }])))).toBe('forgeBundleNoIndex');
    expect(refusal(await upload(url, zip([...Array.from({ length: 501 }, (_, i) => ({ name: `f${i}.js`, data: '' }))])))).toBe('forgeBundleTooManyFiles');
    expect((await call('GET', `/v3/system/forge/${appId}`)).json().releases).toEqual([]);
  });

  it('bounds a zip bomb by its declared sizes, and stops one that lies about them while unpacking', async () => {
    const url = `/v3/system/forge/${appId}/release`;
    // 60 MiB of zeros deflate to about 60 KiB: declared honestly, the total is over the bound.
    const zeros = Buffer.alloc(9 * 1024 * 1024);
    const honest = zip([{ name: 'index.html', data: INDEX }, ...Array.from({ length: 7 }, (_, i) => ({ name: `z${i}.txt`, data: zeros, deflate: true }))]);
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(refusal(await upload(url, honest))).toBe('forgeBundleTooLarge');
    // One file over the per-file bound.
    expect(refusal(await upload(url, zip([{ name: 'index.html', data: INDEX }, { name: 'big.txt', data: Buffer.alloc(11 * 1024 * 1024), deflate: true }])))).toBe('forgeBundleTooLarge');
    // Declared as 10 bytes, inflating to 9 MiB: yauzl stops it at the declared size; nothing is kept.
    const lying = zip([{ name: 'index.html', data: INDEX }, { name: 'z.txt', data: zeros, deflate: true, declaredSize: 10 }]);
    expect(refusal(await upload(url, lying))).toBe('forgeBundleNotZip');
    // Over the zip's own size limit: the parser's 413.
    const huge = Buffer.concat([bundle(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await upload(url, huge)).statusCode).toBe(413);
    expect(deflateRawSync(zeros).length).toBeLessThan(100_000);
    expect((await call('GET', `/v3/system/forge/${appId}`)).json().releases).toEqual([]);
  });

  it('keeps releases, deploys, rolls back, and lists the live app in the workspace list for members', async () => {
    const url = `/v3/system/forge/${appId}/release`;
    expect((await call('GET', '/luma/appservice/v1/forge/workspace', undefined, member)).json()).toEqual([]);
    const first = await upload(url, bundle());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ number: 1, files: [{ path: 'app.js', size: 14 }, { path: 'index.html', size: INDEX.length }] });
    // A zipped dist/ folder: its one top folder is the root.
    const second = await upload(url, zip([{ name: 'dist/index.html', data: INDEX.replace('Hello forge', 'Second') }, { name: 'dist/app.js', data: 'window.ok = 2;' }]));
    expect(second.json()).toMatchObject({ number: 2, files: [{ path: 'app.js' }, { path: 'index.html' }] });
    expect((await upload(url, bundle(), member)).statusCode).toBe(403);

    expect((await call('POST', `/v3/system/forge/${appId}/rollback`, {})).json().message).toBe('forgeNothingToRollBack');
    expect((await call('GET', `/v3/system/forge/${appId}/open`, undefined, member)).json().message).toBe('forgeNotDeployed');
    expect((await call('POST', `/v3/system/forge/${appId}/deploy`, { release: '00000000-0000-4000-8000-000000000000' })).json().message).toBe('forgeReleaseNotFound');
    expect((await call('POST', `/v3/system/forge/${appId}/deploy`, { release: first.json().uuid }, member)).statusCode).toBe(403);
    expect((await call('POST', `/v3/system/forge/${appId}/deploy`, { release: first.json().uuid })).json().live_release).toBe(first.json().uuid);
    const deployed = await call('POST', `/v3/system/forge/${appId}/deploy`, { release: second.json().uuid });
    expect(deployed.json()).toMatchObject({ live_release: second.json().uuid, deploys: [{ number: 2 }, { number: 1 }] });
    const listed = await call('GET', '/luma/appservice/v1/forge/workspace', undefined, member);
    expect(listed.json()).toEqual([{ uuid: appId, name: 'board', label: 'Sales board', icon: null, release: 2 }]);

    const rolled = await call('POST', `/v3/system/forge/${appId}/rollback`, {});
    expect(rolled.json()).toMatchObject({ live_release: first.json().uuid, deploys: [{ number: 1 }] });
    expect((await call('GET', '/luma/appservice/v1/forge/workspace', undefined, member)).json()[0].release).toBe(1);
    expect((await call('POST', `/v3/system/forge/${appId}/rollback`, {})).json().message).toBe('forgeNothingToRollBack');
  });

  it('answers the workspace list as JSON (never the app page), 401 without a session', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/luma/appservice/v1/forge/workspace' })).statusCode).toBe(401);
    const page = await app().inject({ method: 'GET', url: '/luma/appservice/v1/forge/workspace', headers: { accept: 'text/html', cookie: admin } });
    expect(page.headers['content-type']).toMatch(/application\/json/);
  });

  it('serves the live release at a signed URL with a sandboxing CSP and no cookies; a forged or other token is 404', async () => {
    const opened = await call('GET', `/v3/system/forge/${appId}/open`, undefined, member);
    expect(opened.statusCode, opened.body).toBe(200);
    const { url } = opened.json() as { url: string };
    const page = await app().inject({ method: 'GET', url, headers: { cookie: member } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hello forge');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['set-cookie']).toBeUndefined();
    const sdk = await app().inject({ method: 'GET', url: `${url}__luma/sdk.js` });
    expect([sdk.statusCode, sdk.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await app().inject({ method: 'GET', url: `${url}app.js` })).body).toBe('window.ok = 1;');
    for (const path of ['../../../etc/passwd', '%2e%2e/%2e%2e/x.js', 'missing.js']) expect((await app().inject({ method: 'GET', url: `${url}${path}` })).statusCode, path).toBe(404);
    const token = url.split('/')[4]!;
    const forged = token.replace(/\.[^.]+$/, '.AAAA');
    expect((await app().inject({ method: 'GET', url: `/luma/forge/bundle/${forged}/index.html` })).statusCode).toBe(404);
    // Valid for an hour: past it, the same URL is 404.
    setClock({ now: () => Date.now() + 61 * 60_000 });
    try {
      expect((await app().inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      setClock(null);
    }
    expect((await app().inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it("keeps a component's template distributions: uploaded, read file by file, written from the editor's files, previewed", async () => {
    const url = `/v3/system/forge/component/${notes}/dist`;
    const dist = await upload(url, zip([{ name: 'list.html', data: '<p>list</p>' }, { name: 'create.html', data: '<p>create</p>' }]));
    expect(dist.statusCode, dist.body).toBe(200);
    expect(dist.json()).toMatchObject({ number: 1, files: [{ path: 'create.html' }, { path: 'list.html' }] });
    expect((await upload(url, zip([{ name: '../x.html', data: '' }]))).json().errors[0].messages[0]).toBe('forgeBundleUnsafePath');
    expect((await upload(url, zip([{ name: 'x.html', data: '' }]), member)).statusCode).toBe(403);
    const release = dist.json().uuid as string;
    expect((await call('GET', `/v3/system/forge/component/${notes}/dist/${release}?file=list.html`)).json()).toEqual({ path: 'list.html', text: '<p>list</p>' });
    expect((await call('GET', `/v3/system/forge/component/${notes}/dist/${release}?file=../list.html`)).statusCode).toBe(404);
    const saved = await call('POST', `/v3/system/forge/component/${notes}/files`, { files: { 'list.html': '<p>edited</p>', 'style.css': 'p{}' } });
    expect(saved.json()).toMatchObject({ number: 2, files: [{ path: 'list.html' }, { path: 'style.css' }] });
    expect(refusal(await call('POST', `/v3/system/forge/component/${notes}/files`, { files: { '../x.html': '' } }))).toBe('forgeBundleUnsafePath');
    expect(refusal(await call('POST', `/v3/system/forge/component/${notes}/files`, { files: { 'x.sh': '' } }))).toBe('forgeBundleFileType');
    expect(refusal(await call('POST', `/v3/system/forge/component/${notes}/files`, { files: { 'x.html': 5 } }))).toBe('forgeBundleFileType');
    const opened = await call('POST', `/v3/system/forge/component/${notes}/open`, { release }, member);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await app().inject({ method: 'GET', url: `${opened.json().url}list.html` })).body).toBe('<p>list</p>');
    // Another component's release is not this one's.
    const other = await componentWithFields(componentApi(app, () => admin, 'dev'), 'other_notes', [recordFields.text('title')]);
    expect((await call('POST', `/v3/system/forge/component/${other}/open`, { release })).json().message).toBe('forgeReleaseNotFound');
    const preview = await call('POST', `/v3/system/forge/component/${notes}/preview`, { files: { 'list.html': '<p>draft</p>' } });
    expect((await app().inject({ method: 'GET', url: `${preview.json().url}list.html` })).body).toBe('<p>draft</p>');
    expect((await call('POST', `/v3/system/forge/component/${notes}/preview`, { files: { 'list.html': '' } }, member)).statusCode).toBe(403);
  });

  it('removes an app with its releases', async () => {
    const opened = (await call('GET', `/v3/system/forge/${appId}/open`)).json() as { url: string };
    expect((await call('DELETE', `/v3/system/forge/${appId}`)).statusCode).toBe(200);
    expect((await app().inject({ method: 'GET', url: opened.url })).statusCode).toBe(404);
    expect((await call('GET', '/v3/system/forge')).json()).toEqual([]);
  });
});
