// Public apps through the screens and on their own hostname (docs/public-apps.md): a component with a
// field whose read source allows public apps and one whose does not, an API user that may create its
// records, a public app made at /admin/public-app with a hostname, a page with the component's create
// form added in the page editor, v1 deployed to live; then a second Chromium whose resolver maps
// *.e2e.test to 127.0.0.1 (so the Host header is the app's hostname, on loopback) opens the hostname
// without any session, submits the form, and the record is there with only what the form may write.
import { chromium } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { atBothWidths, deploy, expect, shot, signInAsAdmin, sub, test } from './support';

const STAMP = Date.now().toString(36);
const COMPONENT = `leads_${STAMP}`;
const HOST = `shop-${STAMP}.e2e.test`;

test('a public app: made and deployed in the admin, served on its hostname without a session, its form submitted', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const leads = await deploy(page.request, COMPONENT, [
    { ...sub('email_address', 'input', 'email'), read_sources: ['public-app'] },
    { ...sub('message', 'text', 'default'), read_sources: [`public-app::site_${STAMP}`] },
    { ...sub('internal_note', 'input', 'text', { length: { min: 0, max: 200 } }), read_sources: ['platform-app'] },
  ]);
  const role = await page.request.post('/api/v1/iam/roles', { data: { name: `Website ${STAMP}`, permissions: [`create ${leads}`, `read ${leads}`] } });
  expect(role.status(), await role.text()).toBe(200);
  const apiUser = await page.request.post('/api/v1/iam/api-users', { data: { name: `Website ${STAMP}`, role_uuids: [(await role.json()).uuid] } });
  expect(apiUser.status(), await apiUser.text()).toBe(200);

  // Create: a bad hostname is refused under its field, then the settings open.
  await page.goto('/admin/public-app');
  await expect(page.getByRole('heading', { name: 'Public apps', level: 1 })).toBeVisible();
  await page.getByTestId('public-app-name').fill(`site_${STAMP}`);
  await page.getByTestId('public-app-label').fill(`Contact ${STAMP}`);
  await page.getByTestId('public-app-hostnames').fill('not a hostname');
  await page.getByTestId('public-app-api-user').selectOption({ label: `Website ${STAMP}` });
  await page.getByTestId('public-app-create-save').click();
  await expect(page.getByTestId('public-app-create').getByRole('alert').first()).toContainText('A hostname such as');
  await page.getByTestId('public-app-hostnames').fill(HOST);
  await page.getByTestId('public-app-create-save').click();
  await expect(page.getByTestId('public-app-title')).toHaveText(`Contact ${STAMP}`);
  await expect(page.getByTestId('public-app-host')).toHaveAttribute('data-hostname', HOST);

  // The page editor (the platform app's): a page with a text block and the component's create form.
  await page.getByTestId('public-app-editor-link').click();
  await page.getByTestId('app-page-title').fill('Write to us');
  await page.getByTestId('app-page-component').selectOption(leads);
  await page.getByTestId('app-page-entrypoint').selectOption('create');
  await page.getByTestId('app-page-text').fill('<p>We answer within a day.</p>');
  await page.getByTestId('app-page-add').click();
  await expect(page.getByTestId('app-editor-page-row')).toHaveCount(1);
  await page.getByTestId('app-editor-save').click();
  await expect(page.getByTestId('app-editor-save')).toBeDisabled();
  await page.getByRole('link', { name: 'Settings' }).click();

  // Deploy v1 to live after the confirmation.
  await page.locator('[data-testid="app-version-row"][data-version="v1"]').getByTestId('app-deploy-live').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deploy to live' }).click();
  await expect(page.locator('[data-testid="app-version-row"][data-version="v1"]')).toContainText('live');
  await atBothWidths(page, 'public-app-settings', () => expect(page.getByTestId('public-app-served')).toBeVisible());
  await page.goto('/admin/public-app');
  const row = page.locator(`[data-testid="public-app-row"][data-name="site_${STAMP}"]`);
  await expect(row).toContainText(HOST);
  await atBothWidths(page, 'public-app-list', () => expect(row).toBeVisible());

  // The hostname, served on loopback: Chromium resolves *.e2e.test to 127.0.0.1 and sends the hostname as Host.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP *.e2e.test 127.0.0.1'],
  });
  try {
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const url = `http://${HOST}:${E2E_PORT}/`;
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { name: 'Write to us', level: 1 })).toBeVisible();
    await expect(visitor.getByText('We answer within a day.')).toBeVisible();
    const form = visitor.getByTestId('public-form');
    await expect(form.getByLabel('email_address')).toBeVisible();
    await expect(form.getByLabel('message')).toBeVisible();
    // The field without a public read source is not on the page.
    await expect(form.getByLabel('internal_note')).toHaveCount(0);
    expect(await visitor.context().cookies()).toEqual([]);
    await form.getByLabel('email_address').fill(`visitor-${STAMP}@example.test`);
    await form.getByLabel('message').fill('Please call me back.');
    await visitor.getByTestId('public-form-submit').click();
    await expect(visitor.getByTestId('public-form-sent')).toBeVisible();
    for (const width of [1280, 390]) {
      await visitor.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await shot(visitor, `public-app-served-${width}`);
    }
    // The platform is not on the app's hostname (asked from the page: only the browser resolves it).
    expect(await visitor.evaluate(() => fetch('/api/v1/user/claims').then((response) => response.status))).toBe(404);
  } finally {
    await browser.close();
  }
  const list = await page.request.get(`/api/v3/system/component/${leads}/models?limit=10`);
  const items = ((await list.json()) as { items: Record<string, unknown>[] }).items;
  expect(items.map((item) => [item.email_address, item.message, item.internal_note ?? null])).toEqual([[`visitor-${STAMP}@example.test`, 'Please call me back.', null]]);
});
