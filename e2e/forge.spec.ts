// Forge apps and template distributions in a real browser (docs/forge.md): an admin uploads a bundle at
// /admin/forge/:id and deploys it after the confirmation; a reader (a role that may read but not
// create the component's records) opens it at /a/:id. The bundle, sandboxed, cannot read the
// platform's cookies or storage, cannot call the API itself, cannot navigate the top window; through
// the bridge it lists records with the reader's rights and is refused a create, and an unknown bridge
// method. Then a component's list drawn by its template distribution, and the component editor.
import type { Page } from '@playwright/test';
import { zip } from '../tests/support/zip';
import { expect, shot, signInAsAdmin, sub, test } from './support';

const STAMP = Date.now().toString(36);

async function atBothWidths(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await page.reload();
    await ready();
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The probing bundle: what it could reach, written into #out as JSON when done. */
function probeBundle(ref: string): Buffer {
  const script = `
const out = {};
(async () => {
  try { out.cookie = document.cookie; } catch (e) { out.cookie = 'blocked:' + e.name; }
  try { out.storage = String(localStorage.length); } catch (e) { out.storage = 'blocked:' + e.name; }
  try { const r = await fetch('/api/v3/system/component/${ref}/models', { credentials: 'include' }); out.fetch = 'reached:' + r.status; } catch (e) { out.fetch = 'blocked'; }
  try { window.top.location.href = '/home/home?escaped=1'; out.top = 'tried'; } catch (e) { out.top = 'blocked:' + e.name; }
  await luma.ready;
  out.renderer = luma.context.renderer;
  try { const page = await luma.records.list({ limit: 5, sortBy: 'title' }, '${ref}'); out.list = page.items.map((r) => r.title); } catch (e) { out.list = 'refused:' + e.message; }
  try { await luma.records.create({ title: 'From forge' }, '${ref}'); out.create = 'created'; } catch (e) { out.create = 'refused:' + e.status; }
  out.unknown = await new Promise((resolve) => {
    addEventListener('message', (event) => { if (event.data && event.data.id === 999) resolve(event.data.error.message); });
    parent.postMessage({ luma: 1, type: 'call', id: 999, method: 'iam.makeAdmin', args: [] }, '*');
  });
  out.done = true;
  document.getElementById('out').textContent = JSON.stringify(out);
})();
`;
  return zip([
    { name: 'index.html', data: '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="style.css"><script src="__luma/sdk.js"></script><script src="app.js" defer></script></head><body><h1>Forge probe</h1><pre id="out">running</pre></body></html>' },
    { name: 'style.css', data: 'body{font:14px system-ui;margin:1rem;color:#123}h1{font-size:1.2rem}pre{white-space:pre-wrap;word-break:break-all}' },
    { name: 'app.js', data: script, deflate: true },
  ]);
}

const listTemplate = (ref: string) =>
  zip([
    { name: 'list.html', data: '<!doctype html><meta charset="utf-8"><script src="__luma/sdk.js"></script><script src="list.js" defer></script><h1>Notes by template</h1><ul id="notes"></ul>' },
    { name: 'list.js', data: `luma.records.list({ sortBy: 'title' }, '${ref}').then((p) => { for (const r of p.items) { const li = document.createElement('li'); li.textContent = r.title; document.getElementById('notes').append(li); } document.body.dataset.ready = '1'; });` },
  ]);

type Probe = { cookie: string; storage: string; fetch: string; renderer: string; list: string[] | string; create: string; unknown: string; done: boolean };

test('a forge app: uploaded, deployed and opened sandboxed; the bridge gives the reader exactly the reader\'s rights', async ({ page, browser, cspViolations }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);

  // A component with two notes, its list drawn by a template distribution.
  const created = await page.request.post('/api/v3/system/component', { data: { name: `forge_notes_${STAMP}`, label: { en_US: `Forge notes ${STAMP}` }, scope: '', tag: '' } });
  const notes = ((await created.json()) as { uuid: string }).uuid;
  const dist = await page.request.post(`/api/v3/system/forge/component/${notes}/dist`, { multipart: { file: { name: 'templates.zip', mimeType: 'application/zip', buffer: listTemplate(notes) } } });
  expect(dist.status(), await dist.text()).toBe(200);
  const model = (await (await page.request.get(`/api/v3/system/component/settings/${notes}/v1`)).json()) as { settings: Record<string, unknown> };
  const settings = {
    ...model.settings,
    fields: [{ ...sub('title', 'input', 'text'), label: { en_US: 'Title' }, sortOrder: 0 }],
    appearance: { icon: null, list_entrypoint: 'list.html', create_entrypoint: null, edit_entrypoint: null },
    templates_dist: { dist: ((await dist.json()) as { uuid: string }).uuid, sdk_version: 6 },
  };
  expect((await page.request.post(`/api/v3/system/component/settings/${notes}/v1`, { data: { ...model, is_active: true, settings } })).status()).toBe(200);
  expect((await page.request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: notes } })).status()).toBe(200);
  for (const title of ['Alpha', 'Beta']) expect((await page.request.post(`/api/v3/system/component/${notes}/model`, { data: { data: { title } } })).status()).toBe(200);

  // A reader: may see and read the notes, not create them; invited and accepted in a browser of their own.
  const role = await page.request.post('/api/v1/iam/roles', { data: { name: `Forge reader ${STAMP}`, permissions: [`see ${notes}`, `read ${notes}`] } });
  expect(role.status(), await role.text()).toBe(200);
  const invite = await page.request.post('/api/v1/iam/invites', { data: { email: `reader-${STAMP}@luma.test`, role_uuids: [((await role.json()) as { uuid: string }).uuid] } });
  expect(invite.status(), await invite.text()).toBe(200);
  const token = new URL(((await invite.json()) as { link: string }).link).pathname.split('/').pop()!;
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const accepted = await reader.request.post(`/api/v1/auth/invite/${token}/accept`, { data: { name: 'Rita Reader', password: 'reader password 1', password_confirmation: 'reader password 1' } });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The admin creates the app, uploads the probe and deploys it after the confirmation.
  await page.goto('/admin/forge');
  await expect(page.getByRole('heading', { name: 'Forge apps', level: 1 })).toBeVisible();
  await page.getByTestId('forge-name').fill(`probe_${STAMP}`);
  await page.getByTestId('forge-label').fill(`Probe ${STAMP}`);
  await page.getByTestId('forge-create-save').click();
  await expect(page.getByTestId('forge-app-title')).toHaveText(`Probe ${STAMP}`);
  await expect(page.getByTestId('forge-releases-empty')).toBeVisible();
  await page.getByTestId('forge-upload-file').setInputFiles({ name: 'bad.zip', mimeType: 'application/zip', buffer: zip([{ name: '../escape.html', data: 'x' }]) });
  await page.getByTestId('forge-upload-save').click();
  await expect(page.getByTestId('forge-upload').getByRole('alert')).toContainText('path that is not allowed');
  await page.getByTestId('forge-upload-file').setInputFiles({ name: 'probe.zip', mimeType: 'application/zip', buffer: probeBundle(notes) });
  await page.getByTestId('forge-upload-save').click();
  await expect(page.getByTestId('forge-release')).toHaveCount(1);
  await page.getByTestId('forge-deploy').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('release #1');
  await page.getByTestId('confirm-accept').click();
  await expect(page.getByTestId('forge-release').first()).toHaveAttribute('data-live', 'true');
  const appId = page.url().split('/').pop()!;
  await atBothWidths(page, 'forge-admin-app', () => expect(page.getByTestId('forge-release').first()).toHaveAttribute('data-live', 'true'));

  // The admin's home shows the forge-app tile opening /a/:id.
  await page.goto('/home/home');
  const tile = page.getByRole('link', { name: new RegExp(`Probe ${STAMP}`) });
  await expect(tile).toHaveAttribute('href', `/a/${appId}`);

  // The reader opens it. The host page holds a readable cookie and local storage the bundle must not see.
  await reader.goto('/home/home');
  await reader.evaluate(() => (document.cookie = 'luma_probe=host-secret; path=/'));
  await reader.goto(`/a/${appId}`);
  const frame = reader.frameLocator('[data-testid="forge-frame"]');
  await expect(frame.locator('#out')).toContainText('"done":true', { timeout: 30_000 });
  const probe = JSON.parse(await frame.locator('#out').innerText()) as Probe;
  expect(probe.cookie).toMatch(/^blocked:SecurityError/);
  expect(JSON.stringify(probe)).not.toContain('host-secret');
  expect(probe.storage).toMatch(/^blocked:SecurityError/);
  expect(probe.fetch).toBe('blocked');
  expect(probe.renderer).toBe('sdk6');
  expect(probe.list).toEqual(['Alpha', 'Beta']);
  expect(probe.create).toBe('refused:403');
  expect(probe.unknown).toBe('bridge.unknownMethod');
  expect(new URL(reader.url()).pathname).toBe(`/a/${appId}`);
  await expect(reader.getByTestId('forge-container')).toBeVisible();
  // Nothing was created by the refused call.
  const list = (await (await page.request.get(`/api/v3/system/component/${notes}/models`)).json()) as { total: number };
  expect(list.total).toBe(2);
  await reader.setViewportSize({ width: 1280, height: 900 });
  await atBothWidths(reader, 'forge-container', () => expect(frame.locator('#out')).toContainText('"done":true', { timeout: 30_000 }));

  // The admin opening the same app creates through the bridge: the rights are the opener's.
  await page.goto(`/a/${appId}`);
  const adminFrame = page.frameLocator('[data-testid="forge-frame"]');
  await expect(adminFrame.locator('#out')).toContainText('"done":true', { timeout: 30_000 });
  expect((JSON.parse(await adminFrame.locator('#out').innerText()) as Probe).create).toBe('created');

  // The component's list is its template, sandboxed, with the records through the bridge.
  await page.goto(`/home/component/${notes}`);
  const template = page.frameLocator('[data-testid="component-view-frame"]');
  await expect(template.locator('body[data-ready="1"]')).toBeVisible({ timeout: 30_000 });
  await expect(template.locator('#notes li')).toHaveText(['Alpha', 'Beta', 'From forge']);

  // The component editor: the distribution's files, a change shown in the live preview.
  await page.goto(`/component/editor/${notes}?v=v1`);
  await expect(page.getByTestId('component-editor-file')).toHaveText(['list.html', 'list.js']);
  await page.getByTestId('component-editor-file').filter({ hasText: 'list.html' }).click();
  const preview = page.frameLocator('[data-testid="component-editor-preview"]');
  await expect(preview.locator('h1')).toHaveText('Notes by template', { timeout: 30_000 });
  await page.getByTestId('component-editor-code').locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('<p id="added">Edited live</p>');
  await expect(preview.locator('#added')).toHaveText('Edited live', { timeout: 30_000 });
  await expect(preview.locator('#notes li')).toHaveCount(3);
  await atBothWidths(page, 'forge-component-editor', async () => {
    await expect(page.getByTestId('component-editor-files')).toBeVisible();
    await expect(page.frameLocator('[data-testid="component-editor-preview"]').locator('#notes li')).toHaveCount(3, { timeout: 30_000 });
  });

  // A full-page picture leaves out a sandboxed (out-of-process) frame below the fold: the preview itself, scrolled to.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('component-editor-preview').scrollIntoViewIfNeeded();
  await expect(page.frameLocator('[data-testid="component-editor-preview"]').locator('#notes li')).toHaveCount(3, { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/screens/forge-component-editor-preview-390.png' });

  // The bundle's blocked fetch is the one CSP report expected: the bundle's own connect-src 'none'.
  const expected = cspViolations.filter((line) => line.includes(`/api/v3/system/component/${notes}/models`) && /Content Security Policy|connect-src/.test(line));
  expect(expected.length).toBeGreaterThan(0);
  const others = cspViolations.filter((line) => !expected.includes(line));
  cspViolations.splice(0, cspViolations.length, ...others);
  await readerContext.close();
});
