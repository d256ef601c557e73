// The event bus in the browser against the real server: after sign-in the header's indicator says
// Live (token call, WebSocket, subscribe), with its screen-reader text; two contexts as two users, one
// writing through the record screens, the other's list and edit page showing it live (the banner
// leaves the user's own changes out, so the writer is another user). Screenshots at 1280 and 390 px.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, shot, signInAsAdmin, test } from './support';

/** axe-core's serious and critical findings inside `selector` (contrast, names, roles), one a line. */
async function axeFindings(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `[${violation.impact}] ${violation.id} at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`));
}

/** A component with a text field 'title' shown in its list, published to live: its uuid and ref. */
async function liveComponent(request: APIRequestContext, name: string, label: string): Promise<{ uuid: string; ref: string }> {
  const created = await request.post('/api/v3/system/component', { data: { name, label: { en_US: label }, scope: '', tag: '' } });
  expect(created.status(), await created.text()).toBe(200);
  const { uuid } = (await created.json()) as { uuid: string };
  const model = (await (await request.get(`/api/v3/system/component/settings/${uuid}/v1`)).json()) as { ref: string; settings: Record<string, unknown> };
  const field = { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', sortOrder: 0 };
  const list = { fields: [{ key: 'title', label: 'Title', sortOrder: 0, formatter: null, provided_template_component: false, component_template: null }] };
  const saved = await request.post(`/api/v3/system/component/settings/${uuid}/v1`, { data: { ...model, settings: { ...model.settings, fields: [field], list } } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await request.post('/api/v3/system/component/version/publish', { data: { version: 'v1', env: 'live', ref: uuid } })).status()).toBe(200);
  return { uuid, ref: model.ref };
}

/**
 * A project member with this role, signed up through the invite link in a browser of their own. The
 * link comes from the invite's answer; no SMTP server listens in this spec, so the server logs
 * 'invite mail not sent' (expected).
 */
async function invitedMember(admin: APIRequestContext, browser: Browser, baseURL: string | undefined, email: string, roleUuid: string): Promise<Page> {
  const invite = await admin.post('/api/v1/iam/invites', { data: { email, role_uuids: [roleUuid] } });
  expect(invite.status(), await invite.text()).toBe(200);
  const { link } = (await invite.json()) as { link: string };
  const context = await browser.newContext({ baseURL });
  const member = await context.newPage();
  await member.goto(new URL(link).pathname);
  await member.getByTestId('invite-name').fill('Eva Editor');
  await member.getByTestId('invite-password').fill('editor password 1');
  await member.getByTestId('invite-password-confirmation').fill('editor password 1');
  await member.getByTestId('invite-accept').click();
  await expect(member).toHaveURL(/\/admin\/dashboard|\/home/);
  return member;
}

test('the header shows the live connection after sign-in, on a wide and a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = page.waitForResponse((r) => r.url().endsWith('/api/v1/system/eventbus/auth') && r.request().method() === 'POST');
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/bus/'));
  await signInAsAdmin(page);
  expect((await token).status()).toBe(200);
  await socket;
  const indicator = page.locator('.bus-indicator');
  await expect(indicator).toHaveAttribute('data-status', 'connected');
  await expect(indicator.getByRole('status')).toContainText('Live updates: Connected.');
  await shot(page, 'bus-indicator-1280');
  await page.setViewportSize({ width: 390, height: 800 });
  // A fresh page at 390 px: no drawer mid-transition in the shot, and a new token and socket.
  await page.reload();
  await expect(indicator).toHaveAttribute('data-status', 'connected');
  await expect(indicator).toBeInViewport();
  await expect(indicator.getByRole('status')).toContainText('Live updates: Connected.');
  await shot(page, 'bus-indicator-390');
});

test('two contexts: an API user creates a record, the admin list shows the banner, then the record', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const { uuid, ref } = await liveComponent(page.request, 'live_notes', 'Live notes');
  const role = await page.request.post('/api/v1/iam/roles', { data: { name: 'Writers', level: 10, permissions: [`read ${ref}`, `create ${ref}`] } });
  expect(role.status(), await role.text()).toBe(200);
  const bot = await page.request.post('/api/v1/iam/api-users', { data: { name: 'Writer bot', role_uuids: [((await role.json()) as { uuid: string }).uuid] } });
  expect(bot.status(), await bot.text()).toBe(200);
  const secret = ((await bot.json()) as { secret: { token: string } }).secret.token;

  // One record first: an empty list shows others' new records at once (no rows can move), so the banner needs a row on the page.
  const first = await page.request.post(`/api/v3/system/component/${uuid}/model`, { data: { data: { title: 'Written here' } } });
  expect(first.status(), await first.text()).toBe(200);
  await page.goto(`/admin/component/${uuid}`);
  await expect(page.getByTestId('record-list-screen')).toBeVisible();
  await expect(page.getByText('Written here').first()).toBeVisible();
  await expect(page.locator('.bus-indicator')).toHaveAttribute('data-status', 'connected');

  // The other context: the API user writes through the record API.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } });
  const write = await other.request.post(`/api/v3/system/component/${uuid}/model`, { data: { data: { title: 'Written elsewhere' } } });
  expect(write.status(), await write.text()).toBe(200);
  await other.close();

  const banner = page.getByTestId('live-banner');
  await expect(banner).toContainText('1 new change to this list');
  await expect(page.getByText('Written elsewhere')).toHaveCount(0);
  await shot(page, 'live-banner-1280');
  await page.setViewportSize({ width: 390, height: 800 });
  // The sidebar becomes a closed drawer: shot once it has slid out.
  await expect(page.locator('.shell-aside')).not.toBeInViewport();
  await expect(banner).toBeInViewport();
  await shot(page, 'live-banner-390');
  await page.getByTestId('live-banner-show').click();
  await expect(page.getByText('Written elsewhere').first()).toBeVisible();
  await expect(banner).toBeHidden();
});

test('two users in two browsers: a record created in one shows in the other\'s list; an edit in one warns the other\'s edit page', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const { uuid, ref } = await liveComponent(page.request, 'live_tasks', 'Live tasks');
  const role = await page.request.post('/api/v1/iam/roles', { data: { name: 'Task editors', level: 10, permissions: [`see ${ref}`, `read ${ref}`, `create ${ref}`, `update ${ref}`] } });
  expect(role.status(), await role.text()).toBe(200);
  const editor = await invitedMember(page.request, browser, baseURL, 'live-editor@luma.test', ((await role.json()) as { uuid: string }).uuid);
  await editor.setViewportSize({ width: 1280, height: 800 });

  // One record is there already; the editor's list is open and live before anything is written.
  const first = await page.request.post(`/api/v3/system/component/${uuid}/model`, { data: { data: { title: 'Order paper' } } });
  expect(first.status(), await first.text()).toBe(200);
  await editor.goto(`/admin/component/${uuid}`);
  await expect(editor.getByTestId('record-list-screen')).toBeVisible();
  await expect(editor.getByText('Order paper').first()).toBeVisible();
  await expect(editor.locator('.bus-indicator')).toHaveAttribute('data-status', 'connected');
  const banner = editor.getByTestId('live-banner');
  await expect(banner).toBeHidden();

  // The admin creates a record through the create form.
  await page.goto(`/admin/component/${uuid}/create`);
  await expect(page.getByTestId('record-form')).toBeVisible();
  await page.locator('input[name="title"]').fill('Call the supplier');
  await page.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}/);
  const recordUuid = page.url().match(/edit\/([0-9a-f-]{36})/)![1]!;

  // The editor's list says so without moving a row; 'Show them' brings the record.
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('role', 'status');
  await expect(banner).toContainText('1 new change to this list');
  // No row moved under the editor's cursor.
  await expect(editor.getByText('Call the supplier')).toHaveCount(0);
  await expect(editor.getByTestId('record-row')).toHaveCount(1);
  await shot(editor, 'live-two-users-banner-1280');
  expect(await axeFindings(editor, '[data-testid="live-banner"]')).toEqual([]);
  expect(await axeFindings(editor, '.bus-indicator')).toEqual([]);
  await editor.setViewportSize({ width: 390, height: 800 });
  await expect(editor.locator('.shell-aside')).not.toBeInViewport();
  await expect(banner).toBeInViewport();
  await shot(editor, 'live-two-users-banner-390');
  // By keyboard: 'Show them' takes the focus and Enter shows the record.
  const show = editor.getByTestId('live-banner-show');
  await show.focus();
  await expect(show).toBeFocused();
  await editor.keyboard.press('Enter');
  await expect(editor.getByText('Call the supplier').first()).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(editor.getByRole('heading', { level: 1, name: 'Live tasks' })).toBeFocused();

  // Both open the record; the admin saves a change; the editor's page warns before its save would fail.
  await editor.setViewportSize({ width: 1280, height: 800 });
  await editor.goto(`/admin/component/${uuid}/edit/${recordUuid}`);
  await expect(editor.locator('input[name="title"]')).toHaveValue('Call the supplier');
  await expect(editor.locator('.bus-indicator')).toHaveAttribute('data-status', 'connected');
  const warning = editor.getByTestId('record-conflict');
  await expect(warning).toHaveCount(0);
  await editor.locator('input[name="title"]').fill('Call the supplier today');
  await expect(page.locator('input[name="title"]')).toHaveValue('Call the supplier');
  await page.locator('input[name="title"]').fill('Call the supplier on Monday');
  await page.getByTestId('record-save').click();
  await expect(page.getByTestId('toast').first()).toBeVisible();
  // The admin's own save warns nobody on the admin's page.
  await expect(page.getByTestId('record-conflict')).toHaveCount(0);

  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute('role', 'alert');
  await expect(warning).toContainText('Someone else saved this record after you opened it, so saving your version would be refused.');
  await shot(editor, 'live-conflict-1280');
  expect(await axeFindings(editor, '[data-testid="record-conflict"]')).toEqual([]);
  await editor.setViewportSize({ width: 390, height: 800 });
  // The sidebar becomes a closed drawer: shot once it has slid out.
  await expect(editor.locator('.shell-aside')).not.toBeInViewport();
  await expect(warning).toBeInViewport();
  await shot(editor, 'live-conflict-390');
  // Reload, by keyboard: their value replaces the editor's unsaved one, and a save then goes through.
  const reload = editor.getByRole('button', { name: 'Reload the record' });
  await reload.focus();
  await editor.keyboard.press('Enter');
  await expect(editor.locator('input[name="title"]')).toHaveValue('Call the supplier on Monday');
  await expect(warning).toHaveCount(0);
  await expect(editor.getByRole('heading', { level: 1 })).toBeFocused();
  await editor.locator('input[name="title"]').fill('Call the supplier on Tuesday');
  await editor.getByTestId('record-save').click();
  await expect(editor.getByTestId('toast').first()).toBeVisible();
  const stored = (await (await page.request.get(`/api/v3/system/component/${uuid}/model/${recordUuid}`)).json()) as { title: string; __version__: number };
  expect(stored).toMatchObject({ title: 'Call the supplier on Tuesday', __version__: 3 });
  // And now the admin's page is the one that is behind.
  await expect(page.getByTestId('record-conflict')).toContainText('Someone else saved this record');
  await editor.context().close();
});
